"""Every question of the course, practice and graded: well formed, fair (no tell), never revealed early.

Practice questions live in helpers/lessons/ts*/questions.py; a graded check's stems and options live in a
locked markdown cell of the master notebook, its key (CORRIGE) only in the master's hidden test cell.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from helpers import lessons
from helpers.grading.trusted.verdicts import answers_from_source
from helpers.widgets.quiz import LETTERS

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Item:
    id: str              # "1.1.p1" (practice) or "1.1.q1" (graded)
    options: dict
    why: dict
    answer: str


def practice() -> list[Item]:
    return [Item(q.id, q.options, q.why, next(x for x in LETTERS if q.is_correct(x)))
            for q in lessons.questions().values()]


def graded_checks() -> list[tuple[Path, str, dict, str]]:
    """(master, exercise id, CORRIGE, markdown of the questions) for each graded check."""
    found = []
    for master in sorted((ROOT / "source").glob("*/*.ipynb")):
        cells = json.loads(master.read_text())["cells"]
        for i, cell in enumerate(cells):
            source = "".join(cell["source"])
            call = re.search(r"""grade\(\s*["']([0-9.]+q)["']""", source)
            if cell["cell_type"] == "code" and call and "CORRIGE" in source:
                name = lessons.exercise(call.group(1)).names[0]
                answers_at = next(j for j, c in enumerate(cells)
                                  if c["metadata"].get("nbgrader", {}).get("grade_id") == name)
                markdown = "".join(cells[answers_at - 1]["source"])
                found.append((master, call.group(1), answers_from_source(source, "CORRIGE"), markdown))
    return found


def graded() -> list[Item]:
    items = []
    for _master, exercise, key, markdown in graded_checks():
        blocks = re.split(r"\*\*Question (\d+)\.\*\*", markdown)[1:]
        for (number, block), (short, entry) in zip(zip(blocks[::2], blocks[1::2]), key.items()):
            options = dict(re.findall(r"^- \*\*([A-D])\.\*\* (.+)$", block, re.M))
            items.append(Item(f"{exercise}{number}", options, entry["why"], entry["answer"]))
    return items


ALL = practice() + graded()


def test_every_lesson_with_a_graded_check_has_its_key_in_the_master():
    quizzes = {e.id for e in lessons.exercises().values() if e.is_quiz}
    found = {exercise for _m, exercise, _k, _md in graded_checks()}
    assert found == quizzes
    for _master, exercise, key, _markdown in graded_checks():
        assert list(key) == list(lessons.exercise(exercise).questions)


@pytest.mark.parametrize("item", ALL, ids=lambda item: item.id)
def test_four_options_one_answer_and_an_explanation_for_each(item):
    assert list(item.options) == list(LETTERS) and list(item.why) == list(LETTERS)
    assert item.answer in LETTERS
    assert all(len(item.why[letter]) > 40 for letter in LETTERS)


@pytest.mark.parametrize("notebook", sorted({item.id.split(".")[0] + "." + item.id.split(".")[1] for item in ALL}))
def test_answers_are_spread_over_the_letters_within_a_notebook(notebook):
    for kind in ("p", "q"):
        letters = Counter(i.answer for i in ALL if re.match(rf"{re.escape(notebook)}\.{kind}\d", i.id))
        assert not letters or max(letters.values()) <= 2, (notebook, kind, letters)


def test_the_graded_answers_in_course_order_are_balanced_and_form_no_pattern():
    """nbgrader needs a fixed order: over the course, the right letters of the graded checks are as frequent as one
    another and show no period nor long run (practice questions and the mock exam are shuffled per learner)."""
    from helpers.widgets.shuffle import patterned, repeats
    letters = "".join(item.answer for item in graded())
    counts = Counter(letters)
    assert max(counts.values()) - min(counts[letter] for letter in LETTERS) <= 2, counts
    assert not patterned(letters), (letters, repeats(letters))


def test_the_length_of_an_option_gives_nothing_away():
    ranks = [sorted(len(t) for t in i.options.values()).index(len(i.options[i.answer])) for i in ALL]
    assert Counter(ranks)[3] <= len(ALL) // 3, "la bonne réponse est trop souvent la plus longue"
    assert Counter(ranks)[0] <= len(ALL) // 2, "la bonne réponse est trop souvent la plus courte"


def test_practice_and_graded_questions_are_different_questions():
    stems = {q.stem for q in lessons.questions().values()}
    for _master, _exercise, _key, markdown in graded_checks():
        for stem in re.findall(r"\*\*Question \d+\.\*\* (.+)", markdown):
            assert stem not in stems


def test_no_learner_file_holds_a_graded_key():
    """Student notebooks and helpers/ carry neither CORRIGE nor any of its explanations."""
    learner_files = list((ROOT / "release").rglob("*.ipynb")) + list((ROOT / "helpers").rglob("*.py"))
    texts = {path: path.read_text() for path in learner_files}
    secrets = [why[:60] for _m, _e, key, _md in graded_checks() for entry in key.values() for why in entry["why"].values()]
    for path, text in texts.items():
        assert "CORRIGE = {" not in text, path
        leaked = [s for s in secrets if s in text or json.dumps(s, ensure_ascii=False)[1:-1] in text]
        assert not leaked, (path, leaked[0])


def test_answers_are_case_and_space_tolerant_but_nothing_else():
    q = lessons.question("1.1.p1")
    letter = next(x for x in LETTERS if q.is_correct(x))
    assert q.is_correct(f" {letter.lower()} ")
    assert not q.is_correct(None) and not q.is_correct("AB") and not q.is_correct(1)


def test_the_graded_report_explains_every_option_once_graded():
    key = {"q1": {"answer": "B", "title": "Titre", "why": {k: f"raison {k}" for k in LETTERS}},
           "q2": {"answer": "C", "title": "Autre", "why": {k: f"motif {k}" for k in LETTERS}}}
    report = lessons.graded_report("9.9.q", {"q1": " b ", "q2": "A"}, key)
    assert report.score == 1 and report.max_score == 2
    assert "vous avez choisi A\u202f; la bonne réponse était C" in str(report)
    assert all(f"motif {k}" in str(report) for k in LETTERS)
    empty = lessons.graded_report("9.9.q", {"q1": 2}, key)
    assert empty.score == 0 and "une lettre A, B, C ou D attendue" in str(empty)


def test_without_its_key_a_graded_check_scores_nothing_and_says_why():
    report = lessons.check("1.1.q", {"q1": "B", "q2": "D", "q3": "A"})
    assert report.score == 0 and "corrigé par le formateur" in str(report)
