"""Exercise 1.2.a: correct coordinators get full marks; each classic mistake loses the rule it breaks, whatever
the draw; the verdicts come from the request log (isolation, overlap in time, attempts per subtopic)."""
from __future__ import annotations

import pytest

from helpers.lessons.kit import GradingError, require
from helpers.lessons.ts1_2 import checks, judge
from solutions import coordinators

SEEDS = [3, 2024]
CORRECT = ["coordinate", "coordinate_threads", "coordinate_futures"]


@pytest.mark.parametrize("name", CORRECT)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_correct_coordinator_gets_full_marks(name, seed):
    report = checks.check(getattr(coordinators, name), seed=seed)
    assert report.score == report.max_score == 10, str(report)


WRONG = {
    # wrong solution: (exactly the rules it must fail, a word the feedback must contain)
    "sequential": ({"en_parallele"}, "l'une après l'autre"),
    "shared_conversation": ({"un_par_sous_theme", "contexte_isole", "en_parallele", "resultats_intacts", "reprise",
                             "lacunes"}, "conversation neuve"),
    "all_in_one_request": ({"un_par_sous_theme", "en_parallele", "reprise", "lacunes"}, "à la fois"),
    "forgets_the_last_subtopic": ({"un_par_sous_theme", "resultats_intacts", "reprise", "lacunes"},
                                  "aucune requête"),
    "drops_metadata": ({"resultats_intacts"}, "métadonnées"),
    "no_retry": ({"reprise", "lacunes"}, "aucune nouvelle tentative"),
    "crashes_on_a_bad_reply": ({"reprise", "lacunes"}, "JSONDecodeError"),
    "decoys_then_sequential": ({"en_parallele", "reprise"}, "jamais une réponse valide"),
    "retries_forever": ({"lacunes"}, "une seule nouvelle tentative"),
    "retry_still_a_gap": ({"reprise"}, "n'est pas une lacune"),
    "retries_status_errors_only": ({"reprise"}, "connexion coupée"),
    "dedupes_by_claim": ({"resultats_intacts"}, "gardez-les tous les deux"),
    "keeps_cut_replies": ({"lacunes"}, "max_tokens"),
    # in completion order, a retried subtopic's findings also land after the others: « reprise » too
    "completion_order": ({"resultats_intacts", "lacunes", "reprise"}, "dans l'ordre"),
    "stub": ({c for c in ("un_par_sous_theme", "contexte_isole", "consigne", "en_parallele", "resultats_intacts",
                          "reprise", "lacunes")}, "NotImplementedError"),
}


@pytest.mark.parametrize("name", WRONG)
def test_each_classic_mistake_fails_exactly_its_rules_with_a_french_reason(name):
    must_fail, word = WRONG[name]
    for seed in SEEDS:
        report = checks.check(getattr(coordinators, name), seed=seed)
        failed = {c.key for c in report.criteria if not c.passed}
        assert failed == must_fail, (seed, str(report))
        assert any(word in c.detail for c in report.criteria if not c.passed), str(report)


def test_scenarios_change_with_the_seed_and_subtopics_never_contain_one_another():
    a, b = judge._Builder(1).parallel(), judge._Builder(2).parallel()
    assert (a.topic, a.subtopics, a.findings) != (b.topic, b.subtopics, b.findings)
    for topic, pool in judge.TOPICS:
        assert not any(x != y and x in y for x in pool for y in pool + [topic])


def test_a_reply_cut_at_max_tokens_is_valid_json_yet_a_failure():
    scenario = judge._Builder(9).faulty_replies()
    cut = next(s for s, plan in scenario.plans.items() if plan[0] == "cut")
    assert scenario.decoys[cut] and cut in scenario.expected()["gaps"]


def test_a_hard_coded_answer_cannot_pass():
    def replay(client, topic, subtopics, *, model, max_tokens=1024):
        return {"findings": [{"claim": f"{s} : constat", "source_url": None} for s in subtopics], "gaps": []}
    assert checks.check(replay, seed=1).score == 0


def test_not_a_function():
    report = checks.check(None)
    assert report.score == 0 and "fonction" in str(report)


def test_nbgrader_rules_raise_the_french_reason():
    report = checks.check(coordinators.sequential, seed=4)
    assert require(report, "contexte_isole") == 2
    with pytest.raises(GradingError, match=r"\[Vérification 1.2.a\].*l'une après l'autre"):
        require(report, "en_parallele")


def test_a_learner_that_exits_or_hangs_still_gets_a_score():
    def exits(*a, **k):
        raise SystemExit(0)
    assert checks.check(exits, seed=1).score == 0


def test_verify_and_grade_run_the_same_check_through_the_registry():
    from helpers.grading.trusted.verdicts import check, grade
    assert check("1.2.a", coordinators.coordinate).score == 10
    assert grade("1.2.a", coordinators.stub).score == 0
