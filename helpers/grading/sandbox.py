"""The grading sandbox: every process that runs learner code runs inside bubblewrap (`bwrap`).

The operating system, not Python, draws the line. Each sandbox gets:
- its own PID namespace (it cannot see or signal the grader), network namespace (only its own
  loopback), IPC and UTS namespaces, a new session (no terminal injection), and it dies with
  its parent;
- an allow-list of read-only mounts: the system (`/usr`…), the Python installation and the
  virtual environment, the `helpers` package without its trusted side (grading/trusted/, each lesson's
  `judge.py`: their files read as one line raising ImportError) — nothing else of the course: `source/`, `tests/`,
  the gradebook, the exchange, `feedback/`, other students' folders, the kernelspec and
  `nbgrader_config.py` are simply not there;
- a private `/tmp` (size-capped tmpfs) as home: the only writable place, where the kernel works
  on its own copy of the student's folder and binds its Unix sockets — nothing is written on the
  host;
- no capabilities, `no_new_privs`; when grading runs as root, an unprivileged user (nobody);
- resource limits (CPU time, file size, processes) and, from outside, a watcher of the memory
  and the number of processes of the whole tree, which kills it past the limit;
- no System V shared memory nor message queues (a seccomp filter: shmget and msgget fail with EPERM): a
  segment filled then detached is nobody's memory — no RSS, no open file — and 3.5 GB of them went uncounted;
  POSIX shared memory lives in a private, size-capped /dev/shm.

This module imports only the standard library: inside the sandbox it runs first, as a script
(`python -S -I sandbox.py dedans …`), drops privileges, sets the limits, then becomes the real
program (the zygote, see sandboxed/zygote.py and atelier.py).
"""
from __future__ import annotations

import os
import shutil
import signal
import sys
from pathlib import Path

POLICY_ENV = "COURS_BAC_A_SABLE"
NOBODY = 65534
TMP_SIZE = 512 * 1024 * 1024             # the private /tmp (tmpfs)
SHM_SIZE = 64 * 1024 * 1024              # the private /dev/shm (tmpfs): POSIX shared memory, bounded too
FILE_SIZE_LIMIT = 256 * 1024 * 1024      # RLIMIT_FSIZE: no disk-filling file
COPY_BUDGET = TMP_SIZE // 4              # of the student's folder, copied into the kernel's /tmp
CPU_SECONDS = int(os.environ.get("COURS_CPU_MAX_S", "900"))   # RLIMIT_CPU per process
MEMORY_LIMIT = int(os.environ.get("COURS_MEMOIRE_MAX_MO", "3072")) * 1024 * 1024
MAX_PROCESSES = 256                      # processes in one sandbox, counted from outside
MAX_THREADS = 4096                       # threads of those processes (no RLIMIT_NPROC when grading as a user)
ETC_FILES = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "ssl", "ca-certificates", "alternatives",
             "nsswitch.conf", "host.conf", "mime.types", "fonts", "os-release", "debian_version")

MISSING = ("La correction isole le code des étudiants avec bubblewrap (bwrap), introuvable sur cette machine. "
           "Installez-le puis relancez : sudo apt install bubblewrap (Debian/Ubuntu), sudo dnf install bubblewrap "
           "(Fedora). La correction ne démarre pas sans lui.")
BROKEN = ("bubblewrap (bwrap) est installé mais ne peut pas créer de bac à sable ici ({detail}). Il lui faut les "
          "espaces de noms utilisateur non privilégiés (sysctl kernel.unprivileged_userns_clone=1 ; dans un "
          "conteneur, l'option --privileged ou un profil seccomp qui les autorise), ou de lancer la correction "
          "en root.")


class SandboxUnavailable(RuntimeError):
    """bubblewrap is missing or cannot work here: grading refuses to start (French message)."""


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


_checked: dict = {}


def require() -> str:
    """The path of bwrap, after checking once that it can build a sandbox here; else SandboxUnavailable."""
    if "path" in _checked:
        return _checked["path"]
    path = bwrap_path()
    if path is None:
        raise SandboxUnavailable(MISSING)
    import subprocess
    probe = [path, "--ro-bind", "/", "/", "--unshare-pid", "--unshare-net", "--proc", "/proc", "--dev", "/dev",
             "--die-with-parent", "true"]
    done = subprocess.run(probe, capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        raise SandboxUnavailable(BROKEN.format(detail=(done.stderr.strip() or f"code {done.returncode}")[:200]))
    _checked["path"] = path
    return path


def _ancestors(path: str) -> list[str]:
    parts = Path(path).parts
    return [str(Path(*parts[:i])) for i in range(2, len(parts))]


def python_mounts() -> list[str]:
    """What a Python of this environment needs, read-only: its installation, the venv, the helpers package."""
    here = Path(__file__).resolve().parent.parent          # the helpers package
    bin_dir = os.path.dirname(os.path.abspath(sys.executable))
    roots = {os.path.realpath(sys.base_prefix), os.path.realpath(sys.prefix), str(here),
             # The interpreter the venv points at may live elsewhere (pyenv, /opt…).
             os.path.dirname(os.path.dirname(os.path.realpath(sys.executable)))}
    if os.path.exists(os.path.join(os.path.dirname(bin_dir), "pyvenv.cfg")):   # a venv, even under python -S
        roots.add(os.path.realpath(os.path.dirname(bin_dir)))
    # A course (venv, helpers) may live under /tmp — a CI clone, a scratch copy: its folders are mounted over the
    # sandbox's private /tmp; only /tmp itself is never mounted.
    roots = {r for r in roots if not r.startswith(("/usr/", "/proc", "/dev")) and r not in ("/usr", "/", "/tmp")}
    return sorted(r for r in roots if not any(r.startswith(other + "/") for other in roots))


# The trusted side's files: grading/trusted/ (the judge's process), and the lessons' trusted halves — each
# exercise's judge (its scenarios, their draws, the values it expects), the in-process pairing of judge and play,
# the judge's evidence rules. Inside a sandbox each of them, and its compiled copy, reads as one line that raises
# ImportError: nothing of them is importable or readable there.
TRUSTED_FILES = ("grading/trusted/*.py", "lessons/ts*/judge.py", "lessons/ts*/checks.py", "lessons/_evidence.py")
ABSENT = ('raise ImportError("côté de confiance de la correction : ce module n\'existe pas dans le bac à sable")\n')


def trusted_files() -> list[str]:
    """The host paths hidden from every sandbox (see TRUSTED_FILES)."""
    helpers = Path(__file__).resolve().parent.parent
    return [str(source) for pattern in TRUSTED_FILES for source in sorted(helpers.glob(pattern))]


def compiled_folders() -> list[str]:
    """The __pycache__ folders beside the trusted files, made if missing: each is an empty tmpfs in a sandbox, so
    that no compiled copy of a judge — one the grader writes once the sandbox runs included — is there to read."""
    folders = []
    for folder in sorted({str(Path(path).parent / "__pycache__") for path in trusted_files()}):
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError:
            continue
        folders.append(folder)
    return folders


def _absent_file(root: Path) -> str:
    path = root / "absent.py"
    if not path.exists():
        path.write_text(ABSENT, encoding="utf-8")
        path.chmod(0o644)
    return str(path)


def _etc_folder(root: Path) -> Path:
    """A private /etc: passwd and group for the sandbox user, hosts for the loopback, nothing secret."""
    etc = root / "etc"
    etc.mkdir(exist_ok=True)
    uid = os.getuid()
    users = {0: "root", NOBODY: "nobody", uid: "correction", sandbox_user(): "etudiant"}
    (etc / "passwd").write_text("".join(f"{name}:x:{n}:{n if n != uid else os.getgid()}:{name}:/tmp/maison:/bin/sh\n"
                                        for n, name in users.items()))
    (etc / "group").write_text(f"root:x:0:\nnogroup:x:{NOBODY}:\ncorrection:x:{os.getgid()}:\n")
    (etc / "hosts").write_text("127.0.0.1 localhost\n::1 localhost\n")
    for p in etc.iterdir():
        p.chmod(0o644)
    etc.chmod(0o755)
    return etc


def command(argv: list[str], *, workdir: Path, writable: list[tuple[str, str]] = (), readable: list[str] = (),
            env: dict | None = None, cwd: str = "/tmp", zygote: bool = False, uid: int | None = None) -> list[str]:
    """The bwrap command line that runs `argv` in a sandbox.

    `workdir` is a private folder of the trusted side (its /etc lives there); `writable` lists
    (host path, path inside) pairs mounted read-write; `readable` host paths mounted read-only
    at the same place. Everything else of the machine is absent.
    """
    args = [require(), "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
            "--die-with-parent", "--new-session", "--clearenv"]
    if zygote:
        # The zygote is the namespace's init: the kernel ignores every signal its children send it
        # (kill, stop, kill(-1)…) unless it handles that signal. It reaps orphans itself.
        args.append("--as-pid-1")
    if os.getuid() == 0:
        # Mounts are made as root; the sandbox then drops to nobody (sandbox_entry): no root-owned file is
        # writable, /etc/shadow and /proc's root-only files stay closed.
        args += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        args += ["--unshare-user"]
    made: set[str] = {"/"}

    def ensure_parents(target: str) -> None:
        for folder in _ancestors(target):
            if folder not in made:
                args.extend(["--perms", "0755", "--dir", folder])
                made.add(folder)

    args += ["--ro-bind", "/usr", "/usr"]
    made.add("/usr")
    for link in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(link):
            args += ["--symlink", os.readlink(link), link]
        elif os.path.isdir(link):
            args += ["--ro-bind", link, link]
    args += ["--perms", "0755", "--dir", "/etc"]
    made.add("/etc")
    for mine in sorted(_etc_folder(workdir).iterdir()):
        args += ["--ro-bind", str(mine), f"/etc/{mine.name}"]
    for name in ETC_FILES:
        if os.path.exists(f"/etc/{name}"):
            args += ["--ro-bind", f"/etc/{name}", f"/etc/{name}"]
    args += ["--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--size", str(SHM_SIZE), "--tmpfs", "/dev/shm",
             "--perms", "1777", "--size", str(TMP_SIZE), "--tmpfs", "/tmp"]
    made.add("/tmp")
    for path in [*python_mounts(), *readable]:
        if path in made or not os.path.exists(path):
            continue
        ensure_parents(path)
        args += ["--ro-bind", path, path]
        made.add(path)
    absent = _absent_file(workdir)
    for path in trusted_files():
        args += ["--ro-bind", absent, path]
    for folder in compiled_folders():
        args += ["--tmpfs", folder]
    for host, inside in writable:
        ensure_parents(inside)
        args += ["--bind", host, inside]
        made.add(inside)
    environment = {
        "PATH": f"{os.path.dirname(sys.executable)}:/usr/local/bin:/usr/bin:/bin",
        "HOME": "/tmp/maison", "TMPDIR": "/tmp", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1", "PYTHONNOUSERSITE": "1", "IPYTHONDIR": "/tmp/maison/.ipython",
        "MPLCONFIGDIR": "/tmp/maison/.matplotlib", "JUPYTER_RUNTIME_DIR": "/tmp/maison/.jupyter-runtime",
        "COURS_MODE": "hors-ligne", "COURS_ATELIER": "/tmp/atelier", "COURS_CORRECTION": "1",
        "COURS_UTILISATEUR_BAC": str(uid or (NOBODY if os.getuid() == 0 else os.getuid())),
        # The helpers package mounted here is the one the trusted side runs: imported first, before any other the
        # environment has installed (a course folder copied away from the clone grades with its own copy).
        "PYTHONPATH": str(Path(__file__).resolve().parent.parent.parent),
    }
    if zygote:
        environment["COURS_ZYGOTE"] = "1"     # its children get the CPU limit, not the zygote itself
    environment.update(env or {})
    for key, value in environment.items():
        args += ["--setenv", key, value]
    args += ["--chdir", cwd, "--", sys.executable, "-S", "-I", str(Path(__file__).resolve()), "dedans", *argv]
    return args


# -- inside the sandbox: the first thing that runs -------------------------------------------------

# A classic BPF program for seccomp: on this architecture, shmget and msgget (and the x32 ABI's numbers) return
# EPERM; every other call is allowed. (architecture as seccomp reports it, shmget, msgget)
_SYSCALLS = {"x86_64": (0xC000003E, 29, 68), "aarch64": (0xC00000B7, 194, 186)}


def seccomp_program(machine: str) -> bytes | None:
    """The filter's instructions (struct sock_filter: u16 code, u8 jt, u8 jf, u32 k), or None on another machine."""
    import struct
    if machine not in _SYSCALLS:
        return None
    arch, shmget, msgget = _SYSCALLS[machine]
    load, jeq, jge, ret = 0x20, 0x15, 0x35, 0x06
    allow, deny = 0x7FFF0000, 0x00050000 | 1           # SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO | EPERM
    program = [(load, 0, 0, 4),                          # seccomp_data.arch
               (jeq, 0, 4, arch),                        # another ABI: allowed (this filter knows only its own)
               (load, 0, 0, 0),                          # seccomp_data.nr
               (jge, 3, 0, 0x40000000),                  # x32 numbers
               (jeq, 2, 0, shmget),
               (jeq, 1, 0, msgget),
               (ret, 0, 0, allow),
               (ret, 0, 0, deny)]
    return b"".join(struct.pack("=HBBI", *instruction) for instruction in program)


def _no_sysv_memory() -> None:
    """Install the seccomp filter in this process (inherited by all it starts); fail closed where it is known."""
    import ctypes
    program = seccomp_program(os.uname().machine)
    if program is None:
        return

    class Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_char_p)]

    libc = ctypes.CDLL(None, use_errno=True)
    fprog = Program(len(program) // 8, program)
    if libc.prctl(38, 1, 0, 0, 0) != 0 or libc.prctl(22, 2, ctypes.byref(fprog), 0, 0) != 0:   # NO_NEW_PRIVS, SECCOMP
        raise SystemExit(f"filtre seccomp impossible à installer (errno {ctypes.get_errno()})")


def enter() -> None:
    """Inside bwrap, before anything else: drop root, set limits, make the home, then exec `argv`."""
    import resource
    if os.getuid() == 0:
        user = int(os.environ.get("COURS_UTILISATEUR_BAC") or NOBODY) or NOBODY
        os.setgroups([])
        os.setresgid(user, user, user)
        os.setresuid(user, user, user)
        if os.getuid() == 0:     # never go on as root
            raise SystemExit("impossible de quitter root")
    limits = [(resource.RLIMIT_FSIZE, FILE_SIZE_LIMIT), (resource.RLIMIT_CORE, 0)]
    if not os.environ.get("COURS_ZYGOTE"):
        limits.append((resource.RLIMIT_CPU, CPU_SECONDS))
    for limit, value in limits:
        try:
            resource.setrlimit(limit, (value, value))
        except (ValueError, OSError):
            pass
    if os.environ.get("COURS_UTILISATEUR_PROPRE"):   # counted per user: only when the sandbox has its own
        try:
            resource.setrlimit(resource.RLIMIT_NPROC, (MAX_PROCESSES * 2, MAX_PROCESSES * 2))
        except (ValueError, OSError):
            pass
    _no_sysv_memory()
    os.nice(5)
    for folder in ("/tmp/maison", "/tmp/atelier", "/tmp/travail"):
        os.makedirs(folder, mode=0o700, exist_ok=True)
    if os.getcwd() == "/tmp":
        os.chdir("/tmp/travail")
    argv = sys.argv[2:]
    # -S -I brought us here quickly; the real program gets the environment's normal Python.
    os.execv(sys.executable, [sys.executable, *argv])


# -- outside: watching a sandbox ---------------------------------------------------------------------

def tree(pid: int) -> list[int]:
    """`pid` and all its descendants (read from /proc), as the fork server walks them (imported here, on the trusted
    side only: inside the sandbox this file runs as a script, standard library only)."""
    from ..kernel.forkserver import tree as family
    return family(pid)


def usage(pid: int) -> tuple[int, int, int]:
    """(memory in bytes, processes, threads) of the tree under `pid`; memory is resident memory plus the memory
    files (memfd_create) its processes hold open — their pages are nobody's RSS until mapped."""
    rss, count, threads = 0, 0, 0
    held: dict[tuple[int, int], int] = {}
    for p in tree(pid):
        try:
            with open(f"/proc/{p}/statm") as f:
                rss += int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
            with open(f"/proc/{p}/stat", "rb") as f:
                stat = f.read()
            threads += int(stat[stat.rindex(b")") + 2:].split()[17])
            count += 1
            for fd in os.listdir(f"/proc/{p}/fd"):
                try:
                    if os.readlink(f"/proc/{p}/fd/{fd}").startswith("/memfd:"):
                        st = os.stat(f"/proc/{p}/fd/{fd}")
                        held[(st.st_dev, st.st_ino)] = st.st_blocks * 512
                except OSError:
                    continue
        except (OSError, ValueError, IndexError):
            continue
    return rss + sum(held.values()), count, threads


def over_limits(pid: int, memory: int = MEMORY_LIMIT) -> str | None:
    rss, count, threads = usage(pid)
    if rss > memory:
        return f"mémoire {rss // 2**20} Mo > {memory // 2**20} Mo"
    if count > MAX_PROCESSES:
        return f"{count} processus > {MAX_PROCESSES}"
    if threads > MAX_THREADS:
        return f"{threads} fils d'exécution > {MAX_THREADS}"
    return None


def kill_tree(pid: int) -> None:
    for p in reversed(tree(pid)):
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass


# -- the kernel launcher -----------------------------------------------------------------------------

def private_copy(folder: str | None, root: Path) -> Path:
    """A copy of the student's folder (notebooks excepted: the kernel receives the code), symlinks left out.

    The kernel copies it again into its /tmp (a tmpfs of TMP_SIZE): past COPY_BUDGET bytes, files are left
    out, so that a heavy folder cannot leave the kernel without room to start; each copy is readable by
    the sandbox's user."""
    copy = root / "dossier"
    copy.mkdir()
    budget = COPY_BUDGET
    if folder and os.path.isdir(folder):
        for top, dirs, files in os.walk(folder):          # a linked folder is never entered
            here, rel = Path(top), Path(top).relative_to(folder)
            dirs[:] = sorted(d for d in dirs if not (here / d).is_symlink())
            (copy / rel).mkdir(exist_ok=True)
            for name in sorted(files):
                path = here / name
                if path.is_symlink() or not path.is_file() or (rel == Path(".") and path.suffix == ".ipynb"):
                    continue
                size = path.stat().st_size
                if size >= 64 * 2**20 or size > budget:
                    continue
                shutil.copyfile(path, copy / rel / name)
                (copy / rel / name).chmod(0o644)
                budget -= size
    return copy


def sandbox_user() -> int:
    """Grading as root: each grading process's sandbox gets a user of its own (no other process has it),
    so sandboxes of parallel workers can neither signal each other nor share a process limit."""
    return 200_000 + os.getpid() % 100_000 if os.getuid() == 0 else os.getuid()


def main(argv: list[str]) -> None:
    if argv and argv[0] == "dedans":
        enter()
    else:
        raise SystemExit("usage : sandbox.py dedans PROGRAMME… (lancé par bwrap, jamais à la main)")


if __name__ == "__main__":
    main(sys.argv[1:])
