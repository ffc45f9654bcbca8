"""Grading a cohort: plain `nbgrader autograde` versus `python -m helpers.grading.trusted.cohort` (not a test).

    .venv/bin/python tools/benchmark_grading.py --students 50
    .venv/bin/python tools/benchmark_grading.py --students 10 --reference /chemin/autre-checkout

Builds a simulated cohort (tools/simulated_cohort.py) for every assignment, grades one copy
with nbgrader's command line (one `nbgrader autograde <assignment>` per assignment: sequential)
and another with helpers.grading.trusted.cohort (parallel, one worker per core), checks both gradebooks hold
the same scores, and prints durations, seconds per notebook, the speed-up and notebooks per minute.
With --reference, a third copy is graded sequentially by another checkout of the course (its own
.venv and nbgrader_config.py, e.g. the version before a change): the speed-up is also given
against it. Take timings on an otherwise idle machine (here: under `flock /work/heavy.lock`).
"""
from __future__ import annotations

import argparse
import io
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import simulated_cohort  # noqa: E402


def scores(course: Path) -> dict:
    import warnings
    warnings.filterwarnings("ignore", module="nbgrader")
    from nbgrader.api import Gradebook
    out = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for assignment in gb.assignments:
            for submission in gb.assignment_submissions(assignment.name):
                for notebook in submission.notebooks:
                    for grade in notebook.grades:
                        out[(assignment.name, submission.student_id, grade.name)] = grade.score
    return out


def sequential(course: Path, assignments: list[str], python: str = sys.executable) -> float:
    env = dict(os.environ, PATH=str(Path(python).parent) + os.pathsep + os.environ.get("PATH", ""),
               PYTHONDONTWRITEBYTECODE="1")
    started = time.monotonic()
    for name in assignments:
        subprocess.run([python, "-m", "nbgrader", "autograde", name, "--force", "--log-level=ERROR"],
                       cwd=course, env=env, check=True, stderr=subprocess.DEVNULL)
    return time.monotonic() - started


def reference_copy(course: Path, target: Path, reference: Path, assignments: list[str]) -> str:
    """The same submissions, in a course folder set up by another checkout (its config, its gradebook)."""
    shutil.copytree(course, target, ignore=shutil.ignore_patterns("gradebook.db", "autograded"))
    shutil.copy(reference / "nbgrader_config.py", target / "nbgrader_config.py")
    python = str(reference / ".venv" / "bin" / "python")
    env = dict(os.environ, PATH=str(Path(python).parent) + os.pathsep + os.environ.get("PATH", ""),
               PYTHONDONTWRITEBYTECODE="1")
    for name in assignments:
        subprocess.run([python, "-m", "nbgrader", "generate_assignment", name, "--force", "--log-level=ERROR"],
                       cwd=target, env=env, check=True)
    return python


def parallel(course: Path, assignments: list[str], workers: int | None) -> float:
    from helpers.grading.trusted.cohort import grade_course
    started = time.monotonic()
    grade_course(course, assignments, workers=workers, out=io.StringIO())   # one pool for every assignment
    return time.monotonic() - started


def same_scores(a: dict, b: dict) -> list:
    return [key for key in sorted(set(a) | set(b)) if a.get(key) != b.get(key)]


def main() -> int:
    parser = argparse.ArgumentParser(description="Compare la correction séquentielle et parallèle d'une cohorte.")
    parser.add_argument("--students", type=int, default=50)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--assignments", default=None, help="devoirs séparés par des virgules (défaut : tous)")
    parser.add_argument("--reference", type=Path, default=None,
                        help="autre copie du cours (avec son .venv) notée aussi en séquentiel, pour comparer")
    args = parser.parse_args()
    names = args.assignments.split(",") if args.assignments else sorted(
        p.name for p in (ROOT / "source").iterdir() if p.is_dir())
    with tempfile.TemporaryDirectory() as tmp:
        one, two = Path(tmp) / "sequentiel", Path(tmp) / "parallele"
        simulated_cohort.build(one, args.students, assignments=names)
        shutil.copytree(one, two)
        notebooks = args.students * len(names)
        print(f"Cohorte simulée : {args.students} étudiants × {len(names)} devoir(s) = {notebooks} notebooks ; "
              f"{os.cpu_count()} cœur(s).")
        if args.reference:
            python = reference_copy(one, Path(tmp) / "reference", args.reference.resolve(), names)
            t_ref = sequential(Path(tmp) / "reference", names, python)
            print(f"référence {args.reference} (séquentiel) : {t_ref:.0f} s, {t_ref / notebooks:.1f} s par notebook")
        t_seq = sequential(one, names)
        print(f"nbgrader autograde (séquentiel) : {t_seq:.0f} s, {t_seq / notebooks:.1f} s par notebook, "
              f"{notebooks / t_seq * 60:.1f} notebooks/min")
        t_par = parallel(two, names, args.workers)
        print(f"helpers.grading.trusted.cohort (parallèle)      : {t_par:.0f} s, {t_par / notebooks:.1f} s par notebook, "
              f"{notebooks / t_par * 60:.1f} notebooks/min")
        print(f"accélération : × {t_seq / t_par:.2f}"
              + (f" ; × {t_ref / t_par:.2f} par rapport à la référence" if args.reference else ""))
        diff = same_scores(scores(one), scores(two))
        print("mêmes notes dans les deux carnets : " + ("oui" if not diff else f"NON ({len(diff)} écarts, ex. {diff[:3]})"))
        return 0 if not diff else 1


if __name__ == "__main__":
    raise SystemExit(main())
