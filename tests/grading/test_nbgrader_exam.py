"""The graded mock exam under plain `nbgrader autograde` (one batch): answers read from the cell
`reponses_examen`, key from the master's hidden test; then the dashboard's results per task statement."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from solutions.submissions import nbgrader

ROOT = Path(__file__).resolve().parents[2]
NAME = "2.1-examen-blanc"
RIGHT = {"q1": "C", "q2": "A", "q3": "B", "q4": "B", "q5": "A", "q6": "C", "q7": "D", "q8": "D"}
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


def answered(release: dict, source: str) -> dict:
    from solutions.submissions import with_solution
    return with_solution(release, "reponses_examen", source)


SUBMISSIONS = {   # student -> (what the answers cell holds, expected score)
    "juste": (f"reponses_examen = {json.dumps(RIGHT)}", 8),
    "rate_1_2_et_1_7": (f"reponses_examen = {json.dumps(dict(RIGHT, q2='B', q7='A', q8='A'))}", 5),
    "minuscules": (f"reponses_examen = {json.dumps({k: ' ' + v.lower() for k, v in RIGHT.items()})}", 8),
    "pas_un_litteral": (f"reponses_examen = dict(**{json.dumps(RIGHT)})", 0),
    "vierge": (None, 0),
}


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    course = tmp_path_factory.mktemp("cours")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "source" / NAME, course / "source" / NAME)
    assert nbgrader(course, "generate_assignment", NAME, "--force").returncode == 0
    release = json.loads((ROOT / "release" / NAME / f"{NAME}.ipynb").read_text())
    for student, (source, _) in SUBMISSIONS.items():
        target = course / "submitted" / student / NAME
        target.mkdir(parents=True)
        nb = release if source is None else answered(release, source)
        (target / f"{NAME}.ipynb").write_text(json.dumps(nb, ensure_ascii=False))
    done = nbgrader(course, "autograde", NAME, "--create", "--force")
    assert done.returncode == 0, done.stderr[-3000:]
    return course


def test_each_submission_gets_the_score_of_its_answers(course):
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        scores = {s.student_id: s.score for s in gb.assignment_submissions(NAME)}
    assert scores == {student: expected for student, (_, expected) in SUBMISSIONS.items()}


def test_the_feedback_names_the_task_statement_and_explains_every_option(course):
    nb = json.loads((course / "autograded" / "rate_1_2_et_1_7" / NAME / f"{NAME}.ipynb").read_text())
    report = next("".join(o.get("text", "")) for c in nb["cells"] for o in c.get("outputs", [])
                  if "[Vérification 2.1.q]" in "".join(o.get("text", "")))
    assert "5 / 8" in report and "❌ Question 2 — 1.2 — " in report and "la bonne réponse était A" in report
    assert "Juste\u202f:" in report           # in French typography


def test_the_dashboard_shows_which_task_statement_the_group_fails(course):
    from helpers.instructor import dashboard
    summary = dashboard.task_statement_summary(dashboard.load(course)).set_index("task_statement")
    # 5 copies; 1.2 has two questions: q2 and q8 missed by one copy, plus the two zero copies.
    assert summary.loc["1.2", "answers"] == 10 and summary.loc["1.2", "wrong"] == 2 + 4
    assert summary.loc["1.1", "wrong"] == 2 and summary.loc["1.7", "wrong"] == 3
    assert summary["success"].idxmin() == "1.2"
