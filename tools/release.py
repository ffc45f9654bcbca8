"""Regenerate release/ (student versions) from source/ with nbgrader.

    .venv/bin/python tools/release.py            # write release/
    .venv/bin/python tools/release.py --check    # exit 1 if release/ is not what source/ gives

From another Python (a fresh clone), it first builds .venv/ with `./cours preparer`, then starts again with it;
if that fails it says so and exits 2 — « cannot check », never « not in sync ».

One assignment per folder of source/. nbgrader's own gradebook for this step is a throwaway
database: generating student versions never touches an instructor's gradebook.
"""
from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def assignments() -> list[str]:
    return sorted(p.name for p in (ROOT / "source").iterdir() if p.is_dir() and any(p.glob("*.ipynb")))


def venv_env() -> dict:
    """nbgrader calls `alembic` by name: the environment's bin/ must come first on PATH."""
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    return env


def generate(into: Path) -> None:
    """Run nbgrader from a copy of the course root, so that only `into` receives the output."""
    with tempfile.TemporaryDirectory() as tmp:
        course = Path(tmp) / "cours"
        course.mkdir()
        shutil.copy(ROOT / "nbgrader_config.py", course)
        shutil.copytree(ROOT / "source", course / "source",
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        for name in assignments():
            subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", name, "--force",
                            "--log-level=WARN", f"--CourseDirectory.root={course}",
                            f"--CourseDirectory.db_url=sqlite:///{course / 'gradebook.db'}"],
                           check=True, cwd=course, env=venv_env())
        if into.exists():
            shutil.rmtree(into)
        shutil.copytree(course / "release", into)


def differences(a: Path, b: Path) -> list[str]:
    """What differs between two folders, without what JupyterLab writes beside an opened notebook
    (`.ipynb_checkpoints/`, ignored by git too): a learner who opened release/ has changed nothing."""
    out = []
    cmp = filecmp.dircmp(a, b, ignore=[*filecmp.DEFAULT_IGNORES, ".ipynb_checkpoints"])
    out += [f"seulement dans {a.name}/ : {x}" for x in cmp.left_only]
    out += [f"manquant dans {a.name}/ : {x}" for x in cmp.right_only]
    out += [f"différent : {x}" for x in cmp.diff_files]
    for sub in cmp.common_dirs:
        out += differences(a / sub, b / sub)
    return out


def in_course_environment() -> None:
    """nbgrader lives in the course's environment: run from another Python, start again with .venv's, or say how."""
    import importlib.util
    if importlib.util.find_spec("nbgrader") is not None:
        return
    venv_python = ROOT / ".venv" / "bin" / "python"
    if Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
        if not venv_python.exists():
            # A fresh clone: build the course's environment the way ./cours does (pinned requirements).
            print("tools/release.py : création de l'environnement du cours (.venv/, une seule fois)…", file=sys.stderr)
            subprocess.run(["bash", str(ROOT / "cours"), "preparer"], check=False, stdout=sys.stderr)
        if venv_python.exists():
            os.execv(str(venv_python), [str(venv_python), str(Path(__file__).resolve()), *sys.argv[1:]])
    message = ("tools/release.py a besoin de nbgrader, installé par le cours, et l'environnement .venv/ n'a pas pu "
               "être créé : lancez « ./cours preparer » et lisez son message, puis relancez.")
    print(message)
    raise SystemExit(2)


def main(argv: list[str]) -> int:
    in_course_environment()
    if "--check" in argv:
        with tempfile.TemporaryDirectory() as tmp:
            fresh = Path(tmp) / "release"
            generate(fresh)
            diff = differences(ROOT / "release", fresh)
        if diff:
            print("release/ n'est pas à jour (python tools/release.py) :\n  " + "\n  ".join(diff))
            return 1
        print("release/ est à jour.")
        return 0
    generate(ROOT / "release")
    print(f"release/ régénéré : {', '.join(assignments())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
