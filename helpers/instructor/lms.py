"""Grades to the school's LMS: two `nbgrader export` plugins writing the CSV files Canvas and Moodle import.

    nbgrader export --exporter=helpers.instructor.lms.CanvasExport --to notes-canvas.csv
    nbgrader export --exporter=helpers.instructor.lms.MoodleExport --to notes-moodle.csv

Both write one row per student and one column per assignment (the score after nbgrader's late penalty), in UTF-8,
comma-separated, quoted as RFC 4180 says (a name with a comma stays one field). nbgrader's own CSV has one row per
(student, assignment): no LMS reads it as a gradebook.

Canvas (Notes › Importer): the columns Student, ID, SIS User ID, SIS Login ID, Section come first, as in the
gradebook Canvas exports; then a « Points Possible » row. A student is found by ID (the Canvas user id: nbgrader's
`lms_user_id`) or by SIS Login ID (nbgrader's student id, the hub login). An assignment column named
« 1.1-boucles-agentiques » creates that assignment in Canvas; « Nom (1234) » fills the existing assignment 1234
(`CanvasExport.assignment_ids = {"1.1-boucles-agentiques": 1234}`).

Moodle (Notes › Importer › Fichier CSV): at import, « Identifier l'utilisateur par » maps one column to a Moodle
user field (Email address → useremail, ID number → useridnumber, Username → username) and each assignment column to
a grade item. The columns are those of Moodle's own export (First name, Last name, ID number, Email address), plus
Username; assignment columns read « Nom (Real) » like Moodle's.

A student without a submission gets an empty cell (the LMS leaves the grade as it is), or 0 with
`--CanvasExport.missing=0` (`--MoodleExport.missing=0`).
"""
from __future__ import annotations

import csv

from nbgrader.api import Gradebook, MissingEntry
from nbgrader.plugins.export import ExportPlugin
from traitlets import Dict, Unicode

__all__ = ["CanvasExport", "MoodleExport", "cohort_scores"]

CANVAS_IDENTITY = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
MOODLE_IDENTITY = ["First name", "Last name", "ID number", "Email address", "Username"]


def _number(value: float) -> str:
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return text or "0"


def cohort_scores(gradebook: Gradebook, assignments: list[str] = (), students: list[str] = ()) -> tuple[list, list, dict]:
    """(assignments, students, {(student id, assignment name): score or None}): the gradebook as one table."""
    chosen = [a for a in gradebook.assignments if not assignments or a.name in assignments]
    people = [s for s in gradebook.students if not students or s.id in students]
    scores = {}
    for assignment in chosen:
        for student in people:
            try:
                submission = gradebook.find_submission(assignment.name, student.id)
            except MissingEntry:
                scores[student.id, assignment.name] = None
            else:
                scores[student.id, assignment.name] = max(0.0, submission.score - (submission.late_submission_penalty or 0.0))
    return chosen, people, scores


class _TableExport(ExportPlugin):
    missing = Unicode("", help="What a student without a submission gets: empty (the LMS keeps its grade) or 0.").tag(config=True)
    default_name = "notes.csv"

    def export(self, gradebook: Gradebook) -> None:
        dest = self.to or self.default_name
        assignments, students, scores = cohort_scores(gradebook, [str(a) for a in self.assignment],
                                                      [str(s) for s in self.student])
        plural = lambda n, word: f"{n} {word}{'s' if n > 1 else ''}"  # noqa: E731
        self.log.info("Export vers %s : %s, %s", dest, plural(len(students), "étudiant"), plural(len(assignments), "devoir"))
        with open(dest, "w", newline="", encoding="utf-8") as fh:
            out = csv.writer(fh)
            for row in self.rows(assignments, students, scores):
                out.writerow(row)

    def cell(self, score: float | None) -> str:
        return self.missing if score is None else _number(score)


class CanvasExport(_TableExport):
    """Canvas's gradebook import (CSV): identity columns, one column per assignment, a Points Possible row."""

    section = Unicode("", help="The Canvas section written for every student (Section column).").tag(config=True)
    assignment_ids = Dict({}, help="Canvas id of an existing assignment, by nbgrader assignment name.").tag(config=True)
    default_name = "notes-canvas.csv"

    def rows(self, assignments, students, scores):
        titles = [f"{a.name} ({self.assignment_ids[a.name]})" if a.name in self.assignment_ids else a.name
                  for a in assignments]
        yield CANVAS_IDENTITY + titles
        yield ["Points Possible", "", "", "", ""] + [_number(a.max_score) for a in assignments]
        for s in students:
            name = ", ".join(part for part in (s.last_name, s.first_name) if part) or s.id
            yield [name, s.lms_user_id or "", "", s.id, self.section] + [self.cell(scores[s.id, a.name]) for a in assignments]


class MoodleExport(_TableExport):
    """Moodle's grade import (CSV file): Moodle's export columns, then one « Nom (Real) » column per assignment."""

    default_name = "notes-moodle.csv"

    def rows(self, assignments, students, scores):
        yield MOODLE_IDENTITY + [f"{a.name} (Real)" for a in assignments]
        for s in students:
            yield [s.first_name or "", s.last_name or "", s.lms_user_id or "", s.email or "", s.id] + \
                  [self.cell(scores[s.id, a.name]) for a in assignments]
