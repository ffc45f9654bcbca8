"""Scenario questions: well-formed, fair (no tell in the options), checked the same way everywhere."""
from __future__ import annotations

from collections import Counter

import pytest

from helpers import lessons
from helpers.widgets import quiz

QUESTIONS = list(lessons.questions().values())


@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: q.id)
def test_four_options_one_answer_and_an_explanation_for_each(q):
    assert list(q.options) == list(quiz.LETTERS) and list(q.why) == list(quiz.LETTERS)
    assert sum(q.is_correct(letter) for letter in quiz.LETTERS) == 1
    assert all(len(q.why[letter]) > 40 for letter in quiz.LETTERS)


def right(q) -> str:
    return next(letter for letter in quiz.LETTERS if q.is_correct(letter))


@pytest.mark.parametrize("notebook", sorted({q.id.rsplit(".", 1)[0] for q in QUESTIONS}))
def test_answers_are_spread_over_the_letters_within_a_notebook(notebook):
    letters = Counter(right(q) for q in QUESTIONS if q.id.startswith(notebook + "."))
    assert max(letters.values()) <= 2, letters


def test_the_length_of_an_option_gives_nothing_away():
    ranks = [sorted(len(t) for t in q.options.values()).index(len(q.options[right(q)])) for q in QUESTIONS]
    assert Counter(ranks)[3] <= len(QUESTIONS) // 3, "la bonne réponse est trop souvent la plus longue"
    assert Counter(ranks)[0] <= len(QUESTIONS) // 2, "la bonne réponse est trop souvent la plus courte"


def test_answers_are_case_and_space_tolerant_but_nothing_else():
    q = QUESTIONS[0]
    letter = right(q)
    assert q.is_correct(f" {letter.lower()} ")
    assert not q.is_correct(None) and not q.is_correct("AB") and not q.is_correct(1)


def test_the_report_names_each_question_and_explains_a_missing_answer():
    report = lessons.check_answers("1.1.q", {"q1": "Z"}, ["1.1.q1", "1.1.q2"])
    assert report.score == 0 and report.max_score == 2
    assert "une lettre A, B, C ou D attendue" in str(report)


def test_the_widget_explains_every_option_after_a_choice():
    widget = lessons.ask("1.1.q1")
    widget.reveal()
    assert "Choisissez" in widget.feedback.value
    widget.choice.value = right(QUESTIONS[0])
    widget.reveal()
    assert "Bonne réponse" in widget.feedback.value and widget.feedback.value.count("<li>") == 4
    assert "1.1.q1" in widget.static_text() and "A." in widget.static_html()
