"""The README's promises: every command in it works, every Binder link leads to a notebook."""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def run(*args, env=None, timeout=60):
    return subprocess.run(list(args), cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, **(env or {})))


def test_the_binder_section_is_generated_from_the_notebooks():
    done = run(sys.executable, "tools/binder.py", "--check")
    assert done.returncode == 0, done.stdout


def binder_links() -> list[str]:
    return re.findall(r"\((https://mybinder\.org/v2/gh/[^)]+)\)", README)


def test_every_binder_link_opens_an_existing_notebook_by_a_plain_ascii_path():
    links = binder_links()
    paths = [unquote(urlsplit(link).query.removeprefix("urlpath=lab/tree/")) for link in links if "tree/" in link]
    assert links and paths and len(paths) == len(links) - 1    # plus the badge for the whole course
    for path in paths:
        assert (ROOT / path).is_file(), path
        assert path.isascii() and " " not in path
    lessons = {p.relative_to(ROOT).as_posix() for p in (ROOT / "release").glob("*/*.ipynb")}
    assert lessons <= set(paths)


def test_help_lists_the_commands():
    done = run("./cours", "--help")
    assert done.returncode == 0 and "./cours test" in done.stderr and "./cours noter" in done.stderr
    assert "./cours formateur" in done.stderr and "./cours --root" in done.stderr


def test_help_lists_what_passes_to_jupyterlab_and_the_environment_variables():
    done = run("./cours", "--help")
    for option in ("--no-browser", "--port=", "--ServerApp.ip", "pytest"):
        assert option in done.stderr, option
    script = (ROOT / "cours").read_text()
    for variable in ("ANTHROPIC_API_KEY", "COURS_MODELE", "COURS_BUDGET_USD", "COURS_NOYAU_ORDINAIRE", "COURS_ECHANGE",
                     "COURS_ATELIER", "COURS_RACINE"):
        assert variable in done.stderr, variable
    assert "COURS_ECHANGE" in script


def test_as_root_it_refuses_before_installing_anything(tmp_path):
    """A fresh clone, as root: the refusal comes at once, not after a minute of pip (no .venv created)."""
    clone = tmp_path / "clone"
    clone.mkdir()
    for name in ("cours", "requirements.txt", "pyproject.toml"):
        (clone / name).write_bytes((ROOT / name).read_bytes())
    (clone / "cours").chmod(0o755)
    for command in (["./cours", "--no-browser"], ["./cours", "formateur"]):
        started = time.monotonic()
        done = subprocess.run(command, cwd=clone, capture_output=True, text=True, timeout=60,
                              env=dict(os.environ, **pretend_root(tmp_path)))
        assert done.returncode == 1 and "./cours --root" in done.stderr, done.stderr
        assert not (clone / ".venv").exists() and time.monotonic() - started < 10


def pretend_root(tmp_path: Path) -> dict:
    """A PATH where `id -u` answers 0, whoever runs the tests."""
    fake = tmp_path / "bin"
    fake.mkdir(exist_ok=True)
    (fake / "id").write_text('#!/bin/sh\n[ "$1" = "-u" ] && { echo 0; exit 0; }\nexec /usr/bin/id "$@"\n')
    (fake / "id").chmod(0o755)
    return {"PATH": f"{fake}{os.pathsep}{os.environ['PATH']}"}


def test_as_root_the_learner_is_told_in_french_what_to_do(tmp_path):
    done = run("./cours", "--no-browser", env=pretend_root(tmp_path))
    assert done.returncode == 1
    assert "root" in done.stderr and "./cours --root" in done.stderr and "compte ordinaire" in done.stderr
    assert "Running as root" not in done.stderr + done.stdout        # JupyterLab never started


def test_real_mode_without_a_key_says_what_to_do():
    done = run("./cours", "--reel", env={"ANTHROPIC_API_KEY": ""})
    assert done.returncode == 1 and "export ANTHROPIC_API_KEY" in done.stderr


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def disabled_extensions(port: int) -> list:
    """What the JupyterLab page itself is told to leave out (its page config)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/lab?token=verif", timeout=10) as r:
        page = r.read().decode()
    config = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', page, re.S)
    import json
    return json.loads(config.group(1)).get("disabledExtensions", [])


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("command, nbgrader_menus", [(["./cours"], False), (["./cours", "formateur"], True)],
                         ids=["apprenant", "formateur"])
def test_the_open_command_starts_jupyterlab_offline_on_the_start_notebook(tmp_path, command, nbgrader_menus):
    """Learners get no nbgrader menus; `./cours formateur` keeps them. `--root` lets it run as root here."""
    port = free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path), JUPYTERLAB_WORKSPACES_DIR=str(tmp_path),
               COURS_ECHANGE=str(tmp_path / "echange"))
    env.pop("ANTHROPIC_API_KEY", None)
    env.pop("JUPYTER_CONFIG_PATH", None)
    process = subprocess.Popen([*command, "--no-browser", f"--port={port}", "--IdentityProvider.token=verif",
                                "--root"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token=verif", timeout=2) as r:
                    assert r.status == 200
                    break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("JupyterLab n'a pas répondu")
        with urllib.request.urlopen(
                f"http://127.0.0.1:{port}/api/contents/notebooks/0.0-commencer-ici.ipynb?token=verif&content=0") as r:
            assert r.status == 200
        assert ("@jupyter/nbgrader" not in disabled_extensions(port)) == nbgrader_menus
        exchange = tmp_path / "echange"          # the instructor's JupyterLab creates the exchange, open to all
        assert exchange.is_dir() == nbgrader_menus
        assert not nbgrader_menus or exchange.stat().st_mode & 0o777 == 0o777
        if not nbgrader_menus:      # learners: no instructor server extension (it would create gradebook.db here)
            had_gradebook = (ROOT / "gradebook.db").exists()
            for path in ("/formgrader", "/formgrader/api/assignments", "/formgrader/manage_students"):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}?token=verif", timeout=10) as r:
                        status = r.status
                except urllib.error.HTTPError as error:
                    status = error.code
                assert status == 404, (path, status)
            assert (ROOT / "gradebook.db").exists() == had_gradebook
    finally:
        os.killpg(process.pid, 15)
        process.wait(timeout=30)


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_the_benchmarks_run(tmp_path):
    done = run(sys.executable, "tools/benchmark.py", "--no-suite", timeout=240,
               env={"COURS_ATELIER": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert "requêtes/s" in done.stdout and "query()" in done.stdout
