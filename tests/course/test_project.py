"""The project's promises about itself: pinned set-up, Binder file in sync, notebooks clean and runnable."""
from __future__ import annotations

import importlib.util
import json
import stat
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_dependency_is_pinned():
    pins = load_tool("lock").pins((ROOT / "requirements.txt").read_text())
    assert pins and all("==" in p for p in pins)
    names = {p.split("==")[0].lower() for p in pins}
    assert {"anthropic", "claude-agent-sdk", "jupyterlab", "nbgrader", "ipywidgets", "pandas", "matplotlib",
            "pytest", "playwright"} <= names


def test_environment_yml_pins_exactly_what_the_local_set_up_installs():
    lock = load_tool("lock")
    expected = lock.render_environment((ROOT / "requirements.txt").read_text())
    assert (ROOT / "environment.yml").read_text() == expected, "environment.yml périmé : python tools/lock.py --env-only"


def test_environment_yml_has_no_local_paths_and_postbuild_installs_helpers():
    env = (ROOT / "environment.yml").read_text()
    assert "-e " not in env and "file:" not in env and "./" not in env and "-r " not in env
    post = ROOT / "postBuild"
    assert "pip install" in post.read_text() and "-e ." in post.read_text()
    assert post.stat().st_mode & stat.S_IXUSR


def test_the_environments_jupyterlab_speaks_french_and_fetches_no_news():
    """What `./cours` (and postBuild, on Binder) give JupyterLab as defaults: the pinned French language pack, and
    no news or update check (a request to the Internet at every start, and a pop-up in English)."""
    import sys
    from jupyterlab_server.settings_utils import _get_overrides
    assert importlib.util.find_spec("jupyterlab_language_pack_fr_FR"), "pack de langue absent : ./cours preparer"
    overrides, error = _get_overrides(str(Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings"))
    assert not error
    assert overrides.get("@jupyterlab/translation-extension:plugin", {}).get("locale") == "fr_FR"
    news = overrides.get("@jupyterlab/apputils-extension:notification", {})
    assert news.get("fetchNews") == "false" and news.get("checkForUpdates") is False
    assert "jupyterlab-overrides.json" in (ROOT / "postBuild").read_text()


def test_release_check_that_cannot_build_the_environment_says_so_and_exits_2(tmp_path):
    """`tools/release.py --check` from a Python without nbgrader, in a clone whose environment cannot be built:
    exit 2 (« cannot check ») with a French message saying what to run — never 1, which means « not in sync »."""
    import shutil
    import subprocess
    import sys
    (tmp_path / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "release.py", tmp_path / "tools" / "release.py")
    (tmp_path / "cours").write_text("#!/usr/bin/env bash\necho 'pas de python3-venv ici' >&2\nexit 1\n")
    # -S: no site-packages, hence no nbgrader, as with a system Python.
    done = subprocess.run([sys.executable, "-S", str(tmp_path / "tools" / "release.py"), "--check"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "./cours preparer" in done.stdout and "n'a pas pu" in done.stdout
    assert "création de l'environnement" in done.stderr


def test_release_check_ignores_what_jupyterlab_writes_beside_an_opened_notebook(tmp_path):
    """Opening release/1.1 in JupyterLab writes .ipynb_checkpoints/ there (seen: a CI run of a clone in which
    JupyterLab had been opened failed on it); release/ is still what source/ gives. A real difference still shows."""
    import sys
    sys.path.insert(0, str(ROOT / "tools"))
    import release
    for side in ("a", "b"):
        (tmp_path / side / "1.1").mkdir(parents=True)
        (tmp_path / side / "1.1" / "lecon.ipynb").write_text("{}")
    (tmp_path / "a" / "1.1" / ".ipynb_checkpoints").mkdir()
    (tmp_path / "a" / "1.1" / ".ipynb_checkpoints" / "lecon-checkpoint.ipynb").write_text("{}")
    assert release.differences(tmp_path / "a", tmp_path / "b") == []
    (tmp_path / "a" / "1.1" / "lecon.ipynb").write_text('{"modifié": true}')
    assert release.differences(tmp_path / "a", tmp_path / "b") == ["différent : lecon.ipynb"]


def test_ci_runs_exactly_the_readme_test_command():
    assert (ROOT / ".ci" / "run").read_text().strip().endswith("exec ./cours test")
    assert "./cours test" in (ROOT / "README.md").read_text()


def notebooks():
    return sorted(p for folder in ("notebooks", "source", "release") for p in (ROOT / folder).rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: str(p.relative_to(ROOT)))
def test_committed_notebooks_carry_no_outputs_and_no_key(path):
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        assert not cell.get("outputs"), f"{path.name} : sorties à effacer avant de committer"
        assert "sk-ant-api" not in "".join(cell["source"])


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: str(p.relative_to(ROOT)))
def test_code_lines_fit_a_learners_screen(path):
    """Beyond about 100 characters, JupyterLab cuts a code line off at 1280 px with the file browser open."""
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            long = [line for line in "".join(cell["source"]).splitlines() if len(line) > 100]
            assert not long, f"{path.name} : ligne de {len(long[0])} caractères : {long[0][:60]}…"


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "source").glob("*/*.ipynb"))
                         + sorted((ROOT / "release").glob("*/*.ipynb")),
                         ids=lambda p: f"{p.relative_to(ROOT).parts[0]}/{p.name}")
def test_notebooks_run_top_to_bottom_without_errors(path, tmp_path):
    """Companion notebooks as they are; lesson notebooks in their source (solution) version, and in their
    student version (release/), where a stub must not stop the run: the cells that need it say so."""
    import nbformat
    from nbclient import NotebookClient
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
    assert any("Mode hors ligne" in json.dumps(c.outputs, ensure_ascii=False) for c in nb.cells if c.cell_type == "code")
    notices = [c for c in nb.cells if c.cell_type == "code" and "cours-a-faire" in json.dumps(c.outputs)]
    assert bool(notices) == (path.relative_to(ROOT).parts[0] == "release")
