"""The course on a JupyterHub, on one server: what `./cours hub …` runs (as root), and what hub/jupyterhub_config.py reads.

    ./cours hub installer                       proxy (npm), grader account, groups, exchange, course folder, settings
    ./cours hub comptes --apprenants a,b --formateurs p     Unix accounts (useradd), in the course's groups
    ./cours hub demarrer [--port 8000]          the hub, in the foreground (a systemd unit can run this)
    ./cours hub retirer --apprenants a,b        accounts removed (their homes too)

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
import grp
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

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


def apt_install(*packages: str) -> None:
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run("apt-get", "update", "-qq", env=env, stdout=subprocess.DEVNULL)
    run("apt-get", "install", "-y", "-qq", *packages, env=env, stdout=subprocess.DEVNULL)


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


def ensure_group(name: str) -> None:
    try:
        grp.getgrnam(name)
    except KeyError:
        run("groupadd", name)


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
        "apprenant": ({"ServerApp": {"jpserver_extensions": learner_extensions}},
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
    layout.config.chmod(0o755)


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
    """Instructor-only parts of the clone closed to other accounts; returns the previous modes."""
    before = []
    for name in PRIVATE_IN_CLONE:
        path = layout.clone / name
        if path.exists() and not path.is_symlink():
            before.append((path, path.stat().st_mode & 0o7777))
            path.chmod(0o700 if path.is_dir() else 0o600)
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
    if not (layout.clone_venv / "bin" / "jupyterhub-singleuser").exists():
        raise SystemExit("jupyterhub manque dans .venv/ : lancez d'abord ./cours preparer.")
    layout.root.mkdir(parents=True, exist_ok=True)
    layout.root.chmod(0o755)
    layout.state.mkdir(exist_ok=True)
    layout.state.chmod(0o700)
    ensure_proxy(layout)
    prepare_environment(layout)
    for group in (layout.learners, layout.instructors):
        ensure_group(group)
    grader = ensure_grader(layout)
    prepare_exchange(layout, grader)
    write_views(layout)
    prepare_course(layout, grader)
    if protect:
        protect_clone(layout)
    say(f"Hub prêt sous {layout.root}. Ajoutez les comptes (./cours hub comptes …), puis ./cours hub demarrer.")


# ------------------------------------------------------------------------------------------------ accounts

def add_account(name: str, group: str, password: str | None = None) -> None:
    try:
        pwd.getpwnam(name)
        run("usermod", "--append", "--groups", group, name)
    except KeyError:
        run("useradd", "--create-home", "--shell", "/bin/bash", "--groups", group, name)
    Path(pwd.getpwnam(name).pw_dir).chmod(0o700)
    if password is not None:
        run("chpasswd", input=f"{name}:{password}\n", text=True)


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


def uninstall(layout: Layout) -> None:
    """Everything install() made: the grader account, the two groups, the root folder (the clone is left as it is)."""
    remove_account(layout.grader)
    for group in (layout.learners, layout.instructors, layout.grader):
        subprocess.run(["groupdel", group], check=False, stderr=subprocess.DEVNULL)
    shutil.rmtree(layout.root, ignore_errors=True)


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
    for name in ("comptes", "retirer"):
        p = sub.add_parser(name, help="ajouter des comptes Unix" if name == "comptes" else "retirer des comptes")
        p.add_argument("--apprenants", default="")
        p.add_argument("--formateurs", default="")
    start = sub.add_parser("demarrer", help="démarrer le hub (au premier plan)")
    start.add_argument("--port", type=int, default=8000)
    start.add_argument("--ip", default="")
    args = parser.parse_args(argv)
    layout = Layout(course_id=os.environ.get("COURS_HUB_COURS", COURSE))
    require_root()
    if args.action == "installer":
        install(layout, protect=not args.garder_clone_ouvert)
    elif args.action in ("comptes", "retirer"):
        for names, group in ((args.apprenants, layout.learners), (args.formateurs, layout.instructors)):
            for name in filter(None, names.split(",")):
                if args.action == "comptes":
                    add_account(name, group)
                    say(f"{name} : compte prêt ({group}) ; son mot de passe : passwd {name}")
                else:
                    remove_account(name)
    elif args.action == "demarrer":
        os.execve(hub_command(layout, args.port, args.ip)[0], hub_command(layout, args.port, args.ip),
                  hub_environment(layout))


if __name__ == "__main__":
    main()
