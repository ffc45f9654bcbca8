"""A cohort on a real JupyterHub, as its users (issue 25): one instructor and two learners with their own Unix
accounts, the hub on 127.0.0.1, the whole nbgrader cycle through their own accounts, and the attacks a learner
can try on the others. Everything is removed at the end, even after a failure.

The learners act through their own JupyterLab (the hub's REST API, then their server's: contents, and nbgrader's
Assignments panel endpoints fetch / submit / fetch_feedback); the grader account runs nbgrader (runuser), its
autograde in bubblewrap as on one machine; the attacks run as learner B's Unix account (runuser) and through the hub
with B's token. One learner's JupyterLab and the instructor's Formgrader are opened in headless Chromium.
"""
from __future__ import annotations

import html
import importlib.util
import inspect
import json
import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from tests.solutions import loops
from tests.solutions.submissions import with_solution

ROOT = Path(__file__).resolve().parents[2]
ASSIGNMENT = "1.1-boucles-agentiques"
SHOTS = Path(os.environ.get("COURS_CAPTURES", "/tmp/cours-captures-hub"))
pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]   # the set-up runs in the first test: about 2 min alone

if os.geteuid() != 0 or not shutil.which("useradd"):
    pytest.skip("le test du hub crée des comptes Unix (useradd) et démarre leurs serveurs sous leur identité : "
                "il demande root, comme la CI (sudo ./cours test tests/hub)", allow_module_level=True)

spec = importlib.util.spec_from_file_location("cours_hub", ROOT / "hub" / "cours_hub.py")
cours_hub = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cours_hub)

RIGHT = {"run_agent": "import json\n\n" + inspect.getsource(loops.run_agent),
         "reponses_1_1": 'reponses_1_1 = {"q1": "B", "q2": "D", "q3": "A"}'}
# Ben's wrong loop also writes outputs that would run in the instructor's and his own browser: a script, an
# <img onerror>, and an image whose *metadata* carries an attribute (the templates print width= unquoted, issue 31).
HOSTILE = ("\nfrom IPython.display import HTML, display\n"
           "display(HTML('<script>window.top.piratage = \"script\"</script>'))\n"
           "display(HTML('<img src=x onerror=\"window.top.piratage = \\'onerror\\'\">'))\n"
           "display({'image/png': 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',"
           " 'text/plain': 'figure'}, metadata={'image/png': {'width': '1 onerror=window.top.piratage=3'}}, raw=True)\n")
WRONG = {"run_agent": "import json\n\n" + inspect.getsource(loops.stops_on_text).replace("def stops_on_text(", "def run_agent(")
         + HOSTILE,
         "reponses_1_1": 'reponses_1_1 = {"q1": "B", "q2": "A", "q3": "C"}'}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cohort:
    """The hub and its accounts; `close()` removes every trace, whatever happened before."""

    def __init__(self):
        tag = f"{os.getpid() % 100000}"
        self.layout = cours_hub.Layout(Path(f"/srv/cours-hub-test-{tag}"), ROOT, course_id=f"hubtest{tag}")
        self.prof, self.ana, self.ben = f"t{tag}-prof", f"t{tag}-ana", f"t{tag}-ben"
        self.passwords = {name: secrets.token_urlsafe(12) for name in (self.prof, self.ana, self.ben)}
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.protected: list[tuple[Path, int]] = []
        self.steps: dict[str, object] = {}
        self.tokens: dict[str, dict] = {}

    # ---------------------------------------------------------------- set-up and tear-down
    def open(self, after_install=lambda: None) -> None:
        start = time.monotonic()
        cours_hub.install(self.layout, protect=False)
        self.protected = cours_hub.protect_clone(self.layout)
        self.steps["installer (s)"] = round(time.monotonic() - start, 1)
        self.generated = after_install()
        cours_hub.add_account(self.prof, self.layout.instructors, self.passwords[self.prof])
        for learner in (self.ana, self.ben):
            cours_hub.add_account(learner, self.layout.learners, self.passwords[learner])
        self.log = (self.layout.state / "hub.log").open("w")
        command = cours_hub.hub_command(self.layout, self.port, "127.0.0.1", hub_port=free_port(),
                                        proxy_api_port=free_port())
        env = cours_hub.hub_environment(self.layout, COURS_HUB_PORT_CORRECTEUR=str(free_port()))
        self.process = subprocess.Popen(command, env=env, stdout=self.log, stderr=subprocess.STDOUT, cwd=self.layout.state,
                                        start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if requests.get(f"{self.url}/hub/api", timeout=2).ok:
                    break
            except requests.ConnectionError:
                pass
            assert self.process.poll() is None, self.hub_log()
            time.sleep(0.3)
        else:
            raise AssertionError("le hub n'a pas répondu en 60 s\n" + self.hub_log())
        self.steps["hub prêt (s)"] = round(time.monotonic() - start, 1)

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)         # the hub stops every server it started
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        for name in (self.prof, self.ana, self.ben):
            cours_hub.remove_account(name)
        for path, mode in self.protected:
            path.chmod(mode)
        cours_hub.uninstall(self.layout)

    def hub_log(self) -> str:
        return (self.layout.state / "hub.log").read_text(errors="replace")[-6000:]

    # ---------------------------------------------------------------- acting as users
    def login(self, name: str) -> dict:
        """A PAM login on the hub's page, a token from the hub's REST API, then the user's own server started."""
        session = requests.Session()
        session.get(f"{self.url}/hub/login", timeout=10)
        done = session.post(f"{self.url}/hub/login", allow_redirects=False, timeout=30,
                            data={"username": name, "password": self.passwords[name], "_xsrf": session.cookies["_xsrf"]})
        assert done.status_code == 302, (name, done.status_code)
        token = session.post(f"{self.url}/hub/api/users/{name}/tokens", json={"note": "test"}, timeout=10,
                             headers={"X-XSRFToken": session.cookies["_xsrf"]}).json()["token"]
        headers = {"Authorization": f"token {token}"}
        assert requests.post(f"{self.url}/hub/api/users/{name}/server", headers=headers, timeout=60).status_code in (201, 202)
        deadline = time.monotonic() + 90
        while not requests.get(f"{self.url}/hub/api/users/{name}", headers=headers, timeout=10
                               ).json()["servers"].get("", {}).get("ready"):
            assert time.monotonic() < deadline, f"le serveur de {name} n'a pas démarré\n" + self.hub_log()
            time.sleep(0.3)
        self.tokens[name] = headers
        return headers

    def server(self, name: str, method: str, path: str, as_user: str | None = None, **kwargs) -> requests.Response:
        return requests.request(method, f"{self.url}/user/{name}/{path}", headers=self.tokens[as_user or name],
                                timeout=120, **kwargs)

    def assignment(self, name: str, action: str) -> dict:
        done = self.server(name, "POST", f"assignments/{action}",
                           data={"course_id": self.layout.course_id, "assignment_id": ASSIGNMENT})
        assert done.ok, (action, name, done.status_code, done.text[-2000:])
        return done.json()

    def notebook_path(self) -> str:
        return f"{self.layout.course_id}/{ASSIGNMENT}/{ASSIGNMENT}.ipynb"

    def answer(self, name: str, cells: dict[str, str]) -> None:
        nb = self.server(name, "GET", f"api/contents/{self.notebook_path()}").json()["content"]
        for grade_id, code in cells.items():
            nb = with_solution(nb, grade_id, code)
        saved = self.server(name, "PUT", f"api/contents/{self.notebook_path()}",
                            json={"type": "notebook", "format": "json", "content": nb})
        assert saved.ok, saved.text

    def grader(self, step: str, *args: str) -> subprocess.CompletedProcess:
        start = time.monotonic()
        done = cours_hub.as_grader(self.layout, str(self.layout.venv / "bin" / "nbgrader"), *args)
        self.steps[f"{step} (s)"] = round(time.monotonic() - start, 1)
        assert done.returncode == 0, (step, done.stderr[-4000:])
        return done

    def forge_as(self, forger: str, victim: str) -> subprocess.CompletedProcess:
        """The forger drops a copy named after the victim, dated later, into inbound/ (which takes any name)."""
        home = Path(pwd.getpwnam(forger).pw_dir) / self.layout.course_id / ASSIGNMENT
        fake = inbound(self) / f"{victim}+{ASSIGNMENT}+2099-01-01 00:00:00.000000 UTC+faux"
        return self.as_user(forger, "sh", "-c", f"mkdir '{fake}' && cp '{home}/{ASSIGNMENT}.ipynb' '{fake}/' && "
                                                f"echo '2099-01-01 00:00:00.000000 UTC' > '{fake}/timestamp.txt'")

    def as_user(self, name: str, *argv: str) -> subprocess.CompletedProcess:
        return subprocess.run(["runuser", "-u", name, "--", *argv], capture_output=True, text=True, timeout=60,
                              cwd="/")


@pytest.fixture(scope="module")
def cohort():
    hub = Cohort()
    try:
        with ThreadPoolExecutor(4) as pool:      # independent steps at once: the test's time is mostly waiting
            hub.open(after_install=lambda: pool.submit(hub.grader, "generate_assignment", "generate_assignment",
                                                       ASSIGNMENT, "--force"))
            list(pool.map(hub.login, (hub.prof, hub.ana, hub.ben)))
            hub.generated.result()
        # As `./cours hub comptes` does: the learners in the gradebook with their names (else Formgrader: « None, None »).
        cours_hub.register_learners(hub.layout, [cours_hub.Person(hub.ana, "Ana", "Martin"),
                                                 cours_hub.Person(hub.ben, "Ben", "Durand")])
        hub.grader("release_assignment", "release_assignment", ASSIGNMENT)
        def work(name: str, cells: dict[str, str]) -> None:
            hub.assignment(name, "fetch")
            hub.answer(name, cells)
            hub.steps[f"submit {name}"] = hub.assignment(name, "submit")

        with ThreadPoolExecutor(2) as pool:
            list(pool.map(work, (hub.ana, hub.ben), (RIGHT, WRONG)))
        hub.forged = hub.forge_as(hub.ben, hub.ana)
        hub.grader("collect", "collect", ASSIGNMENT)
        hub.grader("autograde", "autograde", ASSIGNMENT)
        hub.grader("generate_feedback", "generate_feedback", ASSIGNMENT)
        hub.grader("release_feedback", "release_feedback", ASSIGNMENT)
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(hub.assignment, (hub.ana, hub.ben), ("fetch_feedback",) * 2))
        yield hub
    finally:
        hub.close()


def inbound(hub: Cohort) -> Path:
    return hub.layout.exchange / hub.layout.course_id / "inbound"


def submission_of(hub: Cohort, name: str) -> Path:
    found = [p for p in inbound(hub).iterdir() if p.name.startswith(f"{name}+{ASSIGNMENT}+") and not p.name.endswith("+faux")]
    assert len(found) == 1, found
    return found[0]


def feedback_page(hub: Cohort, name: str) -> str:
    found = list((Path(pwd.getpwnam(name).pw_dir) / hub.layout.course_id / ASSIGNMENT / "feedback").rglob("*.html"))
    assert len(found) == 1, found
    return found[0].read_text()


def visible(page: str) -> str:
    page = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]+>", "", page))


# ------------------------------------------------------------------------------------------------ the cycle

def test_the_cycle_runs_through_each_users_own_account(cohort):
    print("\nÉtapes :", json.dumps({k: v for k, v in cohort.steps.items() if k.endswith("(s)")}, ensure_ascii=False))
    submission = submission_of(cohort, cohort.ana)
    assert submission.stat().st_uid == pwd.getpwnam(cohort.ana).pw_uid       # submitted by ana herself
    graded = cohort.layout.course / "autograded" / cohort.ana / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    assert graded.stat().st_uid == pwd.getpwnam(cohort.layout.grader).pw_uid


def test_scores_reward_the_right_loop_and_not_the_wrong_one(cohort):
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{cohort.layout.course / 'gradebook.db'}") as gb:
        maximum = gb.find_assignment(ASSIGNMENT).max_score
        ana, ben = (gb.find_submission(ASSIGNMENT, who).score for who in (cohort.ana, cohort.ben))
    assert maximum > 0
    assert ana == maximum
    assert 0 <= ben < maximum


def test_each_learner_fetched_their_own_french_feedback(cohort):
    ana, ben = visible(feedback_page(cohort, cohort.ana)), visible(feedback_page(cohort, cohort.ben))
    assert "Vérification 1.1.a" in ana and "Vérification 1.1.a" in ben
    assert "Réponse de l'étudiant" in ana or "Note" in ana
    assert 'if any(b.type == "text" for b in response.content):' in ben       # ben's own code, shown back
    assert "BEGIN HIDDEN TESTS" not in ana + ben


def test_the_exchange_root_was_never_made_world_writable(cohort):
    assert cohort.layout.exchange.stat().st_mode & 0o777 == 0o755
    assert inbound(cohort).stat().st_mode & 0o7777 == 0o2733


def test_a_submission_is_closed_to_everyone_but_its_author_and_the_grader(cohort):
    submission = submission_of(cohort, cohort.ana)
    assert submission.stat().st_mode & 0o077 == 0o050, oct(submission.stat().st_mode)     # 0750: nobody else
    assert submission.stat().st_gid == pwd.getpwnam(cohort.layout.grader).pw_gid
    for path in submission.rglob("*"):
        assert path.stat().st_mode & 0o007 == 0, path
        assert path.stat().st_gid == pwd.getpwnam(cohort.layout.grader).pw_gid, path


# ------------------------------------------------------------------------------------------------ the attacks

def test_learner_b_cannot_hand_in_as_learner_a(cohort):
    """inbound/ takes any name: B's copy named after A, dated later, is there, and collect leaves it out."""
    assert cohort.forged.returncode == 0, cohort.forged.stderr
    kept = cohort.layout.course / "submitted" / cohort.ana / ASSIGNMENT / "timestamp.txt"
    assert not kept.read_text().startswith("2099")


def test_learner_b_cannot_list_the_submissions(cohort):
    done = cohort.as_user(cohort.ben, "ls", str(inbound(cohort)))
    assert done.returncode != 0 and "Permission denied" in done.stderr


def test_learner_b_cannot_read_nor_change_a_submission_even_knowing_its_name(cohort):
    submission = submission_of(cohort, cohort.ana)
    for argv in (["cat", str(submission / f"{ASSIGNMENT}.ipynb")], ["cat", str(submission / "submission_secret.txt")],
                 ["ls", str(submission)], ["touch", str(submission / "ajout.txt")]):
        done = cohort.as_user(cohort.ben, *argv)
        assert done.returncode != 0 and "Permission denied" in done.stderr, argv


def test_learner_b_cannot_read_a_feedback_even_knowing_its_name(cohort):
    folder = cohort.layout.exchange / cohort.layout.course_id / "feedback"
    assert cohort.as_user(cohort.ben, "ls", str(folder)).returncode != 0
    pages = sorted(folder.glob("*.html"))
    assert len(pages) == 2
    for page in pages:
        readers = [name for name in (cohort.ana, cohort.ben) if cohort.as_user(name, "cat", str(page)).returncode == 0]
        assert len(readers) == 1, (page, readers)                  # each page: its own student, nobody else


def test_learner_b_cannot_read_the_gradebook_the_sources_nor_another_home(cohort):
    ana_home = Path(pwd.getpwnam(cohort.ana).pw_dir)
    targets = [cohort.layout.course / "gradebook.db", cohort.layout.course / "source", ROOT / "source",
               ROOT / "tests", ana_home / cohort.layout.course_id, ana_home / ".local/share/jupyter/nbgrader_cache"]
    assert (cohort.layout.course / "gradebook.db").exists()
    for target in targets:
        argv = ["ls", str(target)] if target.is_dir() else ["cat", str(target)]
        done = cohort.as_user(cohort.ben, *argv)
        assert done.returncode != 0 and "Permission denied" in done.stderr, target


def test_learner_b_cannot_write_into_the_released_assignment(cohort):
    released = cohort.layout.exchange / cohort.layout.course_id / "outbound" / ASSIGNMENT
    for argv in (["touch", str(released / "ajout.txt")], ["sh", "-c", f"echo x >> '{released / (ASSIGNMENT + '.ipynb')}'"]):
        assert cohort.as_user(cohort.ben, *argv).returncode != 0, argv


def test_through_the_hub_b_reaches_neither_a_server_nor_the_graders(cohort):
    assert cohort.server(cohort.ana, "GET", "api/contents", as_user=cohort.ben).status_code == 403
    service = f"{cohort.url}/services/{cohort.layout.course_id}/api/contents"
    assert requests.get(service, headers=cohort.tokens[cohort.ben], timeout=30).status_code == 403
    assert requests.get(service, headers=cohort.tokens[cohort.prof], timeout=30).status_code == 200


def test_the_course_s_modules_are_compiled_where_learners_cannot_write(cohort):
    """helpers/ in the hub's environment belongs to root: the installer writes its .pyc (each valid for its source,
    by date and size, as Python checks them), or every kernel of every learner would compile the course again."""
    site = next((cohort.layout.venv / "lib").glob("python3.*/site-packages"))
    modules = sorted((site / "helpers").rglob("*.py"))
    assert modules
    stale = []
    for source in modules:
        cached = Path(importlib.util.cache_from_source(str(source)))
        header = cached.read_bytes()[:16] if cached.is_file() else b""
        stat = source.stat()
        if header[8:16] != (int(stat.st_mtime) & 0xFFFFFFFF).to_bytes(4, "little") + \
                (stat.st_size & 0xFFFFFFFF).to_bytes(4, "little"):
            stale.append(str(source.relative_to(site)))
    assert not stale, f"{len(stale)} module(s) sans .pyc valide : {stale[:5]}"


def test_learners_get_the_learner_view_and_the_instructor_the_formgrader(cohort):
    """Server extensions as each view should have them; the Formgrader may be framed by its own JupyterLab."""
    page = cohort.server(cohort.ana, "GET", "formgrader")
    assert page.status_code == 404                         # no Formgrader in a learner's server
    service = f"{cohort.url}/services/{cohort.layout.course_id}/formgrader"
    graded = requests.get(service, headers=cohort.tokens[cohort.prof], timeout=60)
    assert graded.status_code == 200
    assert graded.headers["Content-Security-Policy"].startswith("frame-ancestors 'self'")


def test_an_instructor_opens_a_terminal_as_the_grader(cohort):
    """The grader account's shell is nologin: its JupyterLab's terminals must still start (bash)."""
    service = f"{cohort.url}/services/{cohort.layout.course_id}/api/terminals"
    made = requests.post(service, headers=cohort.tokens[cohort.prof], timeout=60)
    assert made.ok, made.text
    uid = pwd.getpwnam(cohort.layout.grader).pw_uid

    def command(pid: int) -> str:
        try:
            return Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            return ""

    deadline = time.monotonic() + 30
    while "bash" not in {command(pid) for pid in cours_hub.processes_of(uid)}:
        assert time.monotonic() < deadline, "aucun bash du correcteur"
        time.sleep(0.3)


# ------------------------------------------------------------------------------------------------ in the browser

def chromium_or_skip() -> str:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium est introuvable (en CI, ./cours test l'installe)")
        pytest.skip("Chromium est introuvable : sudo apt install chromium")
    return chromium


def test_in_chromium_a_learner_sees_french_jupyterlab_and_the_instructor_the_formgrader(cohort):
    chromium = chromium_or_skip()
    from playwright.sync_api import sync_playwright
    SHOTS.mkdir(parents=True, exist_ok=True)
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=args)
        try:
            for name, url, shot in ((cohort.ana, f"{cohort.url}/user/{cohort.ana}/lab", "apprenant-jupyterlab.png"),
                                    (cohort.prof, f"{cohort.url}/services/{cohort.layout.course_id}/lab",
                                     "formateur-formgrader.png")):
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.goto(f"{cohort.url}/hub/login")
                page.fill("#username_input", name)
                page.fill("#password_input", cohort.passwords[name])
                page.click("#login_submit")
                page.wait_for_url(re.compile(r".*/user/.*"), timeout=60_000)
                page.goto(url)
                page.wait_for_selector(".jp-LabShell", timeout=60_000)
                page.wait_for_selector("#jp-menu-panel >> text=Nbgrader", timeout=30_000)
                menus = page.inner_text("#jp-menu-panel")
                page.click("#jp-menu-panel >> text=Nbgrader")
                items = page.inner_text("#jp-mainmenu-nbgrader")
                if name == cohort.ana:
                    assert "Fichier" in menus and "Exécution" in menus, menus              # French menus
                    assert items.split() == ["Assignment", "List"], items                  # no instructor item
                    page.click("#jp-mainmenu-nbgrader >> text=Assignment List")
                    page.wait_for_selector(f".nbgrader-mainarea-widget >> text={ASSIGNMENT}", timeout=60_000)
                    # nbgrader's buttons stay in English (no translation): beside each, what it does, in French
                    captions = page.evaluate("""() => [...document.querySelectorAll(
                        '#nbgrader-assignment-list .item_status, #nbgrader-assignment-list #assignments_toolbar')]
                        .map(e => getComputedStyle(e, e.id === 'assignments_toolbar' ? '::before' : '::after').content)""")
                    assert any("Vos devoirs" in c for c in captions), captions
                    assert any("rendre votre travail" in c for c in captions), captions
                    assert any("récupérer votre retour" in c for c in captions), captions
                else:
                    assert "Formgrader" in items, items
                    page.click("#jp-mainmenu-nbgrader >> text=Formgrader")
                    framed = page.frame_locator(".nbgrader-mainarea-widget iframe, .jp-MainAreaWidget iframe").first
                    framed.locator(f"text={ASSIGNMENT}").first.wait_for(timeout=60_000)   # not blank: framing allowed
                page.wait_for_timeout(500)
                page.screenshot(path=str(SHOTS / shot))
                page.close()
        finally:
            browser.close()


def test_in_chromium_the_hubs_login_and_refusal_pages_are_french(cohort):
    """The pages of the hub itself (hub/pages_fr.py): login, a wrong password, a 403 (a learner at the grader's
    service and at another learner's running JupyterLab). Screenshots in COURS_CAPTURES."""
    chromium = chromium_or_skip()
    from playwright.sync_api import sync_playwright
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 700})
            page.goto(f"{cohort.url}/hub/login")
            assert page.get_attribute("html", "lang") == "fr"
            login = page.inner_text("body")
            page.screenshot(path=str(SHOTS / "hub-connexion.png"))
            page.fill("#username_input", cohort.ben)
            page.fill("#password_input", "pas-le-bon")
            page.click("#login_submit")
            page.wait_for_selector(".login_error", timeout=30_000)
            refused_login = page.inner_text(".login_error")
            page.screenshot(path=str(SHOTS / "hub-mot-de-passe-refuse.png"))
            page.fill("#username_input", cohort.ben)
            page.fill("#password_input", cohort.passwords[cohort.ben])
            page.click("#login_submit")
            page.wait_for_url(re.compile(r".*/user/.*"), timeout=60_000)
            status = page.goto(f"{cohort.url}/services/{cohort.layout.course_id}/").status
            forbidden = page.inner_text("body")
            page.screenshot(path=str(SHOTS / "hub-403.png"))
            other = page.goto(f"{cohort.url}/user/{cohort.ana}/lab")
            elsewhere = page.inner_text("body")
            page.screenshot(path=str(SHOTS / "hub-403-serveur-d-un-autre.png"))
        finally:
            browser.close()
    assert "Connexion au cours" in login and "Identifiant" in login and "Mot de passe" in login
    assert not any(word in login for word in ("Sign in", "Username", "Password")), login
    assert "Identifiant ou mot de passe incorrect" in refused_login
    assert status == 403 and "Accès refusé" in forbidden and "votre page d'accueil" in forbidden, forbidden
    assert "Forbidden" not in forbidden
    assert other.status == 403 and "Accès refusé" in elsewhere and "autre compte" in elsewhere, elsewhere


FORMGRADER_ERROR = "Sorry, the formgrader encountered an error"
IMAGES = "() => [...document.querySelectorAll('img')].map(i => i.outerHTML.slice(0, 300))"


def login_in(browser, cohort, name: str):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(f"{cohort.url}/hub/login")
    page.fill("#username_input", name)
    page.fill("#password_input", cohort.passwords[name])
    page.click("#login_submit")
    page.wait_for_url(re.compile(r".*/user/.*"), timeout=60_000)
    return page, dialogs


def test_in_chromium_every_formgrader_page_and_each_feedback_page_on_the_hub(cohort):
    """Issue 31, on the hub, as its three accounts: the instructor opens every Formgrader page of the service (the
    manual grading page of each submission included, which crashed with TemplateNotFound: bootstrap.min.css), each
    learner opens their own feedback page from their JupyterLab; ben's submission carries a script, an <img onerror>
    and an image whose metadata says `width: "1 onerror=…"`: nothing of it runs anywhere, no page loads anything
    from outside the hub (MathJax from a CDN was one), no English « No description » is left. Screenshots in
    COURS_CAPTURES."""
    chromium = chromium_or_skip()
    from nbgrader.api import Gradebook
    from playwright.sync_api import sync_playwright
    SHOTS.mkdir(parents=True, exist_ok=True)
    with Gradebook(f"sqlite:///{cohort.layout.course / 'gradebook.db'}") as gb:
        submissions = {who: gb.find_submission_notebook(ASSIGNMENT, ASSIGNMENT, who).id for who in (cohort.ana, cohort.ben)}
    formgrader = f"{cohort.url}/services/{cohort.layout.course_id}/formgrader"
    pages = {"devoirs": "", "copies": f"/manage_submissions/{ASSIGNMENT}", "carnet": "/gradebook",
             "carnet-devoir": f"/gradebook/{ASSIGNMENT}", "carnet-notebook": f"/gradebook/{ASSIGNMENT}/{ASSIGNMENT}",
             "etudiants": "/manage_students", "etudiant": f"/manage_students/{cohort.ben}",
             "etudiant-devoir": f"/manage_students/{cohort.ben}/{ASSIGNMENT}",
             **{f"notation-{who}": f"/submissions/{sid}/?index=0" for who, sid in submissions.items()}}
    seen: dict[str, tuple] = {}
    outside: list[str] = []
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=args)
        try:
            page, dialogs = login_in(browser, cohort, cohort.prof)
            page.on("request", lambda r: outside.append(r.url) if not r.url.startswith((cohort.url, "data:", "blob:"))
                    else None)
            for name, path in pages.items():
                answer = page.goto(formgrader + path)
                page.wait_for_timeout(2500 if name.startswith("notation") else 1200)
                seen[f"formgrader-{name}"] = (answer.status, page.inner_text("body"), page.evaluate("window.top.piratage"),
                                              page.evaluate(IMAGES))
                page.screenshot(path=str(SHOTS / f"hub-formgrader-{name}.png"), full_page=name.startswith("notation"))
            for learner in (cohort.ana, cohort.ben):
                mine, their_dialogs = login_in(browser, cohort, learner)
                mine.on("request", lambda r: outside.append(r.url)
                        if not r.url.startswith((cohort.url, "data:", "blob:")) else None)
                folder = Path(pwd.getpwnam(learner).pw_dir)
                found = list((folder / cohort.layout.course_id / ASSIGNMENT / "feedback").rglob("*.html"))
                assert len(found) == 1, found
                relative = found[0].relative_to(folder).as_posix()
                answer = mine.goto(f"{cohort.url}/user/{learner}/files/{relative}")
                mine.wait_for_timeout(2000)
                for link in mine.query_selector_all("a[href^='javascript']"):
                    link.click()
                text = mine.inner_text("body")
                seen[f"retour-{learner}"] = (answer.status, text, mine.evaluate("window.top.piratage"), mine.evaluate(IMAGES))
                mine.screenshot(path=str(SHOTS / f"hub-retour-{learner}.png"))
                if learner == cohort.ben:
                    mine.screenshot(path=str(SHOTS / f"hub-retour-{learner}-sorties.png"), full_page=True)
                dialogs += their_dialogs
                mine.close()
        finally:
            browser.close()
    for name, (status, text, pirated, images) in seen.items():
        assert status == 200, (name, status, text[:300])
        assert FORMGRADER_ERROR not in text and "404" not in text[:200], (name, text[:300])
        assert pirated is None, (name, pirated)
        assert not [i for i in images if "onerror" in i.lower() or "No description" in i], (name, images)
    assert not dialogs, dialogs
    assert not outside, outside[:5]
    assert "Vérification 1.1.a" in seen[f"retour-{cohort.ana}"][1]
    assert "None, None" not in seen["formgrader-copies"][1] and "Durand, Ben" in seen["formgrader-copies"][1]
    for page in (f"formgrader-notation-{cohort.ben}", f"retour-{cohort.ben}"):
        assert 'if any(b.type == "text" for b in response.content):' in seen[page][1], page
        assert len(seen[page][3]) >= 2, (page, seen[page][3])        # the <img> left of the HTML, and the figure
