"""Notebook 1.7: correct session code gets full marks; each classic mistake loses the points of its rule."""
from __future__ import annotations

import pytest

from helpers.lessons.ts1_7 import checks
from solutions import sessions as s


@pytest.mark.parametrize("fn", s.PROMPT_CORRECT, ids=lambda f: f.__name__)
@pytest.mark.parametrize("seed", [1, 6])
def test_correct_fresh_session_prompts_get_full_marks(fn, seed):
    report = checks.check_prompt(fn, seed=seed)
    assert report.score == report.max_score == 4, str(report)


@pytest.mark.parametrize("fn", list(s.PROMPT_WRONG), ids=lambda f: f.__name__)
@pytest.mark.parametrize("seed", [2, 9])
def test_each_wrong_prompt_breaks_its_rule(fn, seed):
    report = checks.check_prompt(fn, seed=seed)
    assert s.PROMPT_WRONG[fn] <= {c.key for c in report.criteria if not c.passed}, str(report)
    assert report.score < 4


def test_the_base_name_trap_is_named_in_the_feedback():
    report = checks.check_prompt(s.matches_base_names, seed=3)
    assert "chemins complets" in report.get("valides").detail


def test_a_broken_prompt_function_is_scored_not_fatal():
    def returns_a_list(findings, changed_files):
        return [f["finding"] for f in findings]

    def raises(findings, changed_files):
        raise NotImplementedError()
    for fn in (returns_a_list, raises):
        assert checks.check_prompt(fn, seed=1).score == 0


@pytest.mark.cli
@pytest.mark.timeout(300)
@pytest.mark.parametrize("fn", s.FORKS_CORRECT, ids=lambda f: f.__name__)
def test_correct_forks_on_the_real_cli_get_full_marks(fn):
    report = checks.check_forks(fn, seed=4)
    assert report.score == report.max_score == 6, str(report)


@pytest.mark.cli
@pytest.mark.timeout(300)
@pytest.mark.parametrize("fn", list(s.FORKS_WRONG), ids=lambda f: f.__name__)
def test_each_wrong_fork_strategy_breaks_its_rule(fn):
    report = checks.check_forks(fn, seed=4)
    assert s.FORKS_WRONG[fn] <= {c.key for c in report.criteria if not c.passed}, str(report)
    assert report.score < 6


@pytest.mark.cli
@pytest.mark.timeout(120)
def test_a_function_that_is_not_a_coroutine_is_explained():
    def not_async(session_id, prompt_a, prompt_b, options):
        return session_id, session_id
    report = checks.check_forks(not_async, seed=1)
    assert report.get("nouveaux_ids").passed is False and "async def" in report.get("nouveaux_ids").detail
    assert report.score == 0, "a function that explores nothing earns nothing, not even « original intact »"


@pytest.mark.cli
@pytest.mark.timeout(120)
def test_the_untouched_stub_gets_zero():
    async def explore_forks(session_id, prompt_a, prompt_b, options):
        raise NotImplementedError("Exercice 1.7.b")
    report = checks.check_forks(explore_forks, seed=2)
    assert report.score == 0, str(report)
