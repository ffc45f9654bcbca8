"""The question widget: choose, then « Vérifier » explains every option and names the one chosen."""
from __future__ import annotations

import html

from helpers import lessons
from helpers.widgets.typography import french_html
from helpers.widgets.quiz import LETTERS, shown_as


def right(q) -> str:
    return next(letter for letter in LETTERS if q.is_correct(letter))


def test_the_widget_asks_for_a_choice_first():
    widget = lessons.ask("1.1.p1")
    widget.reveal()
    assert "Choisissez" in widget.feedback.value


def test_the_widget_explains_every_option_and_names_the_one_chosen():
    q = lessons.question("1.1.p1")
    widget = lessons.ask("1.1.p1")
    good = shown_as(widget.order, right(q))
    widget.choice.value = good
    widget.reveal()
    assert f"Vous avez choisi {good}\u202f: c'est la bonne réponse" in widget.feedback.value
    assert widget.feedback.value.count("<li>") == 4
    items = widget.feedback.value.split("<li>")[1:]
    assert [french_html(html.escape(q.why[o])) in item for item, o in zip(items, widget.order)] == [True] * 4
    wrong = next(letter for letter in LETTERS if letter != good)
    widget.choice.value = wrong
    widget.reveal()
    assert f"Vous avez choisi {wrong}\u202f: ce n'est pas la bonne réponse" in widget.feedback.value


def test_without_a_front_end_the_question_still_reads():
    widget = lessons.ask("1.1.p1")
    assert "1.1.p1" in widget.static_text() and "A." in widget.static_html()


def test_a_learner_sees_the_options_in_an_order_of_their_own_that_a_reload_keeps():
    assert lessons.shown_order("1.1.p1", "ana") == lessons.shown_order("1.1.p1", "ana")
    orders = {lessons.shown_order(f"1.1.p{n}", learner) for n in range(1, 6) for learner in ("ana", "bruno", "chloé")}
    assert len(orders) > 5
    widget = lessons.ask("1.1.p1")
    assert widget.order == lessons.shown_order("1.1.p1")
    first = widget.static_text().splitlines()[1]
    assert first == f"  A. {lessons.question('1.1.p1').options[widget.order[0]]}"


def test_over_a_practice_set_the_right_letters_are_balanced_for_every_learner():
    import re
    from collections import Counter
    sets = sorted({re.sub(r"\d+$", "", qid) for qid in lessons.questions() if ".p" in qid})
    for learner in ("ana", "bruno", "chloé", "djamel"):
        for prefix in sets:
            ids = [qid for qid in lessons.questions() if re.sub(r"\d+$", "", qid) == prefix]
            letters = Counter(shown_as(lessons.shown_order(qid, learner), lessons.question(qid).right_letter())
                              for qid in ids)
            assert max(letters.values()) <= -(-len(ids) // 4), (learner, prefix, letters)
