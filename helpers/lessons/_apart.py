"""« Vérifier » runs the check in a child of the kernel (a fork), watched from the kernel.

Whatever the learner's code does there — loop for ever, swell, block in C, exit the process — the click ends within
its time (each scenario's limit plus a margin), and the memory the check took goes back with the child: the kernel
neither hangs nor grows from one click to the next. The child sees the kernel as it is (the learner's functions, the
notebook's state); what the check changes there stays there.
"""
from __future__ import annotations

import os
import pickle
import select
import signal
import sys
import threading
import time
from typing import Callable

from .kit import LIMIT_KEY, Criterion, Report

STARTUP_S = 30.0          # the judge's set-up before its first scenario (simulators), under load
DEFAULT_LIMIT_S = 10.0    # a scenario that does not carry its limit (LIMIT_KEY)
MARGIN_S = 30.0           # the judge's own work around one scenario (a CLI that starts, the verdicts)
MEMORY_MB = 1024          # what the check may take beyond the kernel's own memory (mybinder.org: 2 GB in all)
POLL_S = 0.2


def run_apart(exercise_id: str, points: float, call: Callable[[Callable[[dict], None]], Report]) -> Report:
    """`call(progress)` in a forked child; `progress(scenario)` is called there before each scenario is played."""
    if not hasattr(os, "fork"):                      # not Linux: the check runs here, as before
        return call(lambda _scenario: None)
    read, write = os.pipe()
    kernel_mb = _rss_mb(os.getpid())
    pid = os.fork()
    if pid == 0:
        _child(read, write, call)                   # never returns
    os.close(write)
    try:
        os.setpgid(pid, pid)                        # the child and what it starts (a CLI) form one group
    except OSError:
        pass
    try:
        return _watch(exercise_id, points, pid, read, kernel_mb)
    except KeyboardInterrupt:
        return _stopped(exercise_id, points, "Vérification interrompue (bouton ■ ou Ctrl-C) avant la fin",
                        "rien n'est cassé : cliquez à nouveau sur « Vérifier » quand vous voulez")
    finally:
        os.close(read)
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass


def _child(read: int, write: int, call) -> None:
    """In the fork: play the check, send each scenario's start and the report, then leave at once."""
    try:
        os.close(read)
        os.setpgid(0, 0)
        # The kernel's streams and display go through threads the child does not have: the learner's prints are dropped.
        sys.stdout = sys.stderr = open(os.devnull, "w")
        _mute_display()
        lock = threading.Lock()

        def send(kind: str, value: object) -> None:
            data = pickle.dumps((kind, value))
            with lock:
                os.write(write, len(data).to_bytes(8, "big") + data)

        def progress(scenario: object) -> None:
            limit = scenario.get(LIMIT_KEY) if isinstance(scenario, dict) else None
            send("scenario", float(limit) if isinstance(limit, (int, float)) else DEFAULT_LIMIT_S)

        report = call(progress)
        send("rapport", report)
    except BaseException as exc:  # noqa: BLE001 - whatever happened, the kernel gets a sentence
        try:
            send("erreur", f"{type(exc).__name__} : {str(exc)[:300]}")
        except BaseException:  # noqa: BLE001
            pass
    finally:
        os._exit(0)                                 # no atexit, no finaliser of the kernel's sockets


def _mute_display() -> None:
    try:
        from IPython import get_ipython
        shell = get_ipython()
    except ImportError:  # pragma: no cover
        return
    if shell is not None and getattr(shell, "display_pub", None) is not None:
        shell.display_pub.publish = lambda *args, **kwargs: None


def _watch(exercise_id: str, points: float, pid: int, read: int, kernel_mb: float) -> Report:
    started = time.monotonic()
    deadline = started + STARTUP_S
    played, limit, buffer = 0, 0.0, b""
    while True:
        now = time.monotonic()
        if now > deadline:
            where = f"pendant le scénario {played}" if played else "avant le premier scénario"
            return _stopped(exercise_id, points, f"La vérification a dépassé son temps ({now - started:.0f} s) {where}",
                            f"votre code s'exécutait encore après la limite du scénario ({limit:g} s) : une boucle "
                            f"sans fin, ou une attente qui ne finit pas ? La vérification a été arrêtée, le noyau "
                            f"est intact ; corrigez, exécutez la cellule, puis cliquez à nouveau")
        used = _rss_mb(pid) - kernel_mb
        if used > MEMORY_MB:
            return _stopped(exercise_id, points, f"La vérification a pris plus de {MEMORY_MB} Mo de mémoire "
                            f"(scénario {played or 1})",
                            "votre code accumule des données sans fin (une liste qui grandit à chaque tour ?) : la "
                            "vérification a été arrêtée et sa mémoire rendue ; corrigez, puis cliquez à nouveau")
        ready, _, _ = select.select([read], [], [], min(POLL_S, max(0.0, deadline - now)))
        if not ready:
            continue
        chunk = os.read(read, 1 << 16)
        if not chunk:
            return _stopped(exercise_id, points, "La vérification s'est arrêtée sans rapport",
                            "votre code a terminé le processus qui la menait (os._exit, un plantage, ou la "
                            "mémoire) ; le noyau, lui, est intact : corrigez, puis cliquez à nouveau")
        buffer += chunk
        while len(buffer) >= 8 and len(buffer) >= 8 + int.from_bytes(buffer[:8], "big"):
            size = int.from_bytes(buffer[:8], "big")
            kind, value = pickle.loads(buffer[8:8 + size])
            buffer = buffer[8 + size:]
            if kind == "scenario":
                played, limit = played + 1, value
                deadline = time.monotonic() + value + MARGIN_S
            elif kind == "rapport":
                return value
            else:
                return _stopped(exercise_id, points, "La vérification n'a pas pu aller au bout",
                                f"erreur de la vérification elle-même : {value}")


def _stopped(exercise_id: str, points: float, rule: str, detail: str) -> Report:
    return Report(exercise_id, [Criterion("verification_arretee", rule, points, False, detail)])


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0
