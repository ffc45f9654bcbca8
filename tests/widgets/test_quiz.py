"""The question widget: choose, then « Vérifier » explains every option and names the one chosen."""
from __future__ import annotations

from helpers import lessons
from helpers.widgets.quiz import LETTERS


def right(q) -> str:
    return next(letter for letter in LETTERS if q.is_correct(letter))


def test_the_widget_asks_for_a_choice_first():
    widget = lessons.ask("1.1.p1")
    widget.reveal()
    assert "Choisissez" in widget.feedback.value


def test_the_widget_explains_every_option_and_names_the_one_chosen():
    q = lessons.question("1.1.p1")
    widget = lessons.ask("1.1.p1")
    widget.choice.value = right(q)
    widget.reveal()
    assert f"Vous avez choisi {right(q)}\u202f: c'est la bonne réponse" in widget.feedback.value
    assert widget.feedback.value.count("<li>") == 4
    wrong = next(letter for letter in LETTERS if letter != right(q))
    widget.choice.value = wrong
    widget.reveal()
    assert f"Vous avez choisi {wrong}\u202f: ce n'est pas la bonne réponse" in widget.feedback.value


def test_without_a_front_end_the_question_still_reads():
    widget = lessons.ask("1.1.p1")
    assert "1.1.p1" in widget.static_text() and "A." in widget.static_html()
