"""Exercise 1.3.a: a synthesis prompt that hands over every finding, metadata and nulls included, as JSON; each
classic hand-off mistake loses the rule it breaks, whatever the draw."""
from __future__ import annotations

import json

import pytest

from helpers.lessons.ts1_3 import checks, judge
from solutions import synthesis

SEEDS = [1, 7, 2024]
CORRECT = ["synthesis_prompt", "synthesis_prompt_wrapped", "synthesis_prompt_english"]


@pytest.mark.parametrize("name", CORRECT)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_correct_prompt_gets_full_marks(name, seed):
    report = checks.check(getattr(synthesis, name), seed=seed)
    assert report.score == report.max_score == 6, str(report)


WRONG = {
    "prose_bullets": ({"json_findings", "tous_les_findings", "metadonnees", "valeurs"}, "prose"),
    "claims_only": ({"metadonnees", "valeurs"}, "devenu str"),
    "first_three": ({"tous_les_findings"}, "findings transmis pour"),
    "keys_renamed": ({"metadonnees"}, "gardez les clés"),
    "python_repr": ({"json_findings", "tous_les_findings", "metadonnees", "valeurs"}, "repr Python"),
    "topic_missing": ({"sujet"}, "mot pour mot"),
    "claim_and_source_squeezed": ({"metadonnees", "valeurs"}, "a perdu la clé"),
    "nulls_dropped": ({"metadonnees"}, "gardez les null"),
    "mutates_its_input": ({"valeurs"}, "ne réécrivez rien"),
    "merges_same_claims": ({"tous_les_findings"}, "fusionné"),
    "stub": ({"sujet", "json_findings", "tous_les_findings", "metadonnees", "valeurs"}, "NotImplementedError"),
}


@pytest.mark.parametrize("name", WRONG)
def test_each_classic_mistake_fails_exactly_its_rules_with_a_french_reason(name):
    must_fail, word = WRONG[name]
    for seed in SEEDS:
        report = checks.check(getattr(synthesis, name), seed=seed)
        failed = {c.key for c in report.criteria if not c.passed}
        assert failed == must_fail, (seed, str(report))
        assert any(word in c.detail for c in report.criteria if not c.passed), str(report)


def test_the_first_object_with_a_findings_key_is_the_one_read():
    text = 'Exemple : {"autre": 1} puis {"findings": [{"claim": "a {b}"}]} et {"findings": []}'
    assert judge.first_findings_object(text) == {"findings": [{"claim": "a {b}"}]}
    assert judge.first_findings_object("{'findings': []}") is None


def test_scenarios_hold_nulls_twins_and_tricky_text_and_change_with_the_seed():
    built = judge._Builder(5)
    ordinary, tricky = built.ordinary(), built.tricky()
    claims = [f["claim"] for f in ordinary.findings]
    assert len(claims) != len(set(claims))                                  # two findings, one claim
    assert any(v is None for f in ordinary.findings for v in f.values())
    assert any("{" in f["claim"] and '"' in f["claim"] for f in tricky.findings)
    assert json.dumps(judge._Builder(6).ordinary().findings) != json.dumps(ordinary.findings)


def test_a_hard_coded_answer_cannot_pass():
    def replay(topic, findings):
        return f"Synthèse sur « {topic} » : " + json.dumps({"findings": [{"claim": "x"}]})
    report = checks.check(replay, seed=2)
    assert {c.key for c in report.criteria if not c.passed} == {"tous_les_findings", "metadonnees", "valeurs"}


def test_not_a_function_and_not_a_string():
    assert checks.check(None).score == 0
    report = checks.check(lambda topic, findings: {"findings": findings}, seed=1)
    assert report.score == 0 and "chaîne" in str(report)


def test_verify_and_grade_run_the_same_check_through_the_registry():
    from helpers.grading.trusted.verdicts import check, grade
    assert check("1.3.a", synthesis.synthesis_prompt).score == 6
    assert grade("1.3.a", synthesis.stub).score == 0
