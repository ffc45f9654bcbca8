"""Notebook 1.6: correct reviewers get full marks; each classic wrong decomposition loses the points of its rule."""
from __future__ import annotations

import pytest

from helpers.lessons.ts1_6 import checks
from solutions import review as r


@pytest.mark.parametrize("fn", r.CORRECT, ids=lambda f: f.__name__)
@pytest.mark.parametrize("seed", [1, 8])
def test_correct_reviewers_get_full_marks(fn, seed):
    report = checks.check(fn, seed=seed)
    assert report.score == report.max_score == 10, str(report)


@pytest.mark.parametrize("fn", list(r.WRONG), ids=lambda f: f.__name__)
def test_each_wrong_decomposition_breaks_its_rule(fn):
    report = checks.check(fn, seed=4)
    failed = {c.key for c in report.criteria if not c.passed}
    assert r.WRONG[fn] <= failed, str(report)
    assert report.score < 10


def test_the_grade_does_not_depend_on_the_draw():
    scores = {checks.check(r.integration_gets_names_only, seed=seed).score for seed in (2, 3, 5)}
    assert scores == {8}


def test_a_missing_or_broken_function_is_explained_not_fatal():
    assert checks.check(None).score == 0 and "review_pull_request" in str(checks.check(None))

    def raises(client, files, *, model, max_tokens=1024):
        raise ValueError("pas encore écrit")

    def spins(client, files, *, model, max_tokens=1024):
        while True:
            pass
    report = checks.check(raises, seed=1)
    assert report.score == 0 and "ValueError" in str(report)
    assert checks.check(spins, seed=1).score == 0


def test_local_passes_are_random_file_sets_with_planted_defects():
    from helpers.lessons.ts1_6 import scenario
    small, large = scenario.generate(1, 4), scenario.generate(2, 15)
    assert len(small.sources) == 4 and len(large.sources) == 15
    assert small.sources != scenario.generate(3, 4).sources
    for pr in (small, large):
        planted = [p for p in pr.sources if pr.planted(p)]
        assert 2 <= len(planted) < len(pr.sources)
        caller, callee, name = pr.cross
        assert caller in pr.sources and callee in pr.sources and name in pr.sources[caller]


def test_a_long_file_is_beyond_any_cut_and_holds_many_findings_some_of_the_same_text():
    """What the checks draw: in each pull request one file of 6 000–9 000 characters (generated files are otherwise
    under 800), 4 or more defects, one kind twice, the last near the end; its interface stays short (private
    helpers). Without `long_files` the draw is unchanged."""
    from helpers.lessons.ts1_6 import scenario
    from helpers.simulator._playbooks.review import interface
    assert scenario.generate(2, 15).sources == scenario.generate(2, 15, long_files=0).sources
    for seed in range(5):
        pr = scenario.generate(seed, 5, long_files=1)
        long = [p for p, s in pr.sources.items() if len(s) > 1500]
        assert len(long) == 1 and 6000 <= len(pr.sources[long[0]]) <= 9400
        kinds = pr.planted(long[0])
        assert len(kinds) >= 4 and len(set(kinds)) < len(kinds)
        assert len(interface(pr.sources[long[0]]).exports) <= 2
