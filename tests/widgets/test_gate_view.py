"""The gate diagram: a run replayed through the support workflow's states, step by step."""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from helpers.widgets.gate_view import (HUMAN, REFUNDED, UNVERIFIED, VERIFIED, GateView, gate_steps, gate_view,
                                       render_step, tool_calls)


@dataclass
class FakeExchange:
    """What the diagram reads from a request-log entry."""
    messages: list
    response: dict = field(default_factory=dict)
    ok: bool = True


def use(i, name, **tool_input):
    return {"type": "tool_use", "id": f"t{i}", "name": f"mcp__support__{name}", "input": tool_input}


def result(i, text, is_error=False):
    block = {"type": "tool_result", "tool_use_id": f"t{i}", "content": text}
    return {**block, "is_error": True} if is_error else block


def conversation(*turns):
    """turns: (tool_use, result) pairs, one per assistant turn; the log as the CLI would leave it."""
    exchanges, messages = [], [{"role": "user", "content": "Remboursez-moi."}]
    for call, answer in turns:
        exchanges.append(FakeExchange(list(messages), {"content": [call], "stop_reason": "tool_use"}))
        messages += [{"role": "assistant", "content": [call]}, {"role": "user", "content": [answer]}]
    exchanges.append(FakeExchange(list(messages), {"content": [{"type": "text", "text": "Fait."}]}))
    return exchanges


VERIFIED_JSON = json.dumps({"customer_id": "C-48213", "verified": True})


def test_the_gate_closes_then_opens_for_the_verified_customer_only():
    log = conversation(
        (use(1, "process_refund", customer_id="C-48213", order_id="ORD-1", amount=42.5),
         result(1, "Refusé : appelez d'abord get_customer.", True)),
        (use(2, "get_customer", email="a@b.fr", verification_code="1"), result(2, VERIFIED_JSON)),
        (use(3, "process_refund", customer_id="C-99999", order_id="ORD-2", amount=10),
         result(3, "Refusé : appelez d'abord get_customer.", True)),
        (use(4, "process_refund", customer_id="C-48213", order_id="ORD-1", amount=42.5), result(4, "R-001 versé")),
    )
    steps = gate_steps(tool_calls(log))
    assert [s.kind for s in steps] == ["porte_fermee", "verification_ok", "porte_fermee", "remboursement"]
    assert [(s.state_before, s.state_after) for s in steps] == [
        (UNVERIFIED, UNVERIFIED), (UNVERIFIED, VERIFIED), (VERIFIED, VERIFIED), (VERIFIED, REFUNDED)]
    assert steps[1].verified == ("C-48213",) and not steps[3].unsafe
    assert steps[0].gate.startswith("porte fermée") and "C-48213" in steps[1].gate


def test_a_refund_nobody_verified_is_flagged_in_red():
    log = conversation((use(1, "process_refund", customer_id="C-48213", order_id="ORD-1", amount=42.5),
                        result(1, "R-001 versé")))
    (step,) = gate_steps(tool_calls(log))
    assert step.kind == "remboursement" and step.unsafe and step.state_after == REFUNDED
    drawn = render_step(step, 1, 1)
    assert "sans vérification" in drawn and "#b3261e" in drawn


def test_a_failed_verification_opens_nothing_and_an_escalation_reaches_a_human():
    log = conversation(
        (use(1, "get_customer", email="a@b.fr", verification_code="0"), result(1, "Vérification échouée.", True)),
        (use(2, "escalate_to_human", customer_id="?", summary="…"), result(2, '{"ticket_id": "T-1"}')),
    )
    failed, escalated = gate_steps(tool_calls(log))
    assert failed.kind == "verification_ratee" and failed.verified == () and failed.state_after == UNVERIFIED
    assert escalated.kind == "escalade" and escalated.state_after == HUMAN


def test_a_verification_that_says_verified_false_does_not_count():
    log = conversation((use(1, "get_customer", email="a@b.fr", verification_code="0"),
                        result(1, json.dumps({"customer_id": "C-1", "verified": False}))))
    assert gate_steps(tool_calls(log))[0].kind == "verification_ratee"


def test_calls_are_read_once_in_order_even_when_every_request_repeats_the_history():
    log = conversation(
        (use(1, "get_customer", email="a@b.fr", verification_code="1"), result(1, VERIFIED_JSON)),
        (use(2, "process_refund", customer_id="C-48213", order_id="ORD-1", amount=5), result(2, "ok")),
    )
    calls = tool_calls(log)
    assert [c.id for c in calls] == ["t1", "t2"] and all(c.answered for c in calls)
    assert calls[0].short == "get_customer" and calls[1].result == "ok"


def test_the_view_steps_through_the_run_and_reads_without_a_front_end():
    log = conversation(
        (use(1, "process_refund", customer_id="C-48213", order_id="ORD-1", amount=42.5),
         result(1, "Refusé : appelez d'abord get_customer.", True)),
        (use(2, "get_customer", email="a@b.fr", verification_code="1"), result(2, VERIFIED_JSON)),
    )
    view = gate_view(exchanges=log)
    assert isinstance(view, GateView) and len(view.steps) == 2
    assert 'data-sorte="porte_fermee"' in view.drawing.value and "1 / 2" in view.drawing.value
    view.go(1)
    assert 'data-sorte="verification_ok"' in view.drawing.value and view.next.disabled
    assert "process_refund → non vérifié → non vérifié" in view.static_text()
    assert view.static_html().count("<svg") == 2


def test_an_empty_run_says_what_to_do():
    view = gate_view(exchanges=[])
    assert "lancez d'abord" in view.drawing.value and "Aucun appel" in view.static_text()
