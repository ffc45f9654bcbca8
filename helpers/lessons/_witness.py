"""Side effects recorded where learner code cannot reach them: a service on the trusted side, proxies in the player.

A check whose verdict rests on what the learner's tools *did* (money paid, a ticket opened, a file written) must
not read a journal kept in the learner's process: code there can pop its own entries, or send back any journal it
likes. The service a tool uses is therefore a `Witness`: a small HTTP server on the trusted side's loopback
(under grading the player reaches it through the forwarder, like the simulator: its URL is in the scenario), which
answers each call with the judge's `handler` and records it, with the step the *judge* was playing when the
call arrived. The learner's tools receive `Remote` objects: each method call is one POST, nothing is kept on
their side. What the player sends back about calls is never read; the judge reads `witness.calls`.

    witness = Witness(handler).start()            # trusted side
    witness.step = 3                              # before playing step 3
    … player({"service": witness.url, …}) …       # learner side: Remote(spec["service"], "payments").refund(…)
    witness.during(3)                             # the calls made while step 3 was played
"""
from __future__ import annotations

import json
import threading
import urllib.request
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable

MAX_BODY = 64 * 1024
MAX_CALLS = 500


@dataclass(frozen=True)
class Call:
    step: int
    service: str
    method: str
    args: list


class Witness:
    """`handler(service, method, args) -> JSON answer`; every call recorded, in order, with the judge's step."""

    def __init__(self, handler: Callable[[str, str, list], object]) -> None:
        self.handler = handler
        self.step = -1
        self.calls: list[Call] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    def start(self) -> "Witness":
        witness = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:   # quiet
                pass

            def do_POST(self) -> None:
                try:
                    length = int(self.headers.get("content-length") or 0)
                except ValueError:
                    length = -1
                if not 0 <= length <= MAX_BODY:
                    return self._answer(413, {"error": "appel trop long"})
                try:
                    data = json.loads(self.rfile.read(length) or b"{}")
                    service, method, args = str(data["service"]), str(data["method"]), list(data["args"])
                except (ValueError, KeyError, TypeError):
                    return self._answer(400, {"error": "appel illisible"})
                with witness._lock:
                    if len(witness.calls) >= MAX_CALLS:
                        return self._answer(429, {"error": "trop d'appels"})
                    call = Call(witness.step, service, method, args)
                    witness.calls.append(call)
                    try:
                        answer = witness.handler(service, method, args)
                    except Exception as exc:  # noqa: BLE001 - the service's own refusal, said to the caller
                        return self._answer(400, {"error": str(exc)})
                self._answer(200, {"result": answer})

            def _answer(self, status: int, payload: dict) -> None:
                raw = json.dumps(payload, ensure_ascii=False).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(raw)))
                self.send_header("connection", "close")
                self.end_headers()
                self.wfile.write(raw)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, name="temoin", daemon=True).start()
        return self

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def during(self, step: int, service: str | None = None) -> list[Call]:
        with self._lock:
            return [c for c in self.calls if c.step == step and (service is None or c.service == service)]

    def of(self, service: str, method: str | None = None) -> list[Call]:
        with self._lock:
            return [c for c in self.calls if c.service == service and (method is None or c.method == method)]

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> "Witness":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


class ServiceError(Exception):
    """What a service said when it refused a call."""


class Remote:
    """The learner's side of a service: `Remote(url, "payments").refund(a, b, c)` is one POST to the witness."""

    def __init__(self, url: str, service: str, methods: tuple[str, ...]) -> None:
        self._url, self._service, self._methods = url, service, methods

    def __getattr__(self, name: str):
        if name.startswith("_") or name not in self._methods:
            raise AttributeError(name)

        def call(*args):
            body = json.dumps({"service": self._service, "method": name, "args": [_plain(a) for a in args]},
                              ensure_ascii=False, default=str).encode()
            request = urllib.request.Request(self._url + "/appel", data=body, method="POST",
                                             headers={"content-type": "application/json"})
            try:
                with _OPENER.open(request, timeout=10) as answer:
                    return json.loads(answer.read())["result"]
            except urllib.error.HTTPError as exc:
                raise ServiceError(json.loads(exc.read() or b"{}").get("error", f"erreur {exc.code}")) from None
        call.__name__ = name
        return call

    def __repr__(self) -> str:
        return f"<service {self._service}>"


_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))   # loopback: never through a proxy


def _plain(value: object) -> object:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)
