"""The whole nbgrader cycle, as the README tells instructors to run it, from the course root.

generate → release (to a local exchange) → three students fetch, answer and submit → collect →
autograde → generate_feedback → release_feedback → one student fetches it → export to CSV.

Students are simulated on one OS account: `--student=<id>` (CourseDirectory.student_id, which
nbgrader 0.9 submit uses instead of the OS user name) and one `--Exchange.cache` each (on a real
hub every student has their own home, hence their own cache).
"""
from __future__ import annotations

import csv
import html
from html.parser import HTMLParser
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from solutions import loops
from solutions.submissions import with_solution

ROOT = Path(__file__).resolve().parents[2]
ASSIGNMENT = sorted(p.name for p in (ROOT / "source").glob("1.1-*") if p.is_dir())[0]
COURSE_ID = re.search(r"""course_id\s*=\s*["']([^"']+)""", (ROOT / "nbgrader_config.py").read_text()).group(1)
pytestmark = [pytest.mark.slow, pytest.mark.timeout(1200)]

RIGHT = 'reponses_1_1 = {"q1": "B", "q2": "D", "q3": "A"}'
HALF = 'reponses_1_1 = {"q1": "B", "q2": "A", "q3": "C"}'
STOPS_ON_TEXT = "import json\n\n" + inspect.getsource(loops.stops_on_text).replace("def stops_on_text(", "def run_agent(")
STUDENTS = {  # student id -> {solution cell: code}; the notebook is written as fetched, then edited
    "alice-juste": {"run_agent": "import json\n\n" + inspect.getsource(loops.run_agent), "reponses_1_1": RIGHT},
    "bruno-partiel": {"run_agent": STOPS_ON_TEXT, "reponses_1_1": HALF},
    "chloe-vide": {},
    # Correct, and writes outputs and a Markdown cell that would run in the instructor's browser (issue 23, kind 4).
    "dora-script": {"run_agent": "import json\n\n" + inspect.getsource(loops.run_agent) + (
        "\nfrom IPython.display import HTML, Javascript, Markdown, display\n"
        "display(HTML('<script>window.top.piratage = \"script\"</script>'))\n"
        "display(HTML('<img src=x onerror=\"window.top.piratage = \\'onerror\\'\">'))\n"
        "display(Javascript('window.top.piratage = \"javascript\"'))\n"
        "display({'text/html': '<svg onload=\"window.top.piratage = 1\"></svg>', 'text/plain': 'svg'}, raw=True)\n"
        "display(Markdown('[cliquez](javascript:window.top.piratage=2)'))\n"
        # An image whose metadata carries an attribute: the templates print width= unquoted (issue 31).
        "display({'image/png': 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',"
        " 'text/plain': 'figure'}, metadata={'image/png': {'width': '1 onerror=window.top.piratage=3'}}, raw=True)\n"),
        "reponses_1_1": RIGHT,
        "markdown": '<img src="x" onerror="window.top.piratage = \'markdown\'"> **Ma réponse**'},
}
OWN_CODE = {  # a line only that student wrote: the feedback must show it back
    "alice-juste": 'raise RuntimeError(f"Plafond de {max_iterations} itérations atteint sans réponse finale")',
    "bruno-partiel": 'if any(b.type == "text" for b in response.content):',
    "chloe-vide": "raise NotImplementedError()",
    "dora-script": 'raise RuntimeError(f"Plafond de {max_iterations} itérations atteint sans réponse finale")',
}
FORBIDDEN = ["BEGIN HIDDEN TESTS", "END HIDDEN TESTS", "from helpers.grading import grade", 'grade("1.1.a"',
             'grade("1.1.q"', "helpers.grading", "helpers/lessons/ts1_1", "helpers.lessons",
             "Traceback", "/source/", "site-packages", "COURS_VERDICTS", "cours-verdicts-", "COURS_BAC_A_SABLE",
             "cours-atelier-", "gradebook.db", "sk-ant-"]


def run(cwd: Path, *args: str, home: Path | None = None) -> tuple[subprocess.CompletedProcess, float]:
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"],
               ANTHROPIC_API_KEY="sk-ant-ne-doit-jamais-servir")
    if home is not None:       # the instructor: a brand-new account, never ran IPython nor Jupyter
        home.mkdir(exist_ok=True)
        env["HOME"] = str(home)
        env.pop("JUPYTER_PATH", None)
        env.pop("IPYTHONDIR", None)
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=900)
    return done, time.monotonic() - start


@pytest.fixture(scope="module")
def cycle(tmp_path_factory):
    base = tmp_path_factory.mktemp("cycle")
    course, exchange = base / "cours", base / "exchange"
    course.mkdir()
    # The course as a clone holds it: config, masters and the committed student versions.
    shutil.copy(ROOT / "nbgrader_config.py", course)
    for folder in ("source", "release"):
        shutil.copytree(ROOT / folder, course / folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    steps: dict[str, tuple[subprocess.CompletedProcess, float]] = {}
    on_exchange = (f"--Exchange.root={exchange}",)

    def instructor(step: str, *args: str) -> None:
        steps[step] = run(course, *args, home=base / "formateur")

    def student(step: str, who: str, *args: str) -> None:
        home = base / "etudiants" / who
        home.mkdir(parents=True, exist_ok=True)
        steps[f"{step} {who}"] = run(home, *args, f"--course={COURSE_ID}", *on_exchange,
                                     f"--Exchange.cache={home / '.cache-nbgrader'}", f"--student={who}")

    # --force: release/ is committed, and without it nbgrader skips the assignment and never
    # records it in the gradebook (autograde then fails). It rewrites release/ identically.
    instructor("generate_assignment", "generate_assignment", ASSIGNMENT, "--force")
    instructor("release_assignment", "release_assignment", ASSIGNMENT, *on_exchange)
    for who, answers in STUDENTS.items():
        student("fetch_assignment", who, "fetch_assignment", ASSIGNMENT)
        path = base / "etudiants" / who / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
        if path.exists():
            nb = json.loads(path.read_text())
            for grade_id, code in answers.items():
                if grade_id == "markdown":        # a cell of the student's own
                    nb["cells"].append({"cell_type": "markdown", "metadata": {}, "source": code})
                else:
                    nb = with_solution(nb, grade_id, code)
            path.write_text(json.dumps(nb, ensure_ascii=False, indent=1))
        student("submit", who, "submit", ASSIGNMENT)
    instructor("collect", "collect", ASSIGNMENT, *on_exchange)
    instructor("autograde", "autograde", ASSIGNMENT)
    instructor("generate_feedback", "generate_feedback", ASSIGNMENT)
    instructor("release_feedback", "release_feedback", ASSIGNMENT, *on_exchange)
    student("fetch_feedback", "alice-juste", "fetch_feedback", ASSIGNMENT)
    instructor("export", "export", "--to=notes.csv")
    return {"base": base, "course": course, "exchange": exchange, "steps": steps}


def feedback(cycle, who: str) -> str:
    return (cycle["course"] / "feedback" / who / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()


def without_css(page: str) -> str:
    """nbconvert's style sheets name Pygments' token classes ("Generic.Traceback"): not content."""
    return re.sub(r"<style\b.*?</style>", "", page, flags=re.S | re.I)


def visible(page: str) -> str:
    """The page as a reader sees it: tags and highlighting gone, entities decoded."""
    page = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def hidden_lines() -> set[str]:
    """Every line of the master's hidden tests, markers excepted."""
    nb = json.loads((ROOT / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_text())
    lines = set()
    for cell in nb["cells"]:
        for region in re.findall(r"BEGIN HIDDEN TESTS(.*?)### END HIDDEN TESTS", "".join(cell["source"]), re.S):
            lines |= {line.strip() for line in region.splitlines() if len(line.strip()) > 3}
    assert lines
    return lines


def test_every_step_succeeds(cycle):
    failed = {step: done.stderr[-3000:] for step, (done, _) in cycle["steps"].items() if done.returncode != 0}
    assert not failed, failed
    durations = ", ".join(f"{step} {seconds:.1f}s" for step, (_, seconds) in cycle["steps"].items())
    print(f"\nDurées : {durations}")


def test_generate_assignment_force_leaves_the_committed_release_unchanged(cycle):
    """The README's `--force` (needed to record the assignment in the gradebook) rewrites release/ as is."""
    made = cycle["course"] / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    assert made.read_bytes() == (ROOT / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_bytes()


def test_autograde_grades_every_submission_without_error(cycle):
    done, _ = cycle["steps"]["autograde"]
    assert "ERROR" not in done.stderr, done.stderr[-3000:]
    for who in STUDENTS:
        assert (cycle["course"] / "autograded" / who / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").is_file()


def test_the_csv_has_one_row_per_student_and_scores_in_the_expected_order(cycle):
    path = cycle["course"] / "notes.csv"
    assert path.is_file()
    with path.open(newline="") as f:
        rows = [row for row in csv.DictReader(f) if row["assignment"] == ASSIGNMENT]
    assert sorted(row["student_id"] for row in rows) == sorted(STUDENTS)
    score = {row["student_id"]: float(row["score"]) for row in rows}
    top = {float(row["max_score"]) for row in rows}
    assert len(top) == 1 and top.pop() > 0
    maximum = float(rows[0]["max_score"])
    assert score["alice-juste"] == maximum
    assert 0 < score["bruno-partiel"] < maximum
    assert score["chloe-vide"] == 0
    assert score["dora-script"] == maximum


def test_nothing_a_student_wrote_can_run_in_the_graded_notebook(cycle):
    """What Formgrader renders (Markdown as mistune turns it into HTML, HTML outputs as they are): inert."""
    from nbconvert.filters.markdown import markdown2html
    nb = json.loads((cycle["course"] / "autograded" / "dora-script" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_text())
    kinds = {key for cell in nb["cells"] for out in cell.get("outputs", []) for key in out.get("data", {})}
    assert kinds <= {"text/plain", "text/html", "text/markdown", "image/png", "application/json"}, kinds
    rendered = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            rendered.append(markdown2html("".join(cell["source"])))
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            rendered.append("".join(data.get("text/html", "")))
            rendered.append(markdown2html("".join(data.get("text/markdown", ""))))
    page = "\n".join(rendered)
    assert "Ma réponse" in page

    class Live(HTMLParser):      # what a browser would run: script elements, on… handlers, javascript: links
        found: list = []

        def handle_starttag(self, tag, attrs):
            if tag in ("script", "iframe", "object", "embed", "svg"):
                self.found.append(tag)
            self.found += [f"{tag}[{k}]" for k, v in attrs if k.startswith("on") or
                           "javascript" in re.sub(r"\s", "", (v or "").lower())]
    live = Live()
    live.feed(page)
    assert not live.found, live.found


@contextmanager
def chromium_tab():
    """A tab of headless Chromium (Debian's), and the list of the dialogs a page opened (each dismissed)."""
    from playwright.sync_api import sync_playwright
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Chromium est introuvable : sudo apt install chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox",
                                                                            "--disable-gpu"])
        try:
            tab = browser.new_page(viewport={"width": 1280, "height": 900})
            dialogs: list[str] = []
            tab.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
            yield tab, dialogs
        finally:
            browser.close()


def test_feedback_runs_nothing_a_student_wrote_in_chromium(cycle, tmp_path):
    """The feedback page of the hostile student, opened in headless Chromium: no script of hers runs (each
    attempt would set window.piratage), and her answer is still shown."""
    page_path = cycle["course"] / "feedback" / "dora-script" / ASSIGNMENT / f"{ASSIGNMENT}.html"
    with chromium_tab() as (tab, dialogs):
        tab.goto(page_path.as_uri())
        tab.wait_for_timeout(1500)
        for link in tab.query_selector_all("a[href^='javascript']"):
            link.click()
        pirated = tab.evaluate("window.piratage")
        shots = Path(os.environ.get("COURS_CAPTURES", str(tmp_path)))
        shots.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(shots / "retour-dora-script.png"), full_page=False)
        tab.get_by_text("Contenu neutralisé").last.scroll_into_view_if_needed()
        tab.screenshot(path=str(shots / "retour-dora-script-neutralise.png"), full_page=False)
        text = tab.inner_text("body")
    assert pirated is None and not dialogs, (pirated, dialogs)
    assert "Ma réponse" in text and "Vérification 1.1.a" in text


FORMGRADER_ERROR = "Sorry, the formgrader encountered an error"


def test_every_formgrader_page_opens_in_chromium_and_runs_nothing_a_student_wrote(cycle, tmp_path):
    """Formgrader as `./cours formateur` serves it, on the graded course: every page, the manual grading page of each
    student included (it failed with TemplateNotFound: bootstrap.min.css while the course's feedback template was
    set on HTMLExporter); no script of the hostile student runs there either. Screenshots in COURS_CAPTURES."""
    import secrets
    import socket
    import urllib.request

    from nbgrader.api import Gradebook
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        pytest.skip("Chromium est introuvable : sudo apt install chromium")
    course = cycle["course"]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    token = secrets.token_hex(16)
    env = dict(os.environ, HOME=str(cycle["base"] / "formateur"), JUPYTER_TOKEN=token)
    env.pop("JUPYTER_CONFIG_PATH", None)
    server = subprocess.Popen([sys.executable, "-m", "jupyter", "server", "--no-browser", f"--port={port}",
                               "--ServerApp.ip=127.0.0.1", f"--ServerApp.root_dir={course}",
                               "--ServerApp.allow_root=True"], cwd=course, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
            submissions = {who: gb.find_submission_notebook(ASSIGNMENT, ASSIGNMENT, who).id for who in STUDENTS}
        pages = {"devoirs": "formgrader", "copies": f"formgrader/manage_submissions/{ASSIGNMENT}",
                 "carnet": "formgrader/gradebook", "carnet-devoir": f"formgrader/gradebook/{ASSIGNMENT}",
                 "carnet-notebook": f"formgrader/gradebook/{ASSIGNMENT}/{ASSIGNMENT}",
                 "etudiants": "formgrader/manage_students", "etudiant": "formgrader/manage_students/dora-script",
                 "etudiant-devoir": f"formgrader/manage_students/dora-script/{ASSIGNMENT}",
                 **{f"notation-{who}": f"formgrader/submissions/{sid}/?index=0" for who, sid in submissions.items()}}
        shots = Path(os.environ.get("COURS_CAPTURES", str(tmp_path)))
        shots.mkdir(parents=True, exist_ok=True)
        seen = {}
        with chromium_tab() as (tab, dialogs):
            tab.goto(f"{base}/?token={token}")
            for name, path in pages.items():
                tab.goto(f"{base}/{path}")
                tab.wait_for_timeout(2500 if name.startswith("notation") else 1200)
                seen[name] = (tab.inner_text("body"), tab.evaluate("window.top.piratage"))
                tab.screenshot(path=str(shots / f"formgrader-{name}.png"), full_page=name.startswith("notation"))
    finally:
        server.terminate()
        server.wait(20)
    for name, (text, pirated) in seen.items():
        assert FORMGRADER_ERROR not in text and "404" not in text[:200], (name, text[:300])
        assert pirated is None, (name, pirated)
    assert not dialogs, dialogs
    assert "Ma réponse" in seen["notation-dora-script"][0]


@pytest.mark.parametrize("who", list(STUDENTS))
def test_feedback_holds_the_french_report(cycle, who):
    text = visible(feedback(cycle, who))
    assert "Vérification 1.1.a" in text
    assert "Vérification 1.1.q" in text


@pytest.mark.parametrize("who", list(STUDENTS))
def test_feedback_shows_the_students_own_code(cycle, who):
    assert OWN_CODE[who] in visible(feedback(cycle, who))


@pytest.mark.parametrize("who", list(STUDENTS))
def test_feedback_hides_hidden_tests_and_grader_internals(cycle, who):
    page = without_css(feedback(cycle, who))
    for shown in (page, visible(page), html.unescape(page)):
        leaks = [word for word in FORBIDDEN if word in shown]
        assert not leaks, leaks
        assert str(cycle["base"]) not in shown and str(ROOT) not in shown
        assert not re.search(r"\|[0-9a-f]{32}\b", shown), "jeton du service de verdicts"


@pytest.mark.parametrize("who", list(STUDENTS))
def test_no_line_of_the_hidden_tests_reaches_the_feedback(cycle, who):
    text = visible(feedback(cycle, who))
    assert not [line for line in hidden_lines() if line in text]


@pytest.mark.parametrize("who", list(STUDENTS))
def test_feedback_mentions_helpers_only_where_the_student_version_does(cycle, who):
    """`helpers.` appears in the lesson cells students were given; the feedback adds none."""
    release = (ROOT / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_text()
    given = set(re.findall(r"helpers\.\w+", "".join(
        "".join(cell["source"]) for cell in json.loads(release)["cells"]
        if not cell["metadata"].get("nbgrader", {}).get("grade"))))
    shown = set(re.findall(r"helpers\.\w+", visible(feedback(cycle, who))))
    assert shown <= given, shown - given


def test_a_student_fetches_their_own_feedback(cycle):
    fetched = list((cycle["base"] / "etudiants" / "alice-juste" / ASSIGNMENT / "feedback").rglob("*.html"))
    assert len(fetched) == 1
    assert fetched[0].read_text() == feedback(cycle, "alice-juste")
    for other in ("bruno-partiel", "chloe-vide"):
        assert not (cycle["base"] / "etudiants" / other / ASSIGNMENT / "feedback").exists()


def test_hide_hidden_tests_also_covers_what_this_course_does_not_do_yet(cycle):
    """Hidden tests in markdown, a test cell that fails, paths and the verdict address in outputs."""
    import nbformat

    from helpers.grading.trusted.autograde import HideHiddenTests

    nb = nbformat.read(cycle["course"] / "autograded" / "bruno-partiel" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    nbgrader = {"grade": True, "solution": False, "locked": True, "points": 1, "schema_version": 3}
    nb.cells.append(nbformat.v4.new_markdown_cell(
        "Question libre.\n### BEGIN HIDDEN TESTS\nRéponse attendue : secrète\n### END HIDDEN TESTS",
        metadata={"nbgrader": dict(nbgrader, grade_id="md_cache")}))
    failing = nbformat.v4.new_code_cell("### BEGIN HIDDEN TESTS\nassert secret_attendu() == 3\n### END HIDDEN TESTS",
                                        metadata={"nbgrader": dict(nbgrader, grade_id="test_casse")})
    failing.outputs = [nbformat.v4.new_output("error", ename="FileNotFoundError", evalue=(
        f"[Errno 2] No such file or directory: '{cycle['course']}/source/{ASSIGNMENT}/attendu.json'"), traceback=[
        "Traceback (most recent call last):", f'  File "{ROOT}/helpers/grading/trusted/verdicts.py", line 1'])]
    nb.cells.append(failing)
    own = nbformat.v4.new_code_cell("import os\nprint(os.environ['COURS_VERDICTS'])")
    own.outputs = [nbformat.v4.new_output("stream", name="stdout", text="/tmp/cours-verdicts-x1/s|" + "ab" * 16 + "\n"),
                   nbformat.v4.new_output("stream", name="stderr", text=f"{ROOT}/.venv/lib/x.py:3: Warning\n")]
    nb.cells.append(own)
    nb, _ = HideHiddenTests().preprocess(nb, {})
    text = json.dumps(nb, ensure_ascii=False)
    for word in ("secrète", "secret_attendu", "Traceback", "/source/", str(ROOT), str(cycle["course"]), "ab" * 16,
                 "cours-verdicts-"):
        assert word not in text, word
    assert "Question libre." in nb.cells[-3].source
    assert nb.cells[-2].outputs[0]["traceback"] == [
        "FileNotFoundError: [Errno 2] No such file or directory: '…/attendu.json'"]
    assert "print(os.environ['COURS_VERDICTS'])" in nb.cells[-1].source  # the learner's code stays


@pytest.mark.parametrize("who", list(STUDENTS))
def test_reports_are_the_table_learners_see_with_verifier(cycle, who):
    """A criterion's observation comes after its rule: a table row per rule (✅ réussi / ❌ à revoir), no
    monospace dump running off the page, no « Out[ ]: 0.0 » under it (the score is in the heading)."""
    page = feedback(cycle, who)
    assert page.count('class="cours-verification"') == 2
    assert "réussi" in page or "à revoir" in page
    assert not re.search(r"<pre>\s*\[Vérification", page)
    assert not re.search(r"\d\.\d / \d+\.\d", visible(page))        # 0,5 / 10, never 0.5 / 10.0


@pytest.mark.parametrize("who", list(STUDENTS))
def test_the_feedback_page_speaks_french(cycle, who):
    """nbgrader's template, translated (helpers/grading/trusted/templates/retour): no English label is left."""
    text = visible(feedback(cycle, who))
    assert "Réponse de l'étudiant" in text and "note\u202f:" in text and "haut de page" in text
    for english in ("Student's answer", "Score:", "Test cell", "(Top)", "Comments:"):
        assert english not in text, english
    assert '<html lang="fr">' in feedback(cycle, who)
