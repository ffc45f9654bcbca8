"""Grade a whole cohort in parallel, with the same result as `nbgrader autograde`.

    python -m helpers.grading.trusted.cohort 1.1-boucles-agentiques                 # every submitted student
    python -m helpers.grading.trusted.cohort 1.1-boucles-agentiques 1.5-hooks-agent-sdk   # several assignments
    python -m helpers.grading.trusted.cohort --tous                                  # every assignment of source/
    python -m helpers.grading.trusted.cohort 1.1-boucles-agentiques --workers 8     # default: one per core
    python -m helpers.grading.trusted.cohort 1.1-boucles-agentiques --shard 2/3     # this machine's third of the cohort

Each worker process loads the course's nbgrader_config.py once and autogrades submissions one
after the other through nbgrader's own API, with the same preprocessors as the command line
(sandbox kernel, players, judges…): the gradebook receives the same scores as a sequential run.
nbgrader's start-up and the sandbox's zygote (atelier.py) are paid once per worker — not once per
student, nor once per assignment: the same workers grade every assignment asked for, and nbgrader
is imported once, before they are forked. A worker that dies takes only the submission it was
grading: that copy is recorded as failed (« ÉCHEC ») and a new worker takes over the rest.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path


def load_config(root: Path):
    from traitlets.config.loader import PyFileConfigLoader
    config = PyFileConfigLoader("nbgrader_config.py", path=str(root)).load_config()
    url = str(config.CourseDirectory.db_url or "sqlite:///gradebook.db")
    if url.startswith("sqlite:///"):
        # Several workers write the same SQLite gradebook: wait for the lock instead of failing.
        path = url[len("sqlite:///"):]
        path = path if os.path.isabs(path) else str(root / path)
        config.CourseDirectory.db_url = f"sqlite:///{path}?timeout=120"
    config.CourseDirectory.root = str(root)
    return config


_api = None


def _init_worker(root: str) -> None:
    global _api
    os.chdir(root)
    os.environ["COURS_MODE"] = "hors-ligne"
    os.environ.pop("ANTHROPIC_API_KEY", None)
    # nbgrader runs `alembic` by name: this environment's bin/ first on PATH.
    os.environ["PATH"] = str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", "")
    import warnings
    warnings.filterwarnings("ignore", module="nbgrader")   # SQLAlchemy autoflush notices inside nbgrader's API
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    config = load_config(Path(root))
    _api = NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)


def _grade(assignment: str, student: str) -> tuple[str, bool, float, str]:
    started = time.monotonic()
    result = _api.autograde(assignment, student, force=True, create=True)
    error = "" if result.get("success") else (result.get("error") or result.get("log") or "")[-2000:]
    return student, bool(result.get("success")), time.monotonic() - started, error


def students(root: Path, assignment: str) -> list[str]:
    submitted = root / "submitted"
    return sorted(p.name for p in submitted.iterdir() if (p / assignment).is_dir()) if submitted.is_dir() else []


def shard(items: list[str], spec: str | None) -> list[str]:
    if not spec:
        return items
    k, n = (int(x) for x in spec.split("/"))
    if not 1 <= k <= n:
        raise SystemExit(f"--shard {spec} : attendu k/N avec 1 ≤ k ≤ N")
    return items[k - 1::n]


def _worker(root: str, tasks, results) -> None:
    _init_worker(root)
    try:
        while True:
            task = tasks.recv()
            if task is None:
                return
            results.send(_grade(*task))
    finally:
        from .atelier import close
        close()


def _preload() -> None:
    """What every worker imports, imported once here: forked workers start with it (copy-on-write)."""
    try:
        import nbgrader.apps  # noqa: F401
        import nbgrader.converters.autograde  # noqa: F401
    except ImportError:       # the worker says it, in its own error
        pass


def grade_cohort(root: Path, assignment: str, *, workers: int | None = None, only: list[str] | None = None,
                 shard_spec: str | None = None, out=sys.stdout) -> dict[str, tuple[bool, float, str]]:
    """Autograde every (or the given) student's submission; returns student → (ok, seconds, error)."""
    done = grade_course(root, [assignment], workers=workers, only=only, shard_spec=shard_spec, out=out)
    return {student: result for (_assignment, student), result in done.items()}


def grade_course(root: Path, assignments: list[str], *, workers: int | None = None, only: list[str] | None = None,
                 shard_spec: str | None = None, out=sys.stdout) -> dict[tuple[str, str], tuple[bool, float, str]]:
    """Autograde the submissions of several assignments with one pool of workers.

    Returns (assignment, student) → (ok, seconds, error). With a shard, each assignment's students are split."""
    import multiprocessing
    from multiprocessing.connection import wait

    from ..sandbox import SandboxUnavailable, require
    root = root.resolve()
    todo = [(name, student) for name in assignments for student in shard(only or students(root, name), shard_spec)]
    if not todo:
        print(f"Aucune copie soumise pour {', '.join(assignments)} dans {root / 'submitted'}.", file=out)
        return {}
    try:
        require()
    except SandboxUnavailable as exc:
        print(str(exc), file=out)
        return {task: (False, 0.0, str(exc)) for task in todo}
    workers = max(1, min(workers or os.cpu_count() or 1, len(todo)))
    several = len(assignments) > 1
    print(f"{len(todo)} copie(s) de {', '.join(assignments)} à noter, {workers} processus en parallèle…",
          file=out, flush=True)
    _preload()
    started = time.monotonic()
    done: dict[tuple[str, str], tuple[bool, float, str]] = {}
    queue = list(todo)
    context = multiprocessing.get_context("fork")
    pool: dict = {}        # results connection -> [process, tasks connection, task or None, started]
    stopped: list = []     # workers told to stop before the end (nothing left to give them)

    def spawn() -> None:
        tasks_in, tasks_out = context.Pipe(duplex=False)
        results_in, results_out = context.Pipe(duplex=False)
        process = context.Process(target=_worker, args=(str(root), tasks_in, results_out), daemon=True)
        process.start()
        tasks_in.close()
        results_out.close()
        pool[results_in] = [process, tasks_out, None, 0.0]

    def report(task: tuple[str, str], ok: bool, seconds: float, error: str) -> None:
        done[task] = (ok, seconds, error)
        rate = len(done) / (time.monotonic() - started) * 60
        label = f"{task[0]} · {task[1]}" if several else task[1]
        print(f"[{len(done):>{len(str(len(todo)))}}/{len(todo)}] {label:<24} "
              f"{'noté' if ok else 'ÉCHEC'} en {seconds:5.1f} s · {rate:5.1f} copies/min", file=out, flush=True)

    for _ in range(workers):
        spawn()
    while queue or any(slot[2] for slot in pool.values()):
        for conn, slot in list(pool.items()):
            if slot[2] is None and queue:
                slot[2], slot[3] = queue.pop(0), time.monotonic()
                slot[1].send(slot[2])
            elif slot[2] is None:
                slot[1].send(None)
                stopped.append(slot[0])    # told to stop: joined below, with the others
                del pool[conn]
        if not pool:
            break
        sentinels = {slot[0].sentinel: conn for conn, slot in pool.items()}
        for ready in wait(list(pool) + list(sentinels), timeout=5):
            conn = sentinels.get(ready, ready)
            slot = pool.get(conn)
            if slot is None:
                continue
            try:
                student, ok, seconds, error = conn.recv()
            except (EOFError, OSError):
                # The worker died with this submission: record it, replace the worker, go on.
                task = slot[2]
                slot[0].join(5)
                if task:
                    report(task, False, time.monotonic() - slot[3],
                           f"le processus de correction s'est arrêté (code {slot[0].exitcode}) sur cette copie")
                del pool[conn]
                if queue:
                    spawn()
                continue
            task, slot[2] = slot[2], None
            report((task[0], student), ok, seconds, error)
    # Every copy is graded: the idle workers are told so (they would wait for a next copy, with their sandbox).
    for slot in pool.values():
        try:
            slot[1].send(None)
        except OSError:
            pass
    for process in stopped + [slot[0] for slot in pool.values()]:
        process.join(30)
        if process.is_alive():
            process.kill()
            process.join(5)
    failed = [task for task, (ok, _, _) in done.items() if not ok]
    total = time.monotonic() - started
    print(f"Terminé : {len(done) - len(failed)} notée(s), {len(failed)} en échec, en {total:.1f} s "
          f"({len(done) / total * 60:.1f} copies/min).", file=out)
    for task in failed:
        error = done[task][2].strip()
        label = f"{task[0]} · {task[1]}" if several else task[1]
        print(f"  {label} : {error.splitlines()[-1] if error else '?'}", file=out)
    return done


def course_assignments(course_root) -> list[str]:
    """Les devoirs du cours, d'après les dossiers de source/ (liste vide s'il n'y en a pas), 1.5 avant 1.10."""
    import re
    source = Path(course_root) / "source"
    return sorted((p.name for p in source.iterdir() if p.is_dir() and not p.name.startswith(".")),
                  key=lambda name: [int(x) if x.isdigit() else x for x in re.split(r"(\d+)", name)]) \
        if source.is_dir() else []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m helpers.grading.trusted.cohort",
                                     description="Note toute une cohorte en parallèle (mêmes notes que nbgrader autograde).")
    parser.add_argument("assignments", nargs="*", metavar="devoir",
                        help="un ou plusieurs devoirs, par exemple 1.1-boucles-agentiques")
    parser.add_argument("--tous", action="store_true", help="tous les devoirs de source/")
    parser.add_argument("--workers", type=int, default=None, help="processus en parallèle (défaut : un par cœur)")
    parser.add_argument("--students", default=None, help="liste d'identifiants séparés par des virgules")
    parser.add_argument("--shard", default=None, help="k/N : ne noter que la k-ième part sur N (plusieurs machines)")
    parser.add_argument("--root", default=".", help="racine du cours (là où se trouve nbgrader_config.py)")
    args = parser.parse_args(argv)
    root = Path(args.root)
    if not (root / "nbgrader_config.py").exists():
        print(f"nbgrader_config.py introuvable dans {root.resolve()} : lancez la commande depuis la racine du cours.")
        return 2
    known = course_assignments(root)
    names = []
    for name in args.assignments:                 # « 1.1 » is 1.1-boucles-agentiques; an unknown name is said so
        matches = [a for a in known if a == name] or [a for a in known if a.startswith(name.rstrip("-") + "-")]
        if len(matches) != 1:
            print(f"Devoir inconnu : {name}. Les devoirs de ce cours (dossiers de source/) : "
                  f"{', '.join(known) or 'aucun'}.")
            return 2
        names.append(matches[0])
    names += [a for a in known if args.tous and a not in names]
    if not names:
        print("Quel devoir noter ? Donnez son nom (par exemple 1.1-boucles-agentiques) ou --tous.")
        return 2
    only = [s.strip() for s in args.students.split(",")] if args.students else None
    done = grade_course(root, names, workers=args.workers, only=only, shard_spec=args.shard)
    return 0 if done and all(ok for ok, _, _ in done.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
