"""The helpers package, as a newcomer reads it: grouped by concept, dependencies pointing one way."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HELPERS = ROOT / "helpers"
PACKAGES = ("simulator", "progress", "widgets", "lessons", "grading", "instructor", "kernel")
# What each package may import from the rest of helpers (besides itself).
ALLOWED = {
    "simulator": set(),
    "progress": set(),          # the learner's record: plain data, the standard library only
    "widgets": {"simulator", "clients", "progress"},
    "lessons": {"simulator", "clients", "progress", "widgets"},
    "grading": {"simulator", "clients", "progress", "widgets", "lessons", "kernel"},   # the one fork server
    "instructor": {"simulator", "clients", "progress", "widgets", "lessons", "grading"},
    "kernel": set(),            # the zygote must hold third-party code only
}
CLIENT_MODULES = {"clients", "_mode", "_meter", "explain", "narrate"}


def resolved_imports(path: Path) -> list[tuple[list[str], bool]]:
    """Every import of a module inside helpers, as absolute dotted parts (relative ones resolved), each with
    whether it must be a module (`from x import y` may also name an attribute y of x)."""
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]          # ("helpers", "lessons", "ts1_1")
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = list(package[:len(package) - node.level + 1]) if node.level else []
            module = base + (node.module.split(".") if node.module else [])
            out.append((module, True))
            out += [(module + [a.name], False) for a in node.names]
        elif isinstance(node, ast.Import):
            out += [(a.name.split("."), True) for a in node.names]
    return out


def exists(parts: list[str]) -> bool:
    target = ROOT.joinpath(*parts)
    return target.with_suffix(".py").is_file() or (target / "__init__.py").is_file()


def test_every_import_inside_helpers_points_at_a_module_that_exists():
    """Lazy imports included: a moved module must not leave a dangling `from .x import …` in a function."""
    for path in HELPERS.rglob("*.py"):
        for parts, strict in resolved_imports(path):
            if parts[:1] == ["helpers"] and strict:
                assert exists(parts), f"{path.relative_to(ROOT)} : import de {'.'.join(parts)}, module introuvable"


def helpers_imports(path: Path) -> set[str]:
    """The first-level parts of helpers that a module imports (clients modules count as `clients`)."""
    return {"clients" if parts[1] in CLIENT_MODULES else parts[1]
            for parts, _ in resolved_imports(path) if len(parts) >= 2 and parts[0] == "helpers"}


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_imports_only_what_it_may(package):
    for path in (HELPERS / package).rglob("*.py"):
        outside = helpers_imports(path) - {package} - ALLOWED[package]
        assert not outside, f"{path.relative_to(ROOT)} importe {sorted(outside)} : dépendance à rebours"


def test_the_simulator_stands_alone_in_a_fresh_interpreter():
    # `import helpers.simulator` runs helpers/__init__ first; what matters is that the simulator's own
    # modules never need the rest: load them with the package's __init__ bypassed.
    code = ("import sys, types; pkg = types.ModuleType('helpers'); pkg.__path__ = ['helpers']; "
            "sys.modules['helpers'] = pkg; import helpers.simulator as s; s.Simulator().start().stop(); "
            "print(sorted(m for m in sys.modules if m.startswith('helpers.') and not m.startswith('helpers.simulator')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_says_what_lives_there_and_what_it_may_import(package):
    doc = ast.get_docstring(ast.parse((HELPERS / package / "__init__.py").read_text()))
    assert doc and "import" in doc.lower(), f"helpers/{package}/__init__.py : docstring manquante ou muette sur les imports"


def test_the_top_level_holds_the_learner_api_and_the_clients_only():
    modules = {p.stem for p in HELPERS.glob("*.py")} - {"__init__"}
    assert modules == CLIENT_MODULES
    assert {p.name for p in HELPERS.iterdir() if p.is_dir() and p.name != "__pycache__"} == set(PACKAGES)


def test_the_readme_shows_the_tree():
    readme = (ROOT / "README.md").read_text()
    for package in PACKAGES:
        assert f"{package}/" in readme
