"""Hostile submissions: each gets a score, none stops the batch, none earns a point it should not."""
from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solutions.attacks import ATTACKS
from solutions.submissions import with_solution

ROOT = Path(__file__).resolve().parents[2]
NAME = "1.1-boucles-agentiques"
pytestmark = [pytest.mark.slow, pytest.mark.timeout(1500)]


def submission(release: dict, changes: dict) -> dict:
    nb = json.loads(json.dumps(release))
    for grade_id, source in changes.items():
        if source is None:
            nb["cells"] = [c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") != grade_id]
        else:
            nb = with_solution(nb, grade_id, source)
    # Two right answers out of three (q3 is wrong): the graded check is worth exactly 2 for everyone.
    return with_solution(nb, "reponses_1_1", 'reponses_1_1 = {"q1": "B", "q2": "D", "q3": "C"}')


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    course = tmp_path_factory.mktemp("cours")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "source", course / "source")
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", NAME, "--force", "--log-level=ERROR"],
                   cwd=course, env=env, check=True)
    release = json.loads((course / "release" / NAME / f"{NAME}.ipynb").read_text())
    for student, changes in ATTACKS.items():
        folder = course / "submitted" / student / NAME
        folder.mkdir(parents=True)
        (folder / f"{NAME}.ipynb").write_text(json.dumps(submission(release, changes)))
    before = {p: p.read_bytes() for p in (course / "source").rglob("*") if p.is_file()}
    os.environ["COURS_DELAI_CELLULE_S"] = "25"
    from helpers.grading.cohort import grade_cohort
    log = io.StringIO()
    try:
        done = grade_cohort(course, NAME, workers=2, out=log)
    finally:
        os.environ.pop("COURS_DELAI_CELLULE_S")
    from nbgrader.api import Gradebook
    scores = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for sub in gb.assignment_submissions(NAME):
            nb = sub.notebooks[0]
            scores[sub.student_id] = {g.name: g.score for g in nb.grades}
    return {"done": done, "scores": scores, "course": course, "log": log.getvalue(), "source_before": before}


def test_every_hostile_submission_gets_a_score_and_the_batch_finishes(graded):
    assert set(graded["done"]) == set(ATTACKS), graded["log"]
    assert all(ok for ok, _, _ in graded["done"].values()), graded["log"]
    assert set(graded["scores"]) == set(ATTACKS)


def test_the_control_submission_still_gets_its_points(graded):
    assert graded["scores"]["temoin-correct"]["test_1_1_a"] == 10


@pytest.mark.parametrize("student", [s for s in ATTACKS if s not in ("temoin-correct", "boucle-infinie-cellule",
                                                                      "sys-exit", "sortie-enorme")])
def test_no_hostile_submission_earns_the_exercise(student, graded):
    assert graded["scores"][student]["test_1_1_a"] == 0, graded["scores"][student]


@pytest.mark.parametrize("student", ["boucle-infinie-cellule", "sys-exit", "sortie-enorme"])
def test_a_correct_function_keeps_its_points_despite_noise_in_its_cell(student, graded):
    """The function is right; the loop, exit or flood that follows it costs nothing it did not break."""
    assert graded["scores"][student]["test_1_1_a"] == 10, graded["scores"][student]


def test_quiz_answers_are_read_from_the_submitted_cell_even_when_the_kernel_is_hijacked(graded):
    for student in ("transformateur", "faux-verificateur", "os-exit", "segfault", "memoire"):
        assert graded["scores"][student]["test_1_1_q"] == 2, (student, graded["scores"][student])


def test_instructor_files_are_neither_read_nor_changed(graded):
    course = graded["course"]
    notebook = json.loads((course / "autograded" / "lit-et-ecrit" / NAME / f"{NAME}.ipynb").read_text())
    texts = [o.get("text", "") for c in notebook["cells"] for o in c.get("outputs", [])]
    printed = "".join("".join(t) if isinstance(t, list) else t for t in texts)
    assert "fuites : 0" in printed and "Bac à sable de correction" in printed
    after = {p: p.read_bytes() for p in (course / "source").rglob("*") if p.is_file()}
    assert after == graded["source_before"]
    manual = [g for s in graded["scores"].values() for g in s.values() if g == 99]
    assert not manual


def test_a_huge_output_is_truncated_in_the_graded_notebook(graded):
    path = graded["course"] / "autograded" / "sortie-enorme" / NAME / f"{NAME}.ipynb"
    assert path.stat().st_size < 5_000_000
