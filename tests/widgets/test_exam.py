"""The mock exam widget: 30 drawn from the bank, every task statement present, another draw on a second
attempt, a countdown that hands the paper in, a score per task statement, links for the misses."""
from __future__ import annotations

import re
from collections import Counter

from helpers.lessons.ts2_1 import BANK, examen_blanc
from helpers.widgets.exam import ExamState
from helpers.widgets.quiz import LETTERS, shown_as


def right(q) -> str:
    return next(letter for letter in LETTERS if q.is_correct(letter))


def wrong(q) -> str:
    return next(letter for letter in LETTERS if not q.is_correct(letter))


def test_thirty_questions_with_every_task_statement():
    state = ExamState(tuple(BANK), seed=1)
    drawn = state.start(now=0)
    assert len(drawn) == 30 and len({q.id for q in drawn}) == 30
    per_ts = Counter(q.ts for q in drawn)
    assert set(per_ts) == {f"1.{n}" for n in range(1, 8)} and min(per_ts.values()) >= 4


def test_a_second_attempt_draws_other_questions_and_a_third_starts_over():
    state = ExamState(tuple(BANK), seed=2)
    first = {q.id for q in state.start(now=0)}
    second = {q.id for q in state.start(now=0)}
    assert not first & second
    third = {q.id for q in state.start(now=0)}
    assert len(third) == 30 and state.attempt == 3


def test_same_seed_same_draw_but_draws_differ_between_seeds():
    assert [q.id for q in ExamState(tuple(BANK), seed=5).start(now=0)] == \
        [q.id for q in ExamState(tuple(BANK), seed=5).start(now=0)]
    assert [q.id for q in ExamState(tuple(BANK), seed=5).start(now=0)] != \
        [q.id for q in ExamState(tuple(BANK), seed=6).start(now=0)]


def test_the_score_per_task_statement_counts_right_answers_only():
    state = ExamState(tuple(BANK), seed=3)
    drawn = state.start(now=0)
    missed = {q.id for q in drawn if q.ts == "1.4"}
    for q in drawn:
        state.answer(q.id, wrong(q) if q.id in missed else right(q))
    outcome = state.submit(now=600)
    assert outcome.score == 30 - len(missed)
    assert outcome.per_ts["1.4"] == (0, len(missed))
    assert all(got == asked for ts, (got, asked) in outcome.per_ts.items() if ts != "1.4")
    assert {q.id for q in outcome.misses} == missed and not outcome.timed_out
    assert all(q.link.startswith("../1.4-") and "#" in q.link for q in outcome.misses)


def test_unanswered_questions_count_as_misses_and_answers_after_the_end_are_ignored():
    state = ExamState(tuple(BANK), seed=4)
    drawn = state.start(now=0)
    state.answer(drawn[0].id, right(drawn[0]))
    outcome = state.submit(now=10)
    state.answer(drawn[1].id, right(drawn[1]))
    assert outcome.score == 1 and len(outcome.misses) == 29 and drawn[1].id not in state.answers


def test_the_countdown_hands_the_paper_in_when_time_is_up():
    state = ExamState(tuple(BANK), minutes=1, seed=1)
    state.start(now=100)
    assert state.remaining(now=130) == 30
    assert state.remaining(now=200) == 0
    assert state.submit(now=200).timed_out


def shown(state, q, original: str) -> str:
    return shown_as(state.orders[q.id], original)


def test_the_view_shows_results_every_explanation_and_a_link_per_miss():
    view = examen_blanc(seed=7, minutes=60)
    view._clock = False
    q = view.state.drawn[0]
    view.choice.value = shown(view.state, q, wrong(q))
    assert view.state.answers == {q.id: wrong(q)}     # kept in the bank's letters, whatever the letter shown
    view.go(1)
    assert view.choice.value is None and "Question 2 / 30" in view.progress.value
    view.submit()
    html = view.results_html
    assert "Résultat\u202f: 0 / 30" in html and "À revoir" in html and html.count("<li><strong>A.</strong>") == 30
    assert q.link.replace("'", "&#x27;") in html
    assert view.results.outputs[0]["data"]["text/html"] == html        # an output: JupyterLab's rendermime draws it
    assert view.exam_box.layout.display == "none" and view.again.layout.display is None
    view.restart()
    assert view.state.attempt == 2 and view.results_html == "" and view.state.outcome is None
    assert not any("text/html" in o["data"] for o in view.results.outputs)     # at most the focus script


def test_links_to_revisit_look_like_links_stay_in_the_lab_and_show_code_as_code():
    """They looked like plain text, opened a second JupyterLab (target=_blank) and lost the heading; titles showed
    raw backticks. Now: underlined, no target (JupyterLab opens them itself, at the heading), `x` as <code>."""
    from helpers.widgets.exam import revisit_link
    q = next(q for q in BANK if "`" in q.section)
    link = revisit_link(q)
    assert "target=" not in link and "text-decoration:underline" in link and "#" in link
    assert "`" not in link and "<code>" in link


def test_ending_with_unanswered_questions_asks_first_and_the_answer_is_honoured():
    view = examen_blanc(seed=8, minutes=60)
    view._clock = False
    view.choice.value = shown(view.state, view.state.drawn[0], wrong(view.state.drawn[0]))
    assert view.finish_clicked() is None and view.state.outcome is None
    assert view.confirm.layout.display is None and "29 questions sans réponse" in view.confirm_text.value
    view.confirm_no.click()
    assert view.confirm.layout.display == "none" and view.state.outcome is None and not view.finish.disabled
    view.finish.click()
    view.confirm_yes.click()
    assert view.state.outcome is not None and view.results_html


def test_ending_with_every_answer_given_does_not_ask():
    view = examen_blanc(seed=9, minutes=60)
    view._clock = False
    for q in view.state.drawn:
        view.state.answer(q.id, right(q))
    assert view.finish_clicked() is not None and view.confirm.layout.display == "none"


def test_without_a_front_end_the_exam_still_reads():
    view = examen_blanc(seed=1)
    assert "30 questions" in view.static_text() and "60" in view.static_text()


def test_hiding_the_exam_hides_no_other_button():
    """Every button has a layout of its own: « Nouvelle tentative » hidden must leave the others shown."""
    view = examen_blanc(seed=2)
    view._clock = False
    buttons = (view.previous, view.next, view.finish, view.again)
    assert len({id(b.layout) for b in buttons}) == 4
    assert view.again.layout.display == "none" and view.finish.layout.display is None


def test_options_are_shown_in_an_order_of_the_learner_and_attempt_that_a_reload_keeps():
    def exam(learner, attempts=1):
        state = ExamState(tuple(BANK), learner=learner)
        for _ in range(attempts):
            state.start(now=0)
        return [q.id for q in state.drawn], state.orders
    assert exam("ana") == exam("ana")                       # a reload: the same draw, the same order
    assert exam("ana") != exam("bruno") and exam("ana") != exam("ana", attempts=2)
    ids, orders = exam("ana")
    assert any(order != LETTERS for order in orders.values()) and all(sorted(o) == list(LETTERS) for o in orders.values())


def test_the_view_shows_options_in_that_order_and_judges_the_letter_shown():
    view = examen_blanc(seed=11, minutes=60)
    view._clock = False
    q = view.state.drawn[0]
    order = view.state.orders[q.id]
    shown_texts = [text.split("</strong> ", 1)[1][:12] for text in view.question.value.split("<li")[1:]]
    assert shown_texts == [q.options[o].replace("'", "&#x27;")[:12] for o in order]
    view.choice.value = shown(view.state, q, right(q))
    assert view.state.answers[q.id] == right(q)
    view.go(1)
    view.go(0)
    assert view.choice.value == shown(view.state, q, right(q))
    view.submit()
    assert f"vous avez choisi {shown(view.state, q, right(q))}\u202f; la bonne réponse est " \
           f"{shown(view.state, q, right(q))}" in view.results_html


def test_in_every_draw_the_right_letters_are_balanced_and_form_no_pattern():
    from helpers.widgets.shuffle import patterned
    everything = Counter()
    for n in range(60):
        state = ExamState(tuple(BANK), learner=f"apprenant-{n}")
        state.start(now=0)
        letters = [shown(state, q, right(q)) for q in state.drawn]
        counts = Counter(letters)
        assert max(counts.values()) - min(counts.values()) <= 1, counts
        assert not patterned(letters), "".join(letters)
        everything += counts
    total = sum(everything.values())
    assert all(abs(everything[letter] / total - 0.25) < 0.02 for letter in LETTERS), everything


def test_handing_in_moves_the_focus_to_the_results_and_a_new_attempt_to_its_first_answer():
    """The button pressed hides with the paper: the results carry a script that focuses their heading (reachable by
    the script only, tabindex -1); a new attempt's script focuses its first answer. Each acts once."""
    view = examen_blanc(seed=3, minutes=60)
    view._clock = False
    assert view.results.outputs == ()                       # the first paper: nothing takes the focus
    view.finish.click()
    view.confirm_yes.click()
    html_part, script = view.results.outputs
    anchor = re.search(r"<h3 id='([^']+)' tabindex='-1'>Résultat", html_part["data"]["text/html"]).group(1)
    code = script["data"]["application/javascript"]
    assert f'"#{anchor}"' in code and ".focus()" in code and "done[once]" in code
    view.again.click()
    (script,) = view.results.outputs
    assert f'"{view._name}-choix button"'.replace('"', '".', 1) in script["data"]["application/javascript"]
    assert f"{view._name}-choix" in view.choice._dom_classes
