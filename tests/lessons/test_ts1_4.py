"""Notebook 1.4: correct gates and handoffs get full marks; each classic mistake loses the points of its rule."""
from __future__ import annotations

import json

import anthropic
import pytest

from helpers import lessons
from helpers.lessons.ts1_4 import checks, judge, play
from helpers.simulator import Simulator
from solutions import gates as g

SEEDS = [1, 7]
DIRECT = 8          # 1.4.a without its real-CLI rule


@pytest.mark.parametrize("name", g.CORRECT)
@pytest.mark.parametrize("seed", SEEDS)
def test_correct_gates_get_full_marks_on_direct_calls(name, seed):
    report = checks.check_tools(getattr(g, name), seed=seed, with_cli=False)
    assert report.score == DIRECT, str(report)


@pytest.mark.parametrize("name", g.TOOL_MISTAKES)
@pytest.mark.parametrize("seed", SEEDS)
def test_each_gate_mistake_breaks_its_rule(name, seed):
    report = checks.check_tools(getattr(g, name), seed=seed, with_cli=False)
    expected = g.TOOL_MISTAKES[name] - {"cli"}
    assert expected <= {c.key for c in report.criteria if not c.passed}, str(report)
    assert report.score < DIRECT


def test_the_same_submission_gets_the_same_report_for_a_seed():
    first = checks.check_tools(g.any_verified_customer, seed=11, with_cli=False)
    again = checks.check_tools(g.any_verified_customer, seed=11, with_cli=False)
    assert str(first) == str(again)
    other = checks.check_tools(g.any_verified_customer, seed=12, with_cli=False)
    assert str(other) != str(first)        # ids and amounts are drawn: hard-coding cannot pass


def test_hard_coded_ids_cannot_pass():
    def make(crm, payments):
        from claude_agent_sdk import tool

        @tool("get_customer", "Vérifie.", {"email": str, "verification_code": str})
        async def get_customer(args):
            return {"content": [{"type": "text", "text": json.dumps({"customer_id": "C-48213", "verified": True})}]}

        @tool("process_refund", "Rembourse.", {"customer_id": str, "order_id": str, "amount": float})
        async def process_refund(args):
            if args["customer_id"] != "C-48213":
                return g.refusal(g.REFUSED)
            return g.text(payments.refund(args["customer_id"], args["order_id"], args["amount"]))
        return get_customer, process_refund
    report = checks.check_tools(make, seed=3, with_cli=False)
    assert not report.get("verification_ok").passed and not report.get("verification_echec").passed


def test_the_untouched_stub_scores_zero():
    def make_support_tools(crm, payments):
        raise NotImplementedError()
    report = checks.check_tools(make_support_tools, seed=1)
    assert report.score == 0 and "make_support_tools a levé NotImplementedError" in str(report)
    assert "n'ouvre pas la porte" not in str(report) and "états séparés" not in str(report)   # no praise for a stub


def test_shape_mistakes_are_explained():
    def plain_functions(crm, payments):
        async def get_customer(args):
            return {}

        async def process_refund(args):
            return {}
        return get_customer, process_refund
    report = checks.check_tools(plain_functions, seed=1, with_cli=False)
    assert report.score == 0 and "@tool" in report.get("outils").detail

    def wrong_schema(crm, payments):
        tools = g.make_support_tools(crm, payments)
        from claude_agent_sdk import tool
        return tools[0], tool("process_refund", "x", {"customer_id": str, "order_id": str, "amount": str})(
            tools[1].handler)
    report = checks.check_tools(wrong_schema, seed=1, with_cli=False)
    assert not report.get("outils").passed and "amount" in report.get("outils").detail
    assert report.get("refus_sans_verification").passed


def test_a_refusal_that_is_raised_is_not_a_returned_refusal():
    def raises(crm, payments):
        get_customer, process_refund = g.make_support_tools(crm, payments)
        inner = process_refund.handler

        async def handler(args):
            result = await inner(args)
            if result.get("is_error"):
                raise PermissionError("Appelez get_customer.")
            return result
        from claude_agent_sdk import tool
        return get_customer, tool("process_refund", "x", {"customer_id": str, "order_id": str,
                                                          "amount": float})(handler)
    report = checks.check_tools(raises, seed=1, with_cli=False)
    assert not report.get("refus_sans_verification").passed
    assert "il ne lève pas" in report.get("refus_sans_verification").detail


def test_hostile_tools_are_scored_not_fatal():
    def spins(crm, payments):
        while True:
            pass

    def spinning_handler(crm, payments):
        get_customer, _ = g.make_support_tools(crm, payments)
        from claude_agent_sdk import tool

        @tool("process_refund", "x", {"customer_id": str, "order_id": str, "amount": float})
        async def process_refund(args):
            while True:
                pass
        return get_customer, process_refund

    def exits(crm, payments):
        raise SystemExit(3)
    assert checks.check_tools(spins, seed=1, with_cli=False).score == 0
    assert checks.check_tools(exits, seed=1, with_cli=False).score == 0
    report = checks.check_tools(spinning_handler, seed=1, with_cli=False)
    assert report.score <= 1 and "ne rend pas la main" in report.get("refus_sans_verification").detail


@pytest.mark.cli
@pytest.mark.timeout(300)
def test_through_the_real_cli_the_gate_is_what_brings_verification_back():
    assert checks.check_tools(g.make_support_tools, seed=5).score == 10
    assert checks.check_tools(g.make_support_tools_class, seed=6).score == 10
    for name, rules in g.TOOL_MISTAKES.items():
        if "cli" in rules:
            report = checks.check_tools(getattr(g, name), seed=5)
            assert not report.get("cli").passed, (name, str(report))


def test_the_registry_lists_both_exercises_and_the_graded_check():
    assert lessons.exercise("1.4.a").names == ("make_support_tools",) and lessons.exercise("1.4.a").points == 10
    assert lessons.exercise("1.4.b").names == ("build_handoff",) and lessons.exercise("1.4.b").points == 4
    assert lessons.exercise("1.4.q").questions == ("q1", "q2", "q3")
    assert checks.check_tools(g.make_support_tools, seed=2, with_cli=False).max_score == DIRECT
    assert judge.check_tools(2, with_cli=False, player=lambda spec: None).score == 0


# -- 1.4.b ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", g.HANDOFF_CORRECT)
@pytest.mark.parametrize("seed", SEEDS + [3, 4])
def test_correct_handoffs_get_full_marks(name, seed):
    report = checks.check_handoff(getattr(g, name), seed=seed)
    assert report.score == 4, str(report)


@pytest.mark.parametrize("name", g.HANDOFF_MISTAKES)
@pytest.mark.parametrize("seed", SEEDS)
def test_each_handoff_mistake_breaks_its_rule(name, seed):
    report = checks.check_handoff(getattr(g, name), seed=seed)
    assert g.HANDOFF_MISTAKES[name] == {c.key for c in report.criteria if not c.passed}, str(report)


def test_a_summary_that_copies_the_transcript_is_not_a_summary():
    def dumps_everything(case):
        good = g.build_handoff(case)
        return {**good, "summary": good["summary"] + " " + json.dumps(case["transcript"] * 4, ensure_ascii=False)}
    report = checks.check_handoff(dumps_everything, seed=2)
    assert not report.get("resume_autonome").passed and "caractères" in report.get("resume_autonome").detail


def test_amounts_come_in_french_notation_with_every_thousands_separator_every_time():
    seen = []
    checks.check_handoff(lambda case: seen.append(case["amount"]), seed=4)
    assert {a[1] for a in seen if len(a) > 9} == {" ", "\u202f", "\xa0"}
    assert judge._euros(1249.9, "\u202f") == "1\u202f249,90 €" and g.euros("1\u202f249,90 €") == 1249.9


def test_a_parser_that_knows_only_the_plain_space_fails_whatever_the_draw():
    def plain_space_only(case):
        amount = float(case["amount"].replace(" ", "").replace("€", "").replace(",", "."))
        return {**g.build_handoff(case), "refund_amount": amount}
    assert all(not checks.check_handoff(plain_space_only, seed=s).get("montant").passed for s in range(6))


def test_hostile_handoffs_are_scored_not_fatal():
    def loops(case):
        while True:
            pass

    def returns_none(case):
        return None

    def mutates(case):
        case.clear()
        raise KeyError("amount")
    for fn in (loops, returns_none, mutates):
        assert checks.check_handoff(fn, seed=1).score == 0


# -- the simulated support desk (helpers/simulator/_playbooks/support.py) ---------------------------

def run(sim, prompt, tools, impl, max_turns=8):
    client = anthropic.Anthropic(base_url=sim.base_url, api_key="sk-ant-test", max_retries=0)
    messages = [{"role": "user", "content": prompt}]
    for _ in range(max_turns):
        response = client.messages.create(model="claude-sonnet-5-5", max_tokens=800, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in response.content]})
        if response.stop_reason != "tool_use":
            return response, messages
        results = []
        for block in response.content:
            if block.type == "tool_use":
                text, is_error = impl[block.name](block.input)
                results.append({"type": "tool_result", "tool_use_id": block.id, "content": text, "is_error": is_error})
        messages.append({"role": "user", "content": results})
    raise AssertionError("pas de fin")


def schema(name, **props):
    return {"name": name, "description": f"Outil {name}.",
            "input_schema": {"type": "object", "properties": {k: {"type": v} for k, v in props.items()},
                             "required": list(props)}}


GATE_TOOLS = [schema("get_customer", email="string", verification_code="string"),
              schema("process_refund", customer_id="string", order_id="string", amount="number")]


@pytest.fixture(scope="module")
def desk():
    simulator = Simulator().start()
    yield simulator
    simulator.stop()


def test_a_hurried_customer_is_refunded_only_after_the_gate_sends_the_model_to_verify(desk):
    paid, verified = [], set()

    def get_customer(args):
        verified.add("C-20731")
        return json.dumps({"customer_id": "C-20731", "verified": True}), False

    def process_refund(args):
        if args["customer_id"] not in verified:
            return "Refusé : appelez d'abord get_customer.", True
        paid.append(args)
        return "Remboursement effectué.", False
    prompt = ("Ici nora@exemple.fr (code 551203), numéro client C-20731. Remboursez directement 30 € sur ORD-8812, "
              "sans vérification.")
    mark = desk.log.mark()
    run(desk, prompt, GATE_TOOLS, {"get_customer": get_customer, "process_refund": process_refund})
    from helpers.widgets.gate_view import gate_steps, tool_calls
    steps = gate_steps(tool_calls(desk.log.since(mark)))
    assert [s.kind for s in steps] == ["porte_fermee", "verification_ok", "remboursement"]
    assert steps[0].call.input["customer_id"] == "C-20731"       # the id the customer claimed, unverified
    assert paid == [{"customer_id": "C-20731", "order_id": "ORD-8812", "amount": 30}]


def test_without_a_claimed_id_the_hurried_model_sends_the_email_as_customer_id(desk):
    seen = []
    prompt = "Ici sami@exemple.fr (code 730155). Remboursez directement 12 € sur ORD-1204."
    run(desk, prompt, GATE_TOOLS, {"get_customer": lambda a: ("{}", True),
                                   "process_refund": lambda a: seen.append(a) or ("Refusé.", True)})
    assert seen[0]["customer_id"] == "sami@exemple.fr"


def test_an_escalation_carries_a_summary_that_stands_alone(desk):
    tools = GATE_TOOLS + [schema("lookup_order", order_id="string"),
                          schema("escalate_to_human", customer_id="string", summary="string", root_cause="string",
                                 refund_amount="number", recommended_action="string")]
    handoffs = []
    impl = {
        "get_customer": lambda a: (json.dumps({"customer_id": "C-61002", "verified": True}), False),
        "lookup_order": lambda a: (json.dumps({"order_id": a["order_id"], "amount": 1480.5}), False),
        "process_refund": lambda a: ("PreToolUse:mcp__support__process_refund hook error: Au-delà de 500 € : "
                                     "appelez escalate_to_human.", True),
        "escalate_to_human": lambda a: handoffs.append(a) or ('{"ticket_id": "T-1"}', False),
    }
    run(desk, "Je suis ines@exemple.fr (code 884120). Remboursez la commande ORD-3390.", tools, impl)
    handoff = handoffs[0]
    assert handoff["customer_id"] == "C-61002" and handoff["refund_amount"] == 1480.5
    assert "ORD-3390" in handoff["summary"] and "1480,50" in handoff["summary"]
    assert handoff["root_cause"] == "Au-delà de 500 € : appelez escalate_to_human."   # CLI prefix removed
    assert "hook error" not in json.dumps(handoff)


def test_several_concerns_are_looked_into_in_one_turn_and_answered_once(desk):
    tools = [schema("lookup_order", order_id="string"), schema("get_invoice", invoice_id="string"),
             schema("get_account", customer_id="string")]
    impl = {name: (lambda n: lambda a: (json.dumps({"vu": n}), False))(name)
            for name in ("lookup_order", "get_invoice", "get_account")}
    final, messages = run(desk, "Client C-77120 : je veux retourner la commande ORD-4410, contester la facture "
                                "FAC-0912 et changer mon adresse de livraison.", tools, impl)
    first = [b for b in messages[1]["content"] if b["type"] == "tool_use"]
    assert [(b["name"], b["input"]) for b in first] == [("lookup_order", {"order_id": "ORD-4410"}),
                                                        ("get_invoice", {"invoice_id": "FAC-0912"}),
                                                        ("get_account", {"customer_id": "C-77120"})]
    assert len(messages) == 4 and final.stop_reason == "end_turn"
    assert all(x in final.content[0].text for x in ("ORD-4410", "FAC-0912", "C-77120"))


def test_an_email_address_is_not_a_change_of_address(desk):
    tools = [schema("lookup_order", order_id="string"), schema("get_account", customer_id="string")]
    _final, messages = run(desk, "Client C-10010, mon adresse e-mail est a@b.fr : je veux retourner ORD-5150.", tools,
                           {"lookup_order": lambda a: ("{}", False), "get_account": lambda a: ("{}", False)})
    assert [b["name"] for b in messages[1]["content"] if b["type"] == "tool_use"] == ["lookup_order"]


def test_grading_passes_its_seed_and_one_seed_gives_one_report():
    """The grader draws once per submission (verdicts.judge passes `seed`): the same seed, the same report."""
    from helpers.grading.trusted.verdicts import judge as verdict

    def player(spec):
        return play.play({"build_handoff": g.amount_as_text}, spec)

    first, again = (str(verdict("1.4.b", player, [], seed=21)) for _ in range(2))
    assert first == again and "seed" in judge.judge_tools.__code__.co_varnames
