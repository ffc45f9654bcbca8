"""Where the learner stands: done, weak, what to review next, readiness for domain 1 — from the record alone."""
from __future__ import annotations

from helpers import progress
from helpers.lessons.catalogue import catalogue, current_standing
from helpers.progress.record import Record
from helpers.progress.standing import DONE, NOT_STARTED, STARTED, WEAK, heading_key


def now():
    found, _ = current_standing()
    return found


def test_with_nothing_done_every_task_statement_is_to_start_and_readiness_is_not_measured():
    found = now()
    assert [t.lesson.ts for t in found.tasks] == ["1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7"]
    assert {t.status for t in found.tasks} == {NOT_STARTED}
    assert found.readiness.level == "non mesuré" and "examen blanc" in found.readiness.sentence
    assert found.reviews[0].text.startswith("Leçon 1.1")


def test_the_catalogue_links_every_exercise_to_its_heading_in_the_student_notebook():
    for lesson in catalogue():
        assert lesson.href.endswith(".ipynb") and lesson.practice
        for exercise_id, heading in lesson.exercises:
            assert f"Exercice {exercise_id}" in heading
            assert lesson.link(heading).startswith(lesson.href + "#cell-id=")
        assert lesson.link(lesson.practice_heading).startswith(lesson.href + "#cell-id=")
        assert lesson.link("Un titre que la leçon n'a pas") == lesson.href          # its top, never a dead anchor


def test_an_exercise_is_done_once_every_rule_was_met_and_weak_while_points_are_missing():
    progress.verification("1.1.a", 6, 10, [("continue sur tool_use", True), ("un seul message user", False)])
    assert now().task("1.1").status == WEAK
    review = now().reviews[0]
    assert "Exercice 1.1.a" in review.text and "un seul message user" in review.text
    lesson = next(lesson for lesson in catalogue() if lesson.ts == "1.1")
    assert review.href.endswith(lesson.link(dict(lesson.exercises)["1.1.a"]).split(".ipynb")[1])
    assert "#cell-id=" in review.href
    progress.verification("1.1.a", 10, 10, [("continue sur tool_use", True), ("un seul message user", True)])
    task = now().task("1.1")
    assert task.status == STARTED and task.exercises[0].passed     # practice questions not answered yet
    for q in task.lesson.practice:
        progress.practice_answer(q, True)
    assert now().task("1.1").status == DONE


def test_practice_counts_the_first_answer_to_each_question_not_the_retry_after_the_explanation():
    progress.practice_answer("1.2.p1", False)
    progress.practice_answer("1.2.p1", True)
    progress.practice_answer("1.2.p2", False)
    task = now().task("1.2")
    assert (task.first_right, task.answered) == (0, 2) and task.status == WEAK
    assert "0 sur 2 justes du premier coup" in task.weak[0]


def test_readiness_comes_from_the_last_mock_exam_against_the_pass_mark_and_the_80_percent_margin():
    progress.exam_attempt(1, {"1.1": (2, 5), "1.2": (3, 5)}, 1500, False, [("e01", "1.1", "2. Le cycle")])
    ready = now().readiness
    assert ready.level == "pas encore" and ready.below == ("1.1", "1.2") and "500 rapporté à 1 000" in ready.sentence
    assert any("relisez « 2. Le cycle »" in r.text and "#cell-id=" in r.href for r in now().reviews)
    progress.exam_attempt(2, {"1.1": (5, 5), "1.2": (3, 5)}, 1400, False, [])
    ready = now().readiness
    assert ready.level == "proche" and ready.below == ("1.2",) and "En progrès" in ready.sentence
    progress.exam_attempt(3, {"1.1": (5, 5), "1.2": (4, 5)}, 1300, False, [])
    assert now().readiness.level == "atteint" and now().task("1.2").exam == (4, 5)


def test_nothing_in_the_record_is_a_graded_answer_key():
    """The graded checks' ids (1.1.q…, 2.1.q) never appear, nor any letter of an answer."""
    from helpers import lessons
    for question in list(lessons.questions())[:20]:
        progress.practice_answer(question, True)
    progress.exam_attempt(1, {"1.1": (1, 1)}, 10, False, [])
    text = Record().path.read_text()
    graded = [e.id for e in lessons.exercises().values() if e.is_quiz]
    assert graded and not any(f'"{g}' in text for g in graded)
    assert '"A"' not in text and '"B"' not in text and '"answer' not in text


def test_a_heading_is_known_by_its_text_whatever_its_markdown_and_spaces():
    assert heading_key("## 3. `stop_reason`, et rien d'autre") == "3. stop_reason, et rien d'autre"
    assert heading_key("3. PreToolUse\u202f: le point de contrôle") == heading_key("### 3. PreToolUse : le point de contrôle")
