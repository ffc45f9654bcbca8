"""One fork server for both template processes (issue 31): the warm kernels' zygote and the grading zygote fork,
bound, reap and signal their children through helpers/kernel/forkserver.py, each with its own protocol around it."""
from __future__ import annotations

import ast
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers.kernel import forkserver
from helpers.kernel.forkserver import Bounds, ForkedChild, ForkServer

ROOT = Path(__file__).resolve().parents[2]
USERS = {"warm": ROOT / "helpers/kernel/warm.py", "grading": ROOT / "helpers/grading/sandboxed/zygote.py"}


def calls(path: Path) -> set[str]:
    """The `os.…` functions a module calls."""
    tree = ast.parse(path.read_text())
    return {node.func.attr for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "os"}


@pytest.mark.parametrize("user", sorted(USERS))
def test_both_zygotes_fork_and_reap_only_through_the_fork_server(user):
    own = calls(USERS[user]) & {"fork", "waitpid", "wait", "setsid", "forkpty"}
    assert not own, f"{USERS[user].name} forke ou récolte lui-même ({sorted(own)}) au lieu du serveur de fork"
    assert "forkserver" in USERS[user].read_text()


def test_the_fork_server_imports_the_standard_library_only():
    """warm.py's zygote loads it by path and must hold third-party code only: nothing of helpers, nothing installed."""
    tree = ast.parse(Path(forkserver.__file__).read_text())
    names = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module.split(".")[0] for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module and not node.level}
    assert not any(isinstance(node, ast.ImportFrom) and node.level for node in ast.walk(tree))
    assert names <= set(sys.stdlib_module_names) | {"__future__"}, names


def test_warm_py_run_as_a_script_loads_the_fork_server_by_path_without_helpers():
    code = ("import runpy, sys; sys.argv = ['warm.py']; "
            "g = runpy.run_path(%r, run_name='pas_main'); "
            "print(g['forkserver'].__name__, any(m == 'helpers' or m.startswith('helpers.') for m in sys.modules))"
            % str(USERS["warm"]))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/", timeout=60)
    assert out.stdout.split() == ["cours_forkserver", "False"], out.stderr[-2000:]


def wait_for(server: ForkServer, pid: int, seconds: float = 20.0) -> int | None:
    end = time.monotonic() + seconds
    while server.status(pid) is None and time.monotonic() < end:
        time.sleep(0.02)
    return server.status(pid)


def test_a_child_exits_with_its_code_and_a_stranger_is_never_signalled(tmp_path):
    server = ForkServer()
    ok = server.fork(lambda: None, at_exit=False)
    leaves = server.fork(lambda: sys.exit(3), at_exit=False)
    breaks = server.fork(lambda: 1 / 0, at_exit=False)
    assert [wait_for(server, p) for p in (ok, leaves, breaks)] == [0, 3, 1]
    stranger = subprocess.Popen(["sleep", "30"])
    try:
        assert server.status(stranger.pid) == -9
        assert server.signal(stranger.pid, signal.SIGKILL) is False
        assert stranger.poll() is None, "un processus qui n'est pas un enfant du serveur ne reçoit aucun signal"
    finally:
        stranger.kill()
        stranger.wait()


def test_a_child_gets_its_bounds_its_own_session_and_a_fresh_pythons_signals(tmp_path):
    out = tmp_path / "faits"

    def facts():
        cpu = resource.getrlimit(resource.RLIMIT_CPU)
        out.write_text(repr((cpu, os.getsid(0) == os.getpid(), signal.getsignal(signal.SIGPIPE) == signal.SIG_IGN,
                             signal.getsignal(signal.SIGTERM) == signal.SIG_DFL,
                             signal.pthread_sigmask(signal.SIG_BLOCK, set()))))

    old = signal.signal(signal.SIGTERM, lambda *_: None)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
    try:
        server = ForkServer()
        pid = server.fork(facts, Bounds(cpu_seconds=7), at_exit=False)
        assert wait_for(server, pid) == 0
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGUSR1})
        signal.signal(signal.SIGTERM, old)
    assert out.read_text() == repr(((7, 7), True, True, True, set()))


def test_a_busy_loop_ends_at_its_cpu_bound_without_anyone_watching():
    server = ForkServer()
    started = time.monotonic()
    pid = server.fork(lambda: [None for _ in iter(int, 1)], Bounds(cpu_seconds=1), at_exit=False)
    code = wait_for(server, pid, 30)
    assert code in (-signal.SIGXCPU, -signal.SIGKILL) and time.monotonic() - started < 30


def test_a_kill_with_descendants_reaches_the_grandchildren():
    server = ForkServer()
    marker = f"forkserver-{os.getpid()}-{time.monotonic_ns()}"
    pid = server.fork(lambda: (subprocess.run(["sh", "-c", f"sleep 60; : {marker}"]), time.sleep(60)), at_exit=False)
    end = time.monotonic() + 10
    while len(forkserver.tree(pid)) < 3 and time.monotonic() < end:
        time.sleep(0.02)
    family = forkserver.tree(pid)
    assert len(family) >= 2
    assert server.signal(pid, signal.SIGKILL, descendants=True)
    assert wait_for(server, pid) == -signal.SIGKILL
    end = time.monotonic() + 10
    while any(forkserver.running(p) for p in family[1:]) and time.monotonic() < end:
        time.sleep(0.02)
    assert not any(forkserver.running(p) for p in family[1:]), "un petit-enfant a survécu"


def test_at_exit_runs_what_a_kernel_registered_and_nothing_of_a_grading_child(tmp_path):
    # In a fresh interpreter, as in a zygote: a pytest worker's own atexit handlers (other tests') would run too.
    code = ("import atexit, sys, time; from pathlib import Path; sys.path.insert(0, sys.argv[1]); "
            "from helpers.kernel.forkserver import ForkServer; server = ForkServer(); out = []\n"
            "for at_exit in (True, False):\n"
            "    mark = Path(sys.argv[2]) / f'atexit-{at_exit}'\n"
            "    pid = server.fork(lambda mark=mark: atexit.register(mark.write_text, 'ran'), at_exit=at_exit)\n"
            "    end = time.monotonic() + 20\n"
            "    while server.status(pid) is None and time.monotonic() < end: time.sleep(0.02)\n"
            "    out.append((server.status(pid), mark.exists()))\n"
            "print(out)")
    done = subprocess.run([sys.executable, "-c", code, str(ROOT), str(tmp_path)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[(0, True), (0, False)]"


def test_a_forked_child_seen_from_its_client_is_a_popen_look_alike():
    class Seen(ForkedChild):
        def __init__(self):
            super().__init__(1234)
            self.ends, self.signals = [None, None, 5], []

        def _exit(self):
            return self.ends.pop(0)

        def _deliver(self, sig):
            self.signals.append(sig)

    child = Seen()
    child.terminate()
    assert child.signals == [signal.SIGTERM]
    assert child.wait(5) == 5 and child.poll() == 5
    child.kill()
    assert child.signals == [signal.SIGTERM], "un processus fini ne reçoit plus de signal"
    with pytest.raises(subprocess.TimeoutExpired):
        type("Never", (Seen,), {"_exit": lambda self: None})().wait(0.2)
