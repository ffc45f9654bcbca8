"""Exercises 1.4.a and 1.4.b, the sandboxed half: the learner's `make_support_tools` and `build_handoff`, played one
step at a time as the judge (ts1_4/judge.py) says.

Runs where learner code runs; holds no scenario. The CRM and the payment service the learner's tools get are proxies
(`_witness.Remote`): every call is a request to the judge's witness, which answers and records it. What this module
computes is data for the judge, never a verdict.
"""
from __future__ import annotations

import copy
import tempfile

from .._witness import Remote
from ..kit import LIMIT_KEY, plain, run_coroutine, run_in_thread, sandboxed

SERVER = "support"

CRM_METHODS, PAYMENT_METHODS = ("verify",), ("refund",)


def services(url: str) -> tuple[Remote, Remote]:
    """The learner's side: the CRM and the payment service, each call one request to the trusted side."""
    return Remote(url, "crm", CRM_METHODS), Remote(url, "payments", PAYMENT_METHODS)


def _json_type(python_type: object) -> str:
    return {str: "string", int: "integer", float: "number", bool: "boolean"}.get(python_type, "?")


def _describe_tool(obj: object) -> dict:
    """A returned tool, as plain data: its name and the JSON type of each input property."""
    from claude_agent_sdk import SdkMcpTool
    if not isinstance(obj, SdkMcpTool):
        return {"tool": False, "type": type(obj).__name__}
    schema = obj.input_schema
    if isinstance(schema, dict) and isinstance(schema.get("properties"), dict) and isinstance(schema.get("type"), str):
        props = {k: str(v.get("type")) if isinstance(v, dict) else "?" for k, v in schema["properties"].items()}
    elif isinstance(schema, dict):
        props = {str(k): _json_type(v) for k, v in schema.items()}
    else:
        props = {}
    return {"tool": True, "name": str(obj.name), "properties": props}


def _make(objects: dict, crm, payments) -> tuple[dict | None, object]:
    """Call make_support_tools; returns ({name: tool}, problem) with problem as plain data."""
    outcome = run_in_thread(objects["make_support_tools"], crm, payments, seconds=3)
    if outcome.error is not None:
        return None, {"error": outcome.error_line().rstrip(" :"), "timed_out": outcome.timed_out}
    value = outcome.value
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return None, {"returned": plain(value) if not isinstance(value, (tuple, list)) else f"{len(value)} objets"}
    described = [_describe_tool(v) for v in value]
    if not all(d["tool"] for d in described):
        return None, {"described": described}
    return {d["name"]: v for d, v in zip(described, value)}, {"described": described}


def _call_handler(tool, args: dict) -> dict:
    outcome = run_coroutine(tool.handler, copy.deepcopy(args), seconds=2)
    return outcome.to_plain()


@sandboxed
def play(objects: dict, spec: dict) -> dict:
    """Learner side: run the learner's code for one scenario of the judge; return plain data only."""
    if spec["kind"] == "handoff":
        out: list = []
        for case in spec["cases"]:
            if out and out[-1]["timed_out"]:      # hung once: not waited for again
                out.append(out[-1])
                continue
            outcome = run_in_thread(objects["build_handoff"], copy.deepcopy(case), seconds=2)
            out.append(outcome.to_plain())
        return {"outcomes": out}
    if spec["kind"] == "step":
        # One step of the direct scenario; the tools of each conversation are kept here between steps. The CRM and
        # the payment service are the same objects for every conversation: state belongs to make_support_tools.
        crm, payments = _SETS.setdefault(spec["token"] + "/services", services(spec["service"]))
        table = _SETS.setdefault(spec["token"], {})
        label = spec["set"]
        made = None
        if label not in table:
            if any(entry[2] for entry in table.values()):
                table[label] = (None, {"error": "Deadline : déjà bloquée", "timed_out": True}, True)
            else:
                tools, made = _make(objects, crm, payments)
                table[label] = (tools, made, bool(isinstance(made, dict) and made.get("timed_out")))
            made = table[label][1]
        tools = table[label][0]
        tool = (tools or {}).get(spec["tool"])
        if tool is None:
            return {"made": made, "result": {"missing": True, "unmade": tools is None}}
        hung = _SETS.setdefault(spec["token"] + "/bloqués", {})
        if spec["tool"] in hung:         # a tool that hung once is not waited for again
            return {"made": made, "result": {"timed_out": True, "error": "Deadline : déjà bloqué",
                                             "error_type": "Deadline"}}
        result = _call_handler(tool, spec["args"])
        if result.get("timed_out"):
            hung[spec["tool"]] = True
        return {"made": made, "result": result}
    # kind == "cli": the real CLI, offline, against the judge's simulator
    tools, made = _make(objects, *services(spec["service"]))
    if not tools:
        return {"made": made, "ran": False}
    from claude_agent_sdk import create_sdk_mcp_server

    from ..ts1_5.play import _run_cli
    server = create_sdk_mcp_server(SERVER, tools=list(tools.values()))
    with tempfile.TemporaryDirectory() as workdir:
        outcome = run_in_thread(_run_cli, spec["prompt"], {}, {SERVER: {"server": server, "_tools": tuple(tools)}},
                                spec["base_url"], workdir, seconds=spec[LIMIT_KEY])
    return {"made": made, "ran": True, "timed_out": outcome.timed_out, "error": outcome.error_line() or None}


_SETS: dict[str, dict] = {}     # learner side: scenario token → conversation label → (tools, made, hung)


