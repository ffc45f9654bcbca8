"""Message Batches, offline: /v1/messages/batches and its sub-routes, faithful to the SDK's types.

How a simulated batch "processes" (deterministic, no clock): every GET of the batch (what a polling
loop does) processes a share of its requests, in order, so that the batch ends on its
`Simulator.batch_polls`-th retrieval (default 2). Until then `processing_status` is `in_progress` and
`request_counts.processing` counts every request: the real API moves requests to the other tallies
only once the whole batch has ended. A cancel sets `canceling`; the next retrieval ends the batch,
the requests not yet processed become `canceled`. `Simulator.batches.expire(id)` ends a batch as the
24-hour window would: what is left becomes `expired`.

Each request is answered by the same model and checked with the same strictness as /v1/messages;
as on the real API, an invalid `params` does not reject the batch: its result is `errored`.
Results come back as JSON Lines, not in request order (match them by `custom_id`).
"""
from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from . import _strict, _wire

PREFIX = "/v1/messages/batches"
CUSTOM_ID = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
MAX_REQUESTS = 100_000


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def _stamp(moment: datetime | None) -> str | None:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


@dataclass
class _Batch:
    id: str
    requests: list[dict]
    betas: frozenset[str]
    created_at: datetime
    polls_needed: int
    results: dict[str, dict] = field(default_factory=dict)   # custom_id -> result, once processed
    status: str = "in_progress"
    polls: int = 0
    cancel_initiated_at: datetime | None = None
    ended_at: datetime | None = None

    @property
    def expires_at(self) -> datetime:
        return self.created_at + timedelta(hours=24)

    def counts(self) -> dict[str, int]:
        tally = {"processing": 0, "succeeded": 0, "errored": 0, "canceled": 0, "expired": 0}
        if self.status != "ended":
            tally["processing"] = len(self.requests)
            return tally
        for result in self.results.values():
            tally[result["type"]] += 1
        return tally

    def to_json(self, base_url: str) -> dict:
        return {
            "id": self.id,
            "type": "message_batch",
            "processing_status": self.status,
            "request_counts": self.counts(),
            "created_at": _stamp(self.created_at),
            "expires_at": _stamp(self.expires_at),
            "ended_at": _stamp(self.ended_at),
            "cancel_initiated_at": _stamp(self.cancel_initiated_at),
            "archived_at": None,
            "results_url": f"{base_url}{PREFIX}/{self.id}/results" if self.status == "ended" else None,
        }


class BatchStore:
    """The batches of one simulator; the HTTP handler calls `handle`."""

    def __init__(self, simulator) -> None:
        self._sim = simulator
        self._batches: dict[str, _Batch] = {}
        self._order: list[str] = []
        self._lock = threading.Lock()
        self._count = 0

    # -- what a test or a demo may call directly -------------------------------------------------
    def expire(self, batch_id: str) -> None:
        """End the batch as its 24-hour window would: unprocessed requests become `expired`."""
        with self._lock:
            batch = self._batches[batch_id]
            self._finish(batch, "expired")

    def clear(self) -> None:
        with self._lock:
            self._batches.clear()
            self._order.clear()

    # -- processing ---------------------------------------------------------------------------------
    def _answer(self, batch: _Batch, request: dict) -> dict:
        params = request["params"]
        request_id = self._sim._request_id()
        rejection = _strict.check_request(params, set(self._sim.models), batch.betas)
        if rejection is None and params.get("stream"):
            rejection = _strict.Rejection(400, "stream: Streaming is not supported in batch requests.")
        if rejection:
            return {"type": "errored",
                    "error": _wire.error_body(rejection.status, rejection.message, request_id, rejection.error_type)}
        _, message = self._sim.answer(params, batch.betas)
        return {"type": "succeeded", "message": message}

    def _advance(self, batch: _Batch) -> None:
        """One retrieval's worth of processing (see the module docstring)."""
        if batch.status == "ended":
            return
        if batch.status == "canceling":
            self._finish(batch, "canceled")
            return
        batch.polls += 1
        share = -(-len(batch.requests) * batch.polls // batch.polls_needed)   # ceil
        for request in batch.requests[:share]:
            if request["custom_id"] not in batch.results:
                batch.results[request["custom_id"]] = self._answer(batch, request)
        if batch.polls >= batch.polls_needed:
            self._finish(batch, "expired")

    def _finish(self, batch: _Batch, leftover: str) -> None:
        if batch.status == "ended":
            return
        for request in batch.requests:
            batch.results.setdefault(request["custom_id"], {"type": leftover})
        batch.status = "ended"
        batch.ended_at = _now()

    # -- HTTP -----------------------------------------------------------------------------------------
    def handle(self, method: str, path: str, query: dict, body: object, betas: frozenset[str],
               request_id: str, base_url: str) -> tuple[int, object, str]:
        """(status, payload, kind): kind is "json", or "jsonl" when payload is the results' text."""
        parts = path[len(PREFIX):].strip("/").split("/") if path != PREFIX else []
        with self._lock:
            if not parts:
                if method == "POST":
                    return self._create(body, betas, request_id, base_url)
                if method == "GET":
                    return self._list(query, request_id, base_url)
                return self._not_found(path, request_id)
            batch = self._batches.get(parts[0])
            if batch is None or len(parts) > 2:
                return self._not_found(path, request_id)
            action = parts[1] if len(parts) == 2 else None
            if method == "GET" and action is None:
                self._advance(batch)
                return 200, batch.to_json(base_url), "json"
            if method == "POST" and action == "cancel":
                if batch.status == "in_progress":
                    batch.status = "canceling"
                    batch.cancel_initiated_at = _now()
                return 200, batch.to_json(base_url), "json"
            if method == "GET" and action == "results":
                if batch.status != "ended":
                    return self._invalid(f"Message Batch {batch.id} has not finished processing yet.",
                                         request_id)
                return 200, self._results_jsonl(batch), "jsonl"
            if method == "DELETE" and action is None:
                if batch.status != "ended":
                    return self._invalid(f"Message Batch {batch.id} cannot be deleted while it is still "
                                         f"processing. Cancel it first.", request_id)
                del self._batches[batch.id]
                self._order.remove(batch.id)
                return 200, {"id": batch.id, "type": "message_batch_deleted"}, "json"
            return self._not_found(path, request_id)

    def _create(self, body: object, betas: frozenset[str], request_id: str, base_url: str):
        requests = body.get("requests") if isinstance(body, dict) else None
        if not isinstance(requests, list):
            return self._invalid("requests: Field required", request_id)
        if not 1 <= len(requests) <= MAX_REQUESTS:
            return self._invalid(f"requests: List should have at least 1 item and at most {MAX_REQUESTS} items",
                                 request_id)
        seen: set[str] = set()
        for n, item in enumerate(requests):
            if not isinstance(item, dict) or "custom_id" not in item or "params" not in item:
                return self._invalid(f"requests.{n}: each request needs `custom_id` and `params`", request_id)
            custom_id = item["custom_id"]
            if not isinstance(custom_id, str) or not CUSTOM_ID.match(custom_id):
                return self._invalid(f"requests.{n}.custom_id: String should match pattern "
                                     f"'{CUSTOM_ID.pattern}'", request_id)
            if custom_id in seen:
                return self._invalid(f"Duplicate custom_id: {custom_id}. custom_id values must be unique "
                                     f"within a batch.", request_id)
            seen.add(custom_id)
        self._count += 1
        batch_id = "msgbatch_" + _wire.digest(id(self), self._count, requests)
        batch = _Batch(batch_id, [dict(r) for r in requests], betas, _now(),
                       max(1, int(getattr(self._sim, "batch_polls", 2))))
        self._batches[batch_id] = batch
        self._order.append(batch_id)
        return 200, batch.to_json(base_url), "json"

    def _list(self, query: dict, request_id: str, base_url: str):
        try:
            limit = int(query.get("limit", 20))
        except ValueError:
            return self._invalid("limit: Input should be a valid integer", request_id)
        if not 1 <= limit <= 1000:
            return self._invalid("limit: Input should be between 1 and 1000", request_id)
        newest_first = list(reversed(self._order))
        after, before = query.get("after_id"), query.get("before_id")
        if before in newest_first:
            end = newest_first.index(before)
            ids = newest_first[max(0, end - limit):end]
            has_more = end - limit > 0
        else:
            start = newest_first.index(after) + 1 if after in newest_first else 0
            ids = newest_first[start:start + limit]
            has_more = start + limit < len(newest_first)
        data = [self._batches[i].to_json(base_url) for i in ids]
        return 200, {"data": data, "has_more": has_more,
                     "first_id": ids[0] if ids else None, "last_id": ids[-1] if ids else None}, "json"

    @staticmethod
    def _results_jsonl(batch: _Batch) -> str:
        # Not in request order, on purpose (as the API warns): a stable shuffle by custom_id's digest.
        order = sorted(batch.requests, key=lambda r: _wire.digest(batch.id, r["custom_id"]))
        return "".join(json.dumps({"custom_id": r["custom_id"], "result": batch.results[r["custom_id"]]},
                                  ensure_ascii=False) + "\n" for r in order)

    @staticmethod
    def _invalid(message: str, request_id: str):
        return 400, _wire.error_body(400, message, request_id), "json"

    @staticmethod
    def _not_found(path: str, request_id: str):
        return 404, _wire.error_body(404, f"Not found: {path}", request_id), "json"
