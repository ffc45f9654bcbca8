"""A course folder copied away from the clone (an instructor's second cohort, a scratch copy) grades with the
`helpers` it holds: before, the sandbox mounted the copy's `helpers/` but imported the clone's, and every student
got 0 with « le bac à sable de correction n'a pas démarré »."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from solutions.submissions import nbgrader

ROOT = Path(__file__).resolve().parents[2]
NAME = "1.3-passer-le-contexte"
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


def test_a_copied_course_folder_grades_with_its_own_helpers(tmp_path):
    course = tmp_path / "cohorte-2"
    course.mkdir()
    shutil.copy(ROOT / "nbgrader_config.py", course)
    for folder in ("source", "helpers"):
        shutil.copytree(ROOT / folder, course / folder, ignore=shutil.ignore_patterns("__pycache__"))
    assert nbgrader(course, "generate_assignment", NAME, "--force").returncode == 0
    target = course / "submitted" / "camille" / NAME
    target.mkdir(parents=True)
    shutil.copy(ROOT / "source" / NAME / f"{NAME}.ipynb", target)
    done = nbgrader(course, "autograde", NAME, "--create", "--force")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "n'a pas démarré" not in done.stderr, done.stderr[-3000:]
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        submission = gb.find_submission(NAME, "camille")
        assert submission.score == submission.max_score > 0, done.stderr[-3000:]


def test_a_process_that_already_imported_other_helpers_is_refused_in_french(tmp_path):
    """The configuration of a folder with its own helpers/, loaded where another helpers is already imported."""
    import subprocess
    course = tmp_path / "copie"
    course.mkdir()
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "helpers", course / "helpers", ignore=shutil.ignore_patterns("__pycache__"))
    code = ("import helpers, runpy\n"
            f"runpy.run_path({str(course / 'nbgrader_config.py')!r}, init_globals={{'get_config': lambda: None}})\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "son propre dossier helpers/" in done.stderr, done.stderr[-2000:]
