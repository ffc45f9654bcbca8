"""Correct solutions keep full marks with both cores busy, judged in the sandbox as nbgrader judges them.

A correct 1.2 coordinator once lost « reprise » on a saturated machine. Grading must not depend on timing: every
core runs a busy loop for the whole module (as many as os.cpu_count(), at the grader's own priority), and the
correct catalogue of each exercise — several variants, several seeds — is judged and must get every point.
"""
from __future__ import annotations

import inspect
import os
import subprocess
import sys

import pytest

from solutions import coordinators, gates, hooks, loops, review, sessions, synthesis

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]


@pytest.fixture(scope="module", autouse=True)
def busy_cores():
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 2)]
    yield
    for burner in burners:
        burner.kill()
        burner.wait()


def cells(module, name: str, target: str) -> list[str]:
    return [inspect.getsource(module), f"{target} = {name}\n"]


# Where time is read (1.2 overlap and retries, 1.6 order of passes, 1.1 loops): more variants and seeds.
CATALOGUE = [("1.1.a", loops, "run_agent", "run_agent", s) for s in (1, 2)] + \
    [("1.2.a", coordinators, n, "coordinate", s) for n in ("coordinate", "coordinate_threads", "coordinate_futures")
     for s in (3, 2024)] + \
    [("1.3.a", synthesis, "synthesis_prompt", "synthesis_prompt", 1)] + \
    [("1.4.b", gates, n, "build_handoff", 4) for n in gates.HANDOFF_CORRECT] + \
    [("1.6.a", review, f.__name__, "review_pull_request", 8) for f in review.CORRECT] + \
    [("1.7.a", sessions, f.__name__, "fresh_session_prompt", 6) for f in sessions.PROMPT_CORRECT] + \
    [pytest.param("1.4.a", gates, "make_support_tools", "make_support_tools", 4, marks=pytest.mark.cli),
     pytest.param("1.5.c", hooks, "HOOKS", "HOOKS", 5, marks=pytest.mark.cli),
     pytest.param("1.7.b", sessions, "explore_forks", "explore_forks", 4, marks=pytest.mark.cli)]


@pytest.mark.parametrize("exercise, module, name, target, seed", CATALOGUE,
                         ids=["{0}-{2}-{4}".format(*getattr(c, "values", c)) for c in CATALOGUE])
def test_a_correct_solution_gets_every_point_with_every_core_busy(exercise, module, name, target, seed):
    from helpers.grading.trusted.atelier import atelier
    from helpers.grading.trusted import verdicts
    report = verdicts.judge_submission(exercise, cells(module, name, target), seed, atelier().new_run())
    assert report.score == report.max_score, str(report)
