"""Grading a cohort in parallel gives the gradebook exactly what sequential nbgrader gives it."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from helpers.grading.trusted.cohort import main, shard  # noqa: E402


def test_shards_split_a_cohort_without_overlap():
    students = [f"s{i}" for i in range(7)]
    parts = [shard(students, f"{k}/3") for k in (1, 2, 3)]
    assert sorted(sum(parts, [])) == students and all(parts)
    with pytest.raises(SystemExit):
        shard(students, "4/3")


def test_outside_a_course_root_the_command_says_where_to_run_it(tmp_path, capsys):
    assert main(["1.1-boucles-agentiques", "--root", str(tmp_path)]) == 2
    assert "nbgrader_config.py introuvable" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_parallel_grading_writes_the_same_scores_as_sequential_nbgrader(tmp_path):
    import benchmark_grading
    import simulated_cohort
    one, two = tmp_path / "un", tmp_path / "deux"
    names = ["1.1-boucles-agentiques", "1.5-hooks-agent-sdk"]
    simulated_cohort.build(one, 4, assignments=names, seed=7)
    shutil.copytree(one, two)
    benchmark_grading.sequential(one, names)
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    for name in names:
        done = subprocess.run([sys.executable, "-m", "helpers.grading.trusted.cohort", name, "--workers", "2"],
                              cwd=two, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "[4/4]" in done.stdout and "copies/min" in done.stdout
    first, second = benchmark_grading.scores(one), benchmark_grading.scores(two)
    assert first and benchmark_grading.same_scores(first, second) == []
    assert len({s for (_a, s, _g) in first}) == 4


def test_one_pool_of_workers_grades_several_assignments(tmp_path, monkeypatch):
    """Workers are started once for the whole course (nbgrader's import and the sandbox's zygote are paid once
    per worker, not once per assignment): every (assignment, student) is graded, by the same two processes."""
    import io

    from helpers.grading.trusted import cohort
    for name in ("1.1-a", "1.5-b"):
        (tmp_path / "source" / name).mkdir(parents=True)
        for student in ("s1", "s2", "s3"):
            (tmp_path / "submitted" / student / name).mkdir(parents=True)

    def grade(assignment, student):
        return student, True, float(os.getpid()), assignment
    monkeypatch.setattr(cohort, "_init_worker", lambda root: None)
    monkeypatch.setattr(cohort, "_grade", grade)
    out = io.StringIO()
    done = cohort.grade_course(tmp_path, cohort.course_assignments(tmp_path), workers=2, out=out)
    assert set(done) == {(a, s) for a in ("1.1-a", "1.5-b") for s in ("s1", "s2", "s3")}
    assert all(error == assignment for (assignment, _), (_, _, error) in done.items())
    assert len({pid for (_ok, pid, _e) in done.values()}) == 2, "deux processus pour les deux devoirs"
    assert "1.5-b · s3" in out.getvalue() and "6 notée(s)" in out.getvalue()


def test_the_workers_are_told_to_stop_and_are_gone_when_grading_returns(tmp_path, monkeypatch):
    """Idle workers (and the sandbox each holds) must end with the command: they were left waiting for a next copy
    (a fresh-clone CI found two, with their bubblewrap sandboxes, 14 min after their test), and each made the
    command wait 5 s for nothing."""
    import io
    import multiprocessing
    import time

    from helpers.grading.trusted import cohort
    (tmp_path / "source" / "1.1-a").mkdir(parents=True)
    for student in ("s1", "s2", "s3"):
        (tmp_path / "submitted" / student / "1.1-a").mkdir(parents=True)
    monkeypatch.setattr(cohort, "_init_worker", lambda root: None)
    monkeypatch.setattr(cohort, "_grade", lambda assignment, student: (student, True, 0.0, ""))
    started = time.monotonic()
    done = cohort.grade_cohort(tmp_path, "1.1-a", workers=2, out=io.StringIO())
    assert len(done) == 3
    assert not multiprocessing.active_children(), "des processus de correction attendent encore une copie"
    assert time.monotonic() - started < 5


def test_the_command_takes_several_assignments_or_all_of_them(tmp_path, monkeypatch, capsys):
    from helpers.grading.trusted import cohort
    (tmp_path / "nbgrader_config.py").write_text("")
    for name in ("1.10-z", "1.2-b", "1.1-a"):
        (tmp_path / "source" / name).mkdir(parents=True)
    asked = []
    monkeypatch.setattr(cohort, "grade_course", lambda root, names, **kw: asked.append(names) or {("x", "y"): (True, 0, "")})
    assert cohort.main(["--tous", "--root", str(tmp_path)]) == 0
    assert cohort.main(["1.2-b", "1.1-a", "--root", str(tmp_path)]) == 0
    assert asked == [["1.1-a", "1.2-b", "1.10-z"], ["1.2-b", "1.1-a"]]
    assert cohort.main(["--root", str(tmp_path)]) == 2
    assert "--tous" in capsys.readouterr().out
