"""The judge's simulator, seen from a sandbox: a Unix socket that forwards capped HTTP requests.

The checks start their simulator on the grader's loopback; the sandboxed player has its own
network namespace and cannot reach it. A `Forwarder` listens on a Unix socket (in a folder
mounted into the sandbox), reads one HTTP/1.1 request at a time under limits, and passes it to
the simulator with `Connection: close`, then relays the answer. The grader, not the sandbox,
pays for what the simulator parses: so a request line or headers over 64 KiB, a body over
MAX_BODY, a request that takes more than REQUEST_SECONDS to arrive or to be answered, or more
than MAX_REQUESTS requests are refused here (413, 408, 429 in the API's error format) and never
reach the simulator.

Per request is not enough: 2 000 requests of 4 MiB each is hours of parsing and gigabytes of log. Every
forwarder of one exercise's judging shares a `Budget`: total bytes forwarded (MAX_TOTAL_BYTES), and JSON
containers — what parsing turns into Python objects, counted as the body's `{` and `[` bytes, an upper
bound found at C speed — per request (MAX_CONTAINERS) and in total (MAX_TOTAL_CONTAINERS). A body of
`[{},{},…]` is 3 bytes per dict on the wire and some 60 in the grader's memory: its size alone bounds nothing.

And time: when the trusted side's clock for the exercise runs out (grading/trusted/verdicts.py, `Exercise.seconds`),
the judging closes its `Budget` and every forwarder refuses each request at once, its body unread (429).

Who asked is seen from here too: every request reaches the simulator with a `x-cours-clients` header the forwarder
writes (any such header the sandbox sent is dropped) — the programs (their executables' paths) that held a connection
to the simulator's port inside the sandbox when the request arrived, read in /proc (`clients`), as root or as the
grader account alike. A request posted by learner code in the name of the CLI carries the CLI's user agent, but not
the CLI's process (lessons/_evidence.py).
"""
from __future__ import annotations

import json
import os
import socket
import struct
import threading
import time

MAX_HEAD = 64 * 1024
MAX_BODY = int(os.environ.get("COURS_CORPS_MAX_OCTETS", str(4 * 1024 * 1024)))
MAX_ANSWER = 64 * 1024 * 1024
REQUEST_SECONDS = 20.0
MAX_REQUESTS = 2000
MAX_CONNECTIONS = 16
MAX_TOTAL_BYTES = int(os.environ.get("COURS_OCTETS_EXERCICE_MAX", str(48 * 1024 * 1024)))
MAX_CONTAINERS = 60_000
MAX_TOTAL_CONTAINERS = 400_000


CLIENTS = "x-cours-clients"
UNKNOWN = "?"


def _peer(client: socket.socket) -> int | None:
    """The pid (in this process's namespace) of the sandbox process at the other end: the player, whose relay
    connected."""
    try:
        pid, _uid, _gid = struct.unpack("3i", client.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED,
                                                                struct.calcsize("3i")))
    except OSError:
        return None
    return pid or None


def _connected_to(pid: int, port: int) -> set[int]:
    """The inodes of the sockets, in `pid`'s network namespace, connected to 127.0.0.1:`port` (the client ends)."""
    found = set()
    for table in ("tcp", "tcp6"):
        try:
            with open(f"/proc/{pid}/net/{table}") as f:
                rows = f.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            parts = row.split()
            if len(parts) > 9 and parts[3] == "01" and int(parts[2].rsplit(":", 1)[1], 16) == port:
                found.add(int(parts[9]))
    return found


def clients(pid: int | None, port: int) -> str:
    """The programs (the full path of their executable, as the sandbox sees it) that hold a connection to `port` in
    the sandbox of `pid` — the bundled CLI, python… — sorted, comma-separated; "?" for a connection whose process
    could not be read or is not `pid` or one of its descendants, and "?" when nothing could be read at all.

    A path, not a name: a copy of any program named `claude` in the sandbox's /tmp is not the CLI. The sandbox's
    children are readable here both as root and as the grader account (grading/sandboxed/zygote.py), so the same
    submission gives the same evidence in both set-ups; what cannot be seen is marked unknown, never left out."""
    from ..sandbox import tree
    if not pid:
        return UNKNOWN
    wanted = _connected_to(pid, port)
    names: set[str] = set()
    for p in tree(pid):
        try:
            fds = os.listdir(f"/proc/{p}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                link = os.readlink(f"/proc/{p}/fd/{fd}")
            except OSError:
                continue
            if link.startswith("socket:[") and int(link[8:-1]) in wanted:
                wanted.discard(int(link[8:-1]))
                try:
                    names.add(os.readlink(f"/proc/{p}/exe").replace(",", "%2C") or UNKNOWN)
                except OSError:
                    names.add(UNKNOWN)
    if wanted:
        names.add(UNKNOWN)
    return ",".join(sorted(names)) or UNKNOWN


class Budget:
    """What one exercise's judging may send to its simulators, all forwarders together."""

    def __init__(self) -> None:
        self.requests = 0
        self.bytes = 0
        self.containers = 0
        self.closed: str | None = None      # the exercise's time is spent: every request refused, unread
        self._lock = threading.Lock()

    def close(self, reason: str) -> None:
        """Refuse every request from now on (the trusted side's clock for the exercise ran out)."""
        self.closed = self.closed or reason

    def take(self, body: bytes) -> str | None:
        """Count one request's body; a French reason when it must be refused, else None."""
        if self.closed:
            return self.closed
        containers = body.count(b"{") + body.count(b"[")
        if containers > MAX_CONTAINERS:
            return (f"Requête de {containers} objets ou listes JSON : la correction en accepte au plus "
                    f"{MAX_CONTAINERS} par requête.")
        with self._lock:
            self.requests += 1
            if self.requests > MAX_REQUESTS:
                return "Trop de requêtes pendant cette vérification."
            if self.bytes + len(body) > MAX_TOTAL_BYTES:
                return (f"Plus de {MAX_TOTAL_BYTES // 2**20} Mio envoyés pendant cette vérification : requêtes "
                        f"suivantes refusées.")
            if self.containers + containers > MAX_TOTAL_CONTAINERS:
                return "Trop d'objets JSON envoyés pendant cette vérification : requêtes suivantes refusées."
            self.bytes += len(body)
            self.containers += containers
        return None


def _error(status: int, kind: str, message: str) -> bytes:
    reason = {400: "Bad Request", 408: "Request Timeout", 413: "Request Entity Too Large",
              429: "Too Many Requests", 502: "Bad Gateway"}[status]
    body = json.dumps({"type": "error", "error": {"type": kind, "message": message},
                       "request_id": "req_correction"}).encode()
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            f"connection: close\r\n\r\n").encode() + body


class _TooSlow(Exception):
    pass


class Forwarder:
    """Unix socket `path` → http://127.0.0.1:`port` (the judge's simulator), with limits."""

    def __init__(self, path: str, port: int, budget: Budget | None = None) -> None:
        self.path, self.port = path, port
        self.budget = budget or Budget()
        self.requests = 0
        self.refused: list[str] = []
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self._server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._server.bind(path)
        os.chmod(path, 0o666)
        self._server.listen(64)
        self._closed = False
        threading.Thread(target=self._accept, name=f"relais-simulateur-{port}", daemon=True).start()

    def close(self) -> None:
        self._closed = True
        try:
            self._server.close()
            os.unlink(self.path)
        except OSError:
            pass

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            if not self._slots.acquire(blocking=False):
                self._refuse(client, 429, "rate_limit_error", "Trop de connexions simultanées pendant la correction.")
                continue
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _refuse(self, client: socket.socket, status: int, kind: str, message: str) -> None:
        self.refused.append(f"{status} {message}")
        try:
            client.settimeout(2)
            client.sendall(_error(status, kind, message))
            client.close()
        except OSError:
            pass

    def _serve(self, client: socket.socket) -> None:
        try:
            self._one(client)
        except OSError:
            pass
        finally:
            self._slots.release()
            try:
                client.close()
            except OSError:
                pass

    def _read(self, client: socket.socket, buffer: bytearray, need, deadline: float) -> None:
        while not need(buffer):
            left = deadline - time.monotonic()
            if left <= 0:
                raise _TooSlow
            client.settimeout(left)
            try:
                data = client.recv(65536)
            except socket.timeout:
                raise _TooSlow from None
            if not data:
                raise ConnectionError
            buffer += data

    def _one(self, client: socket.socket) -> None:
        """One request per connection (the answer says `connection: close`)."""
        deadline = time.monotonic() + REQUEST_SECONDS
        buffer = bytearray()
        try:
            self._read(client, buffer, lambda b: b"\r\n\r\n" in b or len(b) > MAX_HEAD, deadline)
        except _TooSlow:
            return self._refuse(client, 408, "timeout_error", "Requête trop lente à arriver.")
        except ConnectionError:
            return
        end = buffer.find(b"\r\n\r\n")
        if end < 0 or end > MAX_HEAD:
            return self._refuse(client, 413, "request_too_large", "En-têtes de requête trop longs.")
        if self.budget.closed:        # the exercise's time is spent: not a byte more is read
            return self._refuse(client, 429, "rate_limit_error", self.budget.closed)
        head, rest = bytes(buffer[:end]).decode("latin-1"), bytearray(buffer[end + 4:])
        lines = head.split("\r\n")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if "chunked" in headers.get("transfer-encoding", "").lower():
            body = self._chunked(client, rest, deadline)
            if body is None:
                return
        else:
            try:
                length = int(headers.get("content-length") or 0)
            except ValueError:
                return self._refuse(client, 400, "invalid_request_error", "content-length illisible.")
            if length > MAX_BODY:
                return self._refuse(client, 413, "request_too_large",
                                    f"Requête de {length} octets : la correction accepte au plus {MAX_BODY} octets.")
            try:
                self._read(client, rest, lambda b: len(b) >= length, deadline)
            except _TooSlow:
                return self._refuse(client, 408, "timeout_error", "Corps de requête trop lent à arriver.")
            except ConnectionError:
                return
            body = bytes(rest[:length])
        self.requests += 1
        refused = self.budget.take(body)
        if refused:
            return self._refuse(client, 413 if "par requête" in refused else 429,
                                "request_too_large" if "par requête" in refused else "rate_limit_error", refused)
        kept = [line for line in lines[1:] if line.split(":", 1)[0].strip().lower() not in
                ("connection", "keep-alive", "transfer-encoding", "content-length", "proxy-connection", CLIENTS)]
        seen = clients(_peer(client), self.port)
        request = "\r\n".join([lines[0], *kept, f"{CLIENTS}: {seen}",
                                f"content-length: {len(body)}", "connection: close", "", ""])
        self._forward(client, request.encode("latin-1") + body, deadline)

    def _chunked(self, client: socket.socket, buffer: bytearray, deadline: float) -> bytes | None:
        body = bytearray()
        try:
            while True:
                self._read(client, buffer, lambda b: b"\r\n" in b, deadline)
                line, _, tail = bytes(buffer).partition(b"\r\n")
                size = int(line.split(b";")[0].strip() or b"0", 16)
                buffer[:] = tail
                if size == 0:
                    return bytes(body)
                if len(body) + size > MAX_BODY:
                    self._refuse(client, 413, "request_too_large",
                                 f"Requête de plus de {MAX_BODY} octets : refusée pendant la correction.")
                    return None
                self._read(client, buffer, lambda b: len(b) >= size + 2, deadline)
                body += buffer[:size]
                buffer[:] = buffer[size + 2:]
        except _TooSlow:
            self._refuse(client, 408, "timeout_error", "Corps de requête trop lent à arriver.")
        except (ValueError, ConnectionError):
            self._refuse(client, 400, "invalid_request_error", "Corps de requête mal découpé.")
        return None

    def _forward(self, client: socket.socket, request: bytes, deadline: float) -> None:
        try:
            upstream = socket.create_connection(("127.0.0.1", self.port), timeout=REQUEST_SECONDS)
        except OSError:
            return self._refuse(client, 502, "api_error", "Simulateur injoignable.")
        with upstream:
            upstream.sendall(request)
            answer = bytearray()
            head_done = False
            sent = 0
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                upstream.settimeout(left)
                try:
                    data = upstream.recv(65536)
                except (socket.timeout, OSError):
                    break
                if not data:
                    break
                sent += len(data)
                if sent > MAX_ANSWER:
                    break
                if not head_done:
                    answer += data
                    cut = answer.find(b"\r\n\r\n")
                    if cut < 0:
                        continue
                    head = bytes(answer[:cut]).decode("latin-1").split("\r\n")
                    head = [h for h in head if h.split(":", 1)[0].strip().lower() not in ("connection", "keep-alive")]
                    client.settimeout(REQUEST_SECONDS)
                    client.sendall("\r\n".join([*head, "connection: close", "", ""]).encode("latin-1")
                                   + bytes(answer[cut + 4:]))
                    head_done = True
                else:
                    client.sendall(data)
