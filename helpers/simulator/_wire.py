"""The Messages API wire format: message JSON, SSE event streams, error bodies, ids."""
from __future__ import annotations

import hashlib
import json
from typing import Iterator

API_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


def digest(*parts: object, length: int = 24) -> str:
    """A stable identifier derived from its inputs: same request, same ids."""
    h = hashlib.sha256()
    for part in parts:
        h.update(json.dumps(part, sort_keys=True, ensure_ascii=False, default=str).encode())
        h.update(b"\x00")
    # Base-62-ish alphabet, like the real ids (msg_01AbC…).
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    n = int.from_bytes(h.digest(), "big")
    out = []
    while len(out) < length:
        n, r = divmod(n, 62)
        out.append(alphabet[r])
    return "01" + "".join(out[: length - 2])


def error_body(status: int, message: str, request_id: str, error_type: str | None = None) -> dict:
    return {
        "type": "error",
        "error": {"type": error_type or API_ERROR_TYPES.get(status, "api_error"), "message": message},
        "request_id": request_id,
    }


def message_json(
    *, msg_id: str, model: str, content: list[dict], stop_reason: str | None,
    stop_sequence: str | None, usage: dict, stop_details: dict | None = None,
) -> dict:
    return {
        "id": msg_id,
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": stop_sequence,
        "stop_details": stop_details,
        "usage": usage,
    }


_DELTA_USAGE_KEYS = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens")


def sse(event: str, data: dict) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False, separators=(',', ':'))}\n\n".encode()


def _text_chunks(text: str, size: int = 24) -> Iterator[str]:
    # Real deltas are a few tokens each; cut on spaces when possible so chunks read naturally.
    i = 0
    while i < len(text):
        j = min(len(text), i + size)
        if j < len(text):
            k = text.rfind(" ", i + 1, j)
            if k > i:
                j = k + 1
        yield text[i:j]
        i = j


def _json_chunks(raw: str, size: int = 16) -> Iterator[str]:
    for i in range(0, len(raw), size):
        yield raw[i:i + size]


def stream_events(message: dict) -> Iterator[tuple[str, dict]]:
    """The SSE events that the real API sends for `message`, in order.

    message_start (empty content, null stop_reason) → per block: content_block_start,
    deltas, content_block_stop (a ping after the first start) → message_delta (stop_reason,
    usage) → message_stop.
    """
    usage = dict(message["usage"])
    start_usage = {k: v for k, v in usage.items() if k != "output_tokens"}
    start_usage["output_tokens"] = 1
    shell = dict(message, content=[], stop_reason=None, stop_sequence=None, stop_details=None, usage=start_usage)
    yield "message_start", {"type": "message_start", "message": shell}
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            yield "content_block_start", {"type": "content_block_start", "index": index,
                                          "content_block": {"type": "text", "text": ""}}
            if index == 0:
                yield "ping", {"type": "ping"}
            for piece in _text_chunks(block["text"]):
                yield "content_block_delta", {"type": "content_block_delta", "index": index,
                                              "delta": {"type": "text_delta", "text": piece}}
        elif block["type"] == "tool_use":
            yield "content_block_start", {"type": "content_block_start", "index": index,
                                          "content_block": {"type": "tool_use", "id": block["id"],
                                                            "name": block["name"], "input": {}}}
            if index == 0:
                yield "ping", {"type": "ping"}
            # The real API opens every tool input with an empty fragment.
            yield "content_block_delta", {"type": "content_block_delta", "index": index,
                                          "delta": {"type": "input_json_delta", "partial_json": ""}}
            for piece in _json_chunks(json.dumps(block["input"], ensure_ascii=False)):
                yield "content_block_delta", {"type": "content_block_delta", "index": index,
                                              "delta": {"type": "input_json_delta", "partial_json": piece}}
        elif block["type"] == "thinking":
            yield "content_block_start", {"type": "content_block_start", "index": index,
                                          "content_block": {"type": "thinking", "thinking": "", "signature": ""}}
            if index == 0:
                yield "ping", {"type": "ping"}
            for piece in _text_chunks(block["thinking"]):
                yield "content_block_delta", {"type": "content_block_delta", "index": index,
                                              "delta": {"type": "thinking_delta", "thinking": piece}}
            yield "content_block_delta", {"type": "content_block_delta", "index": index,
                                          "delta": {"type": "signature_delta", "signature": block["signature"]}}
        elif block["type"] == "redacted_thinking":
            yield "content_block_start", {"type": "content_block_start", "index": index, "content_block": block}
            if index == 0:
                yield "ping", {"type": "ping"}
        else:  # pragma: no cover - the simulated model writes text, thinking and tool_use only
            raise ValueError(f"unsupported block type {block['type']}")
        yield "content_block_stop", {"type": "content_block_stop", "index": index}
    yield "message_delta", {"type": "message_delta",
                            "delta": {"stop_reason": message["stop_reason"],
                                      "stop_sequence": message["stop_sequence"],
                                      "stop_details": message.get("stop_details")},
                            "usage": {k: v for k, v in usage.items() if k in _DELTA_USAGE_KEYS}}
    yield "message_stop", {"type": "message_stop"}
