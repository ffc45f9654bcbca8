"""The simulator's request log: every exchange, in order, for graders and diagrams.

Bounded by what it keeps: a request the simulator refused (a 4xx it found itself: malformed, too large,
unauthenticated) keeps its status and its error, never its parsed body — a grader has nothing to learn
from a body the API would have rejected, and hostile code sending megabytes of `[{},…]` swelled the grader by
hundreds of megabytes per request. So that a maintainer can still see why a request was refused, the bodies of the
last few refused requests of bounded size are kept apart (`refusals()`), never in the exchanges graders read.
Requests that were accepted, or that an injected fault answered, keep their
body (the forwarder bounds their size during grading). Readers get the logged exchanges themselves, not copies:
they are frozen, and readers must treat their bodies as read-only.
"""
from __future__ import annotations

import copy
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Iterator


@dataclass(frozen=True)
class Exchange:
    """One HTTP exchange with the simulator."""
    index: int
    method: str
    path: str
    request: object                 # the JSON body as sent (None for GET)
    status: int
    response: object                # the message or error body returned (for a stream: the full message)
    request_id: str
    stream: bool = False
    fault: str | None = None        # the injected fault, if any
    playbook: str | None = None     # which playbook of the simulated model answered
    headers: dict = field(default_factory=dict)   # request headers, without credentials
    received: float = 0.0           # time.monotonic() when the request arrived…
    answered: float = 0.0           # …and when its answer was ready: concurrent requests overlap

    @property
    def is_message(self) -> bool:
        return self.method == "POST" and self.path.split("?")[0] == "/v1/messages"

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def messages(self) -> list[dict]:
        return list(self.request.get("messages", [])) if isinstance(self.request, dict) else []

    @property
    def stop_reason(self) -> str | None:
        return self.response.get("stop_reason") if self.ok and isinstance(self.response, dict) else None

    @property
    def error_message(self) -> str | None:
        if isinstance(self.response, dict) and self.response.get("type") == "error":
            return self.response["error"]["message"]
        return None


REFUSALS_KEPT = 16                  # bodies of the last refused requests kept for maintainers…
REFUSED_BODY_BYTES = 256 * 1024     # …each at most this size as sent (a bigger one keeps its status and error only)


@dataclass(frozen=True)
class Refusal:
    """A request the simulator refused, with the body as sent: what a maintainer reads to see why."""
    index: int                      # the exchange's index in the log
    status: int
    error: str | None
    body: object


class RequestLog:
    """Thread-safe, append-only list of exchanges; `mark()` / `since(mark)` isolate one run."""

    def __init__(self) -> None:
        self._items: list[Exchange] = []
        self._refusals: deque[Refusal] = deque(maxlen=REFUSALS_KEPT)
        self._lock = threading.Lock()

    def append(self, *, size: int = 0, **fields) -> Exchange:
        refused = 400 <= int(fields.get("status") or 0) < 500 and not fields.get("fault")
        body = fields.get("request")
        if refused:
            fields["request"] = None      # refused by the simulator itself: its status and error are the record
        with self._lock:
            exchange = Exchange(index=len(self._items), **fields)
            self._items.append(exchange)
            if refused and body is not None and 0 < size <= REFUSED_BODY_BYTES:
                self._refusals.append(Refusal(exchange.index, exchange.status, exchange.error_message, body))
            return exchange

    def refusals(self) -> list[Refusal]:
        """The last refused requests (at most REFUSALS_KEPT, bodies up to REFUSED_BODY_BYTES), oldest first."""
        with self._lock:
            return list(self._refusals)

    def mark(self) -> int:
        with self._lock:
            return len(self._items)

    def since(self, mark: int = 0, *, messages_only: bool = True) -> list[Exchange]:
        with self._lock:
            items = self._items[mark:]
        # The exchanges themselves (frozen; their bodies read-only by contract): a deep copy per reader doubled the
        # grader's memory for nothing.
        return [e for e in items if e.is_message or not messages_only]

    def accepted(self, mark: int = 0) -> list[Exchange]:
        """The message requests of a run that the simulator answered normally (2xx): what the model really saw."""
        return [e for e in self.since(mark) if e.ok]

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    def __iter__(self) -> Iterator[Exchange]:
        return iter(self.since(0, messages_only=False))

    def __getitem__(self, i: int) -> Exchange:
        with self._lock:
            return copy.deepcopy(self._items[i])
