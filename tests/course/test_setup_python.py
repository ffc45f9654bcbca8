"""The README's set-up on the Pythons of the systems it names: Debian 12 (python3 3.11.2), Ubuntu 24.04 LTS (3.12.3).

The pinned set must install there as it is; an older Python is refused before anything is installed, in French,
with what to do.
"""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from importlib.metadata import distribution
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
DEBIAN_PYTHON = Path("/usr/bin/python3")


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pinned() -> dict[str, str]:
    return dict(pin.split("==") for pin in load_tool("lock").pins((ROOT / "requirements.txt").read_text()))


def start_check_floor() -> str:
    return re.search(r"^PYTHON_MIN=(\S+)$", (ROOT / "cours").read_text(), re.M).group(1)


def test_the_start_check_asks_for_what_the_pins_need_and_every_supported_python_is_above_it():
    """The floor of `./cours` is the highest lower bound that a pin's Requires-Python sets (read in this
    environment's metadata, where the pins are installed), and each Python that tools/lock.py checks meets it."""
    floor = Version("0")
    for name, version in pinned().items():
        dist = distribution(name)
        assert dist.version == version, f"{name} {dist.version} installé, {version} épinglé : ./cours preparer"
        for spec in SpecifierSet(dist.metadata.get("Requires-Python") or ""):
            if spec.operator in (">=", ">"):
                floor = max(floor, Version(spec.version))
    assert Version(start_check_floor()) == Version(f"{floor.major}.{floor.minor}")
    for python in load_tool("lock").SUPPORTED_PYTHONS:
        assert all(Version(python) in SpecifierSet(distribution(name).metadata.get("Requires-Python") or "")
                   for name in pinned()), python


@pytest.mark.parametrize("python_version", load_tool("lock").SUPPORTED_PYTHONS)
def test_every_pin_has_a_wheel_for_the_python_of_each_system_the_readme_names(python_version):
    """pip, told to install for that Python (its Requires-Python and its wheels' tags), finds every pin."""
    reason = load_tool("lock").unsupported(ROOT / "requirements.txt", python_version)
    assert not reason, f"Python {python_version} : {reason}"


def debian_python() -> str:
    if not DEBIAN_PYTHON.exists():
        pytest.skip("pas de /usr/bin/python3 sur cette machine (le Python de Debian)")
    found = subprocess.run([str(DEBIAN_PYTHON), "-c", "import sys, venv, ensurepip; print(sys.version.split()[0])"],
                           capture_output=True, text=True)
    if found.returncode != 0:
        pytest.skip("le Python de /usr/bin/python3 n'a pas venv/ensurepip (sudo apt install python3-venv)")
    return found.stdout.strip()


@pytest.mark.slow
def test_the_pinned_set_resolves_with_debians_own_python_and_pip(tmp_path):
    """What `./cours` does first on Debian 12, with Debian's own python3 and the pip its venv brings: pip's
    resolver accepts the whole pinned set (dry run: nothing is installed)."""
    version = debian_python()
    venv = tmp_path / "venv"
    subprocess.run([str(DEBIAN_PYTHON), "-m", "venv", str(venv)], check=True)
    done = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--dry-run", "--ignore-installed",
                           "--disable-pip-version-check", "--quiet", "-r", str(ROOT / "requirements.txt")],
                          capture_output=True, text=True, timeout=900)
    errors = "\n".join(line for line in done.stderr.splitlines() if line.startswith("ERROR"))
    assert done.returncode == 0, f"Python {version} de Debian : {errors or done.stderr[-3000:]}"


def fake_python(folder: Path, version: str) -> Path:
    """An interpreter that says it is `version` (what the start check asks it), and nothing more."""
    major, minor, micro = (int(part) for part in version.split("."))
    script = folder / f"python{major}.{minor}"
    script.write_text(f"#!/bin/sh\n"
                      f"if [ \"$1\" = --version ]; then echo 'Python {version}'; exit 0; fi\n"
                      f"exec {sys.executable} -c 'import sys; sys.version_info = ({major}, {minor}, {micro}); "
                      f"exec(sys.argv[1])' \"$2\"\n")
    script.chmod(0o755)
    return script


def test_a_python_too_old_is_refused_in_french_with_what_to_do_before_anything_is_installed(tmp_path):
    old = fake_python(tmp_path, "3.10.12")                 # Ubuntu 22.04 LTS's python3
    done = subprocess.run([str(ROOT / "cours"), "preparer"], env=dict(os.environ, PYTHON=str(old)),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "Ce cours demande Python 3.11 ou plus récent" in done.stderr and "3.10.12" in done.stderr
    assert "sudo apt install python3.11 python3.11-venv" in done.stderr
    assert "PYTHON=" in done.stderr and "Traceback" not in done.stderr and "pip" not in done.stderr


def clone_like(folder: Path) -> Path:
    """The parts of a clone that hold answers, as a fresh `git clone` leaves them under Debian's 0755 homes."""
    shutil.copy(ROOT / "cours", folder / "cours")
    for name in ("source", "tests", ".git"):
        (folder / name).mkdir()
        (folder / name).chmod(0o755)
    (folder / "gradebook.db").write_text("")
    (folder / "gradebook.db").chmod(0o644)
    return folder


def first_set_up(folder: Path, **env: str) -> subprocess.CompletedProcess:
    """`./cours preparer` on a fresh clone, up to the environment's creation (the fake Python cannot make one)."""
    python = fake_python(folder, "3.11.2")
    environ = {k: v for k, v in os.environ.items() if k not in ("CI", "COURS_CLONE_OUVERT")}
    return subprocess.run([str(folder / "cours"), "preparer"], env={**environ, "PYTHON": str(python), **env},
                          capture_output=True, text=True, timeout=60)


def test_where_the_course_installs_other_accounts_of_the_machine_cannot_read_the_answers(tmp_path):
    folder = clone_like(tmp_path)
    done = first_set_up(folder)
    assert "Fermés aux autres comptes de cette machine" in done.stderr, done.stderr
    for name in ("source", "tests", ".git", "gradebook.db"):
        assert (folder / name).stat().st_mode & 0o077 == 0, name
    assert (folder / "cours").stat().st_mode & 0o055 == 0o055              # the rest of the clone stays as it was


def test_a_clone_meant_to_stay_open_is_left_open(tmp_path):
    folder = clone_like(tmp_path)
    done = first_set_up(folder, COURS_CLONE_OUVERT="1")
    assert "Fermés" not in done.stderr
    assert (folder / "source").stat().st_mode & 0o777 == 0o755
