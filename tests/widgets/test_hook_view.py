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
    from solutions.support import ASK_SHIPPING, shipping_server
    executed: list = []

    async def audit(input_data, tool_use_id, context):
        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}

    hooks = {"PreToolUse": [HookMatcher(matcher="mcp__expedition__ship_parcel", hooks=[h.route_heavy_parcels]),
                            HookMatcher(matcher="^mcp__expedition__", hooks=[audit])]}
    recorded, journal = helpers.record_hooks(hooks)
    mark = helpers.simulator().log.mark()

    async def go():
        options = helpers.agent_options(mcp_servers={"expedition": shipping_server(executed)}, hooks=recorded,
                                        allowed_tools=[f"mcp__expedition__{t}" for t in ("get_order", "ship_parcel",
                                                                                         "book_freight")])
        return [m async for m in query(prompt=ASK_SHIPPING, options=options)]
    anyio.run(go)
    tool_flows = flows(journal, helpers.simulator().log.since(mark))
    names = [f.tool_name.rsplit("__", 1)[-1] for f in tool_flows]
    assert names[-2:] == ["ship_parcel", "book_freight"]
    parcel = tool_flows[names.index("ship_parcel")]
    assert [c.decision for c in parcel.pre] == ["deny", "allow"] or [c.decision for c in parcel.pre] == ["allow", "deny"]
    assert parcel.decision == "deny" and not parcel.executed and parcel.refused_by_model_view
    assert "book_freight" in parcel.model_saw
    view = helpers.hook_view(journal, since=mark)
    assert len(view.flows) == len(tool_flows) and "refusé" in view.static_text()
    view.go(names.index("ship_parcel"))
    assert "deny" in view.drawing.value and "cours-hooks" in view.drawing.value


def test_the_drawing_of_a_refusal_keeps_its_label_off_its_line_and_names_inside_their_boxes():
    """Seen on a screenshot: the dashed « refus » label was crossed by its own line, and
    escalate_to_human ran out of its box."""
    import re
    from helpers.widgets.hook_view import HookCall, ToolFlow, _svg
    deny = HookCall("PreToolUse", "garde", "mcp__support__escalate_to_human", "toolu_1", {}, {
        "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}})
    svg = _svg(ToolFlow("mcp__support__escalate_to_human", {}, pre=[deny]))
    curve = re.search(r'd="M 295 84 C 330 (\d+), 640 (\d+), 670 86"', svg)
    lowest = 0.125 * 84 + 0.375 * int(curve.group(1)) + 0.375 * int(curve.group(2)) + 0.125 * 86
    label_y = int(re.search(r'<text x="480" y="(\d+)"[^>]*>refus', svg).group(1))
    assert label_y - 11 > lowest, "le libellé du refus chevauche sa propre ligne"
    height = int(re.search(r'viewBox="0 0 700 (\d+)"', svg).group(1))
    assert label_y + 4 <= height
    name = re.search(r'<text [^>]*>escalate_to_human</text>', svg).group(0)
    assert 'textLength="92"' in name, "le nom de l'outil déborde de sa boîte"
    short = re.search(r'<text [^>]*>exécuté</text>', _svg(ToolFlow("mcp__support__lookup_order", {})))
    assert short and "textLength" not in short.group(0)
