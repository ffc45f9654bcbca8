"""Grades to the LMS: `nbgrader export` with the Canvas and Moodle plugins, on a simulated cohort, read back by the
rules each LMS documents for its CSV grade import (Canvas: Gradebook › Import; Moodle: Grade import › CSV file)."""
from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from nbgrader.api import Gradebook

from helpers.instructor import lms
from helpers.instructor.lms import CANVAS_IDENTITY, MOODLE_IDENTITY

ASSIGNMENTS = {"1.1-boucles-agentiques": 10.0, "1.5-hooks-agent-sdk": 4.0, "2.1-examen-blanc": 8.0}
STUDENTS = {   # id: (first, last, email, Canvas user id)
    "ana": ("Ana", "Lefèvre, Jr", "ana@ecole.example", "1001"),
    "ben": ("Benoît", "Durand", "ben@ecole.example", "1002"),
    "chloe": ("Chloé", "N'Diaye", "chloe@ecole.example", "1003"),
    "dmitri": ("Dmitri", "Ivanov", "dmitri@ecole.example", "1004"),
}
# nbgrader's add_submission warns about its own session use (SQLAlchemy): not this code's
pytestmark = pytest.mark.filterwarnings("ignore::sqlalchemy.exc.SAWarning")
# (student, assignment) -> score given to its only grade cell; absent: no submission
SCORES = {("ana", "1.1-boucles-agentiques"): 10.0, ("ana", "1.5-hooks-agent-sdk"): 4.0, ("ana", "2.1-examen-blanc"): 7.5,
          ("ben", "1.1-boucles-agentiques"): 3.25, ("ben", "1.5-hooks-agent-sdk"): 0.0,
          ("chloe", "1.1-boucles-agentiques"): 6.0, ("chloe", "2.1-examen-blanc"): 8.0}


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("cohorte-lms")
    (root / "nbgrader_config.py").write_text('c = get_config()\nc.CourseDirectory.db_url = "sqlite:///gradebook.db"\n'
                                             'c.CourseDirectory.course_id = "cours-agents-claude"\n')
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PATH", f"{Path(sys.executable).parent}:{os.environ['PATH']}")    # nbgrader runs alembic
        fill(root)
    return root


def fill(root: Path) -> None:
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        for name, points in ASSIGNMENTS.items():
            gb.add_assignment(name)
            gb.add_notebook(name, name)
            gb.add_grade_cell("exercice", name, name, max_score=points, cell_type="code")
        for sid, (first, last, email, lms) in STUDENTS.items():
            gb.add_student(sid, first_name=first, last_name=last, email=email, lms_user_id=lms)
        for (sid, name), score in SCORES.items():
            gb.add_submission(name, sid)
            gb.find_grade("exercice", name, name, sid).auto_score = score
        gb.db.commit()


def export(course: Path, exporter: str, dest: str, **options) -> str:
    """The plugin as `nbgrader export` runs it (its traits set as the command line would), on the cohort's gradebook."""
    plugin = getattr(lms, exporter)(to=str(course / dest), **options)
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        plugin.export(gb)
    raw = (course / dest).read_bytes()
    assert not raw.startswith(b"\xef\xbb\xbf")                      # UTF-8 without a byte-order mark
    return raw.decode("utf-8")


def canvas_import(text: str, known: dict[str, str]) -> dict[tuple[str, str], str]:
    """Canvas's documented gradebook CSV: a header row; Student, ID, SIS User ID, SIS Login ID and Section columns;
    an optional « Points Possible » row; then one column per assignment. A row names its student by ID or SIS Login ID.
    Returns {(login, assignment): cell}; `known` maps Canvas ids to logins."""
    rows = list(csv.reader(io.StringIO(text, newline="")))
    header, body = rows[0], rows[1:]
    assert header[:5] == CANVAS_IDENTITY
    assignments = header[5:]
    assert assignments and len(set(assignments)) == len(assignments)
    if body and body[0][0].strip() == "Points Possible":
        assert all(float(cell) > 0 for cell in body[0][5:])
        body = body[1:]
    cells = {}
    for row in body:
        assert len(row) == len(header), row
        login = known.get(row[1]) or row[3]
        assert login and (row[1] == "" or known.get(row[1]) == row[3]), row      # ID and SIS Login ID agree
        for title, cell in zip(assignments, row[5:]):
            assert cell == "" or float(cell) >= 0, cell
            assert (login, title) not in cells
            cells[login, title] = cell
    return cells


def moodle_import(text: str, map_from: str) -> dict[tuple[str, str], str]:
    """Moodle's CSV grade import: a header row; « Identify user by » maps one column (Email address → useremail,
    ID number → useridnumber, Username → username); every other mapped column is a grade item, its cells numbers or
    empty. Returns {(identifier, grade item): cell}."""
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    header = list(rows[0])
    assert header[:5] == MOODLE_IDENTITY and map_from in header
    items = [h for h in header if h not in MOODLE_IDENTITY]
    assert all(h.endswith(" (Real)") for h in items)
    seen = [row[map_from] for row in rows]
    assert all(seen) and len(set(seen)) == len(seen)                 # every row finds exactly one user
    return {(row[map_from], item.removesuffix(" (Real)")): row[item] for row in rows for item in items}


def expected(missing: str = "") -> dict[tuple[str, str], str]:
    return {(sid, name): (f"{SCORES[sid, name]:g}" if (sid, name) in SCORES else missing)
            for sid in STUDENTS for name in ASSIGNMENTS}


def test_nbgrader_export_loads_the_plugins_by_name(course):
    for exporter, dest in (("CanvasExport", "canvas-cli.csv"), ("MoodleExport", "moodle-cli.csv")):
        done = subprocess.run([sys.executable, "-m", "nbgrader", "export", f"--exporter=helpers.instructor.lms.{exporter}",
                               f"--to={dest}"], cwd=course, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-3000:]
        assert (course / dest).read_bytes().decode("utf-8") == export(course, exporter, f"meme-{dest}")


def test_canvas_csv_has_one_row_per_student_and_one_column_per_assignment(course):
    text = export(course, "CanvasExport", "canvas.csv")
    cells = canvas_import(text, known={lms: sid for sid, (*_, lms) in STUDENTS.items()})
    assert cells == expected()
    assert '"Lefèvre, Jr, Ana"' in text                             # a comma in a name stays one quoted field


def test_canvas_points_possible_row_holds_each_assignments_maximum(course):
    rows = list(csv.reader(io.StringIO(export(course, "CanvasExport", "canvas-max.csv"), newline="")))
    assert rows[1][:1] == ["Points Possible"]
    assert [float(x) for x in rows[1][5:]] == list(ASSIGNMENTS.values())


def test_canvas_existing_assignments_are_named_with_their_canvas_id(course):
    text = export(course, "CanvasExport", "canvas-ids.csv", assignment_ids={"1.1-boucles-agentiques": 4321},
                  section="Groupe B")
    header, _, first = list(csv.reader(io.StringIO(text, newline="")))[:3]
    assert "1.1-boucles-agentiques (4321)" in header and "1.5-hooks-agent-sdk" in header
    assert first[4] == "Groupe B"


def test_moodle_csv_maps_by_email_by_id_number_or_by_username(course):
    text = export(course, "MoodleExport", "moodle.csv")
    by_email = moodle_import(text, "Email address")
    email = {s[2]: sid for sid, s in STUDENTS.items()}
    assert {(email[who], item): cell for (who, item), cell in by_email.items()} == expected()
    assert set(moodle_import(text, "Username")) == set(expected())
    lms = {s[3]: sid for sid, s in STUDENTS.items()}
    assert {(lms[who], item) for (who, item) in moodle_import(text, "ID number")} == set(expected())


def test_a_missing_submission_can_be_exported_as_zero(course):
    text = export(course, "MoodleExport", "moodle-zero.csv", missing="0")
    cells = moodle_import(text, "Username")
    assert cells == expected(missing="0")


def test_only_the_chosen_assignments_and_students(course):
    text = export(course, "CanvasExport", "canvas-part.csv", assignment=["1.5-hooks-agent-sdk"], student=["ben"])
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0][5:] == ["1.5-hooks-agent-sdk"] and len(rows) == 3 and rows[2][3] == "ben" and rows[2][5] == "0"
