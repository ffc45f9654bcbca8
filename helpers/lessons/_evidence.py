"""Evidence the trusted side reads in its own simulator's log, and the conflicts that are findings in themselves.

A request in the log is what *someone* in the sandbox sent: the CLI, or learner code that posts its own requests
with the ids it saw (a hook receives the CLI's `tool_use_id`). What the CLI sends the same way in every request of one
run — its user agent, its system prompt, its tool names, its metadata — marks its requests; a request of the scenario
without those marks is learner code speaking for the CLI. Marks can be copied: under grading each request also says,
in a header only the judge's forwarder writes, which programs held a connection to the simulator inside the sandbox
when it arrived (grading/trusted/forwarder.py), by the path of its executable — a request that came while another
program than the CLI of the first request was connected is not the CLI's alone, whatever headers it copied, and a
program the forwarder could not read is never taken for the CLI. And one `tool_use_id` answered by two different
`tool_result`s is two continuations of one conversation: whichever came first, the evidence conflicts, and that costs
the points of the rule that would have read it.
"""
from __future__ import annotations

import json

from ..simulator._conversation import block_text


def client_marks(exchange) -> tuple:
    """What one installation of the CLI sends identically in each request (the session id aside)."""
    request = exchange.request if isinstance(exchange.request, dict) else {}
    try:
        meta = json.loads(request["metadata"]["user_id"])
        meta = {k: v for k, v in meta.items() if k != "session_id"} if isinstance(meta, dict) else meta
    except (KeyError, TypeError, ValueError):
        meta = None
    tools = sorted(str(t.get("name")) for t in request.get("tools") or [] if isinstance(t, dict))
    agent = (exchange.headers or {}).get("user-agent", "")
    system = " ".join(block_text(request.get("system")).split())[:200]
    return agent, system, tuple(tools), json.dumps(meta, sort_keys=True)


CLIENTS = "x-cours-clients"       # written by the judge's forwarder (grading/trusted/forwarder.py), never the sandbox's
UNSEEN = "?"                      # a connection whose program the forwarder could not read: never the CLI


def connected_programs(exchange) -> set[str] | None:
    """The programs the forwarder saw connected to the simulator when this request came; None outside grading."""
    value = (exchange.headers or {}).get(CLIENTS)
    return set(value.split(",")) if isinstance(value, str) and value else None


def foreign_requests(log: list, first) -> list:
    """The requests of `log` that do not carry the marks of `first` (the CLI's first request of the scenario), or that
    arrived while a program other than the ones connected at `first` (the CLI) held a connection to the simulator."""
    marks = client_marks(first)
    programs = connected_programs(first)
    if programs is not None and (len(programs) != 1 or UNSEEN in programs):
        programs = set()        # from the first request on, another program than the CLI, or one unseen, was connected
    return [e for e in log if e.is_message and (client_marks(e)[:2] != marks[:2] or (
        programs is not None and connected_programs(e) != programs))]


def conflicting_results(log: list) -> list[str]:
    """The tool_use_ids that received two different tool_results (content or is_error) across the log."""
    seen: dict[str, str] = {}
    conflicts: list[str] = []
    for e in log:
        for message in e.messages:
            if not isinstance(message, dict) or message.get("role") != "user" or not isinstance(message.get("content"), list):
                continue
            for block in message["content"]:
                if not isinstance(block, dict) or block.get("type") != "tool_result":
                    continue
                key = json.dumps([block_text(block.get("content")), bool(block.get("is_error"))], ensure_ascii=False)
                tool_id = str(block.get("tool_use_id"))
                if seen.setdefault(tool_id, key) != key and tool_id not in conflicts:
                    conflicts.append(tool_id)
    return conflicts
