"""Verdicts the learner's code cannot touch.

`grade(exercise, *objects)` is what every hidden test cell calls. Alone (self-study, « Vérifier »)
it runs the check in this process. Under grading, nbgrader's trusted process runs a
`VerdictService` and hands the kernel its address: the check then runs *in the trusted process*,
on its own simulators; the kernel only executes the learner's code for each scenario and answers
with plain data. The verdict stays in the trusted process, which writes it into the graded
notebook itself — whatever the learner's code did to the kernel (patched checks, rewritten cells,
a forged number printed by the test cell) changes nothing.
"""
from __future__ import annotations

import ast
import json
import os
import secrets
import socket
import socketserver
import tempfile
import threading
from pathlib import Path

from ..lessons import check, exercise, exercises
from ..lessons._kit import Criterion, Report, plain

ENV = "COURS_VERDICTS"        # "<socket path>|<token>", set only by the trusted grader
MAX_LINE = 8 * 1024 * 1024


def judge(exercise_id: str, player, values: list) -> Report:
    """Run the check of `exercise_id`; learner code only through `player`, learner values as plain data."""
    return exercise(exercise_id).judge(player, values)


def quiz_report(exercise_id: str, answers: object, key: object) -> Report:
    from ..lessons import graded_report
    return graded_report(exercise_id, answers, key)


def grade(exercise_id: str, *objects) -> Report:
    """Vérifie l'exercice : ici même, ou — pendant la correction — par le correcteur de confiance."""
    spec = exercise(exercise_id)
    address = os.environ.get(ENV)
    if not address or spec.is_quiz:
        # Quiz answers are graded from the submitted cell's source by the trusted side: nothing to ask it.
        return check(exercise_id, *objects)
    return _remote(exercise_id, objects, address)


# -- the kernel's side of the protocol ---------------------------------------------------------

def _send(stream, message: dict) -> None:
    stream.write((json.dumps(message, ensure_ascii=False) + "\n").encode())
    stream.flush()


def _receive(stream) -> dict:
    line = stream.readline(MAX_LINE)
    if not line:
        raise ConnectionError("connexion fermée")
    return json.loads(line)


def _remote(exercise: str, objects: tuple, address: str) -> Report:
    path, token = address.split("|", 1)
    spec = exercises()[exercise]
    named = dict(zip(spec.names, objects))
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.connect(path)
        stream = sock.makefile("rwb")
        _send(stream, {"token": token, "exercise": exercise, "values": [plain(o) for o in objects]})
        while True:
            message = _receive(stream)
            if "play" in message:
                try:
                    result = spec.play(named, message["play"])
                except Exception as exc:  # noqa: BLE001 - reported to the judge as data
                    result = {"outcome": {"error": f"{type(exc).__name__} : {exc}", "error_type": type(exc).__name__}}
                _send(stream, {"result": result})
            elif "report" in message:
                report = Report(exercise, [Criterion(c["key"], c["rule"], c["points"], c["passed"], c["detail"])
                                           for c in message["report"]])
                return report


# -- the trusted side ---------------------------------------------------------------------------

def _report_data(report: Report) -> list[dict]:
    return [{"key": c.key, "rule": c.rule, "points": c.points, "passed": c.passed, "detail": c.detail}
            for c in report.criteria]


class VerdictService:
    """Runs in nbgrader's process for one notebook: judges on request, keeps the verdicts."""

    def __init__(self) -> None:
        self.token = secrets.token_hex(16)
        self.folder = tempfile.mkdtemp(prefix="cours-verdicts-")
        self.path = str(Path(self.folder) / "s")
        self.verdicts: dict[str, Report] = {}
        self.attempts: dict[str, int] = {}
        self._lock = threading.Lock()
        service = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                service._serve(self.rfile, self.wfile)

        self._server = socketserver.ThreadingUnixStreamServer(self.path, Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)
        self._thread.start()

    @property
    def address(self) -> str:
        return f"{self.path}|{self.token}"

    def _serve(self, rfile, wfile) -> None:
        try:
            hello = json.loads(rfile.readline(MAX_LINE) or b"{}")
        except ValueError:
            return
        exercise = hello.get("exercise")
        if hello.get("token") != self.token or exercise not in exercises() or exercises()[exercise].is_quiz:
            return
        with self._lock:
            self.attempts[exercise] = self.attempts.get(exercise, 0) + 1
        broken = {"dead": False}

        def player(spec: dict) -> object:
            if broken["dead"]:
                return _crashed()
            try:
                wfile.write((json.dumps({"play": spec}, ensure_ascii=False) + "\n").encode())
                wfile.flush()
                line = rfile.readline(MAX_LINE)
                if not line:
                    raise ConnectionError
                return json.loads(line).get("result")
            except (OSError, ValueError, ConnectionError):
                broken["dead"] = True
                return _crashed()

        values = hello.get("values") if isinstance(hello.get("values"), list) else []
        report = judge(exercise, player, values)
        with self._lock:
            self.verdicts[exercise] = report
        try:
            wfile.write((json.dumps({"report": _report_data(report)}, ensure_ascii=False) + "\n").encode())
            wfile.flush()
        except OSError:
            pass

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        try:
            os.unlink(self.path)
            os.rmdir(self.folder)
        except OSError:
            pass


def _crashed() -> dict:
    return {"outcome": {"error": "le noyau s'est arrêté ou a coupé la connexion pendant l'exécution de votre code",
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
