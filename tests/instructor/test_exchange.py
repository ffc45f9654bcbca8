"""The hub's exchange (helpers.instructor.exchange), as one account sees it: what nbgrader's own would leave open.

These run under any account; tests/hub/test_hub.py runs the same exchange with real accounts and their attacks.
"""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from nbgrader.auth import Authenticator
from nbgrader.coursedir import CourseDirectory
from traitlets.config import Config

from helpers.instructor import exchange

COURSE, ASSIGNMENT = "cours-essai", "devoir-1"


def config(root: Path) -> Config:
    cfg = Config()
    cfg.Exchange.root = str(root)
    cfg.Exchange.path_includes_course = True
    cfg.CourseDirectory.course_id = COURSE
    cfg.CourseDirectory.assignment_id = ASSIGNMENT
    return cfg


def act(cls, cfg: Config, folder: Path, **coursedir):
    previous = os.getcwd()
    os.chdir(folder)
    try:
        course = CourseDirectory(config=cfg, root=str(folder), **coursedir)
        cls(coursedir=course, authenticator=Authenticator(config=cfg), config=cfg).start()
    finally:
        os.chdir(previous)


@pytest.fixture
def released(tmp_path) -> tuple[Config, Path]:
    root = tmp_path / "echange"
    root.mkdir(mode=0o755)
    root.chmod(0o755)
    instructor = tmp_path / "cours"
    (instructor / "release" / ASSIGNMENT).mkdir(parents=True)
    nb = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (instructor / "release" / ASSIGNMENT / "devoir.ipynb").write_text(json.dumps(nb))
    cfg = config(root)
    act(exchange.ExchangeReleaseAssignment, cfg, instructor)
    return cfg, root


def test_a_release_leaves_the_root_as_the_installer_made_it(released):
    _, root = released
    assert stat.S_IMODE(root.stat().st_mode) == 0o755           # nbgrader's own release makes it 0777
    assert stat.S_IMODE((root / COURSE / "inbound").stat().st_mode) == 0o2733


def test_a_missing_root_is_refused_with_a_french_message(tmp_path):
    cfg = config(tmp_path / "absent")
    (tmp_path / "cours" / "release" / ASSIGNMENT).mkdir(parents=True)
    with pytest.raises(Exception) as failure:
        act(exchange.ExchangeReleaseAssignment, cfg, tmp_path / "cours")
    assert not (tmp_path / "absent").exists()
    assert "n'existe pas" in str(failure.value) and "./cours hub installer" in str(failure.value)


def test_a_submission_is_closed_to_others_at_every_level(released, tmp_path):
    cfg, root = released
    student = tmp_path / "ana"
    student.mkdir()
    cfg.Exchange.cache = str(tmp_path / "cache-ana")
    act(exchange.ExchangeFetchAssignment, cfg, student)
    (student / COURSE / ASSIGNMENT / "notes.txt").write_text("brouillon")
    (student / COURSE / ASSIGNMENT / "lien").symlink_to("/etc/passwd")
    act(exchange.ExchangeSubmit, cfg, student, student_id="ana")
    [submission] = [p for p in (root / COURSE / "inbound").iterdir()]
    assert not submission.name.startswith(".depot-")                 # the staging folder is gone
    assert stat.S_IMODE(submission.stat().st_mode) & 0o777 == 0o750  # nbgrader: 0777
    names = {p.name for p in submission.iterdir()}
    assert {"devoir.ipynb", "notes.txt", "timestamp.txt", "submission_secret.txt"} <= names
    assert "lien" not in names                                        # a link is not followed into the exchange
    for path in submission.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) & 0o007 == 0, path  # nbgrader: 0644
