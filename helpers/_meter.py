"""Real mode: what each request costs, a spending cap per kernel, and a trace of every exchange.

The meter sits in the `anthropic` client's HTTP transport, so it sees exactly what went on the
wire (streamed or not) and can refuse to send once the cap is reached.
"""
from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass

import httpx2
from anthropic import AnthropicError

from .simulator import RequestLog

# USD per million tokens (input, output), checked on platform.claude.com, 2026-11. Cache writes cost
# 1.25× input (5 min) or 2× (1 h), cache reads 0.1×. Unknown models are priced like the dearest
# listed one, so the cap errs on the safe side.
PRICES = {
    "claude-haiku-5-5": (0.10, 0.50),
    "claude-sonnet-5-5": (2.0, 10.0),
    "claude-sonnet-5": (2.0, 10.0),
    "claude-opus-5-5": (4.0, 20.0),
    "claude-opus-5": (5.0, 25.0),
    "claude-fable-5-2": (8.0, 40.0),
    "claude-fable-5-1": (10.0, 50.0),
    "claude-haiku-4-5": (1.0, 5.0),
}
DEFAULT_CAP_USD = 0.50


def price(model: str) -> tuple[float, float]:
    return PRICES.get(model, max(PRICES.values()))


def cost_usd(model: str, usage: dict) -> float:
    p_in, p_out = price(model)
    created = usage.get("cache_creation_input_tokens") or 0
    detail = usage.get("cache_creation") or {}
    created_1h = detail.get("ephemeral_1h_input_tokens") or 0
    created_5m = created - created_1h
    return (
        (usage.get("input_tokens") or 0) * p_in
        + created_5m * p_in * 1.25
        + created_1h * p_in * 2.0
        + (usage.get("cache_read_input_tokens") or 0) * p_in * 0.1
        + (usage.get("output_tokens") or 0) * p_out
    ) / 1_000_000


class BudgetExceeded(AnthropicError):
    """Raised before sending a request once the kernel's spending cap is reached.

    An AnthropicError, so the SDK passes it through unwrapped and does not retry it.
    """


@dataclass
class Budget:
    cap_usd: float
    spent_usd: float = 0.0
    requests: int = 0

    @classmethod
    def from_env(cls) -> "Budget":
        raw = os.environ.get("COURS_BUDGET_USD", "")
        try:
            cap = float(raw.replace(",", ".")) if raw else DEFAULT_CAP_USD
        except ValueError:
            cap = DEFAULT_CAP_USD
        return cls(cap_usd=cap)

    def __str__(self) -> str:
        spent, cap = f"{self.spent_usd:.4f}".replace(".", ","), f"{self.cap_usd:.2f}".replace(".", ",")
        n = self.requests
        text = f"{n} requête{'s' if n > 1 else ''} du mode réel, {spent} $ dépensés sur un plafond de {cap} $"
        from ._mode import OFFLINE, mode
        if mode() == OFFLINE:     # offline requests go to the simulator: free, so not counted
            text += " (hors ligne : les requêtes au simulateur sont gratuites et ne sont pas comptées)"
        return text


def _usage_from_sse(raw: bytes) -> tuple[dict, dict | None]:
    """(usage, message) rebuilt from an SSE body: message_start usage, then message_delta updates."""
    usage: dict = {}
    message: dict | None = None
    blocks: list[dict] = []
    partial: dict[int, str] = {}
    for chunk in raw.decode("utf-8", "replace").split("\n\n"):
        data = next((line[5:].strip() for line in chunk.splitlines() if line.startswith("data:")), None)
        if not data:
            continue
        try:
            event = json.loads(data)
        except ValueError:
            continue
        kind = event.get("type")
        if kind == "message_start":
            message = dict(event.get("message") or {})
            usage.update(message.get("usage") or {})
        elif kind == "content_block_start":
            blocks.append(dict(event.get("content_block") or {}))
        elif kind == "content_block_delta" and blocks:
            delta = event.get("delta") or {}
            i = event.get("index", len(blocks) - 1)
            if delta.get("type") == "text_delta" and i < len(blocks):
                blocks[i]["text"] = blocks[i].get("text", "") + delta.get("text", "")
            elif delta.get("type") == "input_json_delta":
                partial[i] = partial.get(i, "") + delta.get("partial_json", "")
        elif kind == "message_delta":
            usage.update({k: v for k, v in (event.get("usage") or {}).items() if v is not None})
            if message is not None:
                message.update(event.get("delta") or {})
    for i, raw_json in partial.items():
        if i < len(blocks):
            try:
                blocks[i]["input"] = json.loads(raw_json) if raw_json else {}
            except ValueError:
                pass
    if message is not None:
        message["content"] = blocks
        message["usage"] = usage
    return usage, message


class MeteredTransport(httpx2.BaseTransport):
    """Wraps the real transport: enforces the cap, prices each response, records a trace."""

    def __init__(self, inner: httpx2.BaseTransport, budget: Budget, trace: RequestLog) -> None:
        self.inner, self.budget, self.trace = inner, budget, trace
        self._lock = threading.Lock()

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        is_message = request.url.path.rstrip("/") == "/v1/messages"
        if is_message and self.budget.spent_usd >= self.budget.cap_usd:
            raise BudgetExceeded(
                f"Plafond de dépense atteint ({self.budget}). Rien n'a été envoyé. Pour continuer, relevez le "
                f"plafond (variable d'environnement COURS_BUDGET_USD, puis redémarrez le noyau) ou repassez en "
                f"mode hors ligne.")
        response = self.inner.handle_request(request)
        if not is_message:
            return response
        body = json.loads(request.content or b"{}")
        streamed = "text/event-stream" in response.headers.get("content-type", "")

        def settle(raw: bytes) -> None:
            if streamed:
                usage, message = _usage_from_sse(raw)
            else:
                try:
                    message = json.loads(raw)
                except ValueError:
                    message = None
                usage = (message or {}).get("usage") or {} if isinstance(message, dict) else {}
            spent = cost_usd(str(body.get("model")), usage) if response.status_code == 200 else 0.0
            with self._lock:
                self.budget.spent_usd += spent
                self.budget.requests += 1
            self.trace.append(method=request.method, path=request.url.path, request=body,
                              status=response.status_code, response=message,
                              request_id=response.headers.get("request-id", ""), stream=streamed)

        # The body is passed through chunk by chunk (streaming stays live) and priced once complete.
        # Decoded bytes go through, so the encoding headers must go too.
        headers = [(k, v) for k, v in response.headers.multi_items()
                   if k.lower() not in ("content-encoding", "content-length")]
        return httpx2.Response(response.status_code, headers=headers, request=request,
                               stream=_Tee(response, settle), extensions=response.extensions)

    def close(self) -> None:
        self.inner.close()


class _Tee(httpx2.SyncByteStream):
    def __init__(self, response: httpx2.Response, on_complete) -> None:
        self.response, self.on_complete, self.done = response, on_complete, False

    def __iter__(self):
        chunks = []
        for chunk in self.response.iter_bytes():
            chunks.append(chunk)
            yield chunk
        if not self.done:
            self.done = True
            self.on_complete(b"".join(chunks))

    def close(self) -> None:
        self.response.close()
