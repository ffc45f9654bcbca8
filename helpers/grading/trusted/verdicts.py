"""Verdicts the learner's code cannot touch.

`grade(exercise, *objects)` is what every hidden test cell calls. Alone (self-study, « Vérifier »)
it runs the check in this process. Under grading, the test cells are not run by the student's
kernel at all: nbgrader's trusted process judges each exercise once (`judge_submission`), in
this process, on its own simulators. The learner's code runs in a *player*: a fresh process in
the sandbox (sandbox.py), started from the submitted notebook's cells — never from the kernel's
state — which plays the scenarios and answers with plain data (sandboxed/player.py). What the learner's
code sent on the wire is read from the judge's own simulator log, reached through a forwarder
with limits (forwarder.py). The draw of scenarios is seeded from the submission and a secret of
the course: the same submission always gets the same grade, and nobody can ask for a new draw.
"""
from __future__ import annotations

import ast
import hashlib
import hmac
import inspect
import json
import os
import re
import secrets
import shutil
import signal
import socket
import tempfile
import threading
import time
from pathlib import Path

from ...lessons import check, exercise, exercises
from ...lessons.kit import LIMIT_KEY, TOO_BIG, Criterion, Report, fmt, plain
from .. import protocol
from ..protocol import CellStarted, Hello, Play, Ready, Result, Stop

ENV = "COURS_CORRECTION"      # set inside every grading sandbox
MAX_LINE = protocol.MAX_LINE
SETUP_SECONDS = float(os.environ.get("COURS_DELAI_PREPARATION_S", "240"))
# Each submitted cell, in the player: its alarm, and the judge's own wait for the cell's end (the alarm plus a margin),
# which learner code that blocks its signals and sleeps cannot stretch. The judge counts the cells itself: a cell
# number from the sandbox that is not the next one is forged, and the cell running then takes the blame.
CELL_SECONDS = float(os.environ.get("COURS_DELAI_CELLULE_JOUEUR_S", "10"))
CELL_MARGIN = 2.0
# The time all the attempts at running the cells of one judging may take, counted while they run (a cell that stalls
# is left out, the player started anew): past this, one last attempt with every cell reduced to its definitions, which
# has REDUCED_SECONDS, then the exercise is not run. A course notebook's graded cells run in 0.3-0.7 s with both
# cores busy; 30 s let a cell that sleeps 9.5 s, three times over, stall every exercise of a notebook 30 s.
SETUP_TOTAL = float(os.environ.get("COURS_DELAI_CELLULES_TOTAL_S", "5"))
REDUCED_SECONDS = 5.0
PLAY_SECONDS = float(os.environ.get("COURS_DELAI_SCENARIO_S", "150"))
# All the scenarios of one exercise, both judgings included: a function that blocks where no signal reaches it
# would otherwise cost PLAY_SECONDS per scenario, twice (40 min for the eight of 1.1.a).
EXERCISE_SECONDS = float(os.environ.get("COURS_DELAI_EXERCICE_S", "420"))
# All the exercises of one notebook (1.5 has three): ApplyVerdicts stops judging there, the rest is marked not run.
NOTEBOOK_SECONDS = float(os.environ.get("COURS_DELAI_NOTEBOOK_S", "600"))
RESTARTS = 2
# A scenario may say how long the learner's code has (`spec[LIMIT_KEY]`, seconds): the judge stops waiting that
# long after it started, plus a margin for the player's own work (client, CLI start-up, plain data back).
LIMIT_MARGIN = float(os.environ.get("COURS_MARGE_SCENARIO_S", "12"))
DEFAULT_LIMIT = 20.0          # a scenario that names no limit of its own (every lesson's does: tests/grading/test_bounds)
# Every scenario together (`Exercise.seconds`, each lesson's own): the trusted side's clock, which the learner's code
# cannot stop — its alarms can be switched off, each scenario's limit spent one after the other. What a scenario may
# still use is the least of its own limit and what is left of the exercise's.
SECRET_FILE = ".correction-secret"


def judge(exercise_id: str, player, values: list, seed: int | None = None) -> Report:
    """Run the check of `exercise_id`; learner code only through `player`, learner values as plain data."""
    spec = exercise(exercise_id)
    if "seed" in inspect.signature(spec.judge).parameters:
        return spec.judge(player, values, seed=seed)
    return spec.judge(player, values)


def quiz_report(exercise_id: str, answers: object, key: object) -> Report:
    from ...lessons import graded_report
    return graded_report(exercise_id, answers, key)


def grade(exercise_id: str, *objects) -> Report:
    """Vérifie l'exercice : ici même, ou — pendant la correction — par le correcteur de confiance."""
    spec = exercise(exercise_id)
    if os.environ.get(ENV) and not spec.is_quiz:
        # Inside a grading sandbox: the verdict is the trusted judge's, written over this cell's output.
        return Report(exercise_id, [Criterion("correcteur", "Verdict calculé par le correcteur, hors du noyau",
                                              spec.points, False, "ce noyau ne note pas")])
    return check(exercise_id, *objects)


# -- the seed: same submission, same draw ---------------------------------------------------------

def course_secret(root: Path) -> bytes:
    """A random secret kept in the course folder (never mounted in a sandbox), made on first use."""
    path = Path(root) / SECRET_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        for _ in range(100):
            data = path.read_bytes()
            if len(data) >= 32:
                return data
            time.sleep(0.05)
        raise RuntimeError(f"{path} est illisible ou vide : supprimez-le et relancez la correction") from None
    with os.fdopen(fd, "wb") as f:
        f.write(secrets.token_hex(32).encode())
    return path.read_bytes()


def seed_for(secret: bytes, exercise_id: str, cells: list[str]) -> int:
    digest = hmac.new(secret, json.dumps([exercise_id, cells], ensure_ascii=False).encode(), hashlib.sha256)
    return int.from_bytes(digest.digest()[:4], "big") % 2**31


# -- the trusted side: one judged run per exercise per submission --------------------------------

URL = re.compile(r"^http://127\.0\.0\.1:(\d+)")


def _urls(value: object, found: set) -> set:
    if isinstance(value, str):
        match = URL.match(value)
        if match:
            found.add(int(match.group(1)))
    elif isinstance(value, dict):
        for v in value.values():
            _urls(v, found)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _urls(v, found)
    return found


class _Dead(Exception):
    pass


SIGALRM_BIT = 1 << (signal.SIGALRM - 1)
ALARM_REFUSED = "le code bloque ou ignore le signal d'alarme qui borne son temps : processus arrêté"


def _alarm_refused(pid: int | None) -> str | None:
    """Seen from here, in /proc: the player's main thread blocks or ignores SIGALRM, the alarm that ends each cell and
    each scenario. No honest code does; waiting for the judge's own deadline would cost the whole allowance (12 s a
    cell): the player is stopped at once, the running cell or scenario takes the blame."""
    if not pid:
        return None
    try:
        with open(f"/proc/{pid}/status") as f:
            masks = {k: int(v, 16) for k, _, v in (line.partition(":\t") for line in f) if k in ("SigBlk", "SigIgn")}
    except (OSError, ValueError):
        return None
    if masks.get("SigBlk", 0) & SIGALRM_BIT or masks.get("SigIgn", 0) & SIGALRM_BIT:
        return ALARM_REFUSED
    return None


def _names(value: object) -> list[str]:
    return [str(v)[:120] for v in value[:20]] if isinstance(value, list) else []


def definitions_only(source: str) -> str:
    """The imports, functions, classes and literal constants of a cell, without the statements that run."""
    from IPython.core.inputtransformer2 import TransformerManager
    try:
        tree = ast.parse(TransformerManager().transform_cell(source))
    except SyntaxError:
        return ""
    def literal(node) -> bool:
        try:
            ast.literal_eval(node)
            return True
        except (ValueError, TypeError, SyntaxError, RecursionError):
            return False
    kept = [node for node in tree.body
            if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            or (isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and literal(node.value))]
    return ast.unparse(ast.Module(body=kept, type_ignores=[])) if kept else ""


def _as_written(source: str) -> str:
    """A cell as `definitions_only` would write it if it kept everything (to tell when trimming takes nothing out)."""
    from IPython.core.inputtransformer2 import TransformerManager
    try:
        return ast.unparse(ast.parse(TransformerManager().transform_cell(source)))
    except (SyntaxError, ValueError, RecursionError):
        return source


class Player:
    """One player process in the sandbox: the submission's cells, then scenarios on request."""

    def __init__(self, exercise_id: str, cells: list[str], run: Path) -> None:
        from .atelier import atelier
        ours, theirs = socket.socketpair()
        self.sock = ours
        try:
            self.child = atelier().spawn_player(theirs.fileno(), run)
        except Exception as exc:  # noqa: BLE001 - the sandbox is gone: this attempt fails like a dead player
            ours.close()
            theirs.close()
            raise _Dead(str(exc)) from None
        theirs.close()
        self.reader = ours.makefile("rb")
        self.current_cell: int | None = None
        self.cell_count = len(cells)
        self.reason = ""
        self.tampered: list[str] = []
        self.played = 0                 # the Plays sent: each Result must answer the last one, once
        self._stop = threading.Event()
        threading.Thread(target=self._watch, daemon=True).start()
        self.send(Hello(exercise_id, list(cells), CELL_SECONDS))

    def _watch(self) -> None:
        refused, tick = 0, 0
        while not self._stop.wait(0.1):
            tick += 1
            # glibc blocks every signal for a few microseconds while it creates a thread: only a mask seen on three
            # readings in a row (0.3 s) is learner code's. Memory and processes: every 0.3 s.
            refusal = _alarm_refused(self.child.pid)
            refused = refused + 1 if refusal else 0
            problem = (refusal if refused >= 3 else None) or (self.child.over_limits() if tick % 3 == 0 else None)
            if problem:
                self.reason = problem
                self.child.kill_tree()
                return

    def send(self, message: protocol.Message) -> None:
        try:
            self.sock.settimeout(30)
            self.sock.sendall(message.line())
        except OSError as exc:
            raise _Dead(str(exc)) from None

    def receive(self, until: float, *expected: type) -> protocol.Message:
        """The player's next message, one of `expected` and well formed (protocol.read), or _Dead."""
        left = until - time.monotonic()
        if left <= 0:
            raise _Dead("délai dépassé")
        self.sock.settimeout(left)
        try:
            line = self.reader.readline(MAX_LINE)
        except (OSError, ValueError) as exc:
            raise _Dead("délai dépassé" if isinstance(exc, TimeoutError) else str(exc)) from None
        if not line or not line.endswith(b"\n"):
            raise _Dead(self.reason or "processus arrêté")
        message = protocol.read(line, *expected)
        if message is None:
            raise _Dead("réponse illisible")
        return message

    def ready(self, until: float) -> Ready:
        """The player's Ready once its cells ran: each cell within CELL_SECONDS (+ margin), all of them within
        SETUP_SECONDS and the exercise's own time; else _Dead, with `current_cell` the cell that was running."""
        setup_end = min(time.monotonic() + SETUP_SECONDS, until)
        expected = 0
        while True:
            message = self.receive(min(setup_end, time.monotonic() + CELL_SECONDS + CELL_MARGIN), CellStarted, Ready)
            if isinstance(message, Ready):
                return message
            if message.cell != expected or expected >= self.cell_count:
                raise _Dead("message de cellule hors d'ordre")     # forged by the cell running now
            self.current_cell = expected
            expected += 1

    def play(self, spec: dict, relays: dict, until: float) -> object:
        number, self.played = self.played, self.played + 1
        self._quiet("avant le scénario")
        self.send(Play(spec, relays, number))
        message = self.receive(min(time.monotonic() + PLAY_SECONDS, until), Result)
        if message.number != number:
            self.tampered.append(f"le canal du joueur (réponse n° {message.number} au scénario n° {number})")
        self.tampered = self.tampered or _names(message.tampered)
        return message.result

    def _quiet(self, when: str) -> None:
        """Nothing may be waiting on the channel between an answer and the next question: a line there is a second
        answer, written by learner code on the player's descriptor (the player itself answers each Play once)."""
        try:
            self.sock.settimeout(0.0)
            pending = self.reader.peek(1)
        except (OSError, ValueError):
            pending = b""
        if pending:
            self.tampered.append(f"le canal du joueur (une ligne de trop {when})")

    def finish(self, seconds: float = 1.0) -> None:
        """The end of the scenarios: Stop, then the player closes the channel; a line before that is forged."""
        try:
            self.send(Stop())
            self.sock.settimeout(seconds)
            extra = self.reader.readline(MAX_LINE)
        except (OSError, ValueError, _Dead):
            return
        if extra:
            self.tampered.append("le canal du joueur (une ligne de trop après le dernier scénario)")

    def kill(self) -> None:
        self._stop.set()
        self.child.kill_tree()
        try:
            self.sock.close()
        except OSError:
            pass


# On a machine whose cores are taken (a cohort graded in parallel, other jobs), a correct solution is slower too: the
# exercise's time is stretched by the slowdown this process measures on itself just before the cells run — the wall
# time a fixed 30 ms of its own CPU work takes, over 30 ms, the least of three — at most MAX_STRETCH times: 1 with a
# core free (an idle machine, or one other job on two cores), 2 with two busy loops on two cores. Learner code has not
# run yet. The probe measures CPU work, most of an honest judging is waiting: at load 10 it said 3 where the
# sequential 1.2 coordinator was 1.2 times slower — hence the cap at 2.
MAX_STRETCH = 2.0
PROBE_CPU = 0.03


def slowdown(probes: int = 3) -> float:
    """The least of three readings: one reading swung from 1.0 to 2.0 at load 3, a sustained load slows all three."""
    readings = []
    for _ in range(probes):
        began, cpu = time.monotonic(), time.thread_time()
        while time.thread_time() - cpu < PROBE_CPU and time.monotonic() - began < PROBE_CPU * MAX_STRETCH:
            sum(range(500))
        readings.append((time.monotonic() - began) / max(time.thread_time() - cpu, 1e-6))
    return min(MAX_STRETCH, max(1.0, min(readings)))


class Clock:
    """The time the scenarios of one submission have together (`Exercise.seconds` × the slowdown measured when the
    clock is made; 0: no bound of its own), counted here while a scenario is played; the second judging of
    `judge_submission` (the definitions alone) has its own. The slowdown is measured, not read from the load
    average: that average gave a flood more time (×1.8 at load 3.6) than the load took from a correct solution, most
    of whose time is the simulator's own waits."""

    def __init__(self, seconds: float, stretch: float | None = None) -> None:
        self.stretch = round(slowdown() if stretch is None and seconds else (stretch or 1.0), 2)
        self.seconds = round(float(seconds or 0) * self.stretch, 1)
        self.spent = 0.0

    def left(self) -> float:
        return self.seconds - self.spent if self.seconds > 0 else float("inf")


def spent_message(seconds: float) -> str:
    return (f"Temps de vérification de l'exercice épuisé ({fmt(seconds)} s pour tous les scénarios) : requête refusée "
            f"par le correcteur.")


class _PlayerCall:
    """What a lesson's judge receives as `player`: call it with a scenario; `view` is where the trusted side reads the
    sandbox's files from (lessons.kit.read_files)."""

    def __init__(self, judging: "Judging") -> None:
        self._judging = judging

    def __call__(self, spec: dict) -> object:
        return self._judging.player_function(spec)

    @property
    def view(self) -> str:
        from .atelier import atelier
        return atelier().view


class Judging:
    """One exercise of one submission: players (restarted if learner code kills them), forwarders."""

    def __init__(self, exercise_id: str, cells: list[str], run: Path, until: float | None = None,
                 clock: Clock | None = None) -> None:
        self.exercise = exercise_id
        self.cells = list(cells)
        self.until = time.monotonic() + EXERCISE_SECONDS if until is None else until
        self.clock = clock or Clock(exercise(exercise_id).seconds)
        # Short paths: a Unix socket's path must fit in 108 bytes.
        self.root = Path(tempfile.mkdtemp(prefix="v", dir=run))
        self.root.chmod(0o755)
        self.api = self.root / "a"
        self.api.mkdir(mode=0o755)
        self.forwarders: dict[int, object] = {}
        from .forwarder import Budget
        self.budget = Budget()         # every request of this exercise, all its simulators together
        self.player: Player | None = None
        self.restarts = 0
        self.trimmed: set[int] = set()
        self.setup_spent = 0.0                    # all the attempts at running the cells (SETUP_TOTAL)
        self.reduced = False                      # the last attempt: every cell reduced to its definitions
        self.tampered: list[str] = []
        self.died = False
        self.out_of_time = False
        self.flooded = False                      # a scenario's data came back cut (more values than plain keeps)
        self.alarm_refused = False                # the learner's function blocked or ignored its alarm
        self.out_of_budget = False                # the scenarios spent the exercise's time (self.clock)
        self.values: list = []
        self.missing: list[str] = []
        self.notes: list[str] = []

    def _start(self) -> Player | None:
        """A player whose cells all ran; a cell that kills it is left out and the player started anew."""
        from .atelier import atelier
        while self.restarts <= RESTARTS + 2 * len(self.cells):
            if time.monotonic() >= self.until:
                self.out_of_time = True
                self.notes.append(f"temps de vérification épuisé ({EXERCISE_SECONDS:g} s pour l'exercice) pendant "
                                  f"l'exécution des cellules")
                return None
            atelier().sweep()          # no process of an earlier run meets this one
            try:
                player = Player(self.exercise, self.cells, self.root)
            except _Dead as dead:
                self.restarts += 1
                self.notes.append(f"le processus de vérification n'a pas démarré ({dead})")
                continue
            began = time.monotonic()
            allowance = REDUCED_SECONDS if self.reduced else max(0.0, SETUP_TOTAL - self.setup_spent)
            try:
                message = player.ready(min(self.until, began + allowance))
            except _Dead as dead:
                self.setup_spent += time.monotonic() - began
                player.kill()
                self.restarts += 1
                index = player.current_cell
                # A cell number from the sandbox may be forged one ahead: blame never lands on a cell already left out.
                while index is not None and index > 0 and not self.cells[index]:
                    index -= 1
                if index is None or not self.cells[index]:
                    self.notes.append(f"le processus de vérification n'a pas démarré ({dead})")
                    return None
                trimmed = definitions_only(self.cells[index])
                if self.reduced:
                    self.notes.append(f"les cellules, même réduites à leurs définitions, n'ont pas pu s'exécuter "
                                      f"({dead})")
                    return None
                if self.trimmed or trimmed == _as_written(self.cells[index]) or self.setup_spent >= SETUP_TOTAL - 0.5:
                    # Second failure, or nothing left to take out of the cell blamed, or out of time: every cell
                    # reduced to its definitions, one last attempt.
                    self.reduced = True
                    self.notes.append(f"la cellule {index + 1} a arrêté le processus ({dead}) : seules les "
                                      f"définitions de vos cellules sont gardées")
                    self.cells = [definitions_only(cell) for cell in self.cells]
                    continue
                # First time: keep only the cell's definitions (def, class, import), the rest is what killed it.
                self.notes.append(f"la cellule {index + 1} a arrêté le processus ({dead}) : seules ses définitions "
                                  f"sont gardées")
                self.trimmed.add(index)
                self.cells[index] = trimmed
                continue
            self.setup_spent += time.monotonic() - began
            self.values = message.values
            player.tampered = _names(message.tampered)
            self.missing = [str(m) for m in message.missing]
            return player
        return None

    def player_function(self, spec: dict) -> object:
        from . import forwarder
        relays = {}
        for port in sorted(_urls(spec, set())):
            if port not in self.forwarders:
                path = self.api / f"{port}"
                self.forwarders[port] = forwarder.Forwarder(str(path), port, self.budget)
            relays[str(port)] = str(self.api / f"{port}")
        if self.flooded:
            return _flooded()
        if self.alarm_refused:
            return _overran(float(spec.get(LIMIT_KEY) or DEFAULT_LIMIT) if isinstance(spec, dict) else DEFAULT_LIMIT)
        if self.clock.left() <= 0:
            self._spend_all()
            return _unplayed(self.clock.seconds)
        if time.monotonic() >= self.until:
            if not self.out_of_time:
                self.notes.append(f"temps de vérification épuisé ({EXERCISE_SECONDS:g} s pour l'exercice) : "
                                  f"les scénarios restants ne sont pas joués")
            self.out_of_time = True
            return _crashed()
        if self.player is None:
            if self.restarts > RESTARTS + 2 * len(self.cells):
                return _crashed()
            self.player = self._start()
            if self.player is None:
                return _crashed()
        # The scenario's own limit, kept here: learner code can switch off every alarm inside the player.
        limit = spec.get(LIMIT_KEY) if isinstance(spec, dict) else None
        if not (isinstance(limit, (int, float)) and not isinstance(limit, bool) and limit > 0):
            limit = DEFAULT_LIMIT
        started = time.monotonic()
        budget_end = started + self.clock.left()
        until = min(self.until, started + float(limit) + LIMIT_MARGIN, budget_end)
        try:
            result = self.player.play(spec, relays, until)
            if _holds(result, TOO_BIG):
                # Millions of values built by learner code cost their time in every scenario (3.5 million dicts: 2 s
                # each, 18 s in all): the first is enough to judge, the rest are not played.
                self.flooded = True
            return result
        except _Dead as dead:
            self.tampered += self.player.tampered
            self.player.kill()
            self.player = None
            self.restarts += 1
            if str(dead) == ALARM_REFUSED:
                # The function itself switches its alarm off: every scenario would cost a player; the rest count as
                # over their time, unplayed, and no second judging (its definitions are the function).
                self.alarm_refused = True
                self.notes.append(f"un scénario a dépassé son temps : {ALARM_REFUSED}")
                return _overran(limit)
            if until == budget_end and time.monotonic() >= until - 0.5:
                # The exercise's time ran out during this scenario: it is stopped, and nothing more is played.
                self._spend_all()
                return _overran(limit, f"temps de l'exercice épuisé ({fmt(self.clock.seconds)} s pour tous les scénarios)")
            if until < self.until and time.monotonic() >= until - 0.5:
                # Past the scenario's own limit: the learner's code kept running after its alarm (switched off?).
                self.notes.append(f"un scénario a dépassé son temps ({limit:g} s) : processus arrêté")
                return _overran(limit)
            self.notes.append(f"un scénario a arrêté le processus ({dead})")
            self.died = True
            return _crashed()
        finally:
            self.clock.spent += time.monotonic() - started

    def _spend_all(self) -> None:
        """The exercise's time is spent: the simulators refuse every request, the player is stopped."""
        if not self.out_of_budget:
            self.notes.append(f"temps de l'exercice épuisé ({fmt(self.clock.seconds)} s pour tous les scénarios) : "
                              f"les scénarios restants ne sont pas joués")
        self.out_of_budget = True
        self.budget.close(spent_message(self.clock.seconds))
        if self.player is not None:
            self.tampered += self.player.tampered
            self.player.kill()
            self.player = None

    def close(self) -> None:
        if self.player is not None:
            self.player.kill()
        for fwd in self.forwarders.values():
            fwd.close()
        shutil.rmtree(self.root, ignore_errors=True)


def judge_submission(exercise_id: str, cells: list[str], seed: int, run: Path, until: float | None = None) -> Report:
    """The verdict of one exercise for one submission: its cells in a fresh sandboxed player, one draw.

    `run` is the submission's folder under the atelier's runs (atelier.Atelier.new_run). When the player
    died during the scenarios (top-level code that kills processes, a daemon…), the same draw is judged
    again with every cell reduced to its definitions: the functions as written, without the code around
    them; the better of the two counts (never more than the functions themselves earn)."""
    until = min(time.monotonic() + EXERCISE_SECONDS, until if until is not None else float("inf"))
    clock = Clock(exercise(exercise_id).seconds)
    report, died = _judge_once(exercise_id, cells, seed, run, until, clock)
    if died and report.final is False and time.monotonic() < until:
        reduced = [definitions_only(cell) for cell in cells]
        if reduced != cells:
            # The functions alone, on a clock of their own: a daemon of the code around them that killed the player
            # scenario after scenario spent the first one (a correct run_agent got 9 of its 10 points).
            second, _ = _judge_once(exercise_id, reduced, seed, run, until,
                                    Clock(exercise(exercise_id).seconds, clock.stretch))
            if second.score > report.score and second.final is False:
                second.criteria.append(Criterion("code_autour", "Le code hors des fonctions laisse la vérification "
                                                 "tourner", 0, False, "il arrêtait le processus de vérification : "
                                                 "seules vos définitions (def, class, import) ont été jugées"))
                return second
    return report


def _judge_once(exercise_id: str, cells: list[str], seed: int, run: Path,
                until: float | None = None, clock: Clock | None = None) -> tuple[Report, bool]:
    judging = Judging(exercise_id, cells, run, until, clock)
    try:
        judging.player = judging._start()
        if judging.player is None:
            return _flag(not_run(exercise_id, judging.notes), True), False
        missing = judging.missing
        report = judge(exercise_id, _PlayerCall(judging), judging.values, seed=seed)
        if judging.player is not None:
            judging.player.finish()
        tampered = judging.tampered + (judging.player.tampered if judging.player else [])
        if tampered:
            # Learner code replaced part of the checks' code in its process: what it reported proves nothing.
            return _flag(Report(exercise_id, [
                Criterion("verification_modifiee", "Le code soumis laisse les vérifications intactes",
                          exercise(exercise_id).points, False,
                          f"vos cellules remplacent {', '.join(sorted(set(tampered))[:3])} : "
                          f"aucun point ne peut être accordé")]), True), False
        if judging.flooded:
            report.criteria.append(Criterion("volume", "Les valeurs renvoyées restent des données de taille raisonnable",
                                             0, False, "une valeur de plus de 20 000 éléments est revenue : les "
                                                       "scénarios suivants n'ont pas été joués (comptés comme échoués)"))
        if judging.out_of_budget:
            report.criteria.append(Criterion("temps", "Les scénarios tiennent dans le temps prévu pour l'exercice", 0,
                                             False, f"vos scénarios ont pris plus de {fmt(judging.clock.seconds)} s en "
                                                    f"tout (le temps prévu pour cet exercice, largement plus que ce "
                                                    f"qu'il faut à une solution correcte{_stretched(judging.clock)}) : "
                                                    f"le scénario en cours a été "
                                                    f"arrêté, les suivants n'ont pas été joués et comptent comme "
                                                    f"échoués"))
        elif judging.out_of_time:
            report.criteria.append(Criterion("temps", "La vérification tient dans le temps imparti", 0, False,
                                             f"votre fonction a bloqué au-delà de {EXERCISE_SECONDS:g} s au total : "
                                             f"les scénarios restants ont été comptés comme échoués"))
        if missing:
            report = Report(report.exercise, [
                Criterion(c.key, c.rule, c.points, c.passed, c.detail if c.passed else
                          f"{c.detail} ({', '.join(missing)} n'est pas défini après exécution des cellules)")
                for c in report.criteria])
        return _flag(report, False), judging.died
    finally:
        judging.close()


def _stretched(clock: Clock) -> str:
    return f", allongé ×{fmt(round(clock.stretch, 1))} : la machine était chargée" if clock.stretch > 1 else ""


def _flag(report: Report, final: bool) -> Report:
    """Mark a report that no second judging may replace (tampering, nothing could run)."""
    report.final = final
    return report


def not_run(exercise_id: str, notes: list[str]) -> Report:
    spec = exercise(exercise_id)
    return Report(exercise_id, [Criterion("non_verifie", f"Vérification {exercise_id} impossible", spec.points, False,
                                          "; ".join(notes) or "le code soumis n'a pas pu être exécuté")])


def _overran(seconds: float, why: str = "") -> dict:
    """What a scenario whose code ran past its limit reports: timed out, like code the player's alarm stopped."""
    return {"outcome": {"error": f"Deadline : {why or f'délai de {seconds:g} s dépassé'} (arrêté par le correcteur)",
                        "error_type": "Deadline", "timed_out": True}}


def _unplayed(seconds: float) -> dict:
    return {"outcome": {"error": f"non joué : le temps de l'exercice ({fmt(seconds)} s pour tous les scénarios) est "
                                 f"épuisé", "error_type": "TempsEpuise"}}


def _holds(value: object, marker: dict, depth: int = 45) -> bool:
    """Whether plain data holds `marker` (what `plain` puts where it cut a value): at most 20 000 values to look at."""
    if value == marker:
        return True
    if depth <= 0:
        return False
    if isinstance(value, dict):
        return any(_holds(v, marker, depth - 1) for v in value.values())
    if isinstance(value, list):
        return any(_holds(v, marker, depth - 1) for v in value)
    return False


def _flooded() -> dict:
    return {"outcome": {"error": "non joué : une valeur trop grande est revenue d'un scénario précédent",
                        "error_type": "TropGrand"}}


def _crashed() -> dict:
    return {"outcome": {"error": "le processus s'est arrêté ou a coupé la connexion pendant l'exécution de votre code",
                        "error_type": "KernelDied"}}


# -- reading the learner's answers from the notebook itself ---------------------------------------

def answers_from_source(source: str, name: str) -> object:
    """The literal assigned to `name` in a cell (the learner's answers, the master's CORRIGE), or None."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    value = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                value = None
    return value
