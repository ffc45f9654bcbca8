"""Binder, checked rather than hoped (tools/binder_check.py): repo2docker --no-build on the learner edition writes a
Dockerfile that installs every pin (environment.yml, since repo2docker then skips requirements.txt), runs postBuild
under `set -e` and leaves JupyterLab in French without nbgrader's instructor side; the heaviest notebook, run
offline with an ordinary kernel as on Binder, stays under 1.5 GB (mybinder.org gives 2 GB at most)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import binder_check  # noqa: E402


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_what_binder_builds_from_the_learner_edition_installs_everything_and_fits_in_memory():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "binder_check.py")], capture_output=True, text=True,
                          timeout=880)
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    assert "Dockerfile de" in done.stdout and "conforme" in done.stdout and "pic" in done.stdout


def test_the_check_catches_what_repo2docker_would_lose(tmp_path):
    """The check itself discriminates: a pin only in requirements.txt, a postBuild without set -e, English (menus, or
    the kernel label left without its translator)."""
    edition = tmp_path / "ed"
    edition.mkdir()
    for name in ("environment.yml", "requirements.txt", "postBuild", "jupyterlab-overrides.json"):
        (edition / name).write_bytes((ROOT / name).read_bytes())
    docker = 'RUN bash -c \'time ${MAMBA_EXE} env update -p ${NB_PYTHON_PREFIX} --file "environment.yml"\'\nRUN ./postBuild\n'
    log = "Building conda environment for python=3.11"
    assert binder_check.check_build(edition, docker, log) == []
    (edition / "requirements.txt").write_text((ROOT / "requirements.txt").read_text() + "pandas-extra==1.0\n")
    (edition / "postBuild").write_text((ROOT / "postBuild").read_text().replace("set -euo pipefail\n", "")
                                       .replace("python -m helpers.kernel.label\n", ""))
    (edition / "jupyterlab-overrides.json").write_text('{"@jupyterlab/translation-extension:plugin": {"locale": "en"}}')
    problems = " ".join(binder_check.check_build(edition, docker.replace("RUN ./postBuild\n", ""), log))
    for expected in ("pandas-extra==1.0", "set -e", "n'exécute pas postBuild", "pas en français", "No Kernel"):
        assert expected in problems, expected
