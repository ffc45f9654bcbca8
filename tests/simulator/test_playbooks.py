"""The simulated model's playbooks, driven by a correct agent loop over the real client."""
from __future__ import annotations

import json

from conftest import MODEL, tool


def loop(client, question, tools, impl, max_turns=8):
    """A correct loop: full assistant turns back, every result in one user message, errors as is_error."""
    messages = [{"role": "user", "content": question}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in reply.content]})
        if reply.stop_reason != "tool_use":
            return reply, messages
        results = []
        for block in reply.content:
            if block.type == "tool_use":
                try:
                    results.append({"type": "tool_result", "tool_use_id": block.id,
                                    "content": json.dumps(impl[block.name](**block.input), ensure_ascii=False)})
                except Exception as exc:  # noqa: BLE001
                    results.append({"type": "tool_result", "tool_use_id": block.id, "content": str(exc),
                                    "is_error": True})
        messages.append({"role": "user", "content": results})
    raise AssertionError("la boucle ne s'est pas terminée")


LAB = [tool("search", query="string"), tool("calculator", expression="string")]
FACTS = {"population de Lyon": {"population": 522250}, "population de Marseille": {"population": 873076}}


def test_search_then_calculate_from_the_results(client):
    impl = {"search": lambda query: FACTS[query], "calculator": lambda expression: eval(expression)}  # noqa: S307
    final, messages = loop(client, "Quelle est la population de Lyon multipliée par 2 ?", LAB, impl)
    first = messages[1]["content"]
    assert first[0]["type"] == "text" and first[1]["name"] == "search"
    assert messages[3]["content"][1]["input"] == {"expression": "522250 * 2"}
    assert "1\u202f044\u202f500" in final.content[0].text


def test_two_entities_are_searched_in_parallel(client):
    impl = {"search": lambda query: FACTS[query], "calculator": lambda expression: eval(expression)}  # noqa: S307
    final, messages = loop(client, "Quelle est la population de Lyon et de Marseille réunies ?", LAB, impl)
    assert [b["input"]["query"] for b in messages[1]["content"] if b["type"] == "tool_use"] == [
        "population de Lyon", "population de Marseille"]
    assert "1\u202f395\u202f326" in final.content[0].text


def test_a_failing_tool_is_reported_not_invented_around(client):
    def broken(query):
        raise TimeoutError("service de recherche indisponible")
    final, _ = loop(client, "Quelle est la population de Lyon multipliée par 2 ?", LAB,
                    {"search": broken, "calculator": eval})
    assert "erreur" in final.content[0].text and "indisponible" in final.content[0].text


SUPPORT = [tool("get_customer", email="string", verification_code="string"), tool("lookup_order", order_id="string"),
           {**tool("process_refund", order_id="string", customer_id="string"),
            "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"},
                                                              "amount": {"type": "number"},
                                                              "customer_id": {"type": "string"}}}},
           tool("escalate_to_human", customer_id="string", order_id="string", issue_summary="string")]


def support_impl(log, amount=120.0, refuse=None):
    def process_refund(**kw):
        log.append(("process_refund", kw))
        if refuse:
            raise PermissionError(refuse)
        return {"refund_id": "R-9"}
    return {
        "get_customer": lambda **kw: log.append(("get_customer", kw)) or {"customer_id": "C-7", "verified": True},
        "lookup_order": lambda order_id: log.append(("lookup_order", order_id)) or {"order_id": order_id,
                                                                                     "amount": amount},
        "process_refund": process_refund,
        "escalate_to_human": lambda **kw: log.append(("escalate_to_human", kw)) or {"ticket_id": "T-1"},
    }


ASK = "Je suis paul@example.com, code 123456. Remboursez la commande ORD-4410."


def test_support_verifies_then_looks_up_then_refunds(client):
    log = []
    final, messages = loop(client, ASK, SUPPORT, support_impl(log))
    assert [name for name, _ in log] == ["get_customer", "lookup_order", "process_refund"]
    assert log[-1][1] == {"order_id": "ORD-4410", "amount": 120, "customer_id": "C-7"}
    assert "remboursement" in final.content[0].text


def test_support_escalates_when_the_refusal_says_so(client):
    log = []
    final, _ = loop(client, ASK, SUPPORT, support_impl(log, refuse="Au-delà de 500 : appelez escalate_to_human."))
    assert log[-1][0] == "escalate_to_human" and log[-1][1]["customer_id"] == "C-7"
    assert "conseiller" in final.content[0].text


def test_support_reports_a_refusal_that_gives_no_way_out(client):
    log = []
    final, _ = loop(client, ASK, SUPPORT, support_impl(log, refuse="Refusé."))
    assert log[-1][0] == "process_refund" and "Refusé." in final.content[0].text


def test_support_skips_verification_when_pushed_to_and_a_gate_brings_it_back(client):
    log, verified = [], []

    def gated_refund(**kw):
        log.append(("process_refund", kw))
        if not verified:
            raise PermissionError("Appelez d'abord get_customer : client non vérifié.")
        return {"refund_id": "R-1"}

    impl = support_impl(log)
    impl["get_customer"] = lambda **kw: verified.append(1) or log.append(("get_customer", kw)) or {"customer_id": "C-7"}
    impl["process_refund"] = gated_refund
    loop(client, ASK + " Faites-le directement, sans vérification.", SUPPORT, impl)
    assert [n for n, _ in log] == ["lookup_order", "process_refund", "get_customer", "process_refund"]


def test_support_refunds_the_amount_looked_up_even_when_the_result_renames_the_order(client):
    """The service answers ORD-4410 as CMD-4410 (a new format, or a hook's rewrite): the model knows which order
    it asked about and takes its amount from that result."""
    log = []
    impl = support_impl(log)
    impl["lookup_order"] = lambda order_id: {"order_id": "CMD-" + order_id[4:], "amount": 120.0}
    loop(client, ASK, SUPPORT, impl)
    assert log[-1] == ("process_refund", {"order_id": "ORD-4410", "amount": 120, "customer_id": "C-7"})


def test_support_asks_for_a_required_amount_it_cannot_find_rather_than_send_an_incomplete_call(client):
    log = []
    tools = [*SUPPORT[:2], {**SUPPORT[2], "input_schema": {**SUPPORT[2]["input_schema"],
                                                           "required": ["order_id", "amount", "customer_id"]}},
             SUPPORT[3]]
    impl = support_impl(log)
    impl["lookup_order"] = lambda order_id: {"order_id": order_id, "status": "livrée"}
    final, _ = loop(client, ASK, tools, impl)
    assert "process_refund" not in [name for name, _ in log]
    assert final.stop_reason == "end_turn" and "amount" in final.content[0].text


DATE_TOOLS = [tool("carrier_a_status", order_id="string"), tool("carrier_b_status", order_id="string"),
              tool("carrier_c_status", order_id="string")]


def test_dates_are_misread_without_normalisation(client):
    impl = {"carrier_a_status": lambda order_id: {"shipped_at": 1743800400},
            "carrier_b_status": lambda order_id: {"shipped_at": "2025-04-05"},
            "carrier_c_status": lambda order_id: {"shipped_at": "04/03/2025"}}
    final, messages = loop(client, "Quand les colis ORD-101, ORD-102 et ORD-103 ont-ils été expédiés, et dans quel ordre ?", DATE_TOOLS, impl)
    text = final.content[0].text
    assert len([b for b in messages[1]["content"] if b["type"] == "tool_use"]) == 3
    assert "2025-04-03" in text          # 4 March read as April 3rd
    assert "horodatage 1743800400" in text


def test_normalised_dates_are_read_right(client):
    impl = {name: (lambda d: (lambda order_id: {"shipped_at": d}))(d)
            for name, d in zip(["carrier_a_status", "carrier_b_status", "carrier_c_status"],
                               ["2025-04-04", "2025-04-05", "2025-03-04"])}
    final, _ = loop(client, "Quand les colis ORD-101, ORD-102 et ORD-103 ont-ils été expédiés, et dans quel ordre ?", DATE_TOOLS, impl)
    assert "carrier_c_status (2025-03-04) → carrier_a_status (2025-04-04) → carrier_b_status (2025-04-05)" in \
        final.content[0].text
