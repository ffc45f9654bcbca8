"""Beyond one machine: `--shard k/N` processes grading at the same time into one PostgreSQL gradebook.

A real PostgreSQL (Debian's `postgresql`, started here in a temporary folder, as the `postgres`
user when the tests run as root) holds the gradebook; two shard processes grade a simulated
cohort concurrently; the scores must be those of one sequential `nbgrader autograde` run on an
SQLite copy of the same course (same submissions, same course secret, hence the same draws).
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
NAME = "1.1-boucles-agentiques"
pytestmark = [pytest.mark.slow, pytest.mark.timeout(1500)]


def pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def postgres():
    binaries = pg_bin()
    if binaries is None:
        if os.environ.get("CI") == "true":
            pytest.fail("PostgreSQL est introuvable en CI : ./cours test l'installe (paquet Debian postgresql).")
        pytest.skip("PostgreSQL est introuvable : installez-le (sudo apt install postgresql) pour lancer ce test.")
    # Not under pytest's folder (0700 for root): the postgres user must reach its data.
    folder = Path(tempfile.mkdtemp(prefix="cours-postgres-"))
    folder.chmod(0o755)
    data, sockets = folder / "donnees", folder / "sockets"
    sockets.mkdir()
    prefix: list[str] = []
    if os.getuid() == 0:                       # PostgreSQL refuses to run as root
        user = pwd.getpwnam("postgres")
        for path in (folder, sockets):
            os.chown(path, user.pw_uid, user.pw_gid)
        folder.chmod(0o755)
        prefix = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    run = lambda *args: subprocess.run(prefix + [str(a) for a in args], check=True, capture_output=True,  # noqa: E731
                                       text=True, timeout=120)
    run(binaries / "initdb", "-D", data, "-U", "cours", "--auth=trust", "-E", "UTF8")
    run(binaries / "pg_ctl", "-D", data, "-l", folder / "journal.log", "-w", "-o",
        f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c max_connections=60", "start")
    try:
        yield f"postgresql+psycopg://cours@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(prefix + [str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def grades(db_url: str) -> dict:
    from nbgrader.api import Gradebook
    out = {}
    with Gradebook(db_url) as gb:
        for submission in gb.assignment_submissions(NAME):
            for notebook in submission.notebooks:
                for grade in notebook.grades:
                    out[(submission.student_id, grade.name)] = grade.score
    return out


def test_two_shards_grade_at_once_into_postgres_like_one_sequential_run(tmp_path, postgres):
    import simulated_cohort
    sharded, sequential = tmp_path / "partage", tmp_path / "sequentiel"
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    simulated_cohort.build(sequential, 6, assignments=[NAME], seed=11)
    shutil.copytree(sequential, sharded, ignore=shutil.ignore_patterns("gradebook.db"))
    with (sharded / "nbgrader_config.py").open("a") as f:
        f.write(f'\nc.CourseDirectory.db_url = "{postgres}"\n')
    subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", NAME, "--force", "--log-level=ERROR"],
                   cwd=sharded, env=env, check=True, timeout=300)
    # One course secret on the shared storage: both shards draw what one sequential run draws.
    from helpers.grading.trusted.verdicts import SECRET_FILE, course_secret
    course_secret(sequential)
    shutil.copy(sequential / SECRET_FILE, sharded / SECRET_FILE)

    started = time.monotonic()
    shards = [subprocess.Popen([sys.executable, "-m", "helpers.grading.trusted.cohort", NAME, "--shard", f"{k}/2",
                                "--workers", "1"], cwd=sharded, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True) for k in (1, 2)]
    logs = [p.communicate(timeout=1200)[0] for p in shards]
    seconds = time.monotonic() - started
    assert all(p.returncode == 0 for p in shards), logs
    assert all("[3/3]" in log for log in logs), logs

    done = subprocess.run([sys.executable, "-m", "nbgrader", "autograde", NAME, "--log-level=ERROR"],
                          cwd=sequential, env=env, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    together, alone = grades(postgres), grades(f"sqlite:///{sequential / 'gradebook.db'}")
    assert len({student for student, _ in together}) == 6
    assert together == alone
    print(f"\n2 shards concurrents, 6 copies dans PostgreSQL : {seconds:.0f} s")
