"""Message threads (beta `message-threads-2026-08-12`): the server holds a conversation between turns.

`thread: {"type": "create"}` keeps the request's conversation, with the reply, under the reply's `id`; `thread:
{"type": "continue", "previous_message_id": …}` sends only the new turn's messages, and the server puts the held
ones, its `system` and its `tools` before them (the SDK's `tool_runner` does this on every turn after the first:
without the thread, its second request has `tool_result` blocks and no tools). What the model reads, and what the
strictness checks, is the whole conversation. A thread the simulator no longer holds answers `thread_not_found`,
from which the SDK recovers by sending the whole history again.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

BETA = "message-threads-2026-08-12"
HELD = ("system", "tools")       # the fields a thread keeps from its `create` (the SDK's CREATE_ONLY_FIELDS)
KEEP = 256                       # threads held at once, oldest dropped first (the real ones expire after minutes)


class Threads:
    def __init__(self) -> None:
        self._held: OrderedDict[str, dict] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def of(body: object, betas: frozenset[str]) -> dict | None:
        """The request's `thread` field, when the beta is on and the field is a thread."""
        thread = body.get("thread") if isinstance(body, dict) and BETA in betas else None
        return thread if isinstance(thread, dict) and thread.get("type") in ("create", "continue") else None

    def whole(self, body: dict, betas: frozenset[str]) -> tuple[dict, str | None]:
        """(the whole request the model reads, the id of a thread not held): `body` itself outside a `continue`."""
        thread = self.of(body, betas)
        if thread is None or thread.get("type") != "continue":
            return body, None
        previous = str(thread.get("previous_message_id"))
        with self._lock:
            held = self._held.get(previous)
        if held is None:
            return body, previous
        messages = body.get("messages") if isinstance(body.get("messages"), list) else []
        whole = {k: v for k, v in body.items() if k not in HELD}
        whole.update({k: held[k] for k in HELD if k in held})
        whole["messages"] = held["messages"] + messages
        return whole, None

    def keep(self, whole: dict, betas: frozenset[str], message: dict) -> None:
        """Hold the conversation with its reply under the reply's id, when the request asked for a thread."""
        if self.of(whole, betas) is None:
            return
        kept = {k: whole[k] for k in HELD if k in whole}
        kept["messages"] = list(whole.get("messages") or []) + [{"role": "assistant", "content": message["content"]}]
        with self._lock:
            self._held[message["id"]] = kept
            while len(self._held) > KEEP:
                self._held.popitem(last=False)


def not_found(previous: str, request_id: str) -> dict:
    """The error body for a thread the simulator does not hold; `details.error_code` is what the SDK reads."""
    return {"type": "error", "request_id": request_id,
            "error": {"type": "not_found_error", "message": f"Thread not found: {previous}",
                      "details": {"error_code": "thread_not_found"}}}
