"""The offline Messages API: a loopback HTTP server speaking the real wire format."""
from __future__ import annotations

import ast
import atexit
import functools
import importlib.util
import json
import threading
import time
import typing
from collections import deque
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

from . import _model, _strict, _tokens, _wire
from ._batches import PREFIX as BATCHES, BatchStore
from ._conversation import Conversation
from ._log import RequestLog
from ._threads import Threads, not_found

# "request_too_large: Request exceeds the maximum allowed number of bytes. The maximum request size is
# 32 MB for standard API endpoints" (API errors page; Messages and Token Counting: 32 MB).
MAX_REQUEST_BYTES = 32 * 1024 * 1024
TOO_LARGE = "Request exceeds the maximum allowed number of bytes."
REJECTED_KEY = "sk-ant-cle-revoquee"   # the one key the simulator refuses, to rehearse a 401 offline
# disconnect: the connection closes before any byte of an answer (a dropped connection, a proxy that gave up): httpx
# raises RemoteProtocolError, which the SDK turns into APIConnectionError — retryable, like a timeout, and instant.
FAULT_KINDS = ("rate_limit", "overloaded", "server_error", "cut_stream", "stream_error", "disconnect")


def known_models() -> list[str]:
    """Model IDs the installed `anthropic` package knows (its ModelParam literal).

    Read from the module's source when possible: importing `anthropic` costs about 1.5 s, and a notebook
    that only starts the simulator (the instructor's dashboard) does not need it."""
    return list(_known_models())


@functools.lru_cache(maxsize=1)
def _known_models() -> tuple[str, ...]:
    spec = importlib.util.find_spec("anthropic")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        try:
            tree = ast.parse((Path(folder) / "types" / "model_param.py").read_text())
        except (OSError, SyntaxError):
            continue
        found = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                 and isinstance(node.value, str) and node.value.startswith("claude-")]
        if found:
            return tuple(dict.fromkeys(found))
    from anthropic.types.model_param import ModelParam
    literal = next(a for a in typing.get_args(ModelParam) if typing.get_origin(a) is typing.Literal)
    return tuple(typing.get_args(literal))


def display_name(model_id: str) -> str:
    words = model_id.split("-")
    name, version = words[:2], [w for w in words[2:] if not (len(w) == 8 and w.isdigit())]
    return " ".join(w.capitalize() for w in name) + (" " + ".".join(version) if version else "")


@dataclass
class Fault:
    kind: str
    retry_after: float = 1.0
    after_events: int = 4    # cut_stream / stream_error: how many SSE events go out first


class Simulator:
    """One offline Messages API on 127.0.0.1; `base_url` is what the SDKs point at."""

    def __init__(self, playbooks: list | None = None, *, latency: float = 0.0) -> None:
        from ._playbooks import default_playbooks
        self.latency = latency      # seconds of "thinking" before each message answer (concurrency shows)
        self.playbooks = playbooks if playbooks is not None else default_playbooks()
        self.log = RequestLog()
        self.cache = _tokens.PromptCache()
        self.models = known_models()
        self._faults: deque[Fault] = deque()
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._counter = 0
        self._answers = 0
        self.batch_polls = 2        # a message batch ends on its 2nd retrieval (see _batches.py)
        self.batches = BatchStore(self)
        self.threads = Threads()      # message threads (beta): conversations held between turns

    @property
    def scripts(self):
        """The ScriptBook of this simulator: `sim.scripts.add(Script(...))`."""
        from ._playbooks import ScriptBook
        return next(p for p in self.playbooks if isinstance(p, ScriptBook))

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self) -> "Simulator":
        if self._httpd is not None:
            return self
        handler = type("Handler", (_Handler,), {"simulator": self})
        self._httpd = _QuietServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="simulateur-claude", daemon=True)
        self._thread.start()
        atexit.register(self.stop)
        return self

    def stop(self) -> None:
        if self._httpd is None:
            return
        self._httpd.shutdown()
        self._httpd.server_close()
        self._httpd = None

    @property
    def running(self) -> bool:
        return self._httpd is not None

    @property
    def base_url(self) -> str:
        self.start()
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    # -- fault injection ---------------------------------------------------------------------
    def inject(self, kind: str, times: int = 1, *, retry_after: float = 1.0, after_events: int = 4) -> None:
        """The next `times` calls to /v1/messages fail with `kind` (see FAULT_KINDS)."""
        if kind not in FAULT_KINDS:
            raise ValueError(f"panne inconnue : {kind!r} (possibles : {', '.join(FAULT_KINDS)})")
        with self._lock:
            for _ in range(times):
                self._faults.append(Fault(kind, retry_after, after_events))

    def clear_faults(self) -> None:
        with self._lock:
            self._faults.clear()

    def _next_fault(self) -> Fault | None:
        with self._lock:
            return self._faults.popleft() if self._faults else None

    def _request_id(self) -> str:
        with self._lock:
            self._counter += 1
            n = self._counter
        return "req_" + _wire.digest(id(self), n, time.time_ns())

    # -- the model -----------------------------------------------------------------------------
    def answer(self, body: dict, betas: frozenset[str] = frozenset()) -> tuple[str, dict]:
        """The message the simulated model returns for this (valid) request body."""
        conv = Conversation(body, betas)
        with self._lock:
            self._answers += 1
            # Ids are unique per response (as the real API's are) and still deterministic for a simulator run:
            # the n-th answer of this run; the content depends on the request alone.
            answers = self._answers
        request_key = _request_key(body)
        key = (request_key, answers)
        name, reply = _model.decide(conv, self.playbooks, key=request_key)
        usage = self.cache.usage(body)
        return name, _model.render(conv, reply, usage, request_key=key)


class _QuietServer(ThreadingHTTPServer):
    """A client that hangs up mid-answer (a learner's loop interrupted by the grader) is not an error."""

    def handle_error(self, request, client_address) -> None:
        import sys
        exc = sys.exc_info()[1]
        if not isinstance(exc, (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError)):
            super().handle_error(request, client_address)


def _request_key(body: dict) -> str:
    # Same request, same answer: everything that shapes the reply, nothing that varies per call — hashed once per
    # request (ids and signatures are derived from this short key, not from the whole body again and again).
    return _wire.digest({k: body.get(k) for k in ("model", "system", "messages", "tools", "max_tokens",
                                                  "stop_sequences")}, length=32)


def _ratelimit_headers(remaining: int) -> dict[str, str]:
    reset = (datetime.now(timezone.utc) + timedelta(seconds=60)).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {
        "anthropic-ratelimit-requests-limit": "50",
        "anthropic-ratelimit-requests-remaining": str(remaining),
        "anthropic-ratelimit-requests-reset": reset,
        "anthropic-ratelimit-input-tokens-limit": "40000",
        "anthropic-ratelimit-input-tokens-remaining": str(remaining * 800),
        "anthropic-ratelimit-input-tokens-reset": reset,
        "anthropic-ratelimit-output-tokens-limit": "8000",
        "anthropic-ratelimit-output-tokens-remaining": str(remaining * 160),
        "anthropic-ratelimit-output-tokens-reset": reset,
    }


class _Handler(BaseHTTPRequestHandler):
    simulator: Simulator
    protocol_version = "HTTP/1.1"
    server_version = "simulateur-claude/1.0"
    disable_nagle_algorithm = True   # headers and body go out in separate writes: no 40 ms stall

    def log_message(self, *args) -> None:  # keep the learner's cell quiet
        pass

    # -- plumbing ------------------------------------------------------------------------------
    def _send_json(self, status: int, payload: object, request_id: str, extra: dict | None = None) -> None:
        raw = json.dumps(payload, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(raw)))
        self.send_header("request-id", request_id)
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(raw)

    def _clean_headers(self) -> dict:
        return {k.lower(): v for k, v in self.headers.items()
                if k.lower() not in ("x-api-key", "authorization", "cookie")}

    def _record(self, **fields) -> None:
        self.simulator.log.append(method=self.command, path=self.path, headers=self._clean_headers(),
                                  size=getattr(self, "_size", 0),
                                  received=getattr(self, "_received", 0.0), answered=time.monotonic(), **fields)

    def _authenticated(self, request_id: str, body: object) -> bool:
        key = self.headers.get("x-api-key") or (self.headers.get("authorization") or "").removeprefix("Bearer ")
        if key and key != REJECTED_KEY:
            return True
        payload = _wire.error_body(401, "invalid x-api-key", request_id)
        self._record(request=body, status=401, response=payload, request_id=request_id)
        self._send_json(401, payload, request_id)
        return False

    # -- routes ----------------------------------------------------------------------------------
    def do_GET(self) -> None:
        self._received = time.monotonic()
        request_id = self.simulator._request_id()
        path = urlsplit(self.path).path
        if not self._authenticated(request_id, None):
            return
        if path.startswith(BATCHES):
            return self._batches("GET", None, request_id)
        models = [{"type": "model", "id": m, "display_name": display_name(m),
                   "created_at": "2026-01-01T00:00:00Z"} for m in self.simulator.models]
        if path == "/v1/models":
            payload = {"data": models, "has_more": False,
                       "first_id": models[0]["id"], "last_id": models[-1]["id"]}
            status = 200
        elif path.startswith("/v1/models/") and path.rsplit("/", 1)[-1] in self.simulator.models:
            status, payload = 200, next(m for m in models if m["id"] == path.rsplit("/", 1)[-1])
        else:
            status = 404
            payload = _wire.error_body(404, f"Not found: {path}", request_id)
        self._record(request=None, status=status, response=payload, request_id=request_id)
        self._send_json(status, payload, request_id)

    def _too_large(self, request_id: str, length: int) -> None:
        """413 before the body is read; the body is then discarded in small chunks, never held in memory."""
        payload = _wire.error_body(413, TOO_LARGE, request_id)
        self._record(request=None, status=413, response=payload, request_id=request_id)
        self._send_json(413, payload, request_id, {"connection": "close"})
        self.close_connection = True
        left = length
        try:
            while left > 0:
                chunk = self.rfile.read(min(left, 1 << 16))
                if not chunk:
                    break
                left -= len(chunk)
        except OSError:
            pass

    def do_POST(self) -> None:
        self._received = time.monotonic()
        sim = self.simulator
        request_id = sim._request_id()
        try:
            length = int(self.headers.get("content-length") or 0)
        except ValueError:
            length = 0
        if length > MAX_REQUEST_BYTES:
            return self._too_large(request_id, length)
        raw = self.rfile.read(length) if length else b""
        self._size = len(raw)
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        if not self._authenticated(request_id, body):
            return
        path = urlsplit(self.path).path
        betas = frozenset(b.strip() for b in (self.headers.get("anthropic-beta") or "").split(",") if b.strip())
        if path == "/v1/messages/count_tokens":
            return self._count_tokens(body, betas, request_id)
        if path.startswith(BATCHES):
            return self._batches("POST", body, request_id, betas)
        if path != "/v1/messages":
            payload = _wire.error_body(404, f"Not found: {path}", request_id)
            self._record(request=body, status=404, response=payload, request_id=request_id)
            return self._send_json(404, payload, request_id)

        sent = body
        body, lost = sim.threads.whole(body, betas) if isinstance(body, dict) else (body, None)
        if lost:
            payload = not_found(lost, request_id)
            self._record(request=sent, status=404, response=payload, request_id=request_id)
            return self._send_json(404, payload, request_id)
        rejection = _strict.check_request(body, set(sim.models), betas)
        if rejection:
            payload = _wire.error_body(rejection.status, rejection.message, request_id, rejection.error_type)
            self._record(request=body, status=rejection.status, response=payload, request_id=request_id)
            return self._send_json(rejection.status, payload, request_id)

        stream = bool(body.get("stream"))
        fault = sim._next_fault()
        if fault and fault.kind in ("rate_limit", "overloaded", "server_error"):
            return self._fail(fault, body, stream, request_id)
        if fault and fault.kind == "disconnect":
            # No status line, nothing: status 0 in the log (no answer), the body kept like any faulted request's.
            self._record(request=body, status=0, response=None, request_id=request_id, stream=stream,
                         fault=fault.kind)
            self.close_connection = True
            return

        if sim.latency > 0:
            time.sleep(sim.latency)
        playbook, message = sim.answer(body, betas)
        sim.threads.keep(body, betas, message)
        self._record(request=body, status=200, response=message, request_id=request_id, stream=stream,
                     playbook=playbook, fault=fault.kind if fault else None)
        if not stream:
            return self._send_json(200, message, request_id, _ratelimit_headers(49))
        self._stream(message, request_id, fault)

    def do_DELETE(self) -> None:
        self._received = time.monotonic()
        request_id = self.simulator._request_id()
        if self._authenticated(request_id, None):
            self._batches("DELETE", None, request_id)

    def _batches(self, method: str, body: object, request_id: str, betas: frozenset[str] = frozenset()) -> None:
        url = urlsplit(self.path)
        host, port = self.server.server_address[:2]
        status, payload, kind = self.simulator.batches.handle(
            method, url.path.rstrip("/"), dict(parse_qsl(url.query)), body, betas, request_id,
            f"http://{host}:{port}")
        self._record(request=body, status=status, response=payload, request_id=request_id)
        if kind == "json":
            return self._send_json(status, payload, request_id)
        raw = payload.encode()
        self.send_response(status)
        self.send_header("content-type", "application/x-jsonl")
        self.send_header("content-length", str(len(raw)))
        self.send_header("request-id", request_id)
        self.end_headers()
        self.wfile.write(raw)

    def _count_tokens(self, body: object, betas: frozenset[str], request_id: str) -> None:
        rejection = None
        if isinstance(body, dict):
            probe = dict(body, max_tokens=1)
            rejection = _strict.check_request(probe, set(self.simulator.models), betas)
        else:
            rejection = _strict.Rejection(400, "There was an error parsing the body of your request.")
        if rejection:
            payload = _wire.error_body(rejection.status, rejection.message, request_id, rejection.error_type)
            status = rejection.status
        else:
            segments = _tokens.prompt_segments(body)
            payload, status = {"input_tokens": sum(_tokens.count(s) for s, _ in segments)}, 200
        self._record(request=body, status=status, response=payload, request_id=request_id)
        self._send_json(status, payload, request_id)

    def _fail(self, fault: Fault, body: dict, stream: bool, request_id: str) -> None:
        status = {"rate_limit": 429, "overloaded": 529, "server_error": 500}[fault.kind]
        message = {
            429: "Number of request tokens has exceeded your per-minute rate limit "
                 "(https://docs.claude.com/en/api/rate-limits); see the response headers for current usage.",
            529: "Overloaded",
            500: "Internal server error",
        }[status]
        payload = _wire.error_body(status, message, request_id)
        headers = {}
        if status in (429, 529):
            headers["retry-after"] = f"{fault.retry_after:g}"
        if status == 429:
            headers.update(_ratelimit_headers(0))
        self._record(request=body, status=status, response=payload, request_id=request_id, stream=stream,
                     fault=fault.kind)
        self._send_json(status, payload, request_id, headers)

    def _stream(self, message: dict, request_id: str, fault: Fault | None) -> None:
        self.send_response(200)
        self.send_header("content-type", "text/event-stream; charset=utf-8")
        self.send_header("cache-control", "no-cache")
        self.send_header("request-id", request_id)
        for k, v in _ratelimit_headers(49).items():
            self.send_header(k, v)
        # Chunked like the real API: a connection dropped mid-stream is then an incomplete body.
        self.send_header("transfer-encoding", "chunked")
        self.end_headers()

        def chunk(data: bytes) -> None:
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")

        for n, (event, data) in enumerate(_wire.stream_events(message)):
            if fault and n >= fault.after_events:
                if fault.kind == "stream_error":
                    err = _wire.error_body(529, "Overloaded", request_id)
                    chunk(_wire.sse("error", {"type": "error", "error": err["error"]}))
                    self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()
                self.close_connection = True   # cut_stream: no final chunk, the body is left incomplete
                return
            chunk(_wire.sse(event, data))
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()
