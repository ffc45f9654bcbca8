"""Formgrader, as `./cours formateur` serves it: the exchange root comes from nbgrader_config.py (c.Exchange.root),
so Formgrader's own API releases and collects, with the assignment shown « released », never « draft »;
students who follow the README's config run fetch and submit without flags and without English warnings.

Formgrader's handlers call nbgrader.apps.api.NbGraderAPI; this test builds that object exactly as Formgrader's
extension does (an NbGrader app that loads nbgrader_config.py from the course root), in a copy of the course
with its exchange in a temporary folder (COURS_ECHANGE, the README's way of choosing another one).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ASSIGNMENT = sorted(p.name for p in (ROOT / "source").glob("1.5-*") if p.is_dir())[0]
README = (ROOT / "README.md").read_text()
pytestmark = pytest.mark.timeout(300)

FORMGRADER = """
import json, os, sys
from nbgrader.apps import NbGrader
from nbgrader.apps.api import NbGraderAPI
from nbgrader.coursedir import CourseDirectory

def api():
    app = NbGrader()                      # what FormgradeExtension.load_config does, from the server's root_dir
    app.load_cwd_config = True
    app.load_config_file()
    coursedir = CourseDirectory(config=app.config)
    coursedir.root = os.getcwd()
    return NbGraderAPI(coursedir, config=app.config)

step, name = sys.argv[1], sys.argv[2]
formgrader = api()
out = {"root": formgrader.exchange_root, "missing": formgrader.exchange_missing}
if step == "release":
    out["generate"] = formgrader.generate_assignment(name)
    out["before"] = formgrader.get_assignment(name)["status"]
    out["release"] = formgrader.release_assignment(name)
    out["after"] = api().get_assignment(name)["status"]
else:
    out["collect"] = formgrader.collect(name)
    out["submissions"] = api().get_assignment(name)["num_submissions"]
print(json.dumps(out))
"""


def student_config(exchange: Path) -> str:
    """The README's config for students (~/.jupyter/nbgrader_config.py), with the test's exchange."""
    block = re.search(r"```python\n(# ~/\.jupyter/nbgrader_config\.py.*?)```", README, re.S)
    assert block, "README : la configuration des étudiants (~/.jupyter/nbgrader_config.py) est introuvable"
    text = block.group(1)
    assert 'c.Exchange.root = "/srv/nbgrader/exchange"' in text
    return text.replace("/srv/nbgrader/exchange", str(exchange))


@pytest.fixture()
def course(tmp_path):
    course = tmp_path / "cours"
    course.mkdir()
    shutil.copy(ROOT / "nbgrader_config.py", course)
    for folder in ("source", "release"):
        shutil.copytree(ROOT / folder / ASSIGNMENT, course / folder / ASSIGNMENT,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    exchange = tmp_path / "echange"
    exchange.mkdir()
    exchange.chmod(0o777)
    env = dict(os.environ, COURS_ECHANGE=str(exchange), HOME=str(tmp_path / "formateur"),
               PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    env.pop("JUPYTER_CONFIG_DIR", None)
    return course, exchange, env


def formgrader(course: Path, env: dict, step: str) -> dict:
    done = subprocess.run([sys.executable, "-c", FORMGRADER, step, ASSIGNMENT], cwd=course, env=env,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_config_names_the_exchange_once_and_the_readme_cycle_passes_no_exchange_flag():
    config = (ROOT / "nbgrader_config.py").read_text()
    assert re.search(r'^c\.Exchange\.root = os\.environ\.get\("COURS_ECHANGE", "/srv/nbgrader/exchange"\)$', config, re.M)
    cycle = re.search(r"\*\*Le cycle nbgrader\*\*.*?```bash\n(.*?)```", README, re.S).group(1)
    instructor = [line for line in cycle.splitlines() if line.startswith("nbgrader ")]
    assert len(instructor) >= 6 and not [line for line in instructor if "--Exchange.root" in line]


def test_formgrader_releases_and_collects_through_its_own_api(course):
    course, exchange, env = course
    released = formgrader(course, env, "release")
    assert released["root"] == str(exchange) and not released["missing"]
    assert released["generate"]["success"] and released["release"]["success"], released
    assert released["before"] == "draft" and released["after"] == "released"
    assert (exchange / "cours-agents-claude" / "outbound" / ASSIGNMENT).is_dir()

    home = course.parent / "etudiants" / "alice"
    (home / ".jupyter").mkdir(parents=True)
    (home / ".jupyter" / "nbgrader_config.py").write_text(student_config(exchange))
    student_env = dict(env, HOME=str(home))
    student_env.pop("COURS_ECHANGE")
    for step in ("fetch_assignment", "submit"):
        done = subprocess.run([sys.executable, "-m", "nbgrader", step, ASSIGNMENT, "--student=alice"], cwd=home,
                              env=student_env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "No nbgrader_config.py" not in done.stdout + done.stderr
    collected = formgrader(course, env, "collect")
    assert collected["collect"]["success"] and collected["submissions"] == 1, collected
    assert (course / "submitted" / "alice" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").is_file()


SUBMISSION = """
import sys, warnings
warnings.simplefilter("always")            # every warning shown: only a filter of the config can hide one
if sys.argv[1] == "config":                # nbgrader_config.py, loaded as every nbgrader command loads it
    from nbgrader.apps import NbGrader
    app = NbGrader(); app.load_cwd_config = True; app.load_config_file()
from nbgrader.api import Gradebook
with warnings.catch_warnings(record=True) as seen:
    with Gradebook("sqlite:///carnet.db", course_id="cours") as gb:
        gb.add_assignment("d")
        gb.add_notebook("n", "d")
        gb.add_grade_cell("test_x", "n", "d", max_score=1, cell_type="code")
        gb.add_student("alice")
        gb.add_submission("d", "alice")
print(sum("not in session" in str(w.message) for w in seen))
"""


def test_nbgrader_s_harmless_sqlalchemy_warning_is_silenced_by_the_course_config(tmp_path):
    """`SAWarning … not in session` at every new submission during autograde: gone under nbgrader_config.py."""
    shutil.copy(ROOT / "nbgrader_config.py", tmp_path)
    counts = {}
    for mode in ("bare", "config"):
        (tmp_path / "carnet.db").unlink(missing_ok=True)
        done = subprocess.run([sys.executable, "-c", SUBMISSION, mode], cwd=tmp_path, capture_output=True,
                              text=True, timeout=120, env=dict(os.environ, PATH=str(Path(sys.executable).parent)
                                                               + os.pathsep + os.environ["PATH"]))
        assert done.returncode == 0, done.stderr[-2000:]
        counts[mode] = int(done.stdout.strip().splitlines()[-1])
    assert counts["bare"] >= 1 and counts["config"] == 0, counts
