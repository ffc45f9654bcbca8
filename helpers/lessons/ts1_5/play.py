"""Exercises 1.5.a–c, the sandboxed half: the learner's hooks called on the inputs the judge built
(ts1_5/judge.py), or `HOOKS` run in the real CLI with the tools the judge's scenario names.

Runs where learner code runs; holds no scenario: the hook's input, the weights, the suppliers' notations, the prompt and the
time limit come in `spec`. The tools record what they ran, a second witness for the judge, whose own simulator log
decides.
"""
from __future__ import annotations

import json
import tempfile

from ..kit import LIMIT_KEY, plain, run_coroutine, run_in_thread, sandboxed


@sandboxed
def play(objects: dict, spec: dict) -> dict:
    """Learner side: call a hook, or run the real CLI with HOOKS; return plain data only."""
    if spec["kind"] == "hook":
        outcome = run_coroutine(objects[spec["hook"]], spec["input"], "toolu_01Verification", {"signal": None},
                                seconds=spec[LIMIT_KEY])
        return outcome.to_plain()
    problem = _hooks_problem(objects["HOOKS"])
    if problem:
        return {"problem": problem}
    record: list = []
    if spec["scenario"] == "shipping":
        servers = {"expedition": {"server": _shipping_server(record, spec["weight"], spec["as_text"]),
                                  "_tools": ("get_order", "ship_parcel", "book_freight")}}
    else:
        servers = {spec["server"]: {"server": _quotes_server(spec["server"], record, spec["formats"]),
                                    "_tools": tuple(spec["formats"])}}
    with tempfile.TemporaryDirectory() as workdir:
        outcome = run_in_thread(_run_cli, spec["prompt"], objects["HOOKS"], servers, spec["base_url"], workdir,
                                seconds=spec[LIMIT_KEY])
    return {"executed": plain(record), "timed_out": outcome.timed_out,
            "error": outcome.error_line() or None}



def _text(data: object) -> dict:
    return {"content": [{"type": "text", "text": json.dumps(data, ensure_ascii=False)}]}


def _shipping_server(record: list, weight, weight_as_text: bool):
    from claude_agent_sdk import create_sdk_mcp_server, tool
    kind = str if weight_as_text else float

    @tool("get_order", "Poids et destination d'une commande prête à partir.", {"order_id": str})
    async def get_order(args):
        record.append(("get_order", args))
        return _text({"order_id": args.get("order_id"), "weight_kg": weight, "destination": "Grenoble"})

    @tool("ship_parcel", "Expédie une commande en colis par le transporteur habituel.",
          {"order_id": str, "weight_kg": kind, "destination": str})
    async def ship_parcel(args):
        record.append(("ship_parcel", args))
        return _text({"tracking": "CP-7702", "status": "pris en charge"})

    @tool("book_freight", "Réserve un enlèvement par messagerie lourde (palette, hayon).",
          {"order_id": str, "weight_kg": kind, "destination": str})
    async def book_freight(args):
        record.append(("book_freight", args))
        return _text({"booking_id": "FR-3190", "status": "enlèvement prévu"})

    return create_sdk_mcp_server("expedition", tools=[get_order, ship_parcel, book_freight])


def _quotes_server(name: str, record: list, formats: dict):
    from claude_agent_sdk import create_sdk_mcp_server, tool

    def make(tool_name):
        city = tool_name.split("_")[-1].capitalize()
        @tool(tool_name, f"Portail du fournisseur de {city} : montant d'un devis.", {"quote_id": str})
        async def lookup(args):
            record.append((tool_name, args))
            return _text({"devis": args.get("quote_id"), "fournisseur": city, "montant_ht": formats[tool_name],
                          "delai_jours": 10})
        return lookup
    return create_sdk_mcp_server(name, tools=[make(n) for n in formats])


def _run_cli(prompt: str, hooks: dict, servers: dict, base_url: str, workdir: str) -> list:
    import anyio
    from claude_agent_sdk import query

    from ...clients import agent_options
    allowed = [f"mcp__{s}__{t}" for s, server in servers.items() for t in server["_tools"]]
    options = agent_options(offline=True, hooks=hooks, mcp_servers={s: v["server"] for s, v in servers.items()},
                            allowed_tools=allowed, max_turns=12, cwd=workdir,
                            env={"ANTHROPIC_BASE_URL": base_url, "CLAUDE_CONFIG_DIR": workdir})

    async def go():
        out = []
        try:
            async for message in query(prompt=prompt, options=options):
                out.append(message)
        except Exception as exc:  # noqa: BLE001 - the run's failure is part of the verdict
            out.append(exc)
        return out
    return anyio.run(go)


def _hooks_problem(hooks: object) -> str | None:
    from claude_agent_sdk import HookMatcher
    if not isinstance(hooks, dict):
        return "HOOKS doit être un dict {événement: [HookMatcher, …]}"
    for event, matchers in hooks.items():
        if event not in ("PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "Stop",
                         "SubagentStop", "PreCompact", "Notification", "SubagentStart", "PermissionRequest"):
            return f"événement inconnu dans HOOKS : {event!r}"
        if not isinstance(matchers, list) or not all(isinstance(m, HookMatcher) for m in matchers):
            return f"HOOKS[{event!r}] doit être une liste de HookMatcher"
    return None
