"""One fork server: how a process that has imported the heavy packages once forks, reaps and signals its children.

Two template processes use it, each with its own protocol around it:
- the warm kernels' zygote (kernel/warm.py), run as a script outside any sandbox: JSON lines on a Unix socket that
  only its user can open;
- the grading zygote (grading/sandboxed/zygote.py), PID 1 of the bubblewrap sandbox: grading/protocol.py's
  messages on a socket inherited from the trusted grader, descriptors passed along.
The protocols stay theirs (one carries descriptors and roles, the other a kernel's command line); what a child is
and how it is bounded, reaped and signalled is here, once.

Server side, `ForkServer`: `fork(become, bounds)` forks a child that cuts its ties with the template (its own
session, the signals as a freshly started Python has them, the descriptors named in `close` shut, the `Bounds`
applied), then runs `become()` and leaves with its exit code — never returning into the server's loop;
`reap()` collects exits without blocking; `status(pid)` is None while it runs, its exit code after, -9 for a pid
that was never one of its children; `signal(pid, sig, tree=…)` signals only its own children (and, with `tree`,
their descendants). Client side, `ForkedChild` is what jupyter_client expects of a Popen for a process that is not
the client's child: each user says how it learns the exit (`_exit`) and how a signal gets there (`_deliver`).

Standard library only and nothing of `helpers`: warm.py's zygote loads this file by path (it must hold third-party
code only), the grading zygote imports it as `helpers.kernel.forkserver`.
"""
from __future__ import annotations

import atexit
import os
import resource
import signal
import subprocess
import time
from dataclasses import dataclass
from typing import Callable

KEPT_EXITS = 4096          # exit codes kept for `status` (a long-lived warm zygote forks many kernels)


@dataclass(frozen=True)
class Bounds:
    """What a child may use, set in the child before it runs anything (None: no limit of that kind).

    `cpu_seconds` is RLIMIT_CPU (SIGXCPU, then SIGKILL): a busy loop ends even if nobody watches. Memory and the
    number of processes are watched from outside (grading/sandbox.over_limits), where a child cannot lie."""
    cpu_seconds: int | None = None
    core_bytes: int | None = 0            # no core dump of a template's memory


def tree(pid: int) -> list[int]:
    """`pid` and all its descendants, parents first (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
            ppid = int(stat[stat.rindex(b")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def running(pid: int) -> bool:
    """True while `pid` exists and is neither a zombie nor dead (readable by anyone: /proc/<pid>/stat)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def _as_started() -> None:
    """The signals as a freshly started Python has them: default for the template's handlers, SIGINT raising
    KeyboardInterrupt, and a write into a connection the other end closed raising BrokenPipeError (a thread answering
    a client that gave up — an HTTP server in a cell, the offline simulator — must not kill the child by SIGPIPE)."""
    for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
    for sig in (signal.SIGPIPE, signal.SIGXFSZ):
        signal.signal(sig, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_SETMASK, set())


def _bound(bounds: Bounds) -> None:
    if bounds.cpu_seconds is not None:
        resource.setrlimit(resource.RLIMIT_CPU, (bounds.cpu_seconds, bounds.cpu_seconds))
    if bounds.core_bytes is not None:
        resource.setrlimit(resource.RLIMIT_CORE, (bounds.core_bytes, bounds.core_bytes))


class ForkServer:
    """The children of one template process: forked, bounded, reaped and signalled the same way for every user."""

    def __init__(self) -> None:
        self.children: set[int] = set()
        self.exits: dict[int, int] = {}

    def fork(self, become: Callable[[], object], bounds: Bounds = Bounds(), close: tuple = (), *,
             at_exit: bool = True) -> int:
        """The pid of a new child that runs `become()` (in the parent; the child never returns from here).

        With `at_exit`, what the child registered with atexit runs when `become()` returns, as at an ordinary exit
        (a learner's kernel); without, the child leaves at once (a grading child: nothing a learner registered may
        run, or hang, after its work is done)."""
        pid = os.fork()
        if pid == 0:
            self._child(become, bounds, close, at_exit)
        self.children.add(pid)
        return pid

    @staticmethod
    def _child(become: Callable[[], object], bounds: Bounds, close: tuple, at_exit: bool) -> None:
        code = 0
        try:
            for thing in close:                 # the template's sockets: a child never talks in its name
                try:
                    thing.close() if hasattr(thing, "close") else os.close(thing)
                except OSError:
                    pass
            os.setsid()
            _as_started()
            _bound(bounds)
            become()
        except SystemExit as end:
            code = end.code if isinstance(end.code, int) else (0 if end.code is None else 1)
        except BaseException:  # noqa: BLE001 - a child that cannot start dies like one; the server goes on
            code = 1
        finally:
            if at_exit:
                try:
                    atexit._run_exitfuncs()
                except BaseException:  # noqa: BLE001
                    pass
            os._exit(code)

    def reap(self) -> None:
        """Collect every exited child without blocking; its exit code is kept for `status`."""
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            if pid in self.children:
                self.children.discard(pid)
                self.exits[pid] = os.waitstatus_to_exitcode(status)
                while len(self.exits) > KEPT_EXITS:
                    del self.exits[next(iter(self.exits))]

    def status(self, pid: int) -> int | None:
        """None while the child runs; its exit code (negative: the signal) once it ended; -9 for a stranger."""
        self.reap()
        if pid in self.exits:
            return self.exits[pid]
        return None if pid in self.children else -9

    def signal(self, pid: int, sig: int, *, descendants: bool = False) -> bool:
        """Send `sig` to one of this server's children (with `descendants`, to them too, deepest first)."""
        self.reap()
        if pid not in self.children:
            return False
        for p in (reversed(tree(pid)) if descendants else (pid,)):
            try:
                os.kill(p, sig)
            except (OSError, ValueError):
                pass
        return True

    def forget(self) -> None:
        """After the server killed every child itself (the grading sandbox's sweep): nobody is its child any more."""
        self.reap()
        self.children.clear()
        self.exits.clear()


class ForkedChild:
    """A process forked by a fork server, seen from the client that asked for it: a Popen look-alike."""

    def __init__(self, pid: int | None) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self.stdin = self.stdout = self.stderr = None

    def _exit(self) -> int | None:
        """None while the child runs, else its exit code (each client learns it its own way)."""
        raise NotImplementedError

    def _deliver(self, sig: int) -> None:
        raise NotImplementedError

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self._exit()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        end = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if end is not None and time.monotonic() > end:
                raise subprocess.TimeoutExpired("noyau", timeout)
            time.sleep(0.05)
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            self._deliver(int(sig))

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)
