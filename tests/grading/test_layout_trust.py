"""Where each half of an exercise runs, proven by what gets imported (issue 31: the layout follows trust).

Every lesson's exercise is a package whose sandboxed half (`play.py`) and trusted half (`judge.py`: the scenarios,
their draws, the values it expects) are separate modules. The trusted side never imports a play; a sandbox never
imports a judge — and inside a real sandbox the judges are not even there.
"""
from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.lessons import exercises

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "helpers" / "lessons").glob("ts1_*/play.py"))
GRADED = [e for e in exercises().values() if not e.is_quiz]


def loaded_after(code: str) -> list[str]:
    """The helpers modules a fresh interpreter holds after running `code`."""
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(m for m in sys.modules if m.startswith('helpers'))))\n"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def imports_of(path: Path) -> set[str]:
    """Every module a file names in an import statement, relative ones resolved against its package."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            names.add(module)
            names |= {f"{module}.{a.name}" for a in node.names}
    return names


def test_every_graded_exercise_names_a_play_and_a_judge_in_two_modules_of_its_lesson():
    for exercise in GRADED:
        assert exercise.play.__module__ == f"{exercise.lesson}.play", exercise.id
        assert exercise.judge.__module__ == f"{exercise.lesson}.judge", exercise.id
    assert len(LESSONS) == 7


def test_the_registry_imports_neither_half():
    """Listing what the course grades loads no play and no judge: each side loads only its own half."""
    loaded = loaded_after("from helpers.lessons import exercises, questions\nexercises(); questions()")
    assert not [m for m in loaded if m.endswith((".play", ".judge", ".checks"))], loaded


@pytest.mark.parametrize("play", LESSONS, ids=lambda p: p.parent.name)
def test_a_play_imports_no_judge_and_nothing_of_grading(play):
    named = imports_of(play)
    trusted = [m for m in named if m.endswith((".judge", ".checks", "._evidence")) or ".grading" in m
               or m.endswith(".simulator")]
    assert not trusted, f"{play.relative_to(ROOT)} importe {trusted}"


@pytest.mark.parametrize("judge", [p.with_name("judge.py") for p in LESSONS], ids=lambda p: p.parent.name)
def test_a_judge_never_imports_a_play(judge):
    named = imports_of(judge)
    assert not [m for m in named if m.endswith(".play") or ".play." in m], f"{judge.relative_to(ROOT)} : {named}"


def test_the_trusted_side_loaded_whole_holds_no_play():
    """nbgrader's process as grading loads it — the preprocessors, the verdicts, the cohort, every judge — and no
    module of the sandboxed side: no lesson's play, nothing of grading/sandboxed/."""
    loaded = loaded_after("import helpers.grading.trusted.autograde, helpers.grading.trusted.verdicts\n"
                          "import helpers.grading.trusted.cohort\n"
                          "from helpers.lessons import exercises\n"
                          "[e.judge for e in exercises().values() if not e.is_quiz]")
    assert [m for m in loaded if m.endswith(".judge")], loaded
    assert not [m for m in loaded if m.endswith(".play") or ".sandboxed" in m], loaded


def test_what_a_sandbox_loads_holds_no_judge():
    """The zygote's preload and the player, as they start in a sandbox: every play, no judge, no verdict."""
    loaded = loaded_after("import helpers.grading.sandboxed.zygote as z, helpers.grading.sandboxed.player\n"
                          "z._preload()\n"
                          "from helpers.lessons import exercises\n"
                          "[e.play for e in exercises().values() if not e.is_quiz]")
    assert len([m for m in loaded if m.endswith(".play")]) == 7, loaded
    trusted = [m for m in loaded if m.endswith((".judge", ".checks", "._evidence")) or ".trusted" in m]
    assert not trusted, trusted


PROBE = """
import importlib, json
from helpers.lessons import exercises
seen = {}
for lesson in sorted({e.lesson for e in exercises().values() if not e.is_quiz}):
    for half in ("play", "judge", "checks"):
        try:
            importlib.import_module(f"{lesson}.{half}")
            seen[f"{lesson}.{half}"] = "importé"
        except ImportError as error:
            seen[f"{lesson}.{half}"] = str(error)
for name in ("helpers.lessons._evidence", "helpers.grading.trusted.verdicts", "helpers.grading.trusted.atelier",
             "helpers.grading.trusted.forwarder"):
    try:
        importlib.import_module(name)
        seen[name] = "importé"
    except ImportError as error:
        seen[name] = str(error)
try:
    from helpers.grading import grade
    seen["grade"] = "importé"
except ImportError as error:
    seen["grade"] = str(error)
import helpers.lessons
folder = helpers.lessons.__path__[0]
seen["source"] = open(folder + "/ts1_2/judge.py", encoding="utf-8").read()
import glob
seen["compiled"] = [open(p, "rb").read()[:200].decode("utf-8", "replace") for p in glob.glob(folder + "/ts1_*/__pycache__/judge.*.pyc")]
print(json.dumps(seen, ensure_ascii=False))
"""


@pytest.mark.skipif(not shutil.which("bwrap"), reason="bubblewrap (bwrap) est absent")
def test_inside_a_sandbox_no_judge_is_importable_nor_readable(tmp_path):
    """Inside a real sandbox each judge (and the in-process pairing, the evidence rules, grading's trusted side) reads
    as one line that raises ImportError, and no compiled copy of it is there; every play imports."""
    from helpers.grading import sandbox
    import py_compile
    for judge in ROOT.glob("helpers/lessons/ts1_*/judge.py"):   # a compiled copy exists on the host: it is hidden too
        py_compile.compile(str(judge))
    done = subprocess.run(sandbox.command(["-c", PROBE], workdir=tmp_path), capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    plays = {k: v for k, v in seen.items() if k.endswith(".play")}
    hidden = {k: v for k, v in seen.items() if k.endswith((".judge", ".checks", "_evidence", "grade")) or ".trusted" in k}
    assert len(plays) == 7 and set(plays.values()) == {"importé"}, plays
    assert len(hidden) == 19 and all("bac à sable" in v for v in hidden.values()), hidden
    assert seen["source"] == sandbox.ABSENT
    assert seen["compiled"] == [], seen["compiled"]        # the __pycache__ folders are empty there
