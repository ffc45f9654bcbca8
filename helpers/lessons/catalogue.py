"""« Mon parcours » from the lessons' side: the catalogue of lessons the view links to, and the two calls a
notebook makes (`my_progress()` in its companion notebook, `progress_summary("1.1")` at the end of a lesson).

The catalogue is read from the registry (exercises, practice questions) and from the student notebooks'
headings (release/), so that a link always names a heading that exists.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from ..progress import Lesson, default_record, standing
from .headings import heading_cells, headings as heading_lines

TASKS = ("1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7")
PACKAGE_ROOT = Path(__file__).resolve().parents[2]


def course_root(here: Path | None = None) -> Path:
    """The folder holding release/: the notebook's folder or one of its parents, else the package's checkout."""
    here = (here or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "release").is_dir() and any((folder / "release").glob("1.*")):
            return folder
    return PACKAGE_ROOT


def _notebook(root: Path, ts: str) -> Path | None:
    return next(iter(sorted((root / "release").glob(f"{ts}-*/{ts}-*.ipynb"))), None)


def catalogue(here: Path | None = None) -> tuple[Lesson, ...]:
    """The seven lessons, with links relative to `here` (the folder of the notebook that shows them)."""
    from . import exercises, questions
    here = (here or Path.cwd()).resolve()
    root = course_root(here)
    out = []
    for ts in TASKS:
        path = _notebook(root, ts)
        headings = tuple(line for line, _ in heading_lines(path))
        title = next((h.lstrip("# ").split("—", 1)[-1].strip() for h in headings if h.startswith("# ")), f"Leçon {ts}")
        href = os.path.relpath(path, here).replace(os.sep, "/") if path else ""
        graded = [e for e in exercises().values() if e.id.startswith(ts + ".") and not e.is_quiz]
        exercises_ = tuple((e.id, next((h for h in headings if re.search(rf"Exercice {re.escape(e.id)}\b", h)), ""))
                           for e in graded)
        practice = tuple(q for q in questions() if q.startswith(ts + ".p"))
        practice_heading = next((h for h in headings if "Questions d'entraînement" in h), "")
        out.append(Lesson(ts, title, href, exercises_, practice, practice_heading,
                          tuple(heading_cells(path).items())))
    return tuple(out)


def current_standing(here: Path | None = None):
    record = default_record()
    return standing(record.events(), catalogue(here)), record


def my_progress():
    """« Mon parcours » : où vous en êtes dans chaque énoncé de tâche, quoi revoir, et l'export / import."""
    from ..widgets.progress_view import ProgressView
    return ProgressView(lambda: current_standing())


def progress_summary(ts: str):
    """Une ligne en fin de leçon : ce que votre parcours dit de cet énoncé de tâche."""
    from ..widgets.progress_view import SummaryLine
    found, _record = current_standing()
    here = Path.cwd().resolve()
    companion = course_root(here) / "notebooks" / "3.0-mon-parcours.ipynb"
    return SummaryLine(found.task(ts), os.path.relpath(companion, here).replace(os.sep, "/"))
