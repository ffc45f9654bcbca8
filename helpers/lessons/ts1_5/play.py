"""Exercises 1.5.a–c, the sandboxed half: the learner's hooks called on the inputs the judge built
(ts1_5/judge.py), or `HOOKS` run in the real CLI with the tools the judge's scenario names.

Runs where learner code runs; holds no scenario: the hook's input, the amounts, the suppliers' notations, the prompt and the
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
    if spec["scenario"] == "refund":
        servers = {"support": {"server": _support_server(record, spec["amount"], spec["as_text"]),
                               "_tools": ("get_customer", "lookup_order", "process_refund", "escalate_to_human")}}
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


def _support_server(record: list, amount, amount_as_text: bool):
    from claude_agent_sdk import create_sdk_mcp_server, tool

    @tool("get_customer", "Vérifie l'identité du client (e-mail et code reçu).", {"email": str, "verification_code": str})
    async def get_customer(args):
        record.append(("get_customer", args))
        return _text({"customer_id": "C-2048", "verified": True})

    @tool("lookup_order", "Statut et montant d'une commande.", {"order_id": str})
    async def lookup_order(args):
        record.append(("lookup_order", args))
        return _text({"order_id": args.get("order_id"), "status": "livrée", "amount": amount})

    @tool("process_refund", "Rembourse une commande d'un client vérifié.",
          {"order_id": str, "amount": str if amount_as_text else float, "customer_id": str})
    async def process_refund(args):
        record.append(("process_refund", args))
        return _text({"refund_id": "R-5501", "status": "effectué"})

    @tool("escalate_to_human", "Transmet le dossier à un conseiller humain, avec un résumé autonome.",
          {"customer_id": str, "order_id": str, "issue_summary": str, "root_cause": str, "refund_amount": str,
           "recommended_action": str})
    async def escalate_to_human(args):
        record.append(("escalate_to_human", args))
        return _text({"ticket_id": "T-0815", "status": "transmis"})

    return create_sdk_mcp_server("support", tools=[get_customer, lookup_order, process_refund, escalate_to_human])


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
