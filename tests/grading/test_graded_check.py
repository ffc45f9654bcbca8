"""The graded check is scored by the trusted side: answers from the cell nbgrader knows, key from the master."""
from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from helpers.grading.trusted.autograde import ApplyVerdicts

ROOT = Path(__file__).resolve().parents[2]
MASTER = ROOT / "source" / "1.1-boucles-agentiques" / "1.1-boucles-agentiques.ipynb"


def master_cell(grade_id: str):
    cells = json.loads(MASTER.read_text())["cells"]
    cell = next(c for c in cells if c["metadata"].get("nbgrader", {}).get("grade_id") == grade_id)
    return nbformat.from_dict(dict(cell, source="".join(cell["source"])))


def graded(*learner_cells):
    nb = nbformat.v4.new_notebook()
    nb.cells = [*learner_cells, master_cell("test_1_1_q")]
    nb, _ = ApplyVerdicts().preprocess(nb, {})
    outputs = nb.cells[-1].outputs
    return float(outputs[-1]["data"]["text/plain"]), outputs[0]["text"]


def answers(source: str, grade_id: str | None = "reponses_1_1"):
    cell = nbformat.v4.new_code_cell(source)
    if grade_id:
        cell.metadata["nbgrader"] = {"grade": False, "solution": True, "locked": False, "grade_id": grade_id,
                                     "schema_version": 3}
    return cell


RIGHT = 'reponses_1_1 = {"q1": "B", "q2": "D", "q3": "A"}'


def test_right_answers_get_every_point_and_the_report_explains_them():
    score, report = graded(answers(RIGHT))
    assert score == 3
    assert "Question 1 — Plafond d'une boucle sans surveillance" in report and "Pourquoi" in report


def test_a_draft_left_in_another_cell_changes_nothing():
    """Issue 12, finding 2: the answers are read from the cell whose grade_id is reponses_1_1."""
    score, _ = graded(answers("reponses_1_1 = {}", grade_id=None), answers(RIGHT),
                      answers("reponses_1_1 = {'q1': 'A'}", grade_id=None))
    assert score == 3


@pytest.mark.parametrize("source, expected", [
    ('reponses_1_1 = {"q1": "B", "q2": "A", "q3": "C"}', 1),
    ("reponses_1_1 = {'q1': 'b', 'q2': ' d ', 'q3': 'a'}", 3),
    ("reponses_1_1 = dict(q1='B', q2='D', q3='B')", 0),            # not a literal: read, never executed
    ("# VOTRE CODE ICI\nraise NotImplementedError()", 0),
])
def test_what_is_read_is_the_literal_in_the_submitted_cell(source, expected):
    score, report = graded(answers(source))
    assert score == expected, report
