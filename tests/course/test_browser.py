"""The course works where learners use it: JupyterLab, started by `./cours` as a learner starts it, in a real
browser. Every notebook — the companions, the student version of every lesson (release/, what learners get)
and its master (source/) — runs to its last cell with « Run All », shows the mode banner, and its widgets
answer clicks; the footer and the table of contents open the notebooks they name; in real mode the banner
reads right even with a fake key against an unreachable URL.

The course is copied to a temporary folder first: nothing in the repository is ever executed in place,
modified or saved. Screenshots land in tests/artefacts/screenshots/ (git-ignored); look at them.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "tests" / "artefacts" / "screenshots"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 1280, "height": 900}
MAX_SCREENSHOT_HEIGHT = 16000          # Chromium cannot capture much taller than 16 384 px
CELLS_TIMEOUT_MS = 150_000             # running every cell of one notebook
CLICK_TIMEOUT_MS = 60_000              # a « Vérifier » runs the learner's code against the simulator

pytestmark = pytest.mark.browser

# What JupyterLab reads instead of the user's own settings: every cell stays in the page (no
# windowing, so nothing off-screen is left unrendered), no blank space after the last cell, no news
# or update pop-up, no autosave.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none",
                                                                   "scrollPastEnd": False},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                        "checkForUpdates": False},
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
}


# One master (solutions) in the browser, for « Vérifier » giving full marks on a page; every master also runs top to
# bottom in tests/course/test_project.py and is graded by tests/grading/test_nbgrader.py. Twenty-two notebooks in
# Chromium would take a third of CI's time.
MASTERS_IN_BROWSER = ("1.1-boucles-agentiques",)


def course_notebooks() -> list[Path]:
    """Companions, the student version of every lesson (what learners open), and one master, found by globbing."""
    found = (sorted(ROOT.glob("notebooks/*.ipynb")) + sorted(ROOT.glob("release/*/*.ipynb"))
             + sorted(p for p in ROOT.glob("source/*/*.ipynb") if p.parent.name in MASTERS_IN_BROWSER))
    return [p for p in found if not any(part.startswith(".") for part in p.relative_to(ROOT).parts)]


def folder(notebook: Path) -> str:
    return notebook.relative_to(ROOT).parts[0]


def is_solution(notebook: Path) -> bool:
    """Lesson notebooks under source/ carry the solutions: their « Vérifier » must give full marks."""
    return folder(notebook) == "source"


def is_student_version(notebook: Path) -> bool:
    """Lesson notebooks under release/ are what learners get: their exercises are still nbgrader's stubs."""
    return folder(notebook) == "release"


def label(notebook: Path) -> str:
    return f"{folder(notebook)}/{notebook.name}"


# --------------------------------------------------------------------------- the browser and the server

def find_chromium() -> str | None:
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return shutil.which("chromium") or shutil.which("chromium-browser")


def missing(reason: str):
    """Skip on a learner's machine, fail in CI (CI=true), where the browser tests must really run."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (en CI, les tests dans le navigateur doivent s'exécuter)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def chromium() -> str:
    path = find_chromium()
    if path is None:
        missing("Chromium est introuvable : installez-le avec « sudo apt install chromium » pour lancer les "
                "tests dans le navigateur (aucun téléchargement de navigateur par Playwright n'est nécessaire).")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing("Le paquet Python playwright manque : lancez les tests avec « ./cours test », qui installe "
                "l'environnement épinglé du cours.")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def copy_course(target: Path) -> None:
    """The notebooks with their relative paths, and what `./cours` needs to start JupyterLab: the script, the
    files it checks the environment against, and the project's environment itself (a link, not a copy)."""
    for name in ("notebooks", "source", "release"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, target / name,
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    for name in ("cours", "requirements.txt", "pyproject.toml"):
        shutil.copy2(ROOT / name, target / name)
    (target / ".venv").symlink_to(Path(sys.executable).parent.parent)


def write_lab_settings(folder: Path) -> None:
    for name, values in LAB_SETTINGS.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


def lab_environment(tmp: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """No key (nor any other ANTHROPIC_* or COURS_* setting of the caller) unless `extra` gives one, and
    Jupyter folders of its own (no user settings, kernels or profiles). `./cours` sets the mode."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("ANTHROPIC_", "COURS_")) and k != "JUPYTER_CONFIG_PATH"}
    folders = {"COURS_ATELIER": "atelier", "COURS_PARCOURS": "parcours", "JUPYTERLAB_SETTINGS_DIR": "lab-settings",
               "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces", "JUPYTER_RUNTIME_DIR": "runtime",
               "JUPYTER_CONFIG_DIR": "config", "JUPYTER_DATA_DIR": "data", "IPYTHONDIR": "ipython"}
    for var, name in folders.items():
        (tmp / name).mkdir()
        env[var] = str(tmp / name)
    write_lab_settings(tmp / "lab-settings")
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env["COURS_ENV_EMPRUNTE"] = "1"        # the copy links to this environment: `./cours` must not reinstall it
    env.update(extra or {})
    return env


class Lab:
    """JupyterLab as `./cours` starts it for a learner (options: `cours_args`), serving a copy of the course."""

    def __init__(self, root: Path, home: Path, cours_args: tuple[str, ...] = (),
                 env: dict[str, str] | None = None) -> None:
        self.root = root
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = home / "jupyterlab.log"
        # --root: the tests may run as root (containers); the script adds --allow-root only then.
        command = [str(root / "cours"), *cours_args, "--root", "--no-browser", "--ServerApp.ip=127.0.0.1",
                   f"--port={self.port}", "--port-retries=0", f"--IdentityProvider.token={self.token}"]
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(command, env=lab_environment(home, env), cwd=root, stdout=log,
                                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                            start_new_session=True)

    def api(self, path: str, method: str = "GET"):
        request = urllib.request.Request(f"{self.url}{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def wait_until_ready(self, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab s'est arrêté au démarrage :\n{self.tail()}")
            try:
                self.api("/api/status")
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.2)
        raise RuntimeError(f"JupyterLab ne répond pas après {timeout:.0f} s :\n{self.tail()}")

    def notebook_url(self, relative: str) -> str:
        # ?reset: a fresh layout holding only this notebook, whatever was opened before.
        return f"{self.url}/lab/tree/{relative}?reset&token={self.token}"

    def kernel_state(self, relative: str) -> str | None:
        """The execution state of the kernel attached to this notebook, None if there is none yet."""
        for session in self.api("/api/sessions") or []:
            if session.get("path") == relative and session.get("kernel"):
                return session["kernel"].get("execution_state")
        return None

    def shut_down_kernels(self) -> None:
        for session in self.api("/api/sessions") or []:
            self.api(f"/api/sessions/{session['id']}", method="DELETE")

    def stop(self) -> None:
        if self.process.poll() is None:
            try:
                self.shut_down_kernels()
                self.api("/api/shutdown", method="POST")
                self.process.wait(timeout=15)
            except (OSError, urllib.error.URLError, subprocess.TimeoutExpired):
                pass
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if self.process.poll() is not None:
                break
            try:
                os.killpg(self.process.pid, sig)
                self.process.wait(timeout=10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                pass
        # `./cours` started the kernels' zygote for this copy's Python; it would wait 30 min for more kernels.
        from helpers.kernel import warm
        warm.stop(str(self.root / ".venv" / "bin" / "python"))

    def tail(self, lines: int = 30) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def start_lab(tmp_path_factory, cours_args: tuple[str, ...] = (), env: dict[str, str] | None = None):
    home = tmp_path_factory.mktemp("jupyterlab")
    root = home / "cours"
    root.mkdir()
    copy_course(root)
    server = Lab(root, home, cours_args, env)
    try:
        server.wait_until_ready()
    except BaseException:
        server.stop()
        raise
    return server


@pytest.fixture(scope="module")
def lab(chromium, tmp_path_factory):
    """The course offline, as `./cours` opens it."""
    server = start_lab(tmp_path_factory)
    yield server
    server.stop()


UNREACHABLE = "http://127.0.0.1:9"     # the discard port: nothing listens there


@pytest.fixture(scope="module")
def real_lab(chromium, tmp_path_factory):
    """`./cours --reel` with a fake (well-formed) key and an API address where nothing answers."""
    server = start_lab(tmp_path_factory, ("--reel",), {"ANTHROPIC_API_KEY": "sk-ant-cle-factice-des-tests",
                                                        "ANTHROPIC_BASE_URL": UNREACHABLE})
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser(chromium):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def new_tab(browser):
    context = browser.new_context(viewport=VIEWPORT, locale="fr-FR")
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    tab.page_errors = []
    tab.on("pageerror", lambda error: tab.page_errors.append(str(error)))
    return context, tab


@pytest.fixture
def page(browser, lab):
    """A fresh browser tab; the notebook's kernel is shut down when the test ends."""
    context, tab = new_tab(browser)
    yield tab
    context.close()
    lab.shut_down_kernels()


# --------------------------------------------------------------------------- what a learner does

# The notebook on screen (?reset leaves only one, but be explicit about it).
NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden)"

ALL_CELLS_RAN = """(notebook) => {
  const panel = document.querySelector(notebook);
  if (!panel) return false;
  const indicator = panel.querySelector('.jp-Notebook-ExecutionIndicator');
  const prompts = [...panel.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')].map(p => p.textContent);
  const stopped = panel.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]');
  const running = prompts.some(p => p.includes('*'));
  return indicator && indicator.dataset.status === 'idle' && !running
         && (prompts.every(p => /\\[\\d+\\]/.test(p)) || stopped !== null);
}"""

RUN_STARTED = """(notebook) => [...document.querySelectorAll(notebook + ' .jp-CodeCell .jp-InputArea-prompt')]
  .some(p => /\\[(\\*|\\d+)\\]/.test(p.textContent))"""


def open_notebook(page, lab: Lab, relative: str):
    """Open the notebook and wait until its kernel is started, connected and idle.

    If JupyterLab asks « Select Kernel » (it does when the notebook opens before the list of kernels
    has loaded), accept the preferred kernel, as a learner would."""
    page.goto(lab.notebook_url(relative))
    panel = page.locator(NOTEBOOK)
    panel.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
    accept = page.locator(".jp-Dialog .jp-mod-accept")
    indicator = panel.locator(".jp-Notebook-ExecutionIndicator").first
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if accept.is_visible():
            accept.click()
        elif lab.kernel_state(relative) == "idle" and indicator.get_attribute("data-status") == "idle":
            return panel
        page.wait_for_timeout(200)
    raise AssertionError(f"le noyau de {relative} n'a pas démarré en 90 s :\n{lab.tail()}")


def run_all_cells(page) -> None:
    """Menu « Run › Run All Cells » (or its French label), then wait until the kernel is done."""
    page.get_by_role("menuitem", name=re.compile(r"^(Run|Exécution)$")).click()
    page.get_by_role("menuitem", name=re.compile(r"^(Run All Cells|Exécuter toutes les cellules)$")).click()
    page.wait_for_function(RUN_STARTED, arg=NOTEBOOK, timeout=30_000)
    page.wait_for_function(ALL_CELLS_RAN, arg=NOTEBOOK, timeout=CELLS_TIMEOUT_MS, polling=200)


def prompts(panel) -> list[str]:
    return [p.strip() for p in panel.locator(".jp-CodeCell .jp-InputArea-prompt").all_inner_texts()]


def error_outputs(panel) -> list[str]:
    """Tracebacks and errors shown under cells, and widgets that failed to display."""
    stderr = panel.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    errors = [t for t in stderr.all_inner_texts()
              if re.search(r"Traceback|\w+(Error|Exception)\b", t)]
    errors += panel.locator("div.cours-erreur").all_inner_texts()       # helpers' French explanation
    errors += [t for t in panel.locator(".jp-OutputArea-output").all_inner_texts()
               if "Error displaying widget" in t or "Error rendering" in t]
    return errors


CLASSIFY_OUTPUTS = """(outputs) => outputs.map((o, i) => {
  o.dataset.coursSortie = String(i);
  const buttons = [...o.querySelectorAll('button')].map(b => b.textContent.trim());
  let kind = null;
  if (o.querySelector('[data-etape], .cours-boucle-statique, .cours-etape-vide')) kind = 'stepper';
  else if (o.querySelector('.cours-question')) kind = 'quiz';
  else if (buttons.includes('Vérifier') || o.textContent.includes('Bouton « Vérifier »')) kind = 'verify';
  return {kind, live: o.querySelector('.jupyter-widgets') !== null};
})"""
KINDS = ("stepper", "verify", "quiz")


def course_widgets(panel) -> dict[str, list]:
    """The course's widgets on the page, by kind, each as the locator of its output: step-by-step
    diagrams (loop_view, hook_view…), « Vérifier » buttons, quizzes. Fails on a widget that fell back
    to its static HTML (no live ipywidgets view)."""
    outputs = panel.locator(".jp-OutputArea-output")
    found: dict[str, list] = {kind: [] for kind in KINDS}
    for index, info in enumerate(outputs.evaluate_all(CLASSIFY_OUTPUTS)):
        if info["kind"] is None:
            continue
        assert info["live"], (f"un widget « {info['kind']} » s'affiche en HTML statique : le gestionnaire de "
                              "widgets de JupyterLab ne l'a pas rendu")
        # Pinned by an attribute, not by position: a position moves when an output above it changes.
        found[info["kind"]].append(panel.locator(f'.jp-OutputArea-output[data-cours-sortie="{index}"]'))
    return found


WIDGET_CALL = re.compile(r"^[^#\n]*\bhelpers\.(\w+_view|verify_button|ask)\(", re.MULTILINE)


def kind_of_call(function: str) -> str:
    return {"verify_button": "verify", "ask": "quiz"}.get(function, "stepper")


def widget_calls(notebook: Path) -> dict[str, int]:
    """How many widgets the notebook's code asks for, by kind (a floor for what must be on the page)."""
    counts = dict.fromkeys(KINDS, 0)
    for cell in json.loads(notebook.read_text())["cells"]:
        if cell["cell_type"] == "code":
            for function in WIDGET_CALL.findall("".join(cell["source"])):
                counts[kind_of_call(function)] += 1
    return counts


def show(page, element, name: str) -> None:
    """A screenshot of the window scrolled to this element, as the learner would see it."""
    element.evaluate("e => e.scrollIntoView({block: 'center'})")
    page.screenshot(path=SCREENSHOTS / f"{name}.png")


def full_page_screenshot(page, name: str) -> None:
    """The whole notebook at once: the window is made as tall as the notebook, scrolled to the top."""
    scroller = page.locator(f"{NOTEBOOK} .jp-WindowedPanel-outer").first
    extra = scroller.evaluate("e => { e.scrollTop = 0; return e.scrollHeight - e.clientHeight; }")
    height = min(VIEWPORT["height"] + extra, MAX_SCREENSHOT_HEIGHT)
    page.set_viewport_size({"width": VIEWPORT["width"], "height": height})
    page.wait_for_function("(s) => document.querySelector(s).scrollTop === 0",
                           arg=f"{NOTEBOOK} .jp-WindowedPanel-outer")
    page.screenshot(path=SCREENSHOTS / f"{name}.png")
    page.set_viewport_size(VIEWPORT)


def check_stepper(page, widget, name: str, *, may_be_empty: bool = False) -> bool:
    """A step-by-step diagram: Précédent / Suivant / Lecture are there, the drawing has a real size,
    and « Suivant » moves from step 1 to step 2. In a student notebook, a diagram of a run that needed
    the learner's code may be empty: it says so, its buttons disabled. Returns whether it had steps."""
    for button in ("Précédent", "Suivant"):
        assert widget.get_by_role("button", name=button).count() == 1, f"bouton « {button} » absent du schéma"
    assert widget.get_by_role("button", name="Lecture").count() == 1, "le bouton « Lecture » du schéma est absent"
    following = widget.get_by_role("button", name="Suivant")
    if widget.locator(".cours-etape-vide").count():
        assert may_be_empty, "schéma vide dans un notebook où tout le code est écrit"
        assert not following.is_enabled(), "« Suivant » actif sur un schéma sans étape"
        show(page, widget, name)
        return False
    box = widget.locator("svg").first.bounding_box()
    assert box and box["width"] > 300 and box["height"] > 60, f"schéma mal dimensionné : {box}"
    step = widget.locator("[data-etape]")
    assert step.get_attribute("data-etape") == "1"
    assert following.is_enabled(), "« Suivant » est désactivé dès la première étape : un seul pas à montrer"
    following.click()
    widget.locator("[data-etape='2']").wait_for(timeout=CLICK_TIMEOUT_MS)
    show(page, widget, name)
    return True


def check_verify(page, widget, name: str, notebook: Path) -> None:
    """« Vérifier » shows a report: full marks for a solution; on a stub, what to write first."""
    button = widget.get_by_role("button", name="Vérifier")
    assert button.is_visible() and button.bounding_box()["width"] >= 60, "bouton « Vérifier » invisible ou écrasé"
    button.click()
    report = widget.locator("div.cours-verification")
    report.wait_for(timeout=CLICK_TIMEOUT_MS)
    text = report.inner_text()
    score = re.search(r"Vérification\s+\S+\s*:\s*([\d,]+)\s*/\s*([\d,]+)", text)
    assert score, f"rapport de vérification illisible : {text!r}"
    if is_solution(notebook):
        assert score.group(1) == score.group(2), f"la solution n'obtient pas tous les points : {text!r}"
    if is_student_version(notebook):
        assert score.group(1) == "0" and "squelette de départ" in text, f"rapport sur un squelette : {text!r}"
    show(page, widget, name)


def right_letter(question_id: str) -> str:
    """The letter the right option is shown under: options are shuffled per learner (the kernel's account is this
    test's), the same on every reload."""
    from helpers import lessons
    from helpers.widgets.quiz import shown_as
    return shown_as(lessons.shown_order(question_id), lessons.question(question_id).right_letter())


def check_quiz(page, widget, name: str) -> None:
    """A practice question: four options; a wrong choice then « Vérifier » says which option was chosen and
    that it is wrong, the right one says so; both explain every option."""
    from playwright.sync_api import expect
    assert widget.locator(".cours-question li").count() == 4, "la question n'affiche pas ses quatre options"
    question_id = widget.locator(".cours-question strong").first.inner_text().strip()
    right = right_letter(question_id)
    wrong = next(letter for letter in "ABCD" if letter != right)
    feedback = widget.locator("div.cours-feedback")
    for letter, verdict in ((wrong, "ce n'est pas la bonne réponse"), (right, "c'est la bonne réponse")):
        widget.get_by_role("button", name=letter, exact=True).click()
        widget.get_by_role("button", name="Vérifier").click()
        expected = f"Vous avez choisi {letter} : {verdict}"
        # Re-queried until it holds the text: the feedback's element is replaced at each answer, so a handle
        # taken on the previous one would wait forever when the kernel answers after the handle is taken.
        expect(feedback).to_contain_text(expected, timeout=CLICK_TIMEOUT_MS)
        assert feedback.locator("li").count() == 4, "l'explication ne porte pas sur chaque option"
        if letter == wrong:
            show(page, widget, name + "-faux")
    show(page, widget, name)


# --------------------------------------------------------------------------- the promise

@pytest.mark.timeout(300)
@pytest.mark.parametrize("notebook", course_notebooks(), ids=label)
def test_notebook_runs_to_its_last_cell_and_its_widgets_answer_in_jupyterlab(page, lab, notebook: Path):
    """Opened in JupyterLab and run with « Run All Cells », the notebook executes every cell, down to the
    last, without an error, shows the offline-mode banner and its footer, and every course widget is live:
    a step-by-step diagram moves forward, « Vérifier » reports, a practice question explains its options.
    A student version says in French, where a cell needs code the learner has not written yet, what to
    write first — and the run goes on."""
    stem = f"{folder(notebook)}--{notebook.stem}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SCREENSHOTS.glob(f"{stem}--*.png"):
        old.unlink()

    panel = open_notebook(page, lab, notebook.relative_to(ROOT).as_posix())
    try:
        run_all_cells(page)
        errors = error_outputs(panel)
        assert not errors, "erreur affichée sous une cellule :\n" + "\n---\n".join(e[-2000:] for e in errors)
        ran = prompts(panel)
        not_run = [p for p in ran if not re.fullmatch(r"\[\d+\]:?", p)]
        assert not not_run, f"{len(not_run)} cellule(s) de code non exécutée(s) : {not_run}"
        assert re.fullmatch(r"\[\d+\]:?", ran[-1]), "la dernière cellule de code n'a pas été exécutée"
        footer = panel.locator(".jp-Cell").last
        assert footer.get_by_role("link").count() >= 1, "le pied de page « Précédent / Suivant » est absent"

        banner = panel.locator("div.cours-banniere")
        assert banner.count() >= 1, "le bandeau de mode est absent"
        assert "Mode hors ligne — réponses simulées" in banner.first.inner_text()
        assert page.get_by_role("menuitem", name="Nbgrader").count() == 0, "menu Nbgrader visible d'un apprenant"
        assert page.get_by_role("menuitem", name="Fichier").count() == 1, "les menus de JupyterLab ne sont pas en français"

        notices = panel.locator("div.cours-a-faire").all_inner_texts()
        if is_student_version(notebook):
            assert notices, "aucun message « à écrire d'abord » dans la version étudiant"
            assert all("Écrivez d'abord" in t or "Cellule à compléter" in t for t in notices), notices
        else:
            assert not notices, f"message « à écrire d'abord » dans un notebook complet : {notices}"

        widgets = course_widgets(panel)
        for kind, expected in widget_calls(notebook).items():
            assert len(widgets[kind]) >= expected, (f"{expected} widget(s) « {kind} » attendu(s) d'après le code, "
                                                    f"{len(widgets[kind])} affiché(s)")
        for n, widget in enumerate(widgets["stepper"], start=1):
            check_stepper(page, widget, f"{stem}--stepper-{n}", may_be_empty=is_student_version(notebook))
        for n, widget in enumerate(widgets["verify"], start=1):
            check_verify(page, widget, f"{stem}--verify-{n}", notebook)
        for n, widget in enumerate(widgets["quiz"][:2], start=1):
            check_quiz(page, widget, f"{stem}--quiz-{n}")
        assert not page.page_errors, f"erreurs JavaScript dans la page : {page.page_errors}"
    finally:
        full_page_screenshot(page, stem)


def active_title(page) -> str:
    return page.locator(f"{NOTEBOOK} .jp-MarkdownCell h1").first.inner_text(timeout=60_000)


@pytest.mark.timeout(300)
def test_the_table_of_contents_and_the_footers_open_the_notebooks_they_name(page, lab):
    """0.0's table of contents opens lesson 1.1; each footer's « Suivant » then « Précédent » open the
    neighbouring notebooks, in the learner's own JupyterLab."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    start = "notebooks/0.0-commencer-ici.ipynb"
    open_notebook(page, lab, start)
    lessons = sorted((ROOT / "release").glob("*/*.ipynb"))
    first_title = json.loads(lessons[0].read_text())["cells"][0]["source"][0].strip("# \n")
    contents = page.locator(NOTEBOOK).locator(".jp-MarkdownCell", has_text="Sommaire")
    contents.get_by_role("link", name=first_title).click()
    page.wait_for_function("(t) => [...document.querySelectorAll('" + NOTEBOOK + " .jp-MarkdownCell h1')]"
                           ".some(h => h.innerText.includes(t))", arg=first_title, timeout=60_000)
    show(page, page.locator(NOTEBOOK).locator(".jp-MarkdownCell h1").first, "navigation--sommaire-vers-1.1")
    if len(lessons) > 1:
        second_title = json.loads(lessons[1].read_text())["cells"][0]["source"][0].strip("# \n")
        footer = page.locator(NOTEBOOK).locator(".jp-Cell").last
        footer.scroll_into_view_if_needed()
        footer.get_by_role("link", name=re.compile("^Suivant")).click()
        page.wait_for_function("(t) => document.querySelector('" + NOTEBOOK + " .jp-MarkdownCell h1')"
                               "?.innerText.includes(t)", arg=second_title, timeout=60_000)
        footer = page.locator(NOTEBOOK).locator(".jp-Cell").last
        footer.scroll_into_view_if_needed()
        show(page, footer, "navigation--pied-de-page")
        footer.get_by_role("link", name=re.compile("^← Précédent")).click()
        page.wait_for_function("(t) => document.querySelector('" + NOTEBOOK + " .jp-MarkdownCell h1')"
                               "?.innerText.includes(t)", arg=first_title, timeout=60_000)
    assert not page.page_errors, f"erreurs JavaScript dans la page : {page.page_errors}"


# Where a heading of the notebook on screen stands: its top, in pixels from the top of the notebook's scrolling area,
# and whether its cell is the active one.
HEADING_PLACE = """(text) => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const scroller = panel && panel.querySelector('.jp-WindowedPanel-outer');
  const h = panel && [...panel.querySelectorAll('h2')].find(e => e.textContent.includes(text));
  if (!scroller || !h) return null;
  return {top: Math.round(h.getBoundingClientRect().top - scroller.getBoundingClientRect().top),
          own: Math.round(h.getBoundingClientRect().height),
          active: !!h.closest('.jp-Cell.jp-mod-active'),
          height: scroller.clientHeight, scrollTop: Math.round(scroller.scrollTop), url: location.href};
}"""


def put_setting(lab, plugin: str, values: dict) -> None:
    request = urllib.request.Request(f"{lab.url}/lab/api/settings/{plugin}", method="PUT",
                                     data=json.dumps({"raw": json.dumps(values)}).encode(),
                                     headers={"Authorization": f"token {lab.token}",
                                              "Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=10).close()


@pytest.mark.timeout(300)
def test_the_links_to_a_lesson_heading_land_on_it_when_the_lesson_first_opens(page, lab):
    """The mock exam's « revoir » links and « Mon parcours » open a lesson at the heading they name, on its first
    opening, in JupyterLab as a learner has it (default windowing): headings with accents included, which a heading
    anchor never reaches (helpers/lessons/headings.py)."""
    from helpers.lessons.catalogue import catalogue
    from helpers.lessons.ts2_1.lessons import link
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    heading = "6. Un hook qui lève une exception ne protège rien"
    exam_link = link("1.5", heading)
    lesson = next(item for item in catalogue(ROOT / "notebooks") if item.ts == "1.5")
    progress_link = lesson.link(lesson.practice_heading)
    # Both links as written from notebooks/ (the exam's are relative to release/2.1-examen-blanc/).
    cells = [{"cell_type": "markdown", "id": f"lien-{n}", "metadata": {}, "source": f"[{label}]({href})"}
             for n, (label, href) in enumerate((("examen", "../release/" + exam_link.removeprefix("../")),
                                                ("parcours", progress_link)))]
    (lab.root / "notebooks" / "liens.ipynb").write_text(json.dumps(
        {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                                     "language": "python"}}, "nbformat": 4, "nbformat_minor": 5}))
    tracker = "@jupyterlab/notebook-extension:tracker"
    put_setting(lab, tracker, {"scrollPastEnd": False})                 # JupyterLab's own windowing, a learner's
    try:
        for name, target in (("examen", heading), ("parcours", lesson.practice_heading.lstrip("# "))):
            page.goto(lab.notebook_url("notebooks/liens.ipynb"))     # ?reset: lesson 1.5 is not open yet
            page.locator(NOTEBOOK).get_by_role("link", name=name).click()
            found = page.locator(NOTEBOOK).locator("h2", has_text=target.split(" ", 1)[1])
            found.wait_for(state="attached", timeout=60_000)
            deadline, where = time.monotonic() + 30, None
            while time.monotonic() < deadline:
                where = page.evaluate(HEADING_PLACE, target.split(" ", 1)[1])
                # JupyterLab scrolls the heading's cell to the top of the notebook: the heading is on screen, its
                # box a few pixels above the top (a first heading's negative margin: -7 px; -16 px once, when cells
                # above it changed height as they rendered after the jump).
                if where and -where["own"] < where["top"] < where["height"] - where["own"]:
                    break
                time.sleep(0.5)
            else:
                pytest.fail(f"le lien « {name} » ({exam_link if name == 'examen' else progress_link}) n'amène pas "
                            f"à « {target} » : {where}")
            show(page, page.locator(NOTEBOOK), f"liens--{name}-vers-1.5")
    finally:
        put_setting(lab, tracker, LAB_SETTINGS["@jupyterlab/notebook-extension/tracker.jupyterlab-settings"])
    assert not page.page_errors, f"erreurs JavaScript dans la page : {page.page_errors}"


@pytest.mark.timeout(300)
def test_a_notebook_without_a_kernel_says_so_in_french(page, lab):
    """A notebook that names no kernel: JupyterLab asks which one, and both its dialog and the notebook's toolbar say
    « Aucun noyau » — the label the pinned bundle left in English until `./cours` passed it its translator
    (helpers/kernel/label.py); the same label shows while any kernel starts."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (lab.root / "sans-noyau.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "markdown", "metadata": {}, "source": "Un notebook sans noyau."}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    page.goto(lab.notebook_url("sans-noyau.ipynb"))
    dialog = page.locator(".jp-Dialog")
    dialog.wait_for(timeout=90_000)
    keep_none = dialog.locator("button.jp-mod-reject")
    assert keep_none.inner_text().strip() == "Aucun noyau", dialog.inner_text()
    keep_none.click()
    kernel_name = page.locator(f"{NOTEBOOK} .jp-Toolbar-kernelName")
    page.wait_for_function("(s) => document.querySelector(s)?.innerText.trim() === 'Aucun noyau'",
                           arg=f"{NOTEBOOK} .jp-Toolbar-kernelName", timeout=30_000)
    show(page, kernel_name, "noyau--aucun-noyau")
    assert "No Kernel" not in page.locator("body").inner_text()
    assert not page.page_errors, f"erreurs JavaScript dans la page : {page.page_errors}"


@pytest.mark.timeout(300)
def test_in_real_mode_the_banner_reads_right_and_a_failed_call_is_explained_in_french(browser, real_lab):
    """`./cours --reel` with a fake key and an unreachable API: the banner says « Mode réel », shows its
    amounts as written (not typeset as LaTeX), and the first call fails with a French explanation."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context, page = new_tab(browser)
    try:
        panel = open_notebook(page, real_lab, "notebooks/0.0-commencer-ici.ipynb")
        run_all_cells(page)              # stops at the first call: nothing answers at the API's address
        banner = panel.locator("div.cours-banniere").first
        text = banner.inner_text()
        assert "Mode réel — claude-" in text, text
        assert re.search(r"0,0+ \$ dépensés sur un plafond de 0,50 \$", text), text
        assert banner.locator("mjx-container, .MathJax").count() == 0, "montants du bandeau rendus en LaTeX"
        show(page, banner, "mode-reel--bandeau")
        explained = panel.locator("div.cours-erreur").first
        explained.wait_for(timeout=CLICK_TIMEOUT_MS)
        assert "Connexion impossible" in explained.inner_text()
        show(page, explained, "mode-reel--erreur")
        assert not page.page_errors, f"erreurs JavaScript dans la page : {page.page_errors}"
    finally:
        context.close()
        real_lab.shut_down_kernels()
