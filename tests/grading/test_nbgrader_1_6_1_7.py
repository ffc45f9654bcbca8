"""Notebooks 1.6 and 1.7 under plain `nbgrader autograde`: every correct variant gets full marks on its
exercise, every classic wrong one loses marks — one course folder, one autograde call per assignment."""
from __future__ import annotations

import inspect
import json
import shutil
from itertools import zip_longest
from pathlib import Path

import pytest

from solutions import review, sessions
from solutions.submissions import nbgrader, with_solution

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.cli, pytest.mark.timeout(1800)]

REVIEW_HEADER = ("import json\nfrom concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, as_completed, "
                 "wait\n\n" + "".join(inspect.getsource(f) + "\n" for f in (review._ask, review._local_prompt,
                                                                              review._integration_prompt)))
PROMPT_HEADER = "import json\nimport os\n\n"
FORKS_HEADER = ("import asyncio\nimport dataclasses\n\nfrom claude_agent_sdk import ClaudeSDKClient, ResultMessage, "
                "query\n\n" + inspect.getsource(sessions._session) + "\n")


def as_cell(fn, name: str, header: str) -> str:
    return header + inspect.getsource(fn).replace(f"def {fn.__name__}(", f"def {name}(", 1)


def release(name: str) -> dict:
    return json.loads((ROOT / "release" / name / f"{name}.ipynb").read_text())


def submissions_1_6():
    name = "1.6-decomposer-une-tache"
    answers = 'reponses_1_6 = {"q1": "B", "q2": "C", "q3": "A"}'
    for fn in review.CORRECT + list(review.WRONG):
        nb = with_solution(release(name), "review_pull_request", as_cell(fn, "review_pull_request", REVIEW_HEADER))
        yield f"r-{fn.__name__}", name, with_solution(nb, "reponses_1_6", answers)


def submissions_1_7():
    """Each student pairs a 1.7.a variant with a 1.7.b variant: fewer notebooks, each exercise graded apart."""
    name = "1.7-sessions"
    answers = 'reponses_1_7 = {"q1": "D", "q2": "B", "q3": "C"}'
    prompts = sessions.PROMPT_CORRECT + list(sessions.PROMPT_WRONG)
    forks = sessions.FORKS_CORRECT + list(sessions.FORKS_WRONG)
    for n, (prompt, fork) in enumerate(zip_longest(prompts, forks, fillvalue=None)):
        nb = release(name)
        if prompt is not None:
            nb = with_solution(nb, "fresh_session_prompt", as_cell(prompt, "fresh_session_prompt", PROMPT_HEADER))
        if fork is not None:
            nb = with_solution(nb, "explore_forks", as_cell(fork, "explore_forks", FORKS_HEADER))
        yield f"s{n}", name, with_solution(nb, "reponses_1_7", answers), prompt, fork


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """(student, grade cell) → (score, max score), and which variant each student submitted."""
    course = tmp_path_factory.mktemp("cours")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "source", course / "source")
    variants = {}
    found = [(s, n, nb) for s, n, nb in submissions_1_6()]
    for student, name, nb, prompt, fork in submissions_1_7():
        found.append((student, name, nb))
        variants[student] = (prompt, fork)
    for name in ("1.6-decomposer-une-tache", "1.7-sessions"):
        assert nbgrader(course, "generate_assignment", name, "--force").returncode == 0
    for student, name, nb in found:
        target = course / "submitted" / student / name
        target.mkdir(parents=True)
        (target / f"{name}.ipynb").write_text(json.dumps(nb))
    for name in ("1.6-decomposer-une-tache", "1.7-sessions"):
        done = nbgrader(course, "autograde", name, "--create", "--force")
        assert done.returncode == 0, done.stderr[-3000:]
    from nbgrader.api import Gradebook
    scores = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for name in ("1.6-decomposer-une-tache", "1.7-sessions"):
            for submission in gb.assignment_submissions(name):
                for notebook in submission.notebooks:
                    for grade in notebook.grades:
                        scores[(submission.student_id, grade.name)] = (grade.score, grade.max_score)
    return scores, variants


@pytest.mark.parametrize("fn", review.CORRECT, ids=lambda f: f.__name__)
def test_correct_reviewers_get_full_marks_under_nbgrader(graded, fn):
    score, max_score = graded[0][(f"r-{fn.__name__}", "test_1_6_a")]
    assert max_score == 10 and score == 10


@pytest.mark.parametrize("fn", list(review.WRONG), ids=lambda f: f.__name__)
def test_wrong_reviewers_lose_marks_under_nbgrader(graded, fn):
    score, max_score = graded[0][(f"r-{fn.__name__}", "test_1_6_a")]
    assert score < max_score


def test_sessions_exercises_discriminate_under_nbgrader(graded):
    scores, variants = graded
    for student, (prompt, fork) in variants.items():
        a, max_a = scores[(student, "test_1_7_a")]
        b, max_b = scores[(student, "test_1_7_b")]
        if prompt is not None:
            assert (a == max_a) == (prompt in sessions.PROMPT_CORRECT), (student, prompt.__name__, a)
        if fork is not None:
            assert (b == max_b) == (fork in sessions.FORKS_CORRECT), (student, fork.__name__, b)
        assert scores[(student, "test_1_7_q")][0] == 3
