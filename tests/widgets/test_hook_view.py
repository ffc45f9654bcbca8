"""The hook decision flow: precedence, and one flow per tool call of a real run."""
from __future__ import annotations

import anyio
import pytest
from claude_agent_sdk import HookMatcher, query

import helpers
from helpers.widgets.hook_view import flows, resolve
from solutions import hooks as h


def test_precedence_is_deny_then_defer_then_ask_then_allow():
    assert resolve(["allow", "deny", "ask"]) == "deny"
    assert resolve(["allow", "defer", "ask"]) == "defer"
    assert resolve(["allow", "ask"]) == "ask"
    assert resolve(["allow", None]) == "allow"
    assert resolve([None]) is None


@pytest.mark.cli
@pytest.mark.timeout(120)
def test_a_recorded_run_gives_one_flow_per_tool_call_with_the_deny_winning():
    from solutions.support import ASK_REFUND, support_server
    executed: list = []

    async def audit(input_data, tool_use_id, context):
        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}

    hooks = {"PreToolUse": [HookMatcher(matcher="mcp__support__process_refund", hooks=[h.block_large_refunds]),
                            HookMatcher(matcher="^mcp__support__", hooks=[audit])]}
    recorded, journal = helpers.record_hooks(hooks)
    mark = helpers.simulator().log.mark()

    async def go():
        options = helpers.agent_options(mcp_servers={"support": support_server(executed)}, hooks=recorded,
                                        allowed_tools=[f"mcp__support__{t}" for t in ("get_customer", "lookup_order",
                                                                                      "process_refund",
                                                                                      "escalate_to_human")])
        return [m async for m in query(prompt=ASK_REFUND, options=options)]
    anyio.run(go)
    tool_flows = flows(journal, helpers.simulator().log.since(mark))
    names = [f.tool_name.rsplit("__", 1)[-1] for f in tool_flows]
    assert names[-2:] == ["process_refund", "escalate_to_human"]
    refund = tool_flows[names.index("process_refund")]
    assert [c.decision for c in refund.pre] == ["deny", "allow"] or [c.decision for c in refund.pre] == ["allow", "deny"]
    assert refund.decision == "deny" and not refund.executed and refund.refused_by_model_view
    assert "escalate_to_human" in refund.model_saw
    view = helpers.hook_view(journal, since=mark)
    assert len(view.flows) == len(tool_flows) and "refusé" in view.static_text()
    view.go(names.index("process_refund"))
    assert "deny" in view.drawing.value and "cours-hooks" in view.drawing.value
