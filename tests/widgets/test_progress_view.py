"""« Mon parcours » as the learner sees it: a table that says everything the plot shows, words and shapes as well
as colours, links into the lessons, one-click export and import; and the widgets that feed it."""
from __future__ import annotations

import base64
import json
import re
from datetime import datetime, timezone

from helpers import lessons, progress
from helpers.lessons.catalogue import current_standing, my_progress, progress_summary
from helpers.progress.record import Record
from helpers.widgets.quiz import LETTERS


def exported(view) -> dict:
    data = re.search(r'href="data:application/json;base64,([^"]+)"', view.export.value).group(1)
    return json.loads(base64.b64decode(data))


def test_a_fresh_view_says_nothing_is_recorded_yet_and_lists_the_seven_task_statements():
    view = my_progress()
    assert "Aucune activité enregistrée" in view.html
    assert view.html.count('<th scope="row"') == 7
    assert "Pas encore mesurée" in view.html


def test_every_status_is_a_word_and_a_shape_not_a_colour_alone():
    progress.verification("1.1.a", 3, 10, [("continue sur tool_use", False)])
    view = my_progress()
    row = re.search(r"1\.1 — Boucles agentiques.*?</tr>", view.html, re.S).group(0)
    assert "⚠</span> à revoir" in row and "0 / 1 réussi" in row


def test_the_plot_has_a_text_alternative_with_the_same_figures_as_the_table():
    progress.practice_answer("1.2.p1", True)
    progress.practice_answer("1.2.p2", False)
    progress.exam_attempt(1, {"1.2": (3, 4)}, 900, False, [])
    view = my_progress()
    alt = re.search(r'<img src="data:image/png;base64,[^"]+" alt="([^"]+)"', view.html).group(1)
    from helpers.lessons.catalogue import catalogue
    asked = max(2, len(next(lesson for lesson in catalogue() if lesson.ts == "1.2").practice))
    share = f"{round(100 / asked)} %"          # one right the first time, out of the lesson's practice questions
    assert f"1.2 : exercices —, entraînement {share}, examen blanc 75 %" in \
        alt.replace("\u202f", " ").replace("\u00a0", " "), alt
    assert "tentative 1 75" in alt.replace("\u00a0", " ")


def test_links_to_review_open_the_lessons_headings_relative_to_the_notebook(monkeypatch):
    monkeypatch.chdir(lessons.catalogue.PACKAGE_ROOT / "notebooks")
    progress.verification("1.4.b", 2, 4, [("le dossier se lit seul", False)])
    view = my_progress()
    assert "href='../release/1.4-regles-et-passage-de-main/1.4-regles-et-passage-de-main.ipynb#cell-id=" in view.html


def test_export_is_one_link_that_downloads_the_whole_record():
    progress.practice_answer("1.3.p1", True)
    view = my_progress()
    assert 'download="mon-parcours-' in view.export.value and "<a " in view.export.value
    assert [e["question"] for e in exported(view)["events"]] == ["1.3.p1"]


def test_import_adds_an_exported_record_and_says_so(tmp_path, monkeypatch):
    progress.verification("1.7.a", 4, 4, [("résumé complet", True)])
    saved = Record().export_bytes()
    monkeypatch.setenv("COURS_PARCOURS", str(tmp_path / "nouvelle-session"))
    view = my_progress()
    assert "Aucune activité" in view.html
    view.upload.value = ({"name": "mon-parcours.json", "type": "application/json", "size": len(saved),
                          "content": memoryview(saved),
                          "last_modified": datetime.now(timezone.utc)},)
    assert "1 évènement(s) ajouté(s)" in view.message.value and 'role="status"' in view.message.value
    assert "1 activité enregistrée" in view.html


def test_a_wrong_file_is_refused_in_french_and_the_record_is_unchanged():
    progress.practice_answer("1.6.p1", True)
    view = my_progress()
    said = view.import_file(b"pas du json")
    assert said.startswith("Import refusé\u202f:") or said.startswith("Import refusé :")
    assert "Votre parcours n'a pas changé" in said and len(Record().events()) == 1


def test_the_lessons_last_line_summarises_its_task_statement_and_links_to_the_companion(monkeypatch):
    monkeypatch.chdir(lessons.catalogue.PACKAGE_ROOT / "release" / "1.5-hooks-agent-sdk")
    progress.verification("1.5.a", 4, 4, [("refus", True)])
    line = progress_summary("1.5")
    assert "exercices 1 / 3 réussi" in line.text()
    assert 'href="../../notebooks/3.0-mon-parcours.ipynb"' in line._repr_html_()


def test_a_practice_question_records_its_answer_when_checked():
    q = lessons.question("1.1.p1")
    widget = lessons.ask("1.1.p1")
    widget.choice.value = next(shown for shown in LETTERS if not q.is_correct(widget.original(shown)))  # shuffled
    widget.reveal()
    (event,) = Record().events()
    assert (event["question"], event["correct"]) == ("1.1.p1", False)


def test_verifying_a_stub_records_nothing_a_real_check_records_its_rules():
    from helpers.widgets.verify import Undefined
    lessons._check_written("1.3.a", Undefined("synthesis_prompt"))
    assert Record().events() == []
    lessons._check_written("1.3.a", lambda *a, **k: "")
    (event,) = Record().events()
    assert event["exercise"] == "1.3.a" and event["rules"] and event["score"] < event["max_score"]


def test_a_mock_exam_handed_in_records_one_attempt_score_per_task_statement_and_sections_missed_never_letters():
    from helpers.widgets.exam import ExamState, ExamView
    from helpers.lessons.ts2_1 import BANK
    view = ExamView(ExamState(tuple(BANK), size=14, seed=3), clock=False)
    for q in view.state.drawn[:7]:
        view.state.answer(q.id, q.right_letter())
    outcome = view.submit()
    view.submit()                                   # handed in twice (countdown and « Oui »): recorded once
    (event,) = Record().events()
    assert event["kind"] == "exam" and event["attempt"] == 1
    assert event["per_ts"] == {ts: [r, a] for ts, (r, a) in outcome.per_ts.items()}
    assert {m["question"] for m in event["missed"]} == {q.id for q in outcome.misses}
    assert all(m["section"] == next(q.section for q in BANK if q.id == m["question"]) for m in event["missed"])
    assert not {"answers", "letter", "chosen"} & set(event)
    found, _ = current_standing()
    assert found.readiness.attempts[0].right == outcome.score
    assert "Examen terminé" in view.timer.value and "role='status'" in view.timer.value
