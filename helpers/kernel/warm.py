"""Warm kernels: the learners' kernels are forked from a process that has already imported the heavy packages.

Every kernel start used to pay for Python's start-up and ipykernel (≈ 0.9 s), then for `anthropic` (≈ 2 s) and the
Agent SDK (≈ 1 s) in the notebook's first cells — half of a notebook's 8 s budget, and the wait a learner sees after
« Restart Kernel ». `./cours` gives the environment's `python3` kernelspec this provisioner: the first kernel
starts a *zygote* (this file, run as a script) that imports those packages once; every kernel is then a fork
of it (copy-on-write, ready in a few tens of milliseconds) that takes the kernel's own environment, folder and
arguments, then runs ipykernel as `python -m ipykernel_launcher` would.

What the zygote holds is third-party code only: it never imports the course's own `helpers` (each kernel imports it
afresh, so a change to `helpers/` shows after a kernel restart, as with an ordinary kernel; importing it would also
make widgets before any kernel exists). It runs no learner code, keeps nothing of any kernel, listens on a socket in
a folder only its user can open, and leaves after half an hour without kernels. A kernel command it does not know,
an interpreter setting (PYTHON…, the locale) that differs, a zygote that does not answer: the kernel starts the
ordinary way. The grading sandbox has its own zygote (grading/sandboxed/zygote.py), inside bubblewrap; this one is for the
learners' and the tests' kernels. Both fork, reap and signal through one fork server (forkserver.py), each with its
own protocol; this one loads it by path.
"""
from __future__ import annotations

import asyncio
import fcntl
import hashlib
import json
import os
import select
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from jupyter_client.provisioning import LocalProvisioner

try:
    from . import forkserver
except ImportError:     # run as a script (the zygote): the fork server is loaded by path, without `helpers`
    import importlib.util
    _spec = importlib.util.spec_from_file_location("cours_forkserver", Path(__file__).with_name("forkserver.py"))
    forkserver = importlib.util.module_from_spec(_spec)
    sys.modules[_spec.name] = forkserver            # dataclasses look their module up while the class is made
    _spec.loader.exec_module(forkserver)

NAME = "cours-prechauffe"                 # the provisioner's name in the kernelspec
IDLE_SECONDS = float(os.environ.get("COURS_NOYAU_ZYGOTE_INACTIF_S", "1800"))
OFF = "COURS_NOYAU_ORDINAIRE"             # set (to anything): every kernel starts the ordinary way
START_SECONDS = 60.0
LAUNCHER = ["-m", "ipykernel_launcher"]


def _preload() -> None:
    """What the notebooks import, once: ipykernel and IPython, anthropic, the Agent SDK, the widgets."""
    import anthropic  # noqa: F401
    import claude_agent_sdk  # noqa: F401
    import IPython.core.interactiveshell  # noqa: F401
    import ipykernel.ipkernel  # noqa: F401
    import ipykernel.kernelapp  # noqa: F401
    import ipywidgets  # noqa: F401
    import jsonschema  # noqa: F401


def fingerprint(python: str) -> str:
    """What the zygote's imports depend on: the interpreter, the installed packages (./cours's stamp), this file."""
    prefix = Path(python).parent.parent
    parts = [python]
    for path in (prefix / ".cours-installe", Path(__file__), Path(forkserver.__file__)):
        try:
            parts.append(f"{path}:{path.stat().st_mtime_ns}")
        except OSError:
            parts.append(f"{path}:-")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def socket_path(python: str) -> Path:
    """One zygote per user and per interpreter, in a folder only that user can open."""
    digest = hashlib.sha256(os.path.abspath(python).encode()).hexdigest()[:12]
    for base in (os.environ.get("XDG_RUNTIME_DIR"), tempfile.gettempdir(), "/tmp"):
        path = Path(base or "/tmp") / f"cours-noyaux-{os.getuid()}" / f"{digest}.sock"
        if len(str(path)) < 100:            # a Unix socket's path fits in 108 bytes
            return path
    return path


def _private(folder: Path) -> bool:
    """The socket's folder is this user's alone: on a shared machine, another user's folder (made before ours, to
    catch the kernels' environment and keys) is never used."""
    try:
        info = folder.lstat()
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o077


def _interpreter_settings(env: dict) -> dict:
    """What Python reads once, at start-up: its own settings, and the locale (the encoding of its streams)."""
    return {k: v for k, v in env.items() if k.startswith("PYTHON") or k in ("LANG", "LC_ALL", "LC_CTYPE")}


# -- the zygote ----------------------------------------------------------------------------------------------------

def _become_kernel(request: dict) -> None:
    """In the forked kernel (the fork server gave it its own session and a fresh Python's signals): its folder and
    environment, fresh course code, then ipykernel."""
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    for name in [m for m in sys.modules if m == "helpers" or m.startswith("helpers.")]:
        del sys.modules[name]
    sys.path[0:0] = [os.getcwd()]          # as `python -m ipykernel_launcher` started in that folder
    argv = request["argv"]
    sys.argv = [argv[0], *argv[3:]]
    # ipykernel read JPY_PARENT_PID when the zygote imported it, and would watch its parent — the zygote. This
    # kernel watches the server that asked for it instead, and ends with it, as an ordinary kernel does.
    server = int(os.environ.get("JPY_PARENT_PID") or 0)
    if server > 1:
        threading.Thread(target=_end_with, args=(server,), daemon=True, name="serveur").start()
    numpy_random = sys.modules.get("numpy.random")
    if numpy_random is not None:
        numpy_random.seed()                 # Python's random reseeds itself after a fork; numpy's does not
    from ipykernel import kernelapp
    kernelapp.launch_new_instance(argv=[*argv[3:], "--IPKernelApp.parent_handle=0"])


def _end_with(pid: int) -> None:
    while True:
        time.sleep(1.0)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            os._exit(1)
        except PermissionError:
            pass


def serve(path: Path) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not _private(path.parent):
        return
    _preload()
    mine = fingerprint(sys.executable)
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(16)
    inode = path.stat().st_ino
    kernels = forkserver.ForkServer()
    last = time.monotonic()
    while True:
        try:
            if path.stat().st_ino != inode:
                break                           # another zygote took the address: nobody can reach this one
        except OSError:
            break                               # the socket is gone (its folder emptied): nobody can reach it

        kernels.reap()
        if kernels.children:
            last = time.monotonic()
        elif time.monotonic() - last > IDLE_SECONDS:
            break
        ready, _, _ = select.select([listener], [], [], 1.0)
        if not ready:
            continue
        try:
            conn, _ = listener.accept()
        except OSError:
            continue
        try:
            conn.settimeout(5)
            request = json.loads(conn.makefile("rb").readline(1 << 20) or b"{}")
            if request.get("op") == "hello":
                conn.sendall((json.dumps({"fingerprint": mine, "pid": os.getpid(),
                                          "settings": _interpreter_settings(dict(os.environ))}) + "\n").encode())
            elif request.get("op") == "exit":
                conn.sendall(b'{"ok": true}\n')
                break
            elif request.get("op") == "spawn":
                pid = kernels.fork(lambda: _become_kernel(request), close=(listener, conn))
                last = time.monotonic()
                conn.sendall((json.dumps({"pid": pid}) + "\n").encode())
        except (OSError, ValueError, KeyError, TypeError):
            pass
        finally:
            conn.close()
    listener.close()
    try:
        if path.stat().st_ino == inode:
            path.unlink()
    except OSError:
        pass


# -- the server's side: ask the zygote, start it if needed -----------------------------------------------------------

def _ask(path: Path, message: dict, timeout: float = 5.0) -> dict | None:
    if not _private(path.parent):
        return None
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(timeout)
            s.connect(str(path))
            s.sendall((json.dumps(message) + "\n").encode())
            line = s.makefile("rb").readline(1 << 20)
        return json.loads(line) if line else None
    except (OSError, ValueError):
        return None


def start_zygote(python: str, env: dict | None = None) -> subprocess.Popen:
    """Start a zygote for `python`, detached (it outlives the server that started it, until it is idle)."""
    # Run as a script, not with -m: importing the `helpers` package would create widgets (and ipykernel's comm
    # manager) in the zygote, before any kernel exists; the zygote imports third-party code only.
    return subprocess.Popen([python, str(Path(__file__).resolve()), str(socket_path(python))], cwd="/",
                            env=dict(env if env is not None else os.environ), stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def zygote(python: str, env: dict, wait: bool = True) -> dict | None:
    """The hello of a zygote for `python` whose imports are current, started if there is none (None: unavailable)."""
    path = socket_path(python)
    if path.parent.exists() and not _private(path.parent):
        return None
    hello = _ask(path, {"op": "hello"})
    if hello is not None and hello.get("fingerprint") != fingerprint(python):
        _ask(path, {"op": "exit"})          # packages reinstalled or this file changed: a new zygote
        hello = None
    if hello is not None or not wait:
        return hello
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not _private(path.parent):
        return None
    with open(path.parent / "demarrage.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)        # two kernels started at once: one zygote
        hello = _ask(path, {"op": "hello"})
        if hello is not None:
            return hello
        process = start_zygote(python, env)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if process.poll() is not None:
                return None
            if path.exists():
                hello = _ask(path, {"op": "hello"})
                if hello is not None:
                    return hello
            time.sleep(0.05)
    return None


def spawn(cmd: list[str], env: dict, cwd: str) -> int | None:
    """A kernel forked by the zygote: its pid, or None when it must start the ordinary way."""
    if env.get(OFF) or os.environ.get(OFF):
        return None
    if len(cmd) < 4 or cmd[1:3] != LAUNCHER or not os.path.isabs(cmd[0]) or not os.path.isdir(cwd):
        return None
    hello = zygote(cmd[0], env)
    if hello is None or hello.get("settings") != _interpreter_settings(env):
        return None
    reply = _ask(socket_path(cmd[0]), {"op": "spawn", "argv": cmd, "env": env, "cwd": cwd})
    pid = reply.get("pid") if reply else None
    return pid if isinstance(pid, int) and pid > 0 else None


class ForkedKernel(forkserver.ForkedChild):
    """A kernel forked by the zygote, seen from the server: not its child, so its end is read in /proc (the zygote
    reaps it) and signals go straight to it (same user)."""

    def _exit(self) -> int | None:
        return None if forkserver.running(self.pid) else 0

    def _deliver(self, sig: int) -> None:
        try:
            os.kill(self.pid, sig)
        except ProcessLookupError:
            pass


class WarmProvisioner(LocalProvisioner):
    """LocalProvisioner whose kernel is forked by the zygote when it can be, started the ordinary way otherwise."""

    async def launch_kernel(self, cmd, **kwargs):
        env = dict(kwargs.get("env") or os.environ)
        if not kwargs.get("independent"):
            env["JPY_PARENT_PID"] = str(os.getpid())        # as jupyter_client's launch_kernel does
        cwd = os.path.abspath(str(kwargs.get("cwd") or os.getcwd()))     # the zygote's own folder is /
        try:
            pid = await asyncio.get_running_loop().run_in_executor(None, spawn, list(cmd), env, cwd)
        except Exception:  # noqa: BLE001 - never worse than an ordinary kernel
            pid = None
        if pid is None:
            return await super().launch_kernel(cmd, **kwargs)
        self.process = ForkedKernel(pid)
        self.pid, self.pgid, self.cwd = pid, pid, cwd      # its own session: signals go to its group
        return self.connection_info


def kernelspec() -> dict:
    """The course's `python3` kernelspec: ipykernel's, with this provisioner."""
    return {"argv": ["python", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "Python 3 (ipykernel)", "language": "python",
            "metadata": {"debugger": True, "kernel_provisioner": {"provisioner_name": NAME}},
            "kernel_protocol_version": "5.5"}


def stop(python: str = sys.executable) -> bool:
    """Ask the zygote of `python` (this user's) to leave; True if there was one."""
    return _ask(socket_path(python), {"op": "exit"}, timeout=2.0) is not None


def main(argv: list[str]) -> int:
    if argv[:1] == ["--kernelspec"]:
        print(json.dumps(kernelspec(), indent=1))
    elif argv[:1] == ["--demarrer"]:
        hello = zygote(sys.executable, dict(os.environ))
        print(f"zygote prêt (pid {hello['pid']})" if hello else "zygote indisponible : les noyaux démarreront "
              "de façon ordinaire")
        return 0 if hello else 1
    elif argv[:1] == ["--arreter"]:
        print("zygote arrêté" if stop() else "aucun zygote en marche")
    elif len(argv) == 1 and not argv[0].startswith("-"):
        serve(Path(argv[0]))
    else:
        print("usage : python -m helpers.kernel.warm (--kernelspec | --demarrer | --arreter | SOCKET)",
              file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    if sys.path and os.path.abspath(sys.path[0]) == os.path.dirname(os.path.abspath(__file__)):
        del sys.path[0]                     # run as a script: helpers/kernel/ is no place to import from
    raise SystemExit(main(sys.argv[1:]))
