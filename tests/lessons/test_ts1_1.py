"""Exercise 1.1.a: a correct run_agent gets full marks; each classic mistake loses the right points."""
from __future__ import annotations

import inspect

import pytest

from helpers.lessons.ts1_1 import checks as check_1_1
from helpers.lessons.ts1_1 import judge as judge_1_1
from helpers.lessons.kit import GradingError, require
from solutions import loops

SEEDS = [3, 11, 2024]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_correct_loop_gets_full_marks(seed):
    report = check_1_1.check(loops.run_agent, seed=seed)
    assert report.score == report.max_score == 10, str(report)


WRONG = {
    # wrong solution: (criteria it must fail, a word the feedback must contain)
    "stops_on_text": ({"texte_puis_outil", "max_tokens", "plafond"}, "stop_reason"),
    "one_message_per_result": ({"paralleles_2", "paralleles_3", "outil_en_echec"}, "UN seul message user"),
    "only_first_tool_use": ({"paralleles_2", "paralleles_3"}, "sans tool_result"),
    "drops_text_blocks": ({"contenu_complet"}, "texte et tool_use ensemble"),
    "keeps_its_own_history": ({"contenu_complet"}, "liste messages"),
    "returns_on_max_tokens": ({"max_tokens"}, "lever une exception"),
    "tool_exception_crashes": ({"outil_en_echec"}, "is_error"),
    "cap_returns": ({"plafond"}, "lever une exception"),
    "no_cap": ({"plafond"}, "pas de plafond"),
    "raises_on_stop_sequence": ({"stop_sequence"}, "fin normale"),
    "stub": ({c for c in ("texte_puis_outil", "paralleles_2", "paralleles_3", "outil_en_echec", "stop_sequence",
                          "max_tokens", "refus", "plafond")}, "NotImplementedError"),
}


@pytest.mark.parametrize("name", WRONG)
@pytest.mark.parametrize("seed", SEEDS[:2])
def test_each_classic_mistake_loses_marks_with_a_french_reason(name, seed):
    must_fail, word = WRONG[name]
    report = check_1_1.check(getattr(loops, name), seed=seed)
    failed = {c.key for c in report.criteria if not c.passed}
    assert must_fail <= failed, str(report)
    assert report.score < report.max_score
    assert any(word in c.detail for c in report.criteria if not c.passed), str(report)


@pytest.mark.parametrize("name, rule", [("drops_text_blocks", "contenu_complet"),
                                        ("raises_on_stop_sequence", "stop_sequence")])
def test_only_the_broken_rule_fails_for_a_narrow_mistake(name, rule):
    report = check_1_1.check(getattr(loops, name), seed=5)
    assert {c.key for c in report.criteria if not c.passed} == {rule}, str(report)


def test_a_loop_that_returns_on_pause_turn_loses_the_pause_rule():
    """pause_turn is no end: the paused turn goes back as it is (the master resends; the lesson says so)."""
    source = inspect.getsource(loops.run_agent).replace(
        'if response.stop_reason in ("end_turn", "stop_sequence"):',
        'if response.stop_reason in ("end_turn", "stop_sequence", "pause_turn"):')
    namespace = dict(vars(loops))
    exec(source, namespace)  # noqa: S102
    report = check_1_1.check(namespace["run_agent"], seed=5)
    assert {c.key for c in report.criteria if not c.passed} == {"pause_turn"}, str(report)


def test_scenarios_change_with_the_seed():
    a, b = judge_1_1._Builder(1).parallel(2), judge_1_1._Builder(2).parallel(2)
    assert (a.question, a.tools) != (b.question, b.tools)


def test_a_hard_coded_answer_cannot_pass():
    def replay(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
        import anthropic
        return anthropic.types.Message(id="msg_x", type="message", role="assistant", model=model,
                                       content=[{"type": "text", "text": "Synthèse : tout va bien."}],
                                       stop_reason="end_turn", usage={"input_tokens": 1, "output_tokens": 1})
    assert check_1_1.check(replay, seed=1).score == 0


def test_not_a_function():
    report = check_1_1.check(None)
    assert report.score == 0 and "fonction" in str(report)


def test_nbgrader_rules_raise_the_french_reason():
    report = check_1_1.check(loops.cap_returns, seed=4)
    assert require(report, "texte_puis_outil") == 1.5
    with pytest.raises(GradingError, match=r"\[Vérification 1.1.a\].*max_iterations"):
        require(report, "plafond")


def test_a_learner_that_exits_or_swallows_interrupts_still_gets_a_score():
    def exits(*a, **k):
        raise SystemExit(0)

    def swallows(client, messages, tools, run_tool, **kw):
        while True:
            try:
                client.messages.create(model=kw["model"], max_tokens=50, tools=tools, messages=messages)
            except:  # noqa: E722 - deliberately hostile
                pass
    assert check_1_1.check(exits, seed=1).score == 0
    report = check_1_1.check(swallows, seed=1)
    assert report.score == 0


def test_verify_and_grade_run_the_same_check_through_the_registry():
    from helpers.grading.trusted.verdicts import check, grade
    assert check("1.1.a", loops.run_agent).score == 10
    assert grade("1.1.a", loops.stub).score == 0
