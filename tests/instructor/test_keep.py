"""`nbgrader generate_assignment --force` in a single-user course: what the learner wrote in release/ is kept.

Run as the README says, from a copy of the course root, with the course's nbgrader_config.py.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ASSIGNMENT = "1.1-boucles-agentiques"
MINE = "def run_agent(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):\n    return 'mon travail'\n"
pytestmark = pytest.mark.slow


def generate(course: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    return subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", ASSIGNMENT, "--force"],
                          cwd=course, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture
def course(tmp_path):
    folder = tmp_path / "cours"
    folder.mkdir()
    shutil.copy(ROOT / "nbgrader_config.py", folder)
    shutil.copytree(ROOT / "source" / ASSIGNMENT, folder / "source" / ASSIGNMENT)
    shutil.copytree(ROOT / "release" / ASSIGNMENT, folder / "release" / ASSIGNMENT)
    return folder


def write_my_answer(notebook: Path) -> None:
    data = json.loads(notebook.read_text())
    cell = next(c for c in data["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("solution")
                and "run_agent" in "".join(c["source"]))
    cell["source"] = MINE
    notebook.write_text(json.dumps(data, ensure_ascii=False, indent=1))


def test_the_learners_work_in_release_is_kept_aside_and_the_output_says_where(course):
    notebook = course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    write_my_answer(notebook)
    done = generate(course)
    assert done.returncode == 0, done.stderr
    assert MINE not in notebook.read_text()                         # nbgrader wrote the release anew…
    kept = list((course / "sauvegardes" / ASSIGNMENT).glob(f"{ASSIGNMENT}-*.ipynb"))
    assert len(kept) == 1 and "mon travail" in kept[0].read_text()  # …and the learner's work is there
    assert f"release/{ASSIGNMENT}/{ASSIGNMENT}.ipynb contenait autre chose" in done.stderr
    assert str(kept[0]) in done.stderr.replace("\n", "")


def test_an_untouched_release_is_regenerated_without_a_copy(course):
    done = generate(course)
    assert done.returncode == 0, done.stderr
    assert not (course / "sauvegardes").exists() and "contenait autre chose" not in done.stderr
