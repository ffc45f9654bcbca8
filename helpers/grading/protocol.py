"""The two socket protocols of grading: each message defined once, here, and used by both ends. JSON lines.

judge ↔ player   verdicts.Player (trusted) ↔ sandboxed/player.py, over a socket pair the zygote hands the player
    judge → player   Hello(exercise, cells), then Play(spec, relays, number) for each scenario, Stop() at the end
    player → judge   CellStarted(cell) before each cell, Ready(…) once the cells ran, Result(…, number) for each
                     Play, then nothing: a line the judge did not ask for (another number, a second answer, anything
                     after the last one) was written by learner code on the player's descriptor

grader ↔ zygote   atelier.Atelier (trusted) ↔ sandboxed/zygote.py, over the zygote's inherited socket
    Spawn(role, args) (+ the player's descriptor) → Spawned(pid)    Status(pid) → Exited(exit)
    Kill(pid), Signal(pid, sig), Sweep(), Ping() → Done(pid)        an unknown or malformed request → Failed(error)

On the wire a message is its fields plus "type". `read` returns a message of one of the expected classes, or None
for anything else — a line that is not JSON, another type, a field of the wrong type: a message from the sandbox
is data written by a process learner code may have rewritten, never trusted to be well formed — nor small: a line
holds at most MAX_LINE bytes and MAX_CONTAINERS objects or lists.
"""
from __future__ import annotations

import json
from dataclasses import MISSING, dataclass, field, fields

MAX_LINE = 16 * 1024 * 1024        # the longest line either end reads
# The most JSON objects and lists a line may hold (its `{` and `[` bytes, counted at C speed before parsing): 16 MiB
# of `[{},{},…]` is 5.6 million dicts, 2 GB in the judge once parsed. `plain` sends at most 20 000 values.
MAX_CONTAINERS = 250_000
_TYPES: dict[str, type] = {}


def _message(tag: str, **types: type):
    """A frozen dataclass registered under `tag`; `types` are the checks `read` makes on each field."""
    def define(cls):
        cls = dataclass(frozen=True)(cls)
        cls.TYPE, cls.FIELD_TYPES = tag, types
        _TYPES[tag] = cls
        return cls
    return define


class Message:
    TYPE = ""
    FIELD_TYPES: dict[str, type] = {}

    def line(self) -> bytes:
        data = {"type": self.TYPE, **{f.name: getattr(self, f.name) for f in fields(self)}}
        return (json.dumps(data, ensure_ascii=False, default=repr) + "\n").encode()


def read(line: bytes | str, *expected: type) -> Message | None:
    """The message on `line` if it is one of `expected` (all types when none given) and well formed, else None."""
    if isinstance(line, str):
        line = line.encode("utf-8", "surrogatepass")
    if line.count(b"{") + line.count(b"[") > MAX_CONTAINERS:
        return None
    try:
        data = json.loads(line)
    except (ValueError, TypeError, RecursionError):
        return None
    cls = _TYPES.get(data.get("type")) if isinstance(data, dict) and isinstance(data.get("type"), str) else None
    if cls is None or (expected and cls not in expected):
        return None
    values = {}
    for f in fields(cls):
        if f.name in data:
            value = data[f.name]
        elif f.default is not MISSING:
            value = f.default
        elif f.default_factory is not MISSING:
            value = f.default_factory()
        else:
            return None
        wanted = cls.FIELD_TYPES.get(f.name, object)
        if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            return None
        values[f.name] = value
    return cls(**values)


# -- judge ↔ player ---------------------------------------------------------------------------------------------------

@_message("hello", exercise=str, cells=list, cell_seconds=(int, float))
class Hello(Message):
    exercise: str
    cells: list = field(default_factory=list)        # the submitted notebook's code cells, as text
    cell_seconds: float = 20.0                       # each cell's alarm (the judge waits that, plus a margin)


@_message("cell", cell=int)
class CellStarted(Message):
    cell: int                                        # a cell that kills the player is left out of the next attempt


@_message("ready", cells=list, missing=list, values=list, tampered=list)
class Ready(Message):
    cells: list = field(default_factory=list)        # per cell: {"cell": i, "error": "…" or None}
    missing: list = field(default_factory=list)      # the exercise's names the cells did not define
    values: list = field(default_factory=list)       # those objects reduced to plain data (lessons.kit.plain)
    tampered: list = field(default_factory=list)     # the checks' functions the cells replaced


@_message("play", spec=dict, relays=dict, number=int)
class Play(Message):
    spec: dict                                       # the scenario, for the lesson's `play(objects, spec)`
    relays: dict = field(default_factory=dict)       # port on the player's loopback → the judge's Unix socket
    number: int = 0                                  # counted by the judge: 0, 1, 2… in one player


@_message("result", tampered=list, number=int)
class Result(Message):
    result: object = None                            # what `play` returned, plain data
    tampered: list = field(default_factory=list)
    number: int = -1                                 # the Play it answers


@_message("stop")
class Stop(Message):
    pass


# -- grader ↔ zygote --------------------------------------------------------------------------------------------------

@_message("spawn", role=str, args=dict)
class Spawn(Message):
    role: str                                        # "kernel" or "player"
    args: dict = field(default_factory=dict)


@_message("status", pid=int)
class Status(Message):
    pid: int


@_message("kill", pid=int)
class Kill(Message):
    pid: int


@_message("signal", pid=int, sig=int)
class Signal(Message):
    pid: int
    sig: int = 2


@_message("sweep")
class Sweep(Message):
    pass


@_message("ping")
class Ping(Message):
    pass


@_message("spawned", pid=int)
class Spawned(Message):
    pid: int


@_message("exited")
class Exited(Message):
    exit: object = None                              # None while running, else the exit code (-9: unknown)


@_message("done")
class Done(Message):
    pid: object = None


@_message("failed", error=str)
class Failed(Message):
    error: str = ""


REQUESTS = (Spawn, Status, Kill, Signal, Sweep, Ping)
REPLIES = (Spawned, Exited, Done, Failed)
