"""Inside the grading sandbox: a template process that forks the kernels and players.

Starting Python with anthropic, claude_agent_sdk, IPython and ipykernel costs several seconds of
CPU; paying it for every kernel and every player made grading slow. The zygote pays it once per
grading process: it imports everything, never runs learner code, and forks a fresh child for
each kernel or player (copy-on-write: a child starts in milliseconds, with no state of any
other run). It lives in the same bubblewrap sandbox as its children (see sandbox.py), started
by the trusted grader (atelier.py), which talks to it over an inherited socket, in the messages of
grading/protocol.py; it forks, bounds, reaps and signals through the fork server the warm kernels use too
(kernel/forkserver.py):

    Spawn(role="kernel"|"player", args) (+ one descriptor for a player) → Spawned(pid)
    Status(pid) → Exited(exit)     Kill(pid), Signal(pid, sig), Ping() → Done
    Sweep()  — between two submissions: every other process of the sandbox is killed
               (kill(-1)) and /tmp emptied, so nothing of one student meets the next.

Children run as the same user as the zygote; the zygote is not dumpable, so they can neither
trace it nor read its memory (they are, so that the trusted side reads their /proc as that user too); it is the PID namespace's init (bwrap --as-pid-1) with no signal
handler, so the signals they send it (kill, stop) are dropped by the kernel. If it dies all the
same, the sandbox ends (and only the current submission's runs): the grader starts a new one.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import sys

from .. import protocol
from ..protocol import Done, Exited, Failed, Kill, Ping, Signal, Spawn, Spawned, Status, Sweep
from ..sandbox import python_mounts
from ...kernel.forkserver import Bounds, ForkServer

MOUNTED = tuple(python_mounts())     # what the sandbox mounts read-only for Python (sandbox.command)

CHILD_CPU_SECONDS = int(os.environ.get("COURS_CPU_MAX_S", "900"))
BOUNDS = Bounds(cpu_seconds=CHILD_CPU_SECONDS)       # per kernel or player; memory is watched from outside


def _preload() -> None:
    """Everything a notebook or a check imports, once, before any fork."""
    import anthropic  # noqa: F401
    import claude_agent_sdk  # noqa: F401
    import IPython.core.interactiveshell  # noqa: F401
    import ipykernel.ipkernel  # noqa: F401
    import ipykernel.kernelapp  # noqa: F401
    import ipywidgets  # noqa: F401

    import helpers  # noqa: F401
    from helpers.lessons import exercises, questions
    exercises()
    questions()
    from . import player  # noqa: F401


def _dumpable(flag: int) -> None:
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(4, flag, 0, 0, 0)      # PR_SET_DUMPABLE = 4


def _remove_ipc() -> None:
    """Delete every System V shared memory segment, semaphore set and message queue of the sandbox: they outlive
    the processes that made them (gigabytes of memory no process counts, and a channel to the next student)."""
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    remove = {"shm": lambda i: libc.shmctl(i, 0, None), "sem": lambda i: libc.semctl(i, 0, 0),
              "msg": lambda i: libc.msgctl(i, 0, None)}      # IPC_RMID = 0
    for kind, rm in remove.items():
        try:
            with open(f"/proc/sysvipc/{kind}") as f:
                lines = f.read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) > 1 and fields[1].isdigit():
                rm(int(fields[1]))


def _kernel_workspace(args: dict) -> str:
    """The kernel's writable copy of the student's folder and its ZMQ sockets, both in this sandbox's /tmp."""
    with open(args["connection"]) as f:
        info = json.load(f)
    view = args.get("view") or ""
    if info.get("transport") == "ipc" and view and str(info.get("ip", "")).startswith(view + "/tmp/"):
        info["ip"] = info["ip"][len(view):]
    os.makedirs(os.path.dirname(info["ip"]) or "/tmp", mode=0o700, exist_ok=True)
    work = "/tmp/travail-" + os.path.basename(os.path.dirname(info["ip"]))
    path = os.path.join(os.path.dirname(info["ip"]), "noyau.json")
    with open(path, "w") as f:          # first: the kernel's own file, before the student's
        json.dump(info, f)
    if args.get("copy") and os.path.isdir(args["copy"]):
        try:
            shutil.copytree(args["copy"], work, symlinks=True, dirs_exist_ok=True)
        except (OSError, shutil.Error):
            pass                        # what did not fit or could not be read stays out; the kernel starts
    os.makedirs(work, mode=0o700, exist_ok=True)
    os.chdir(work)
    return path


def _become(role: str, args: dict, fds: list[int]) -> None:
    """In the forked child (the fork server cut its ties with the zygote and bounded it): a kernel or a player.

    A child is dumpable again (the zygote alone is not): the trusted side reads its /proc — which program holds which
    connection to the judge's simulator (trusted/forwarder.py) — as root by capability, and as the grader account of
    a hub because the sandbox runs as that same user; a non-dumpable child would be readable by root only, and the
    evidence would differ between the two set-ups. A child holds nothing the other children of the same submission
    may not see (the zygote stays closed to them; no core file is written: fork server's bounds)."""
    _dumpable(1)
    home = args.get("home") or "/tmp/maison"
    os.makedirs(home, mode=0o700, exist_ok=True)
    os.environ["HOME"] = home
    os.environ["IPYTHONDIR"] = os.path.join(home, ".ipython")
    os.environ["COURS_ATELIER"] = args.get("atelier") or "/tmp/atelier"
    os.makedirs(os.environ["COURS_ATELIER"], mode=0o700, exist_ok=True)
    if role == "kernel":
        connection = _kernel_workspace(args)
        from ipykernel.kernelapp import IPKernelApp
        app = IPKernelApp.instance()
        app.initialize(["-f", connection, "--HistoryManager.enabled=False",
                        "--IPKernelApp.log_level=ERROR", *args.get("extra", [])])
        app.start()
    else:
        os.chdir(home)
        from .player import main
        os.dup2(fds[0], 3)
        if fds[0] != 3:
            os.close(fds[0])
        os.environ["COURS_CANAL"] = "3"
        main(3)


class Zygote:
    def __init__(self, fd: int) -> None:
        self.control = socket.socket(fileno=fd)
        self.children = ForkServer()

    def sweep(self) -> None:
        """Kill every process of the sandbox but this one (and bwrap's init), then empty /tmp."""
        for _ in range(50):
            try:
                os.kill(-1, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.children.reap()
            others = [p for p in os.listdir("/proc") if p.isdigit() and int(p) not in (1, os.getpid())]
            alive = []
            for p in others:
                try:
                    with open(f"/proc/{p}/stat") as f:
                        if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                            alive.append(p)
                except OSError:
                    continue
            if not alive:
                break
        self.children.forget()
        _remove_ipc()
        for entry in os.listdir("/tmp"):
            path = os.path.join("/tmp", entry)
            if any(root.startswith(path + "/") or root == path for root in MOUNTED):
                continue                     # the course's read-only mounts under /tmp: nothing of a student
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path, ignore_errors=True)
            else:
                try:
                    os.unlink(path)
                except OSError:
                    pass

    def handle(self, message: protocol.Message | None, fds: list[int]) -> protocol.Message:
        if isinstance(message, Spawn):
            role, args = message.role, message.args
            pid = self.children.fork(lambda: _become(role, args, fds), BOUNDS, close=(self.control,), at_exit=False)
            for fd in fds:
                os.close(fd)
            return Spawned(pid)
        for fd in fds:
            os.close(fd)
        if isinstance(message, Status):
            return Exited(self.children.status(message.pid))
        if isinstance(message, Kill):
            self.children.signal(message.pid, signal.SIGKILL, descendants=True)
            return Done()
        if isinstance(message, Signal):
            self.children.signal(message.pid, message.sig)
            return Done()
        if isinstance(message, Sweep):
            self.sweep()
            return Done()
        if isinstance(message, Ping):
            return Done(os.getpid())
        return Failed(f"requête inconnue ou mal formée : {type(message).__name__}")

    def serve(self) -> None:
        buffer = b""
        while True:
            try:
                data, fds, _flags, _addr = socket.recv_fds(self.control, 65536, 4)
            except InterruptedError:
                continue
            if not data:
                os._exit(0)
            buffer += data
            pending = list(fds)
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                reply = self.handle(protocol.read(line, *protocol.REQUESTS), pending)
                pending = []
                self.control.sendall(reply.line())


def _mounted(path: str, mounted: tuple[str, ...] = MOUNTED) -> bool:
    return any(path == root or path.startswith(root + "/") for root in mounted)


def safe_path(paths: list[str], mounted: tuple[str, ...] = MOUNTED) -> list[str]:
    """sys.path without the current folder nor anything under /tmp that a learner could write."""
    return [p for p in paths if p and (not p.startswith("/tmp") or _mounted(p, mounted))]


def main() -> None:
    fd = int(os.environ["COURS_CANAL"])
    # PID 1 of the sandbox: a signal from a child reaches it only if it has a handler. None, then.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    _preload()
    _dumpable(0)
    os.chdir("/")
    # Nothing a learner can write may shadow a module: /tmp leaves sys.path — except the course's own
    # read-only folders mounted there (a course cloned under /tmp, as CI does).
    sys.path[:] = safe_path(sys.path)
    zygote = Zygote(fd)
    zygote.control.sendall(Done(os.getpid()).line())          # ready
    zygote.serve()


if __name__ == "__main__":
    main()
