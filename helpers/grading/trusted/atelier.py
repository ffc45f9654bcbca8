"""The trusted side of the sandbox: one zygote per grading process, and the kernels it forks.

`atelier()` returns this process's `Atelier`: it starts the zygote (sandboxed/zygote.py) inside bubblewrap
the first time it is needed and again if learner code kills it. Through it the grader:
- `sweep()`s the sandbox between two submissions (no process, no /tmp file survives);
- forks players (`spawn_player`, the socket of the judge's channel is passed along);
- forks kernels: `SandboxProvisioner` is a jupyter_client kernel provisioner whose "process" is
  a child of the zygote (`ForkedKernel`), so nbclient starts, polls, interrupts and kills it
  as usual; the kernelspec written by autograde.py names it.

Per submission the grader makes a folder under `runs` (mounted read-only in the sandbox, at the
same path): the kernel's connection file, a copy of the student's own folder (the kernel works on
its own writable copy of it, in the sandbox's /tmp), the judge's forwarder sockets. It is deleted
afterwards. The sandbox writes nowhere on the host: only in its /tmp, a size-capped tmpfs, where
the kernel's ZMQ sockets also live (the grader reaches them through /proc/<zygote>/root).
Memory and the number of processes are watched from here, per child (sandbox.over_limits).
"""
from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from ...kernel.forkserver import ForkedChild
from .. import protocol, sandbox
from ..protocol import Exited, Kill, Signal, Spawn, Spawned, Status, Sweep

START_SECONDS = float(os.environ.get("COURS_DELAI_DEMARRAGE_S", "180"))
REPLY_SECONDS = 30.0


class ZygoteGone(RuntimeError):
    pass


class Atelier:
    def __init__(self) -> None:
        self._lock = threading.RLock()
        self.proc: subprocess.Popen | None = None
        self.sock: socket.socket | None = None
        self.reader = None
        self.root: Path | None = None
        self.owner = os.getpid()    # only the process that started the zygote stops it (see _forget_in_child)

    # -- life of the zygote ----------------------------------------------------------------------
    def _start(self) -> None:
        sandbox.require()
        if self.root is None:       # kept across restarts: the current submission's run lives there
            self.root = Path(tempfile.mkdtemp(prefix="cours-"))
            (self.root / "runs").mkdir()
            atexit.register(self.close)
        runs = self.root / "runs"
        runs.chmod(0o755)
        ours, theirs = socket.socketpair()
        env = {"COURS_CANAL": str(theirs.fileno())}
        if os.getuid() == 0:
            env["COURS_UTILISATEUR_PROPRE"] = "1"
        # Read-only: the sandbox writes nowhere on the host, only in its own size-capped /tmp (tmpfs).
        command = sandbox.command(["-m", "helpers.grading.sandboxed.zygote"], workdir=self.root, readable=[str(runs)],
                                  env=env, zygote=True, uid=sandbox.sandbox_user())
        debug = bool(os.environ.get("COURS_DEBUG"))
        self.proc = subprocess.Popen(command, pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL,
                                     stdout=None if debug else subprocess.DEVNULL,
                                     stderr=None if debug else subprocess.DEVNULL, start_new_session=True)
        theirs.close()
        self.sock, self.reader = ours, ours.makefile("rb")
        ours.settimeout(START_SECONDS)
        line = self.reader.readline()
        if not line or not isinstance(protocol.read(line, protocol.Done), protocol.Done):
            self.stop()
            raise ZygoteGone("le bac à sable de correction n'a pas démarré (COURS_DEBUG=1 pour voir pourquoi)")
        self.zygote_pid = next((p for p in sandbox.tree(self.proc.pid) if p != self.proc.pid and _ns_pid(p) == 1), None)

    @property
    def view(self) -> str:
        """The sandbox's file system seen from here: its /tmp is `view + "/tmp"` (ZMQ sockets live there)."""
        with self._lock:
            if not self.alive():
                self._restart()
            return f"/proc/{self.zygote_pid}/root"

    @property
    def runs(self) -> Path:
        with self._lock:
            if not self.alive():
                self._restart()
            return self.root / "runs"

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def _restart(self) -> None:
        self.stop()
        self._start()

    def stop(self) -> None:
        if os.getpid() != self.owner:
            return
        if self.proc is not None and self.proc.poll() is None:
            sandbox.kill_tree(self.proc.pid)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                pass
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
        self.proc = self.sock = self.reader = None

    def close(self) -> None:
        """At the end of the grading process: the zygote and every run go."""
        if os.getpid() != self.owner:
            return
        self.stop()
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)
            self.root = None

    def request(self, message: protocol.Message, fds: tuple[int, ...] = (), *, start: bool = True) -> protocol.Message:
        """The zygote's reply (one of protocol.REPLIES); ZygoteGone if it died, hangs or answers nonsense."""
        with self._lock:
            if not self.alive():
                if not start:
                    raise ZygoteGone("bac à sable arrêté")
                self._restart()
            try:
                self.sock.settimeout(REPLY_SECONDS)
                socket.send_fds(self.sock, [message.line()], list(fds))
                line = self.reader.readline()
            except OSError as exc:
                line = b""
                error = exc
            else:
                error = None
            if not line:
                # The zygote died or hangs (a learner killed or stopped it): it is replaced on next use.
                self.stop()
                raise ZygoteGone(f"bac à sable arrêté ({error or 'fin de connexion'})")
            reply = protocol.read(line, *protocol.REPLIES)
            if reply is None:
                self.stop()
                raise ZygoteGone("bac à sable arrêté (réponse illisible)")
            return reply

    # -- what the grader asks ----------------------------------------------------------------------
    def sweep(self, *, runs: bool = False) -> None:
        """Kill every process of the sandbox but the zygote, empty its /tmp; with `runs`, delete the runs too."""
        try:
            self.request(Sweep(), start=False)
        except ZygoteGone:
            pass
        with self._lock:
            if runs and self.root is not None:
                for run in (self.root / "runs").iterdir():
                    shutil.rmtree(run, ignore_errors=True)

    def new_run(self) -> Path:
        run = Path(tempfile.mkdtemp(prefix="c", dir=self.runs))
        run.chmod(0o755)
        return run

    def spawn(self, role: str, args: dict, fds: tuple[int, ...] = ()) -> "Child":
        reply = self.request(Spawn(role, args), fds)
        if not isinstance(reply, Spawned):
            raise ZygoteGone(f"le bac à sable n'a pas lancé le processus ({getattr(reply, 'error', '?')})")
        return Child(self, reply.pid, self.proc.pid)

    def spawn_player(self, channel_fd: int, run: Path) -> "Child":
        return self.spawn("player", {"cwd": None, "home": "/tmp/maison-" + run.name,
                                     "atelier": "/tmp/atelier-" + run.name}, (channel_fd,))


def _ns_pid(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status") as f:
            line = next((line for line in f if line.startswith("NSpid:")), "")
    except OSError:
        return None
    ids = line.split()[1:]
    return int(ids[-1]) if len(ids) >= 2 else None


class Child(ForkedChild):
    """A process forked by the zygote, seen from the grader: its end and its signals go through the zygote's
    protocol (it lives in the sandbox's PID namespace); its host pid is found in /proc, for the memory watch."""

    def __init__(self, atelier: Atelier, pid: int, sandbox_pid: int) -> None:
        self.atelier, self.ns_pid, self.sandbox_pid = atelier, pid, sandbox_pid
        super().__init__(None)
        self.pid = self._host_pid()

    def _host_pid(self) -> int | None:
        for _ in range(200):
            for p in sandbox.tree(self.sandbox_pid):
                if _ns_pid(p) == self.ns_pid:
                    return p
            time.sleep(0.01)
        return None

    def _exit(self) -> int | None:
        if self.atelier.proc is None or self.atelier.proc.pid != self.sandbox_pid or not self.atelier.alive():
            return -9
        try:
            reply = self.atelier.request(Status(self.ns_pid), start=False)
        except ZygoteGone:
            return -9
        code = reply.exit if isinstance(reply, Exited) else -9
        return code if code is None or (isinstance(code, int) and not isinstance(code, bool)) else -9

    def _deliver(self, sig: int) -> None:
        try:
            self.atelier.request(Kill(self.ns_pid) if sig == signal.SIGKILL else Signal(self.ns_pid, sig), start=False)
        except ZygoteGone:
            pass

    terminate = ForkedChild.kill

    def over_limits(self) -> str | None:
        return sandbox.over_limits(self.pid) if self.pid else None

    def kill_tree(self) -> None:
        if self.pid:
            sandbox.kill_tree(self.pid)
        self.kill()


_atelier: Atelier | None = None
_lock = threading.Lock()


def close() -> None:
    """Stop this process's zygote and delete its runs (a forked worker leaves without atexit)."""
    if _atelier is not None:
        _atelier.close()


def _forget_in_child() -> None:
    """A forked process (a cohort worker) starts without its parent's zygote: closing the inherited one would kill the
    parent's sandbox and delete the runs it is grading (seen in CI: a cohort test in the same pytest worker)."""
    global _atelier, _lock
    _atelier, _lock = None, threading.Lock()


os.register_at_fork(after_in_child=_forget_in_child)


def atelier() -> Atelier:
    global _atelier
    with _lock:
        if _atelier is None:
            _atelier = Atelier()
        return _atelier


# -- jupyter_client: a kernel forked by the zygote -----------------------------------------------

def provisioner_class():
    from jupyter_client.provisioning import LocalProvisioner

    class SandboxProvisioner(LocalProvisioner):
        """LocalProvisioner whose process is a child of the zygote, in the grading sandbox."""

        async def pre_launch(self, **kwargs):
            # The kernel binds its ZMQ sockets in the sandbox's own /tmp; the grader reaches them through
            # /proc/<zygote>/root (the zygote is started, or restarted, before the path is written).
            km = self.parent
            self.view = atelier().view
            km.ip = f"{self.view}/tmp/zmq-{Path(km.connection_file).parent.name}/s"
            kwargs = await super().pre_launch(**kwargs)
            os.chmod(km.connection_file, 0o644)     # read by the sandbox's user (its folder is this run's)
            return kwargs

        async def launch_kernel(self, cmd, **kwargs):
            km = self.parent
            policy = json.loads(os.environ.get(sandbox.POLICY_ENV) or "{}")
            extra = cmd[cmd.index("-f") + 2:] if "-f" in cmd else []
            self.process = atelier().spawn("kernel", {"connection": km.connection_file, "view": self.view,
                                                      "copy": policy.get("copy"), "home": "/tmp/maison-noyau",
                                                      "extra": extra})
            self.pid, self.pgid = self.process.pid, None
            self.cwd = policy.get("copy")
            return self.connection_info

        async def send_signal(self, signum: int) -> None:
            if self.process:
                self.process.send_signal(signum)

        async def kill(self, restart: bool = False) -> None:
            if self.process:
                self.process.kill_tree()

        async def terminate(self, restart: bool = False) -> None:
            if self.process:
                self.process.kill_tree()

    return SandboxProvisioner


def register_provisioner(name: str) -> None:
    from jupyter_client.provisioning.factory import KernelProvisionerFactory

    class EntryPoint:        # what the factory expects from an installed entry point
        def __init__(self) -> None:
            self.name = name

        def load(self):
            return provisioner_class()

    KernelProvisionerFactory.instance().provisioners[name] = EntryPoint()
