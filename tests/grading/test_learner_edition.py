"""The learner edition (tools/learner_edition.py): a Binder repository that holds no solution text."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import learner_edition  # noqa: E402


@pytest.fixture(scope="module")
def edition(tmp_path_factory):
    out = tmp_path_factory.mktemp("edition") / "cours-etudiant"
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "learner_edition.py"), str(out)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def texts(folder: Path) -> dict[str, str]:
    out = {}
    for path in folder.rglob("*"):
        if path.is_file():
            try:
                out[str(path.relative_to(folder))] = path.read_text()
            except UnicodeDecodeError:
                continue
    return out


def secret_regions() -> list[tuple[str, str]]:
    """(notebook, block) for every solution body and hidden test of every master notebook."""
    regions = []
    for master in sorted((ROOT / "source").glob("*/*.ipynb")):
        for cell in json.loads(master.read_text())["cells"]:
            source = "".join(cell["source"])
            for body in re.findall(r"### BEGIN SOLUTION\n(.*?)### END SOLUTION", source, re.S):
                regions.append((master.name, body))
            for body in re.findall(r"### BEGIN HIDDEN TESTS\n(.*?)### END HIDDEN TESTS", source, re.S):
                regions.append((master.name, body))
            if cell["cell_type"] == "markdown":
                for body in re.findall(r"BEGIN (?:SOLUTION|HIDDEN TESTS)(.*?)END (?:SOLUTION|HIDDEN TESTS)", source, re.S):
                    regions.append((master.name, body))
    assert len(regions) >= 8
    return regions


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_only_what_learners_may_see(edition):
    names = {p.name for p in edition.iterdir()}
    assert {"helpers", "release", "notebooks", "environment.yml", "postBuild", "requirements.txt", "README.md",
            "pyproject.toml"} <= names
    for forbidden in ("source", "tests", "nbgrader_config.py", "gradebook.db", "submitted", "autograded", "feedback",
                      ".correction-secret", "tools"):
        assert forbidden not in names, forbidden
    assert not list(edition.rglob("*.db")) and not list(edition.rglob("__pycache__"))
    assert not [p for p in (edition / "notebooks").glob("*.ipynb") if p.name.startswith("9.")]


def test_no_solution_body_and_no_hidden_test_is_in_it(edition):
    corpus = texts(edition)
    flat = {name: normalise(text) for name, text in corpus.items()}
    unescaped = {name: normalise(json.loads(text)["cells"] and " ".join(
        "".join(c["source"]) for c in json.loads(text)["cells"])) for name, text in corpus.items()
        if name.endswith(".ipynb")}
    for notebook, body in secret_regions():
        block = normalise(body)
        assert block
        for name in list(flat) + list(unescaped):
            haystack = unescaped.get(name) if name in unescaped else flat[name]
            assert block not in haystack, (notebook, name, block[:80])
    for name, text in corpus.items():
        if name.endswith(".ipynb"):    # (helpers' code names the markers, to cut them out of feedback)
            assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text, name


def test_most_distinctive_lines_of_each_solution_are_absent(edition):
    """Line by line too: the lesson's demonstrations share a few lines with a solution (a faulty loop
    shows the call to messages.create), but most of a solution's longer lines appear nowhere."""
    corpus = "\n".join(texts(edition).values())
    for notebook in edition.glob("release/*/*.ipynb"):
        corpus += "\n" + "\n".join("".join(c["source"]) for c in json.loads(notebook.read_text())["cells"])
    checked = 0
    for notebook, body in secret_regions():
        lines = [line.strip() for line in body.splitlines() if len(line.strip()) >= 25]
        if len(lines) < 4:
            continue
        shown = [line for line in lines if line in corpus]
        assert len(shown) <= 0.4 * len(lines), (notebook, len(lines), shown)
        checked += 1
    assert checked >= 3


def test_it_is_a_binder_repository_and_the_badges_point_to_it(edition):
    assert (edition / "postBuild").stat().st_mode & 0o111
    assert "pip install --no-deps -e ." in (edition / "postBuild").read_text()
    assert (edition / "environment.yml").read_text() == (ROOT / "environment.yml").read_text()
    readme = (edition / "README.md").read_text()
    links = re.findall(r"\((https://mybinder\.org/v2/gh/[^)]+)\)", readme)
    assert links and all(f"/gh/{learner_edition.LEARNER_REPOSITORY}/" in link for link in links)
    for link in links:
        if "lab/tree/" in link:
            assert (edition / link.split("lab/tree/", 1)[1]).is_file(), link
    main_readme = (ROOT / "README.md").read_text()
    badges = re.findall(r"\((https://mybinder\.org/v2/gh/[^)]+)\)", main_readme)
    assert badges and all(f"/gh/{learner_edition.LEARNER_REPOSITORY}/" in link for link in badges)
    for link in badges:
        if "lab/tree/" in link:
            assert (edition / link.split("lab/tree/", 1)[1]).is_file(), link


def test_the_edition_imports_and_has_no_outputs(edition):
    for nb in list(edition.glob("release/*/*.ipynb")) + list(edition.glob("notebooks/*.ipynb")):
        cells = json.loads(nb.read_text())["cells"]
        assert all(not c.get("outputs") for c in cells if c["cell_type"] == "code"), nb
    done = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, '.'); import helpers; "
                           "print(helpers.__file__)"], cwd=edition, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and str(edition) in done.stdout, done.stderr


def test_building_twice_needs_force(edition):
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "learner_edition.py"), str(edition)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "--force" in (done.stdout + done.stderr)


def test_an_instructor_s_own_publication_gets_its_own_badges(tmp_path):
    """`--repository OWNER/NAME`: the edition's Binder badges lead to the instructor's own copy on GitHub."""
    out = tmp_path / "mienne"
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "learner_edition.py"), str(out), "--repository",
                           "ecole-exemple/agents-claude-2027"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "ecole-exemple/agents-claude-2027" in done.stdout, done.stderr
    links = re.findall(r"\((https://mybinder\.org/v2/gh/[^)]+)\)", (out / "README.md").read_text())
    assert len(links) > 5 and all("/gh/ecole-exemple/agents-claude-2027/main" in link for link in links)
    assert "10 minutes sans activité" in (out / "README.md").read_text()
    bad = subprocess.run([sys.executable, str(ROOT / "tools" / "learner_edition.py"), str(tmp_path / "x"),
                          "--repository", "pas un dépôt"], capture_output=True, text=True, timeout=60)
    assert bad.returncode != 0 and "PROPRIETAIRE/NOM" in bad.stderr
