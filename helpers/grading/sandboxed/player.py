"""The player: a fresh process, inside the sandbox, that runs a submission's cells and then plays
the scenarios of one exercise for the trusted judge.

    forked by the zygote (zygote.py) for verdicts.Player; or python -m helpers.grading.sandboxed.player

It talks to the judge over an inherited socket (its number in COURS_CANAL), in the messages of grading/protocol.py
(the judge's end is verdicts.Player). The judge sends the submitted
notebook's code cells (never the kernel's state): each runs here, in an IPython shell, with a
time limit, and the player says which cell it starts so that a cell that kills it can be left
out of the next attempt. Then the judge sends scenarios (`play`), the player runs the lesson's
`play(objects, spec)` on the learner's objects and sends plain data back. The simulator the
learner's code talks to lives in the judge's process: the player relays 127.0.0.1:PORT, inside
its own network namespace, to a Unix socket the judge listens on (see forwarder.py).

Nothing here is trusted: the learner's cells run in this process and may change anything in it.
What the judge takes from it is what the learner's code did — sent on the wire (the judge reads
its own simulator's log) or returned (data the learner's code computed).
"""
from __future__ import annotations

import os
import socket
import sys
import threading

from .. import protocol
from ..protocol import CellStarted, Hello, Play, Ready, Result

CHANNEL_FD = int(os.environ.get("COURS_CANAL", "3"))
CELL_SECONDS = float(os.environ.get("COURS_DELAI_CELLULE_JOUEUR_S", "20"))


class Channel:
    def __init__(self, fd: int) -> None:
        self.sock = socket.socket(fileno=fd)
        self.reader = self.sock.makefile("rb")
        self._send = self.sock.sendall
        self._read = protocol.read

    def send(self, message: protocol.Message) -> None:
        self._send(message.line())

    def receive(self, *expected: type) -> protocol.Message | None:
        """The judge's next message if it is one of `expected`; None for anything else (Stop included)."""
        line = self.reader.readline(protocol.MAX_LINE)
        if not line:
            raise SystemExit(0)
        return self._read(line, *expected)

    def receiver(self):
        """`receive`, with the reader and the parser bound now (before learner code): replacing the channel's reader
        or `protocol.read` afterwards redirects nothing the main loop reads."""
        readline, read, limit = self.reader.readline, self._read, protocol.MAX_LINE

        def receive(*expected: type, readline=readline, read=read, limit=limit) -> protocol.Message | None:
            line = readline(limit)
            if not line:
                raise SystemExit(0)
            return read(line, *expected)
        return receive


# -- 127.0.0.1:PORT here → the judge's Unix socket ---------------------------------------------------

_relays: dict[int, socket.socket] = {}


def _pipe(a: socket.socket, b: socket.socket) -> None:
    try:
        while True:
            data = a.recv(65536)
            if not data:
                break
            b.sendall(data)
    except OSError:
        pass
    finally:
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def relay(port: int, path: str) -> None:
    if port in _relays:
        return
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", port))
    server.listen(64)
    _relays[port] = server

    def serve() -> None:
        while True:
            try:
                client, _ = server.accept()
                upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                upstream.connect(path)
            except OSError:
                continue
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=_pipe, args=(a, b), daemon=True).start()

    threading.Thread(target=serve, name=f"relais-{port}", daemon=True).start()


# -- the learner's cells --------------------------------------------------------------------------

def shell():
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config
    config = Config()
    config.HistoryManager.enabled = False
    config.InteractiveShell.colors = "nocolor"
    config.InteractiveShell.xmode = "Minimal"
    return InteractiveShell.instance(config=config)


def _watchdog(seconds: float, finished: threading.Event) -> None:
    """If the cell outlives its alarm (signals ignored or blocked), raise Deadline into it from here."""
    from ...lessons.kit import Deadline, raise_in_thread
    main_thread = threading.main_thread()
    if finished.wait(seconds + 2):
        return
    while not finished.wait(0.2):
        raise_in_thread(main_thread, Deadline)


def run_cells(sh, cells: list[str], channel: Channel, seconds: float = CELL_SECONDS) -> list[dict]:
    from ...lessons.kit import Deadline, deadline
    done = []
    for index, source in enumerate(cells):
        channel.send(CellStarted(index))
        finished = threading.Event()
        threading.Thread(target=_watchdog, args=(seconds, finished), daemon=True).start()
        try:
            with deadline(seconds):
                result = sh.run_cell(source, store_history=False, silent=False)
            error = result.error_before_exec or result.error_in_exec
        except Deadline as exc:
            error = exc
        except BaseException as exc:  # noqa: BLE001 - learner code: noted, never fatal here
            error = exc
        finally:
            finished.set()
        done.append({"cell": index, "error": f"{type(error).__name__}: {str(error)[:200]}" if error else None})
    return done


# The tamper check reads objects with what the learner cannot rebind: builtins captured here as default values
# (a default is changed through `f.__defaults__`, which the audit hook below refuses), and
# `object.__getattribute__`, whose type no code can modify. A patched `builtins.getattr` or `builtins.id` changes
# nothing of what it sees.
def _attribute(value, name, _get=object.__getattribute__):
    try:
        return _get(value, name)
    except AttributeError:
        return None


def _mark(value: object, _attribute=_attribute, id=id, hash=hash) -> tuple:
    """What identifies a function or class member as the checks wrote it: the object, and for a function its code,
    and defaults — a learner's `f.__code__ = other.__code__` keeps `id(f)` but not `id(f.__code__)`."""
    target = _attribute(value, "__func__") or value       # classmethod, staticmethod, bound method
    code = _attribute(target, "__code__")
    return (id(value), id(target), id(code), hash(_attribute(code, "co_code")) if code is not None else 0,
            id(_attribute(target, "__defaults__")), id(_attribute(target, "__kwdefaults__")))


def _fingerprint(_mark=_mark, sys=sys, list=list, vars=vars, callable=callable, isinstance=isinstance, type=type,
                 _attribute=_attribute) -> dict:
    """Every function and class of the checks' code (helpers.lessons, helpers.grading, helpers.simulator) and
    every attribute of those classes, code included: learner code that replaces one — the object or its code —
    is tampering with the verdict."""
    marks = {}
    for name, module in list(sys.modules.items()):
        if not isinstance(name, str) or not name.startswith(("helpers.lessons", "helpers.grading",
                                                              "helpers.simulator")) or module is None:
            continue
        for attr, value in list(vars(module).items()):
            if callable(value) or isinstance(value, type):
                marks[f"{name}.{attr}"] = _mark(value)
                if isinstance(value, type) and _attribute(value, "__module__") == name:
                    for key, member in list(vars(value).items()):
                        marks[f"{name}.{attr}.{key}"] = _mark(member)
    return marks


def _changed(before: dict, _fingerprint=_fingerprint, sorted=sorted, set=set) -> list[str]:
    after = _fingerprint()
    return sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k) and k in before)


def _guard(protected: set, refused: list, id=id):
    """An audit hook (it cannot be removed): replacing the code or the defaults of one of the checks' functions —
    `play.__code__ = …`, `__defaults__`, `__kwdefaults__`, the events CPython audits — fails, and is noted as
    tampering. (A class attribute or a module's global replaced is not audited: the fingerprint sees it.)"""
    def hook(event, args, protected=protected, refused=refused, id=id):
        if event in ("object.__setattr__", "object.__delattr__") and args and id(args[0]) in protected:
            refused.append(f"{event[7:]}({args[1]!s:.40})")
            raise PermissionError("les fonctions de la vérification ne se modifient pas")
    return hook


def _protected(sys=sys, list=list, vars=vars, isinstance=isinstance, type=type) -> set:
    """The ids of every function of the checks' modules — module level, and the methods of their classes (a
    classmethod's or staticmethod's function too) — as they are before learner code runs."""
    import types
    ids = set()
    for name, module in list(sys.modules.items()):
        if not isinstance(name, str) or not name.startswith("helpers.") or module is None:
            continue
        for value in list(vars(module).values()):
            members = list(vars(value).values()) if isinstance(value, type) else []
            for item in [value, *members]:
                item = _attribute(item, "__func__") if isinstance(item, (classmethod, staticmethod)) else item
                if isinstance(item, types.FunctionType):
                    ids.add(id(item))
    return ids


def main(fd: int | None = None) -> None:
    channel = Channel(CHANNEL_FD if fd is None else fd)
    # What the judge relies on is taken before any learner code runs.
    from ...lessons import exercises
    from ...lessons.kit import plain
    hello = channel.receive(Hello)
    if hello is None:
        raise SystemExit(0)
    spec = exercises()[hello.exercise]
    play, names = spec.play, list(spec.names)
    send, receive, relay_to, changed = channel.send, channel.receiver(), relay, _changed   # bound before learner code
    settrace, setprofile = sys.settrace, sys.setprofile
    ready, result_of = Ready, Result
    sh = shell()
    marks = _fingerprint()
    refused: list[str] = []
    sys.addaudithook(_guard(_protected(), refused))
    cells = run_cells(sh, [c if isinstance(c, str) else "" for c in hello.cells], channel, float(hello.cell_seconds))
    namespace = sh.user_ns
    objects = {name: namespace[name] for name in names if name in namespace}
    # A tracer or profiler a cell left on this thread would run inside the loop below (and could stall it while a
    # thread of the cell answers the judge in its place): none survives the cells.
    settrace(None)
    setprofile(None)
    send(ready(cells=cells, missing=[n for n in names if n not in objects],
               values=[plain(objects.get(n)) for n in names], tampered=(refused + changed(marks))[:20]))
    while True:
        message = receive(Play)
        if message is None:                 # Stop, or anything that is not a scenario: the end
            break
        for port, path in message.relays.items():
            try:
                relay_to(int(port), path)
            except OSError:
                pass
        try:
            result = play(objects, message.spec)
        except BaseException as exc:  # noqa: BLE001 - reported to the judge as data
            result = {"outcome": {"error": f"{type(exc).__name__} : {exc}", "error_type": type(exc).__name__}}
        send(result_of(result=plain(result), tampered=(refused + changed(marks))[:20], number=message.number))
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
