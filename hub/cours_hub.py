"""The course on a JupyterHub, on one server: what `./cours hub …` runs (as root), and what hub/jupyterhub_config.py reads.

    ./cours hub installer                       proxy (npm), grader account, groups, exchange, course folder, settings
    ./cours hub comptes --apprenants "ana:Ana Martin,ben" --formateurs p     Unix accounts (useradd), in the course's
                                                groups, each learner in the gradebook with their name
    ./cours hub comptes --liste classe.csv      the same from a class list (identifiant, prénom, nom, courriel, rôle)
    ./cours hub demarrer [--port 8000]          the hub, in the foreground (a systemd unit can run this)
    ./cours hub retirer --apprenants a,b        accounts removed (their homes too)
    ./cours hub desinstaller [--confirmer]      everything undone: the accounts the course created, the grader, the
                                                groups, the root folder, the clone's modes, the packages it installed

Who is who, all Unix accounts and groups (the operating system is the trust boundary):

- `nbgrader-cours-agents-claude`: the learners. Each has a home (0700) and a JupyterLab in the learner view.
- `formgrade-cours-agents-claude`: the instructors (nbgrader's name for it). Their JupyterLab has nbgrader's menus,
  and they reach the grader's JupyterLab, with Formgrader, at /services/cours-agents-claude/.
- `grader-cours-agents-claude`: a system account that owns the course folder (source/, the gradebook, submitted/…;
  0700) and runs nbgrader: release, collect, autograde (learner code inside bubblewrap, as on one machine),
  feedback. Instructors act through it; nobody else can read its folder.

The exchange (ROOT/echange) is root's, 0755; the course's folder in it is the grader's; helpers.instructor.exchange
keeps each submission readable by its author and the grader only. Why root: useradd/groupadd, the hub starting
each user's server under that user's identity (setuid), PAM reading /etc/shadow, apt for nodejs/npm if absent.
"""
from __future__ import annotations

import argparse
import compileall
import csv
import grp
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import re
import time
import unicodedata
from pathlib import Path
from typing import NamedTuple

CLONE = Path(__file__).resolve().parent.parent
COURSE = "cours-agents-claude"
PROXY_VERSION = "5.3.0"                  # configurable-http-proxy, from npm
DEFAULT_ROOT = Path(os.environ.get("COURS_HUB_RACINE", "/srv/cours-agents-claude"))
# Only instructors may read these parts of the clone the hub runs from (its .venv and helpers/ stay readable).
PRIVATE_IN_CLONE = ["source", "tests", ".git", "gradebook.db", ".correction-secret", "submitted", "autograded",
                    "feedback"]
EXCHANGE_CLASSES = {"exchange": "Exchange", "fetch_assignment": "ExchangeFetchAssignment",
                    "fetch_feedback": "ExchangeFetchFeedback", "release_assignment": "ExchangeReleaseAssignment",
                    "release_feedback": "ExchangeReleaseFeedback", "list": "ExchangeList", "submit": "ExchangeSubmit",
                    "collect": "ExchangeCollect"}
# The learner view: nbgrader's menu holds only « Assignment List » (fetch, submit, feedback): the plugins of the
# instructor's commands (Formgrader, Create Assignment, Course List, Validate) are off, so are their items.
LEARNER_HIDDEN = ["@jupyter/nbgrader:formgrader", "@jupyter/nbgrader:create-assignment", "@jupyter/nbgrader:course-list",
                  "@jupyter/nbgrader:validate-assignment"]


class Layout:
    """Where the hub keeps its things, under one root (default /srv/cours-agents-claude, COURS_HUB_RACINE)."""

    def __init__(self, root: Path = DEFAULT_ROOT, clone: Path = CLONE, course_id: str = COURSE):
        self.root, self.clone = Path(root), Path(clone)
        self.course_id = course_id                   # also the service's name, and in the groups' names
        self.grader, self.instructors, self.learners = (f"grader-{course_id}", f"formgrade-{course_id}",
                                                        f"nbgrader-{course_id}")
        self.exchange = self.root / "echange"
        self.course = self.root / "cours"            # the grader's home and nbgrader course root
        self.config = self.root / "config"           # one JUPYTER_CONFIG_PATH folder per view
        self.proxy = self.root / "proxy"             # npm prefix of configurable-http-proxy
        self.state = self.root / "etat"              # hub database, cookie secret, logs (root only)
        self.venv = self.root / "env"                # the clone's .venv and a copy of helpers/, runnable by all
        self.python = self.root / "python"           # its interpreter, when the clone's is closed to others
        self.clone_venv = self.clone / ".venv"

    def view(self, name: str) -> Path:
        return self.config / name

    @property
    def record(self) -> Path:
        """What the installer and `comptes` changed on the machine, so that `desinstaller` undoes exactly that."""
        return self.state / "installation.json"

    @property
    def proxy_command(self) -> Path:
        return self.proxy / "node_modules" / ".bin" / "configurable-http-proxy"


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run(*argv: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(list(argv), check=True, **kwargs)


def require_root() -> None:
    if os.geteuid() != 0:
        raise SystemExit("Le hub se met en place en root (sudo ./cours hub …) : il crée des comptes Unix et des groupes, "
                         "démarre le serveur de chacun sous son identité et lit les mots de passe par PAM.")


def read_record(layout: Layout) -> dict:
    try:
        return json.loads(layout.record.read_text())
    except (OSError, ValueError):
        return {}


def note(layout: Layout, key: str, value: object) -> None:
    """Adds `value` to the list `key` of the record (root only, in ROOT/etat)."""
    if not layout.state.is_dir():
        return
    record = read_record(layout)
    if value not in record.setdefault(key, []):
        record[key].append(value)
    layout.record.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")
    layout.record.chmod(0o600)


# ------------------------------------------------------------------------------------------------ the environment

def _venv_home(venv: Path) -> Path:
    for line in (venv / "pyvenv.cfg").read_text().splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "home":
            return Path(value.strip())
    raise SystemExit(f"{venv}/pyvenv.cfg sans « home » : recréez l'environnement (rm -rf .venv && ./cours preparer).")


def _replace(path: Path, text: str, mode: int) -> None:
    """A new file at `path`: never written through a hard link into the clone's copy."""
    path.unlink(missing_ok=True)
    path.write_text(text)
    path.chmod(mode)


def prepare_environment(layout: Layout) -> None:
    """ROOT/env: the clone's .venv as hard links (no second install, no space), runnable by every account.

    The clone's .venv may point at an interpreter others cannot open (pyenv under /root, as on CI): the interpreter is
    then copied too (hard links), its RUNPATH made relative with patchelf. Scripts' first lines are rewritten.
    """
    home = _venv_home(layout.clone_venv)
    base = home.parent
    if not readable_by_others(home / "python3"):
        shutil.rmtree(layout.python, ignore_errors=True)
        run("cp", "-al", str(base), str(layout.python))
        home = layout.python / "bin"
        for binary in sorted(home.glob("python3.*")):
            if binary.is_file() and not binary.is_symlink() and binary.read_bytes()[:4] == b"\x7fELF":
                data = binary.read_bytes()
                binary.unlink()
                binary.write_bytes(data)
                binary.chmod(0o755)
                if not shutil.which("patchelf"):
                    apt_install("patchelf")
                run("patchelf", "--set-rpath", "$ORIGIN/../lib", str(binary))
    shutil.rmtree(layout.venv, ignore_errors=True)
    run("cp", "-al", str(layout.clone_venv), str(layout.venv))
    old, new = str(layout.clone_venv), str(layout.venv)
    cfg = layout.venv / "pyvenv.cfg"
    lines = [f"home = {home}" if line.startswith("home") else line.replace(str(base), str(home.parent)).replace(old, new)
             for line in cfg.read_text().splitlines()]
    _replace(cfg, "\n".join(lines) + "\n", 0o644)
    for name in ("python3", "python", f"python3.{sys.version_info.minor}"):
        link = layout.venv / "bin" / name
        if link.is_symlink() and Path(os.readlink(link)).is_absolute():
            link.unlink()
            link.symlink_to(home / "python3")
    for script in (layout.venv / "bin").iterdir():
        if script.is_file() and not script.is_symlink():
            head = script.read_bytes()[:200]
            if head.startswith(b"#!") and old.encode() in head.split(b"\n", 1)[0]:
                text = script.read_text()
                _replace(script, text.replace(old, new, 1), 0o755)
    # helpers/ as a copy, not the clone's editable link: the hub runs what was installed, wherever the clone lives
    # (even in a folder other accounts cannot cross), and a change in the clone reaches it at the next installer.
    site = layout.venv / "lib" / f"python3.{sys.version_info.minor}" / "site-packages"
    for link in site.glob("__editable__*"):
        link.unlink()
    shutil.copytree(layout.clone / "helpers", site / "helpers", ignore=shutil.ignore_patterns("__pycache__"))
    # Compiled once here: learners cannot write in this folder, and without .pyc every kernel of every learner would
    # compile the course's modules again (1.2 MB of source, about 0.5 s of CPU for all of them).
    compileall.compile_dir(str(site / "helpers"), quiet=1)
    for folder in (layout.root, layout.python, layout.venv):
        if folder.exists():
            folder.chmod(0o755)


# ------------------------------------------------------------------------------------------------ installation

def ensure_node() -> None:
    """node and npm from Debian's packages when absent (configurable-http-proxy runs on node)."""
    if shutil.which("node") and shutil.which("npm"):
        return
    say("Installation de nodejs et npm (paquets Debian) pour le proxy du hub…")
    apt_install("nodejs", "npm")


INSTALLED_PACKAGES: list[str] = []      # Debian packages this run installed: the record keeps them for `desinstaller`


def apt_install(*packages: str) -> None:
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    missing = [name for name in packages
               if subprocess.run(["dpkg", "-s", name], capture_output=True).returncode != 0]
    if not missing:
        return
    run("apt-get", "update", "-qq", env=env, stdout=subprocess.DEVNULL)
    run("apt-get", "install", "-y", "-qq", *missing, env=env, stdout=subprocess.DEVNULL)
    INSTALLED_PACKAGES.extend(missing)


def ensure_proxy(layout: Layout) -> None:
    """configurable-http-proxy, pinned, from npm, into ROOT/proxy (not in the clone: nothing generated lands there)."""
    package = layout.proxy / "node_modules" / "configurable-http-proxy" / "package.json"
    if package.is_file() and json.loads(package.read_text()).get("version") == PROXY_VERSION:
        return
    ensure_node()
    say(f"Installation de configurable-http-proxy {PROXY_VERSION} (npm)…")
    layout.proxy.mkdir(parents=True, exist_ok=True)
    run("npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(layout.proxy),
        f"configurable-http-proxy@{PROXY_VERSION}", stdout=subprocess.DEVNULL)


def ensure_group(name: str) -> bool:
    """True if the group is new."""
    try:
        grp.getgrnam(name)
        return False
    except KeyError:
        run("groupadd", name)
        return True


def ensure_grader(layout: Layout) -> pwd.struct_passwd:
    try:
        return pwd.getpwnam(layout.grader)
    except KeyError:
        run("useradd", "--system", "--user-group", "--home-dir", str(layout.course), "--no-create-home",
            "--shell", "/usr/sbin/nologin", layout.grader)
        return pwd.getpwnam(layout.grader)


def write(path: Path, text: str, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(mode)


def exchange_config(layout: Layout) -> str:
    lines = ['"""nbgrader, for every account of the hub (written by ./cours hub installer)."""', "c = get_config()  # noqa: F821",
             f"c.CourseDirectory.course_id = {layout.course_id!r}",
             f"c.Exchange.root = {str(layout.exchange)!r}",
             "# fetched into ~/cours-agents-claude/DEVOIR: one folder per course, as nbgrader recommends on a hub",
             "c.Exchange.path_includes_course = True"]
    lines += [f"c.ExchangeFactory.{kind} = 'helpers.instructor.exchange.{cls}'" for kind, cls in EXCHANGE_CLASSES.items()]
    return "\n".join(lines) + "\n"


def write_views(layout: Layout) -> None:
    """Three JUPYTER_CONFIG_PATH folders: the learner view, the instructor view, the grader's (Formgrader) server."""
    common = exchange_config(layout)
    learner_extensions = {"nbgrader.server_extensions.formgrader": False,
                          "nbgrader.server_extensions.course_list": False,
                          "nbgrader.server_extensions.validate_assignment": False,
                          "nbgrader.server_extensions.assignment_list": True}
    # JupyterHub ≥ 4.1 forbids framing a user's server (frame-ancestors 'none'); JupyterLab's Formgrader panel is a
    # frame of the same server, blank without this (jupyter/nbgrader#1870).
    framing = {"tornado_settings": {"headers": {"Content-Security-Policy": "frame-ancestors 'self'"}}}
    views = {
        # nbgrader's Assignment List has no translation: a style sheet says in French, beside each part, what it does.
        # (static_custom_path is not a setting of its own: tornado_settings overrides it, after jupyter_server sets it)
        "apprenant": ({"ServerApp": {"jpserver_extensions": learner_extensions, "tornado_settings": {
                                         "static_custom_path": [str(layout.view("apprenant") / "custom")]}},
                       "LabApp": {"custom_css": True}},
                      {"disabledExtensions": {name: True for name in LEARNER_HIDDEN}}),
        "formateur": ({"ServerApp": dict(framing)}, {"disabledExtensions": {}}),
        # The grader account's shell is nologin: its JupyterLab's terminals run bash (where instructors type nbgrader …).
        "correcteur": ({"ServerApp": dict(framing, root_dir=str(layout.course),
                                          terminado_settings={"shell_command": ["/bin/bash"]})},
                       {"disabledExtensions": {}}),
    }
    for name, (server, page) in views.items():
        folder = layout.view(name)
        write(folder / "nbgrader_config.py", common)
        write(folder / "jupyter_server_config.json", json.dumps(server, indent=1) + "\n")
        write(folder / "labconfig" / "page_config.json", json.dumps(page, indent=1) + "\n")
    write(layout.view("apprenant") / "custom" / "custom.css", ASSIGNMENT_LIST_CSS)
    layout.config.chmod(0o755)


def _css_text(text: str) -> str:
    """French text for a CSS `content` (typography included: narrow no-break spaces, as escapes)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\u202f", "\\202F ") + '"'


# nbgrader's Assignment List (its labextension), part by part: the English it shows, and beside it what it does.
ASSIGNMENT_LIST_FRENCH = {
    "#assignments_toolbar::before": "Vos devoirs\u202f: ceux que le formateur a publiés, ceux que vous avez "
                                    "récupérés, ceux que vous avez rendus.",
    ".panel:has(#released_assignments_list) > .panel-heading::after": "devoirs publiés, à récupérer",
    ".panel:has(#fetched_assignments_list) > .panel-heading::after": "devoirs récupérés, dans votre dossier "
                                                                     "cours-agents-claude/",
    ".panel:has(#submitted_assignments_list) > .panel-heading::after": "devoirs rendus",
    "#released_assignments_list_placeholder::after": "Aucun devoir à récupérer pour l'instant.",
    "#fetched_assignments_list_placeholder::after": "Aucun devoir récupéré pour l'instant.",
    "#submitted_assignments_list_placeholder::after": "Aucun devoir rendu pour l'instant.",
    "#released_assignments_list .item_status:has(> button)::after": "«\u202fFetch\u202f»\u202f: copier le devoir dans votre "
                                                      "dossier, pour y travailler",
    "#fetched_assignments_list .item_status:has(> button)::after": "«\u202fSubmit\u202f»\u202f: rendre votre travail\u202f; "
                                                     "vous pouvez rendre de nouveau, la dernière copie compte",
    "#submitted_assignments_list .item_status:has(> button)::after": "«\u202fFetch Feedback\u202f»\u202f: récupérer votre "
                                                       "retour, une fois le devoir corrigé",
    "#submitted_assignments_list a::after": "«\u202fview feedback\u202f»\u202f: ouvrir votre retour",
}
ASSIGNMENT_LIST_CSS = ('@charset "UTF-8";\n' "/* ./cours hub installer : le panneau Assignment List de nbgrader, sans traduction, dit en "
                       "français à côté de chaque partie ce qu'elle fait. */\n" + "".join(
    f"#nbgrader-assignment-list {selector} {{ content: {_css_text(text)}; display: block; color: #4a4a4a; "
    f"font-size: 90%; font-weight: normal; font-style: italic; margin: 2px 0; }}\n"
    for selector, text in ASSIGNMENT_LIST_FRENCH.items()))


def course_config(layout: Layout) -> str:
    return ('"""The grader\'s nbgrader configuration: the course\'s own, then the hub\'s exchange."""\n'
            "c = get_config()  # noqa: F821\n"
            f"load_subconfig({str(layout.course / 'nbgrader_config_cours.py')!r})  # noqa: F821\n"
            f"load_subconfig({str(layout.view('correcteur') / 'nbgrader_config.py')!r})  # noqa: F821\n")


def prepare_course(layout: Layout, grader: pwd.struct_passwd) -> None:
    """The grader's course folder: source/ and release/ copied from the clone, its own nbgrader_config.py."""
    layout.course.mkdir(parents=True, exist_ok=True)
    for name in ("source", "release"):
        if not (layout.course / name).exists():
            shutil.copytree(layout.clone / name, layout.course / name)
    shutil.copy(layout.clone / "nbgrader_config.py", layout.course / "nbgrader_config_cours.py")
    write(layout.course / "nbgrader_config.py", course_config(layout))
    run("chown", "-R", f"{grader.pw_uid}:{grader.pw_gid}", str(layout.course))
    layout.course.chmod(0o700)


def prepare_exchange(layout: Layout, grader: pwd.struct_passwd) -> None:
    layout.exchange.mkdir(parents=True, exist_ok=True)
    os.chown(layout.exchange, 0, 0)
    layout.exchange.chmod(0o755)
    course = layout.exchange / layout.course_id
    course.mkdir(exist_ok=True)
    os.chown(course, grader.pw_uid, grader.pw_gid)
    course.chmod(0o755)


def protect_clone(layout: Layout) -> list[tuple[Path, int]]:
    """Instructor-only parts of the clone closed to other accounts; returns the previous modes (of those changed)."""
    before = []
    for name in PRIVATE_IN_CLONE:
        path = layout.clone / name
        if path.exists() and not path.is_symlink():
            mode, closed = path.stat().st_mode & 0o7777, 0o700 if path.is_dir() else 0o600
            if mode != closed:
                before.append((path, mode))
                path.chmod(closed)
    return before


def readable_by_others(path: Path) -> bool:
    """Every folder up to `path` can be crossed by any account (the clone's .venv must be)."""
    path = path.resolve()
    for part in [path, *path.parents]:
        if not part.stat().st_mode & 0o001:
            return False
    return True


def install(layout: Layout, protect: bool = True) -> None:
    require_root()
    INSTALLED_PACKAGES.clear()          # what this installation adds, for its own record
    if not (layout.clone_venv / "bin" / "jupyterhub-singleuser").exists():
        raise SystemExit("jupyterhub manque dans .venv/ : lancez d'abord ./cours preparer.")
    layout.root.mkdir(parents=True, exist_ok=True)
    layout.root.chmod(0o755)
    layout.state.mkdir(exist_ok=True)
    layout.state.chmod(0o700)
    ensure_proxy(layout)
    prepare_environment(layout)
    for group in (layout.learners, layout.instructors):
        if ensure_group(group):
            note(layout, "groupes", group)
    grader = ensure_grader(layout)
    note(layout, "groupes", layout.grader)
    prepare_exchange(layout, grader)
    write_views(layout)
    prepare_course(layout, grader)
    if protect:
        for path, mode in protect_clone(layout):
            note(layout, "clone", [str(path), mode])
    for package in INSTALLED_PACKAGES:
        note(layout, "paquets", package)
    say(f"Hub prêt sous {layout.root}. Ajoutez les comptes (./cours hub comptes …), puis ./cours hub demarrer.")


# ------------------------------------------------------------------------------------------------ accounts

class Person(NamedTuple):
    """One account to create: its login and, for the gradebook and Formgrader, the person's name."""
    login: str
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    instructor: bool = False

    @property
    def full_name(self) -> str:
        return " ".join(filter(None, (self.first_name, self.last_name)))


LOGIN = re.compile(r"^[a-z_][a-z0-9_.-]{0,31}$")


def check_login(login: str, where: str) -> str:
    if not LOGIN.match(login):
        raise SystemExit(f"{where} : « {login} » ne peut pas être un identifiant de compte Unix (des minuscules sans "
                         f"accent, des chiffres, « . », « - » ou « _ », 32 caractères au plus, pas de chiffre en tête).")
    return login


def parse_people(text: str, instructor: bool) -> list[Person]:
    """« ana:Ana Martin,ben » → Ana Martin (first name, then the rest as last name) and ben (no name given)."""
    people = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        login, _, name = item.partition(":")
        first, _, last = name.strip().partition(" ")
        people.append(Person(check_login(login.strip(), "--apprenants/--formateurs"), first.strip(), last.strip(),
                             instructor=instructor))
    return people


def _key(header: str) -> str:
    plain = unicodedata.normalize("NFKD", header).encode("ascii", "ignore").decode().strip().lower()
    return re.sub(r"[^a-z]+", "_", plain).strip("_")


COLUMNS = {  # a class list's headers (French, or nbgrader's own import format) → Person's fields
    "login": ("identifiant", "id", "login", "username", "utilisateur", "nom_d_utilisateur", "compte"),
    "first_name": ("prenom", "first_name", "firstname"),
    "last_name": ("nom", "last_name", "lastname", "nom_de_famille"),
    "email": ("courriel", "email", "e_mail", "mail", "adresse_electronique"),
    "role": ("role", "statut"),
}


def read_class_list(path: Path) -> list[Person]:
    """A class list as a CSV (UTF-8, with « , » or « ; », the way spreadsheets and school systems export it)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise SystemExit(f"Liste de la classe illisible ({path}) : {exc.strerror}.") from None
    except UnicodeDecodeError:
        raise SystemExit(f"{path} n'est pas en UTF-8 : enregistrez-le en « CSV UTF-8 » depuis votre tableur.") from None
    delimiter = ";" if text.split("\n", 1)[0].count(";") > text.split("\n", 1)[0].count(",") else ","
    rows = list(csv.reader(text.splitlines(), delimiter=delimiter))
    if not rows:
        raise SystemExit(f"{path} est vide.")
    fields = {}
    for index, header in enumerate(rows[0]):
        for field, names in COLUMNS.items():
            if _key(header) in names and field not in fields:
                fields[field] = index
    if "login" not in fields:
        raise SystemExit(f"{path} : aucune colonne « identifiant » (l'identifiant du compte de chacun) parmi "
                         f"{', '.join(rows[0]) or 'ses en-têtes'}. En-têtes reconnus : identifiant, prénom, nom, "
                         f"courriel, rôle (apprenant ou formateur).")
    people = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        cell = {field: (row[index].strip() if index < len(row) else "") for field, index in fields.items()}
        role = _key(cell.get("role", ""))
        if role not in ("", "apprenant", "apprenante", "etudiant", "etudiante", "eleve", "learner", "student",
                        "formateur", "formatrice", "enseignant", "enseignante", "instructor", "teacher"):
            raise SystemExit(f"{path}, ligne {number} : rôle « {cell['role']} » inconnu (apprenant ou formateur).")
        people.append(Person(check_login(cell["login"], f"{path}, ligne {number}"), cell.get("first_name", ""),
                             cell.get("last_name", ""), cell.get("email", ""),
                             instructor=role in ("formateur", "formatrice", "enseignant", "enseignante", "instructor",
                                                 "teacher")))
    return people


def add_account(name: str, group: str, password: str | None = None, full_name: str = "",
                layout: Layout | None = None) -> None:
    """The account in the course's group (created if absent, its name in the GECOS field); the record notes what
    changed, for `desinstaller`: a created account is removed, an existing one only leaves the group."""
    try:
        user = pwd.getpwnam(name)
        if layout is not None and name not in read_record(layout).get("comptes_crees", []):
            note(layout, "comptes_existants", [name, group, Path(user.pw_dir).stat().st_mode & 0o7777
                                               if Path(user.pw_dir).is_dir() else None])
        run("usermod", "--append", "--groups", group, name)
        if full_name:
            run("usermod", "--comment", full_name, name)
    except KeyError:
        run("useradd", "--create-home", "--shell", "/bin/bash", "--groups", group,
            *(["--comment", full_name] if full_name else []), name)
        if layout is not None:
            note(layout, "comptes_crees", name)
    Path(pwd.getpwnam(name).pw_dir).chmod(0o700)
    if password is not None:
        run("chpasswd", input=f"{name}:{password}\n", text=True)


def register_learners(layout: Layout, people: list[Person]) -> subprocess.CompletedProcess:
    """Each learner in the gradebook with their name (Formgrader showed « None, None »): one `nbgrader db student
    import`, as the grader. Without a name, the account's GECOS name, or else the login as last name."""
    rows = []
    for person in people:
        first, last = person.first_name, person.last_name
        if not (first or last):
            gecos = pwd.getpwnam(person.login).pw_gecos.split(",")[0].strip()
            first, _, last = gecos.partition(" ")
            if not (first or last):
                first, last = "(prénom à renseigner)", person.login
            elif not last:
                first, last = "", first
        rows.append({"id": person.login, "first_name": first, "last_name": last or person.login,
                     "email": person.email})
    listing = layout.course / ".liste-importee.csv"
    with listing.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, ["id", "first_name", "last_name", "email"])
        writer.writeheader()
        writer.writerows(rows)
    grader = pwd.getpwnam(layout.grader)
    os.chown(listing, grader.pw_uid, grader.pw_gid)
    listing.chmod(0o600)
    try:
        done = as_grader(layout, "nbgrader", "db", "student", "import", str(listing), timeout=300)
    finally:
        listing.unlink(missing_ok=True)
    if done.returncode != 0:
        raise SystemExit("Les comptes sont prêts, mais leurs noms n'ont pas pu être inscrits dans le carnet de notes "
                         f"(nbgrader db student import) :\n{done.stderr[-2000:]}")
    return done


def add_people(layout: Layout, people: list[Person]) -> None:
    if not layout.course.is_dir() or not layout.state.is_dir():
        raise SystemExit(f"Le hub n'est pas installé sous {layout.root} : lancez d'abord sudo ./cours hub installer.")
    for person in people:
        group = layout.instructors if person.instructor else layout.learners
        add_account(person.login, group, full_name=person.full_name, layout=layout)
        who = f"{person.full_name} ({person.login})" if person.full_name else person.login
        say(f"{who} : compte prêt ({'formateur' if person.instructor else 'apprenant'}) ; son mot de passe : "
            f"sudo passwd {person.login}")
    learners = [person for person in people if not person.instructor]
    if learners:
        register_learners(layout, learners)
        say(f"{len(learners)} apprenant(s) inscrit(s) dans le carnet de notes, avec leur nom (Formgrader › Manage "
            f"Students).")
    if any(person.instructor for person in people):
        say("Redémarrez le hub pour qu'il reconnaisse les nouveaux formateurs (il lit leur groupe au démarrage).")


def processes_of(uid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid == uid:
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def end_processes_of(uid: int, grace: float = 3.0) -> None:
    """Every process of one account, by pid: TERM, then KILL after `grace` seconds."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in processes_of(uid):
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + grace
        while processes_of(uid) and time.monotonic() < deadline:
            time.sleep(0.1)
        if not processes_of(uid):
            return


def remove_account(name: str) -> None:
    try:
        user = pwd.getpwnam(name)
    except KeyError:
        return
    end_processes_of(user.pw_uid)
    subprocess.run(["userdel", "--remove", name], check=False, stderr=subprocess.DEVNULL)


def running_hub(layout: Layout) -> int | None:
    """The pid of this hub while it runs (its pid file, and a live jupyterhub process behind it)."""
    try:
        pid = int((layout.state / "jupyterhub.pid").read_text().strip())
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (OSError, ValueError):
        return None
    return pid if b"jupyterhub" in command else None


def uninstall_plan(layout: Layout) -> list[str]:
    """In French, one line per thing `desinstaller` removes or gives back (what `uninstall` does, in that order)."""
    record = read_record(layout)
    lines = []
    for login in record.get("comptes_crees", []):
        try:
            home = Path(pwd.getpwnam(login).pw_dir)
        except KeyError:
            continue
        files = sum(1 for _ in home.rglob("*")) if home.is_dir() else 0
        lines.append(f"compte {login}, créé par le cours, et son dossier {home} ({files} fichier(s))")
    for login, group, _mode in record.get("comptes_existants", []):
        lines.append(f"compte {login}, qui existait avant le cours : il quitte seulement le groupe {group}")
    if account_exists(layout.grader):
        lines.append(f"compte correcteur {layout.grader}")
    lines += [f"groupe {group}" for group in (layout.learners, layout.instructors, layout.grader) if group_exists(group)]
    if layout.root.exists():
        lines.append(f"dossier {layout.root} (échange, dossier du cours avec le carnet de notes et les copies, "
                     f"environnement, proxy, état du hub)")
    lines += [f"droits d'origine de {path} ({mode:o})" for path, mode in record.get("clone", [])]
    lines += [f"paquet Debian {name}, installé par le cours" for name in record.get("paquets", [])]
    return lines


def account_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def group_exists(name: str) -> bool:
    try:
        grp.getgrnam(name)
        return True
    except KeyError:
        return False


def archive(layout: Layout, target: Path) -> None:
    """The course folder (gradebook, copies, feedback) and the homes of the accounts the course created, in one
    .tar.gz readable by root only, before anything is removed."""
    import tarfile
    target = target.resolve()
    if layout.root in target.parents:
        raise SystemExit(f"L'archive ne peut pas être écrite sous {layout.root}, que la désinstallation supprime.")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(target, "w:gz") as tar:
        if layout.course.is_dir():
            tar.add(layout.course, arcname="cours")
        for login in read_record(layout).get("comptes_crees", []):
            if account_exists(login) and Path(pwd.getpwnam(login).pw_dir).is_dir():
                tar.add(pwd.getpwnam(login).pw_dir, arcname=f"comptes/{login}")
    target.chmod(0o600)


def uninstall(layout: Layout) -> None:
    """Everything the installer and `comptes` did, undone from the record: the accounts they created (homes
    included), the course's groups left by the accounts that existed before (their homes' modes given back), the
    grader account, the groups, the root folder, the clone's modes, the Debian packages the installer added."""
    record = read_record(layout)
    for login in record.get("comptes_crees", []):
        remove_account(login)
    for login, group, mode in record.get("comptes_existants", []):
        subprocess.run(["gpasswd", "--delete", login, group], check=False, capture_output=True)
        if mode is not None and account_exists(login) and Path(pwd.getpwnam(login).pw_dir).is_dir():
            Path(pwd.getpwnam(login).pw_dir).chmod(mode)
    remove_account(layout.grader)
    for group in (layout.learners, layout.instructors, layout.grader):
        subprocess.run(["groupdel", group], check=False, stderr=subprocess.DEVNULL)
    for path, mode in record.get("clone", []):
        if Path(path).exists():
            Path(path).chmod(mode)
    shutil.rmtree(layout.root, ignore_errors=True)
    packages = record.get("paquets", [])
    if packages:
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "purge", "-y", "-qq", "--autoremove", *packages], env=env, check=False,
                       stdout=subprocess.DEVNULL)


def as_grader(layout: Layout, *argv: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """A command (nbgrader …) run by the grader account in the course folder, with the hub's environment."""
    env = {"HOME": str(layout.course), "PATH": f"{layout.venv / 'bin'}:/usr/bin:/bin", "LANG": "C.UTF-8",
           "COURS_MODE": "hors-ligne"}
    return subprocess.run(["runuser", "-u", layout.grader, "--", "env", "-i", *(f"{k}={v}" for k, v in env.items()),
                           *argv], cwd=layout.course, capture_output=True, text=True, timeout=timeout)


def members(group: str) -> list[str]:
    try:
        return sorted(grp.getgrnam(group).gr_mem)
    except KeyError:
        return []


# ------------------------------------------------------------------------------------------------ the hub

def hub_command(layout: Layout, port: int, ip: str = "", hub_port: int = 8081, proxy_api_port: int = 8001) -> list[str]:
    return [str(layout.clone_venv / "bin" / "jupyterhub"), "-f", str(layout.clone / "hub" / "jupyterhub_config.py"),
            f"--JupyterHub.ip={ip}", f"--JupyterHub.port={port}", f"--JupyterHub.hub_port={hub_port}",
            f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{proxy_api_port}"]


def hub_environment(layout: Layout, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "JUPYTER"))}
    env.update({"COURS_HUB_RACINE": str(layout.root), "COURS_HUB_COURS": layout.course_id, "COURS_MODE": "hors-ligne"},
               **extra)
    return env


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="./cours hub", description="Le cours sur un JupyterHub (en root).")
    sub = parser.add_subparsers(dest="action", required=True)
    inst = sub.add_parser("installer", help="proxy, compte correcteur, groupes, échange, dossier du cours")
    inst.add_argument("--garder-clone-ouvert", action="store_true",
                      help="ne pas fermer source/ et tests/ du clone aux autres comptes")
    accounts = sub.add_parser("comptes", help="créer les comptes Unix, avec leurs noms (carnet de notes, Formgrader)")
    accounts.add_argument("--apprenants", default="", help="« ana:Ana Martin,ben:Benoît Durand » (le nom est facultatif)")
    accounts.add_argument("--formateurs", default="", help="« prof:Paule Dubois » (le nom est facultatif)")
    accounts.add_argument("--liste", type=Path, help="une liste de classe en CSV : identifiant, prénom, nom, courriel, "
                                                     "rôle (apprenant, par défaut, ou formateur)")
    remove = sub.add_parser("retirer", help="retirer des comptes (et leur dossier personnel)")
    remove.add_argument("--apprenants", default="")
    remove.add_argument("--formateurs", default="")
    undo = sub.add_parser("desinstaller", help="tout défaire : comptes créés par le cours, correcteur, groupes, dossiers")
    undo.add_argument("--confirmer", action="store_true", help="retirer vraiment (sans cette option : la liste seule)")
    undo.add_argument("--archive", type=Path, help="d'abord, une archive .tar.gz du dossier du cours et des comptes")
    start = sub.add_parser("demarrer", help="démarrer le hub (au premier plan)")
    start.add_argument("--port", type=int, default=8000)
    start.add_argument("--ip", default="")
    args = parser.parse_args(argv)
    layout = Layout(Path(os.environ.get("COURS_HUB_RACINE", str(DEFAULT_ROOT))),
                    course_id=os.environ.get("COURS_HUB_COURS", COURSE))
    require_root()
    if args.action == "installer":
        install(layout, protect=not args.garder_clone_ouvert)
    elif args.action == "comptes":
        people = parse_people(args.apprenants, False) + parse_people(args.formateurs, True)
        if args.liste is not None:
            people += read_class_list(args.liste)
        if not people:
            raise SystemExit("Aucun compte à créer : donnez --apprenants « ana:Ana Martin,ben », --formateurs « prof » "
                             "ou --liste classe.csv (identifiant, prénom, nom, courriel, rôle).")
        add_people(layout, people)
    elif args.action == "retirer":
        names = [name.strip() for name in f"{args.apprenants},{args.formateurs}".split(",") if name.strip()]
        if not names:
            say("Rien à retirer : donnez les comptes, --apprenants ana,ben ou --formateurs prof (leur dossier "
                "personnel part avec eux). Pour défaire toute l'installation du hub : sudo ./cours hub desinstaller.")
            raise SystemExit(2)
        for name in names:
            if not account_exists(name):
                say(f"{name} : pas de tel compte, rien à retirer.")
                continue
            remove_account(name)
            say(f"{name} : compte retiré, avec son dossier personnel.")
    elif args.action == "desinstaller":
        pid = running_hub(layout)
        if pid is not None:
            raise SystemExit(f"Le hub tourne encore (processus {pid}) : arrêtez-le d'abord (Ctrl-C, ou systemctl stop "
                             f"de son unité), puis relancez sudo ./cours hub desinstaller.")
        plan = uninstall_plan(layout)
        if not plan:
            say(f"Rien à désinstaller : aucune trace du hub de {layout.course_id} sous {layout.root}.")
            return
        say("La désinstallation retire, dans cet ordre :")
        for line in plan:
            say(f"  - {line}")
        if not args.confirmer:
            say("Rien n'a été retiré. Les copies, les retours et les notes des apprenants partent avec le dossier du "
                "cours : exportez d'abord les notes (nbgrader export), ou ajoutez --archive /root/cours-hub.tar.gz. "
                "Pour retirer : sudo ./cours hub desinstaller --confirmer")
            return
        if args.archive is not None:
            archive(layout, args.archive)
            say(f"Archive écrite : {args.archive} (root seul peut la lire).")
        uninstall(layout)
        say("Hub désinstallé : la machine est revenue à son état d'avant l'installateur (le clone est resté en place).")
    elif args.action == "demarrer":
        os.execve(hub_command(layout, args.port, args.ip)[0], hub_command(layout, args.port, args.ip),
                  hub_environment(layout))


if __name__ == "__main__":
    main()
