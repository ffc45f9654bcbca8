"""nbgrader: release/ is generated from source/, the solution gets full marks, the untouched student
version gets zero without hanging, and a wrong loop gets partial credit."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solutions.submissions import nbgrader

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


def test_release_is_generated_from_source():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "release.py"), "--check"], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def assignments():
    return sorted(p.name for p in (ROOT / "source").iterdir() if p.is_dir())


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """A course with three submissions per assignment: the solution, the untouched release, a wrong one."""
    course = tmp_path_factory.mktemp("cours")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "source", course / "source")
    for name in assignments():
        assert nbgrader(course, "generate_assignment", name, "--force").returncode == 0
        for student, origin in (("solution", "source"), ("vierge", "release")):
            target = course / "submitted" / student / name
            target.mkdir(parents=True)
            for nb in (ROOT / origin / name).glob("*.ipynb"):
                shutil.copy(nb, target / nb.name)
    from solutions.submissions import wrong_submissions
    for student, name, notebook in wrong_submissions(ROOT):
        target = course / "submitted" / student / name
        target.mkdir(parents=True, exist_ok=True)
        (target / f"{name}.ipynb").write_text(json.dumps(notebook))
    for name in assignments():
        done = nbgrader(course, "autograde", name, "--create", "--force")
        assert done.returncode == 0, done.stderr[-3000:]
    from nbgrader.api import Gradebook
    scores = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for name in assignments():
            for submission in gb.assignment_submissions(name):
                scores[(submission.student_id, name)] = (submission.score, submission.max_score)
    return scores


@pytest.mark.parametrize("name", assignments())
def test_the_solution_gets_full_marks(graded, name):
    score, max_score = graded[("solution", name)]
    assert max_score > 0 and score == max_score


@pytest.mark.parametrize("name", assignments())
def test_the_untouched_student_version_gets_zero(graded, name):
    assert graded[("vierge", name)][0] == 0


def test_a_loop_that_stops_on_text_gets_partial_credit(graded):
    score, max_score = graded[("stops_on_text", "1.1-boucles-agentiques")]
    assert 0 < score < max_score


def test_a_refusal_placed_in_posttooluse_gets_partial_credit(graded):
    score, max_score = graded[("refus_en_posttooluse", "1.5-hooks-agent-sdk")]
    assert 0 < score < max_score
