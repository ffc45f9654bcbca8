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

from helpers.grading.cohort import main, shard  # noqa: E402


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
        done = subprocess.run([sys.executable, "-m", "helpers.grading.cohort", name, "--workers", "2"],
                              cwd=two, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "[4/4]" in done.stdout and "copies/min" in done.stdout
    first, second = benchmark_grading.scores(one), benchmark_grading.scores(two)
    assert first and benchmark_grading.same_scores(first, second) == []
    assert len({s for (_a, s, _g) in first}) == 4
