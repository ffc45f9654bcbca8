"""The contract between the lessons and grading: what a lesson registers, what its two halves may use.

Each graded exercise is an `Exercise` record (lessons/ts*/__init__.py) naming two functions of its lesson, in two
modules, marked where they run:

  @sandboxed  play(objects, spec) -> plain data              in ts*/play.py
      runs where learner code runs — the « Vérifier » kernel, or a grading player inside the sandbox
      (grading/sandboxed/player.py). It calls the learner's objects on one scenario, under a deadline
      (`run_learner`, `run_in_thread`, `run_coroutine`), and returns data only (`Outcome.to_plain`, `plain`).
  @trusted    judge(player, values, seed) -> Report          in ts*/judge.py (and the check_* it calls)
      runs on the trusted side — nbgrader's process under grading. It never touches a learner object: it calls
      `player(spec)` (spec carries `LIMIT_KEY`, the seconds the learner's code has), reads what comes back as
      `Played`, and bases its verdict on its own simulators' logs and witnesses. It returns a `Report`: one
      `Criterion` per rule, points and a French sentence saying what was seen.

A judge.py holds the scenarios, their draws and the values it expects, and never imports a play.py: a play receives
everything in `spec`. Inside a grading sandbox the judges are absent (grading/sandbox.py). ts*/checks.py pairs both
halves in one process, for the tests and a maintainer's session; grading never imports it.

nbgrader's hidden tests call `require(report, key)` on one rule or `partial(report)`; « Vérifier » shows the report.
Grading imports this module and the registry (`helpers.lessons`), and the judges through the registry.
"""
from __future__ import annotations

import html
import signal
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field
from typing import Callable

from ._stubs import STUB_RAISE   # the line a distributed stub raises: grading tells an untouched cell by it


__all__ = ["LIMIT_KEY", "STUB_RAISE", "Criterion", "Deadline", "Exercise", "GradingError", "Outcome", "Played", "Report",
           "deadline", "fmt", "normalized", "partial", "plain", "raise_in_thread", "read_files", "require", "run_coroutine", "run_in_thread",
           "run_learner", "sandboxed", "trusted"]

SANDBOX, TRUSTED = "bac à sable", "côté de confiance"


def sandboxed(function: Callable) -> Callable:
    """Marks a lesson's `play`: it runs with learner code and may be rewritten by it; it decides nothing."""
    function.runs_in = SANDBOX
    return function


def trusted(function: Callable) -> Callable:
    """Marks a lesson's `judge` (and its check_*): trusted side, learner code only through `player(spec)`."""
    function.runs_in = TRUSTED
    return function


# The key of a scenario (a `play` spec) that says how many seconds the learner's code has in it: under grading,
# the trusted side stops waiting for the player then (plus a margin), whatever the learner's code did to its alarms.
LIMIT_KEY = "limite_s"


@dataclass(frozen=True)
class Exercise:
    """One graded exercise, as the registry lists it: every grader, button and tool reads this record.

    It names its lesson's two halves without importing them: `play` imports only `<lesson>.play` (what a sandbox
    runs), `judge` only `<lesson>.judge` (the trusted side) — a grading player never loads a judge, a judge never
    loads a play."""
    id: str                              # "1.1.a": the heading, the nbgrader grade_id's suffix, the report's tag
    names: tuple[str, ...]               # the learner objects the check receives, in order
    points: float
    lesson: str = ""                     # the lesson's package ("helpers.lessons.ts1_1"); "" for a quiz
    entry: str = "judge"                 # the judge's function in <lesson>.judge
    questions: tuple[str, ...] = ()      # a quiz: question ids, answers read from the submitted cell
    # The time all the scenarios of one submission get together, on the trusted side's clock (grading/trusted/
    # verdicts.py): a correct solution fits in it with both cores busy (tests/grading/test_under_load.py), and a
    # submission that spends it all is graded within twice a correct one's time (tests/grading/test_time_budget.py).
    # Spent, the running scenario is stopped, the simulators refuse every request and the scenarios left count as failed.
    seconds: float = 0.0

    @property
    def is_quiz(self) -> bool:
        return bool(self.questions)

    @property
    def play(self) -> Callable | None:
        """Learner side, sandboxed: play(objects, spec) -> plain data."""
        import importlib
        return None if self.is_quiz else importlib.import_module(f"{self.lesson}.play").play

    @property
    def judge(self) -> Callable | None:
        """Trusted side: judge(player, values, seed=None) -> Report."""
        import importlib
        return None if self.is_quiz else getattr(importlib.import_module(f"{self.lesson}.judge"), self.entry)


@dataclass(frozen=True)
class Criterion:
    key: str          # stable id, used by nbgrader's hidden tests
    rule: str         # the rule, in French
    points: float
    passed: bool
    detail: str = ""  # what was observed, in French

    @property
    def score(self) -> float:
        return self.points if self.passed else 0.0


@dataclass
class Report:
    exercise: str
    criteria: list[Criterion] = field(default_factory=list)

    @property
    def score(self) -> float:
        return round(sum(c.score for c in self.criteria), 2)

    @property
    def max_score(self) -> float:
        return round(sum(c.points for c in self.criteria), 2)

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.criteria)

    def get(self, key: str) -> Criterion:
        return next(c for c in self.criteria if c.key == key)

    def __str__(self) -> str:
        lines = [f"[Vérification {self.exercise}] {fmt(self.score)} / {fmt(self.max_score)} point(s)"]
        for c in self.criteria:
            mark = "✅" if c.passed else "❌"
            lines.append(f"  {mark} {french(c.rule)}" + (f" — {french(c.detail)}" if c.detail else ""))
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from ..widgets._base import badge
        rows = "".join(
            f'<tr><td style="padding:3px 8px;vertical-align:top;text-align:left;width:7em">{badge(c.passed)}</td>'
            f'<td style="padding:3px 8px;overflow-wrap:anywhere;text-align:left">{html.escape(french(c.rule))}'
            + (f'<br><span style="color:#555;font-size:90%">{html.escape(french(c.detail))}</span>' if c.detail else "")
            + f'</td><td style="padding:3px 8px;text-align:right;white-space:nowrap">{fmt(c.score)} / '
              f'{fmt(c.points)}</td></tr>'
            for c in self.criteria)
        colour = "#3a7d44" if self.passed else "#b3261e"
        return (f'<div class="cours-verification" style="border-left:6px solid {colour};padding:6px 10px;'
                f'font-family:sans-serif;line-height:1.4;white-space:normal"><strong>Vérification '
                f'{html.escape(self.exercise)}\u202f: {fmt(self.score)} / {fmt(self.max_score)}</strong>'
                f'<table style="margin-top:4px;width:100%">{rows}</table></div>')


def normalized(text: str) -> str:
    """A text as the checks compare it: Unicode NFKC, format characters (zero-width spaces and joiners, the BOM,
    bidirectional marks: category Cf) removed. A letter split by U+200B is still the same word to a model."""
    import unicodedata
    text = unicodedata.normalize("NFKC", text)
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def fmt(x: float) -> str:
    return (f"{x:g}").replace(".", ",")


def french(text: str) -> str:
    """French typography in feedback (no-break spaces before « ; : ! ? », inside « », in numbers), applied where a
    report is rendered — text, HTML, a failed hidden test — so that no check has to type it. Code, identifiers,
    URLs, `3.14` or `14:05` are left alone (helpers/widgets/typography.py)."""
    from ..widgets.typography import french_message
    return french_message(text)


class GradingError(AssertionError):
    """A rule that the learner's code broke (what nbgrader shows as the test's failure)."""


def require(report: Report, key: str) -> float:
    """nbgrader's hidden tests: fail with the French explanation when rule `key` is broken."""
    criterion = report.get(key)
    if not criterion.passed:
        raise GradingError(f"[Vérification {report.exercise}] {french(criterion.rule)} — {french(criterion.detail)}")
    return criterion.points


class Deadline(BaseException):
    """Raised into learner code that runs too long. A BaseException: `except Exception` won't hide it."""


class deadline:
    """Interrupt the block after `seconds` (main thread only; elsewhere it only measures).

    When time is up, Deadline is raised, then raised again on every line that code outside this
    module executes (a line tracer on every frame of the stack): a learner's bare `except:`
    cannot swallow it, because the handler's own first line raises it anew. A class rather than
    @contextmanager: its __exit__ must live in this module, which the tracer spares.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.active = False
        self.previous = None
        self.hook = None
        self.unraisable: list = []

    def _trace(self, frame, event, arg):
        if not self.active:
            return None   # frames that outlive the block (suspended generators…) must not raise later
        if event == "line" and frame.f_code.co_filename != __file__:
            raise Deadline(f"délai de {self.seconds:g} s dépassé")
        return self._trace

    def _unraisable(self, unraisable) -> None:
        """While the tracer raises, a finalizer that runs (a socket's __del__…) gets Deadline too, and so would the
        unraisable hook reporting it. Kept here (this module is spared) and reported after the block."""
        if not isinstance(unraisable.exc_value, Deadline):
            self.unraisable.append(unraisable)

    def _fire(self, signum, frame):
        if not self.active:
            return
        if self.hook is None:
            self.hook, sys.unraisablehook = sys.unraisablehook, self._unraisable
        sys.settrace(self._trace)
        walker = frame
        while walker is not None:
            walker.f_trace = self._trace
            walker = walker.f_back
        raise Deadline(f"délai de {self.seconds:g} s dépassé ({time.monotonic() - self.started:.1f} s)")

    def __enter__(self) -> "deadline":
        self.started = time.monotonic()
        if threading.current_thread() is threading.main_thread():
            self.active = True
            self.previous = signal.signal(signal.SIGALRM, self._fire)
            signal.setitimer(signal.ITIMER_REAL, self.seconds, 0.05)
        return self

    def __exit__(self, *exc) -> bool:
        if self.previous is not None or self.active:
            signal.setitimer(signal.ITIMER_REAL, 0)
            self.active = False
            sys.settrace(None)
            walker = sys._getframe()
            while walker is not None:
                walker.f_trace = None
                walker = walker.f_back
            signal.signal(signal.SIGALRM, self.previous if self.previous is not None else signal.SIG_DFL)
            self.previous = None
            if self.hook is not None:
                sys.unraisablehook, self.hook = self.hook, None
                for unraisable in self.unraisable:
                    sys.unraisablehook(unraisable)
                self.unraisable.clear()
        return False


# What one `plain` call may produce: a verdict never needs more, and past it a learner's value (3.5 million empty
# dicts, a list shared 30 levels deep that expands to 2**30 items) would cost the player, then the judge, gigabytes.
MAX_PLAIN_ITEMS = 20_000
TOO_BIG = {"__type__": "trop grand"}


def plain(value: object, depth: int = 0, _left: list | None = None) -> object:
    """JSON-like data only: what a verdict may rely on. Learner objects (whatever their __eq__) are
    reduced to their data (pydantic models, dicts, lists, scalars) or to a marker of their type. At most
    MAX_PLAIN_ITEMS values in all (a container stops where the budget does, with one `TOO_BIG` marker), 40 deep."""
    left = [MAX_PLAIN_ITEMS] if _left is None else _left
    left[0] -= 1
    if left[0] < 0:
        return dict(TOO_BIG)
    if depth > 40:
        return {"__type__": "trop profond"}
    if value is None or type(value) in (bool, int, float, str):
        return value
    if type(value) in (list, tuple):
        out = []
        for v in value:
            if left[0] <= 0:
                out.append(dict(TOO_BIG))
                break
            out.append(plain(v, depth + 1, left))
        return out
    if type(value) is dict:
        out = {}
        for k, v in value.items():
            if left[0] <= 0:
                out["__trop_grand__"] = True
                break
            out[str(k) if type(k) in (str, int, float, bool) or k is None else f"<{type(k).__name__}>"] = \
                plain(v, depth + 1, left)
        return out
    try:
        from pydantic import BaseModel
        if isinstance(value, BaseModel) and type(value).__module__.startswith(("anthropic.", "claude_agent_sdk.")):
            data = plain(type(value).model_dump(value, mode="json", exclude_none=False), depth + 1, left)
            return {**data, "__type__": type(value).__name__} if isinstance(data, dict) else data
    except Exception:  # noqa: BLE001 - a learner object that breaks serialisation is just an object
        pass
    return {"__type__": type(value).__name__}


@dataclass
class Outcome:
    """What happened when learner code ran: its return value, or the exception it raised."""
    value: object = None
    error: BaseException | None = None
    timed_out: bool = False
    seconds: float = 0.0

    @property
    def raised(self) -> bool:
        return self.error is not None and not self.timed_out

    def error_line(self) -> str:
        if self.error is None:
            return ""
        return f"{type(self.error).__name__} : {str(self.error)[:300]}"

    def where(self) -> str:
        """The last frame of the learner's traceback (notebook cells show as <ipython-input…>)."""
        if self.error is None or self.error.__traceback__ is None:
            return ""
        frames = traceback.extract_tb(self.error.__traceback__)
        mine = [f for f in frames if "ipykernel" in f.filename or f.filename.startswith("<")]
        frame = (mine or frames)[-1]
        return f"ligne {frame.lineno} : {frame.line}" if frame.line else ""

    def to_plain(self) -> dict:
        return {"value": plain(self.value), "error": self.error_line() or None, "where": self.where(),
                "error_type": type(self.error).__name__ if self.error is not None else None,
                "timed_out": self.timed_out, "seconds": self.seconds}


@dataclass
class Played:
    """An outcome as the judge sees it: plain data only (from this process or from a kernel)."""
    value: object = None
    error: str | None = None
    error_type: str | None = None
    where: str = ""
    timed_out: bool = False
    seconds: float = 0.0

    @classmethod
    def from_plain(cls, data: object) -> "Played":
        if not isinstance(data, dict):
            return cls(error="réponse illisible du noyau", error_type="ProtocolError")
        return cls(value=data.get("value"), error=data.get("error"), error_type=data.get("error_type"),
                   where=str(data.get("where") or ""), timed_out=bool(data.get("timed_out")),
                   seconds=float(data.get("seconds") or 0))

    @property
    def raised(self) -> bool:
        return self.error is not None and not self.timed_out

    def error_line(self) -> str:
        return self.error or ""


def run_learner(fn, *args, seconds: float = 5.0, **kwargs) -> Outcome:
    """Call learner code: never lets it crash, hang or exit the grader."""
    started = time.monotonic()
    try:
        with deadline(seconds):
            value = fn(*args, **kwargs)
        return Outcome(value=value, seconds=time.monotonic() - started)
    except Deadline as exc:
        return Outcome(error=exc, timed_out=True, seconds=time.monotonic() - started)
    except (Exception, SystemExit, KeyboardInterrupt, GeneratorExit) as exc:  # noqa: BLE001 - learner code
        return Outcome(error=exc, seconds=time.monotonic() - started)


MAX_READ_FILES = 200
MAX_READ_BYTES = 8 * 1024 * 1024


@trusted
def read_files(player, root: str) -> dict[str, bytes]:
    """The regular files under `root` (an absolute path where the player runs), read by the trusted side itself: the
    evidence a lesson takes from the learner's file system (the CLI's session files), never a digest the player
    computed. Under grading, `player.view` is the sandbox's file system seen from outside (/proc/<zygote>/root);
    in « Vérifier », this process's. No link is followed (an absolute one would resolve on the trusted side), no
    FIFO or device is opened, at most MAX_READ_FILES files and MAX_READ_BYTES bytes in all; a path that is not there
    gives {}. Keys are paths relative to `root`."""
    import os
    import stat as st
    view = getattr(player, "view", None) or "/"
    found: dict[str, bytes] = {}
    budget = [MAX_READ_BYTES]
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)

    def walk(fd: int, prefix: str) -> None:
        for name in sorted(os.listdir(fd)):
            if len(found) >= MAX_READ_FILES or budget[0] <= 0:
                return
            try:
                child = os.open(name, flags, dir_fd=fd)
            except OSError:
                continue                 # a link (ELOOP), gone, unreadable
            try:
                info = os.fstat(child)
                if st.S_ISDIR(info.st_mode) and prefix.count("/") < 8:
                    walk(child, f"{prefix}{name}/")
                elif st.S_ISREG(info.st_mode):
                    data = os.read(child, min(info.st_size, budget[0]) + 1)
                    budget[0] -= len(data)
                    found[f"{prefix}{name}"] = data
            finally:
                os.close(child)

    try:
        fd = os.open(view, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return found
    try:
        for part in [p for p in root.split("/") if p]:
            inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            os.close(fd)
            fd = inner
        walk(fd, "")
    except OSError:
        pass
    finally:
        os.close(fd)
    return found


def partial(report: Report) -> float:
    """nbgrader's hidden tests: print the French report, end with the score (partial credit)."""
    print(report)
    return report.score


def raise_in_thread(thread: threading.Thread, exc_type: type[BaseException]) -> None:
    import ctypes
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident), ctypes.py_object(exc_type))


def run_in_thread(fn, *args, seconds: float = 5.0) -> Outcome:
    """Run `fn(*args)` in a worker thread (it may start its own event loop); give up after `seconds`.

    A worker still running at the deadline gets Deadline raised inside it, again and again for a
    second; pure-Python code stops, and the grader moves on either way.
    """
    box: dict = {}

    def target():
        try:
            box["value"] = fn(*args)
        except BaseException as exc:  # noqa: BLE001 - learner code, reported not raised
            box["error"] = exc

    started = time.monotonic()
    worker = threading.Thread(target=target, name="verification", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        for _ in range(20):
            raise_in_thread(worker, Deadline)
            worker.join(0.05)
            if not worker.is_alive():
                break
        return Outcome(error=Deadline(f"délai de {seconds:g} s dépassé"), timed_out=True,
                       seconds=time.monotonic() - started)
    error = box.get("error")
    if isinstance(error, Deadline):
        return Outcome(error=error, timed_out=True, seconds=time.monotonic() - started)
    return Outcome(value=box.get("value"), error=error, seconds=time.monotonic() - started)


def run_coroutine(fn, *args, seconds: float = 5.0) -> Outcome:
    """Await learner coroutine function `fn(*args)` on a private event loop, with a deadline."""
    import asyncio

    def call():
        result = fn(*args)
        if not asyncio.iscoroutine(result):
            raise TypeError("la fonction doit être définie avec « async def » (le SDK attend une coroutine)")
        return asyncio.run(result)
    return run_in_thread(call, seconds=seconds)
