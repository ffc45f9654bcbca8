"""The lessons ↔ grading contract (helpers/lessons/kit.py): every exercise's two halves are marked where they run,
and imports point one way — lessons never import grading, grading reads the lessons only through the registry and
the contract."""
from __future__ import annotations

import ast
from pathlib import Path

from helpers.lessons import exercises, kit

HELPERS = Path(kit.__file__).resolve().parents[1]


def test_every_exercise_plays_in_the_sandbox_and_is_judged_on_the_trusted_side():
    for exercise in exercises().values():
        if exercise.is_quiz:
            continue
        assert getattr(exercise.play, "runs_in", None) == kit.SANDBOX, f"{exercise.id} : play sans @sandboxed"
        assert getattr(exercise.judge, "runs_in", None) == kit.TRUSTED, f"{exercise.id} : judge sans @trusted"


def _imports(path: Path) -> list[str]:
    """The helpers modules `path` imports, relative imports resolved (`from x import name` counts as x.name when
    name is a module of x)."""
    package = path.relative_to(HELPERS.parent).with_suffix("").parts[:-1]
    modules = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            folder = HELPERS.parent.joinpath(*module.split("."))
            modules.append(module)
            modules += [f"{module}.{a.name}" for a in node.names
                        if (folder / f"{a.name}.py").exists() or (folder / a.name / "__init__.py").exists()]
        elif isinstance(node, ast.Import):
            modules += [a.name for a in node.names]
    return [m for m in modules if m == "helpers" or m.startswith("helpers.")]


def test_lessons_never_import_grading():
    for path in (HELPERS / "lessons").rglob("*.py"):
        assert not [m for m in _imports(path) if m.startswith("helpers.grading")], path


def test_grading_reads_the_lessons_only_through_the_registry_and_the_contract():
    for path in (HELPERS / "grading").rglob("*.py"):
        strays = {m for m in _imports(path) if m.startswith("helpers.lessons")} - {"helpers.lessons",
                                                                                   "helpers.lessons.kit"}
        assert not strays, (path.name, strays)
