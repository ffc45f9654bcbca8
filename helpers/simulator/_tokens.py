"""Plausible, deterministic token counts and a prompt cache that behaves like the real one."""
from __future__ import annotations

import json
import threading
import time

# The real tokenizer averages roughly 3.5 to 4 characters per token on French prose and JSON.
CHARS_PER_TOKEN = 3.7
MIN_CACHEABLE_TOKENS = 1024
CACHE_TTL_SECONDS = {"5m": 300, "1h": 3600}


def count(value: object) -> int:
    """Token estimate for any JSON-like value (text counts by characters, structure adds a little)."""
    if value is None:
        return 0
    if isinstance(value, str):
        return max(1, round(len(value) / CHARS_PER_TOKEN))
    if isinstance(value, dict):
        return 3 + sum(count(v) for k, v in value.items() if k not in ("cache_control", "type"))
    if isinstance(value, list):
        return sum(count(v) for v in value)
    return max(1, round(len(json.dumps(value)) / CHARS_PER_TOKEN))


def prompt_segments(body: dict) -> list[tuple[object, dict | None]]:
    """The prompt in cache order (tools → system → messages), one segment per block.

    Each segment carries its `cache_control` (or None): a breakpoint caches everything before it.
    """
    segments: list[tuple[object, dict | None]] = []
    for tool in body.get("tools") or []:
        segments.append((tool, tool.get("cache_control") if isinstance(tool, dict) else None))
    system = body.get("system")
    if isinstance(system, str):
        segments.append((system, None))
    elif isinstance(system, list):
        for block in system:
            segments.append((block, block.get("cache_control") if isinstance(block, dict) else None))
    for message in body.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, str):
            segments.append(({"role": message.get("role"), "text": content}, None))
        elif isinstance(content, list):
            for block in content:
                segments.append((block, block.get("cache_control") if isinstance(block, dict) else None))
    return segments


class PromptCache:
    """Prefix cache keyed by the exact prefix up to each `cache_control` breakpoint."""

    def __init__(self) -> None:
        self._entries: dict[str, float] = {}
        self._lock = threading.Lock()

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def usage(self, body: dict, now: float | None = None) -> dict:
        """input / cache_creation / cache_read token counts for this request, updating the cache."""
        now = time.monotonic() if now is None else now
        segments = prompt_segments(body)
        sizes = [count(seg) for seg, _ in segments]
        total = sum(sizes)
        read = created = 0
        created_by_ttl = {"5m": 0, "1h": 0}
        with self._lock:
            covered = 0  # tokens already accounted as cached (read or created)
            prefix: list[object] = []
            running = 0
            for (segment, control), size in zip(segments, sizes):
                prefix.append(segment)
                running += size
                if not control or running < MIN_CACHEABLE_TOKENS:
                    continue
                key = json.dumps(prefix, sort_keys=True, ensure_ascii=False, default=str)
                ttl = control.get("ttl", "5m") if isinstance(control, dict) else "5m"
                expiry = self._entries.get(key)
                if expiry is not None and expiry > now:
                    read, created = running, 0
                    created_by_ttl = {"5m": 0, "1h": 0}
                else:
                    created += running - max(covered, read)
                    created_by_ttl[ttl if ttl in created_by_ttl else "5m"] += running - max(covered, read)
                # Reading refreshes the entry, as on the real API.
                self._entries[key] = now + CACHE_TTL_SECONDS.get(ttl, 300)
                covered = running
        return {
            "input_tokens": max(1, total - read - created),
            "cache_creation_input_tokens": created,
            "cache_read_input_tokens": read,
            "cache_creation": {"ephemeral_5m_input_tokens": created_by_ttl["5m"],
                               "ephemeral_1h_input_tokens": created_by_ttl["1h"]},
        }
