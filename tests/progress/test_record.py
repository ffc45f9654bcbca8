"""The learner's record: private, append-only, exported and imported whole, never an answer key."""
from __future__ import annotations

import json
import multiprocessing

import pytest

from helpers import progress
from helpers.progress.record import FORMAT, Record, RecordError, folder


def test_the_record_lives_in_the_learners_own_folder_and_starts_empty(tmp_path, monkeypatch):
    monkeypatch.delenv("COURS_PARCOURS")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "donnees"))
    assert folder() == tmp_path / "donnees" / "cours-agents-claude"
    assert Record().events() == []


def test_a_verification_records_the_score_and_each_rule_met_or_not():
    progress.verification("1.1.a", 7, 10, [("une boucle qui continue sur tool_use", True),
                                            ("tous les tool_result dans un seul message user", False)])
    (event,) = Record().events()
    assert event["kind"] == "verification" and event["exercise"] == "1.1.a" and event["ts"] == "1.1"
    assert (event["score"], event["max_score"]) == (7, 10)
    assert [r["met"] for r in event["rules"]] == [True, False]


def test_a_practice_answer_records_right_or_wrong_and_never_the_letter():
    progress.practice_answer("1.3.p2", False)
    (event,) = Record().events()
    assert event == {**event, "kind": "practice", "question": "1.3.p2", "ts": "1.3", "correct": False}
    assert not {"letter", "answer", "choice", "key"} & set(event)


def test_a_mock_exam_attempt_records_the_score_per_task_statement_the_time_and_the_sections_missed():
    progress.exam_attempt(1, {"1.1": (4, 5), "1.2": (2, 4)}, 1234.5, False, [("e07", "1.2", "2. L'architecture")])
    (event,) = Record().events()
    assert event["per_ts"] == {"1.1": [4, 5], "1.2": [2, 4]} and event["seconds"] == 1234.5
    assert event["missed"] == [{"question": "e07", "ts": "1.2", "section": "2. L'architecture"}]


def test_an_event_of_an_unknown_kind_or_with_a_wrong_field_is_refused_in_french():
    with pytest.raises(RecordError, match="type d'évènement inconnu"):
        Record().add("corrige", question="1.1.q1")
    with pytest.raises(RecordError, match="plus de bonnes réponses que de questions"):
        Record().add("exam", attempt=1, per_ts={"1.1": [6, 5]}, seconds=1, timed_out=False, missed=[])


def test_a_record_that_cannot_be_written_never_breaks_the_widget(tmp_path, monkeypatch):
    blocker = tmp_path / "un-fichier"
    blocker.write_text("")
    monkeypatch.setenv("COURS_PARCOURS", str(blocker / "dessous"))     # a folder under a file: OSError
    assert progress.practice_answer("1.1.p1", True) is None


def test_a_damaged_line_is_skipped_and_counted_the_others_are_kept():
    progress.practice_answer("1.1.p1", True)
    record = Record()
    with record.path.open("a") as f:
        f.write('{"kind": "practice", "coupé au milieu\n')
    progress.practice_answer("1.1.p2", True)
    assert [e["question"] for e in record.events()] == ["1.1.p1", "1.1.p2"] and record.unreadable == 1


def _answer_many(n):
    for i in range(n):
        progress.practice_answer(f"1.1.p{i % 5 + 1}", True)


def test_two_notebooks_writing_at_once_lose_no_event():
    with multiprocessing.get_context("fork").Pool(2) as pool:
        pool.map(_answer_many, [100, 100])
    assert len(Record().events()) == 200


def test_export_then_import_into_a_fresh_folder_gives_the_same_record(tmp_path, monkeypatch):
    progress.verification("1.5.a", 4, 4, [("refus avec une raison", True)])
    progress.practice_answer("1.5.p1", True)
    exported = Record().export_bytes()
    document = json.loads(exported)
    assert document["format"] == FORMAT and len(document["events"]) == 2
    monkeypatch.setenv("COURS_PARCOURS", str(tmp_path / "session-suivante"))   # Binder: a new, empty folder
    fresh = Record()
    assert fresh.events() == []
    assert str(fresh.import_bytes(exported)) == "2 évènement(s) ajouté(s) à votre parcours."
    assert fresh.events() == document["events"]


def test_importing_the_same_file_twice_counts_nothing_twice_and_erases_nothing():
    progress.practice_answer("1.2.p1", True)
    exported = Record().export_bytes()
    progress.practice_answer("1.2.p2", False)           # done after the export: must survive the import
    imported = Record().import_bytes(exported)
    assert (imported.added, imported.already) == (0, 1)
    assert [e["question"] for e in Record().events()] == ["1.2.p1", "1.2.p2"]


@pytest.mark.parametrize("content, said", [
    (b"\x89PNG\r\n", "n'est pas du JSON"),
    (b'{"format": "autre-chose", "events": []}', "n'est pas un export de « Mon parcours »"),
    (json.dumps({"format": FORMAT, "version": 99, "events": []}).encode(), "version plus récente"),
    (json.dumps({"format": FORMAT, "version": 1, "events": [{"kind": "practice", "id": "x", "at": "hier"}]}).encode(),
     "date ISO 8601"),
])
def test_a_file_that_is_not_an_export_is_refused_and_the_record_is_untouched(content, said):
    progress.practice_answer("1.4.p1", True)
    before = Record().path.read_bytes()
    with pytest.raises(RecordError, match=said):
        Record().import_bytes(content)
    assert Record().path.read_bytes() == before
