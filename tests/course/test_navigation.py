"""Every notebook ends with « Précédent / Suivant » links, 0.0 opens on a table of contents, and both are
generated (tools/navigation.py): a new notebook is picked up, a lesson not written yet is never linked."""
from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\]\(([^)]+\.ipynb)\)")


def load_navigation():
    spec = importlib.util.spec_from_file_location("navigation", ROOT / "tools" / "navigation.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["navigation"] = module          # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


navigation = load_navigation()


def generated_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text())["cells"]
    return ["".join(c["source"]) for c in cells
            if {"navigation", "sommaire"} & set(c.get("metadata", {}).get("tags", []))]


def learner_notebooks() -> list[Path]:
    return sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "release").glob("*/*.ipynb"))


def test_the_generated_cells_are_up_to_date():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "navigation.py"), "--check"], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("path", learner_notebooks(), ids=lambda p: p.name)
def test_every_notebook_ends_with_its_footer_and_every_link_leads_somewhere(path):
    cells = json.loads(path.read_text())["cells"]
    assert "navigation" in cells[-1].get("metadata", {}).get("tags", []), "le pied de page n'est pas la dernière cellule"
    for text in generated_cells(path):
        for target in LINK.findall(text):
            assert (path.parent / target).resolve().is_file(), f"{path.name} : lien mort vers {target}"


def test_the_start_notebook_lists_the_seven_lessons_and_links_only_those_published():
    start = ROOT / navigation.START
    contents = next(t for t in generated_cells(start) if "## Sommaire" in t)
    published = {p.name.split("-")[0] for p in (ROOT / "release").glob("*/*.ipynb")}
    for number in navigation.LESSONS:
        row = next(line for line in contents.splitlines() if line.startswith("| ") and number in line.split("|")[1])
        assert ("](" in row) == (number in published), row
        assert ("à venir" in row) == (number not in published), row


def test_the_learners_chain_goes_through_every_lesson_in_order():
    chain = [n for n in navigation.course() if not n.for_instructors]
    assert chain[0].is_start
    numbers = [tuple(map(int, n.number.split("."))) for n in chain]
    assert numbers == sorted(numbers)
    for before, after in zip(chain, chain[1:]):
        assert f"Suivant\u202f: {after.title}" in "".join(generated_cells(before.learner))
        assert f"Précédent\u202f: {before.title}" in "".join(generated_cells(after.learner))


def test_a_new_lesson_is_picked_up_and_linked_from_its_neighbours(tmp_path):
    for folder in ("notebooks", "source", "release"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    for published in [*tmp_path.glob("source/1.2-*"), *tmp_path.glob("release/1.2-*")]:
        shutil.rmtree(published)                                     # the course as it was before 1.2
    navigation.update(tmp_path)
    lesson = tmp_path / "source" / "1.2-coordinateur" / "1.2-coordinateur.ipynb"
    lesson.parent.mkdir()
    lesson.write_text(json.dumps({"cells": [{"cell_type": "markdown", "id": "c0", "metadata": {},
                                             "source": ["# 1.2 — Coordinateur et sous-agents\n"]}],
                                  "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    stale = navigation.update(tmp_path)
    assert "source/1.2-coordinateur/1.2-coordinateur.ipynb" in stale
    assert "notebooks/0.0-commencer-ici.ipynb" in stale and "source/1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb" in stale
    footer = generated_cells(lesson)[0]
    assert "[← Précédent\u202f: 1.1 — Boucles agentiques](../1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb)" in footer
    start = "".join(generated_cells(tmp_path / navigation.START))
    assert "[1.2 — Coordinateur et sous-agents](../release/1.2-coordinateur/1.2-coordinateur.ipynb)" in start
    assert navigation.update(tmp_path) == []                         # a second run changes nothing


def test_a_link_into_another_notebook_names_a_cell_that_exists_never_a_heading_anchor():
    """JupyterLab 4.6 lands a link on another notebook's place only by its cell (`#cell-id=`): a heading anchor stays
    at the notebook's top when it opens (helpers/lessons/headings.py; the glossary's did, observed in Chromium)."""
    notebooks = sorted(ROOT.glob("notebooks/*.ipynb")) + sorted(ROOT.glob("source/*/*.ipynb")) \
        + sorted(ROOT.glob("release/*/*.ipynb"))
    found = 0
    for path in notebooks:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            for target, place in re.findall(r"\]\(([^)#\s]+\.ipynb)#([^)\s]*)\)", "".join(cell["source"])):
                found += 1
                assert place.startswith("cell-id="), (path.name, target, place)
                other = json.loads((path.parent / target).read_text(encoding="utf-8"))["cells"]
                assert place.removeprefix("cell-id=") in {c["id"] for c in other}, (path.name, target, place)
    assert found
