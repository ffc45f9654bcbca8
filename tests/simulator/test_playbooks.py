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


QUOTE_TOOLS = [tool("devis_lille", quote_id="string"), tool("devis_munich", quote_id="string"),
               tool("devis_dublin", quote_id="string")]
RANK = ("Trois fournisseurs ont chiffré la même commande : devis DEV-2041, DEV-2042 et DEV-2043. "
        "Classez-les du moins cher au plus cher.")


def test_amounts_are_misread_without_normalisation(client):
    """Lab 1.5: cents taken for euros, « 2.450,00 » read the English way (2,45 €): the ranking comes out reversed."""
    impl = {"devis_lille": lambda quote_id: {"devis": quote_id, "montant_ht": 189000, "delai_jours": 10},
            "devis_munich": lambda quote_id: {"devis": quote_id, "montant_ht": "2.450,00", "delai_jours": 10},
            "devis_dublin": lambda quote_id: {"devis": quote_id, "montant_ht": "2,120.50", "delai_jours": 10}}
    final, messages = loop(client, RANK, QUOTE_TOOLS, impl)
    text = final.content[0].text
    assert len([b for b in messages[1]["content"] if b["type"] == "tool_use"]) == 3
    assert "devis_munich : montant_ht = 2,45\u00a0€" in text and "189\u202f000,00\u00a0€" in text
    assert "devis_munich (2,45\u00a0€) → devis_dublin" in text


def test_normalised_amounts_are_ranked_right(client):
    impl = {name: (lambda euros: (lambda quote_id: {"devis": quote_id, "montant_ht": euros}))(euros)
            for name, euros in zip(["devis_lille", "devis_munich", "devis_dublin"], [1890.0, 2450.0, 2120.5])}
    final, _ = loop(client, RANK, QUOTE_TOOLS, impl)
    assert ("devis_lille (1\u202f890,00\u00a0€) → devis_dublin (2\u202f120,50\u00a0€) → devis_munich "
            "(2\u202f450,00\u00a0€)") in final.content[0].text


SHIPPING = [tool("get_order", order_id="string"),
            tool("ship_parcel", order_id="string", weight_kg="number", destination="string"),
            tool("book_freight", order_id="string", weight_kg="number", destination="string")]


def test_shipping_follows_a_refusal_to_the_tool_it_names(client):
    """Lab 1.5: the weight comes from get_order as the service wrote it; a refusal naming book_freight sends the same
    order, weight and destination there; nothing else is tried."""
    log = []

    def ship_parcel(**args):
        log.append(("ship_parcel", args))
        raise RuntimeError("Colis de 42.5 kg refusé : au-delà de 30 kg, réservez un enlèvement avec book_freight.")

    impl = {"get_order": lambda order_id: {"order_id": order_id, "weight_kg": 42.5, "destination": "Grenoble"},
            "ship_parcel": ship_parcel,
            "book_freight": lambda **args: log.append(("book_freight", args)) or {"booking_id": "FR-1"}}
    final, _ = loop(client, "Pouvez-vous expédier la commande CMD-4410 ?", SHIPPING, impl)
    wanted = {"order_id": "CMD-4410", "weight_kg": 42.5, "destination": "Grenoble"}
    assert log == [("ship_parcel", wanted), ("book_freight", wanted)]
    assert final.stop_reason == "end_turn" and "FR-1" in final.content[0].text


def test_shipping_reports_a_refusal_that_names_no_other_tool(client):
    def refuse(**args):
        raise RuntimeError("Transporteur indisponible aujourd'hui.")
    impl = {"get_order": lambda order_id: {"order_id": order_id, "weight_kg": 4, "destination": "Lyon"},
            "ship_parcel": refuse, "book_freight": lambda **args: {"booking_id": "FR-2"}}
    final, messages = loop(client, "Pouvez-vous expédier la commande CMD-7702 ?", SHIPPING, impl)
    names = [b["name"] for m in messages if m["role"] == "assistant" for b in m["content"] if b["type"] == "tool_use"]
    assert names == ["get_order", "ship_parcel"] and "indisponible" in final.content[0].text
