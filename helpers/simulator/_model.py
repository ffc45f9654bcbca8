"""The simulated model: reads a request, decides a reply, deterministically.

The decision is delegated to *playbooks*, tried in order: the course's scenarios first (one module
each, in _playbooks/), then the general engine (_engine/), which answers any request. The API's
tool_choice rules apply to whichever decided. This module then turns the decision into what the
real API would return: ids, truncation at `max_tokens`, `stop_sequences`, usage.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol

from . import _tokens, _wire
from ._conversation import Conversation


@dataclass
class Reply:
    """What the model decides to say: text and tool calls, in order."""
    blocks: list[dict] = field(default_factory=list)
    stop_reason: str | None = None            # None: tool_use if the reply calls a tool, else end_turn
    stop_details: dict | None = None

    def say(self, text: str) -> "Reply":
        self.blocks.append({"type": "text", "text": text})
        return self

    def call(self, name: str, tool_input: dict) -> "Reply":
        self.blocks.append({"type": "tool_use", "name": name, "input": tool_input})
        return self


def text(message: str) -> Reply:
    return Reply().say(message)


def refusal(message: str, category: str | None = None, explanation: str | None = None) -> Reply:
    return Reply(blocks=[{"type": "text", "text": message}], stop_reason="refusal",
                 stop_details={"type": "refusal", "category": category, "explanation": explanation})


class Playbook(Protocol):
    name: str

    def respond(self, conv: Conversation) -> Reply | None:
        """A reply if this playbook recognises the conversation, else None."""


@dataclass
class FunctionPlaybook:
    name: str
    fn: Callable[[Conversation], Reply | None]

    def respond(self, conv: Conversation) -> Reply | None:
        return self.fn(conv)


def playbook(name: str) -> Callable[[Callable[[Conversation], Reply | None]], FunctionPlaybook]:
    def wrap(fn: Callable[[Conversation], Reply | None]) -> FunctionPlaybook:
        return FunctionPlaybook(name, fn)
    return wrap


def decide(conv: Conversation, playbooks: list[Playbook]) -> tuple[str, Reply]:
    """The first playbook that recognises the conversation decides; the API's tool_choice rules then apply."""
    from ._engine import constrain
    for book in playbooks:
        reply = book.respond(conv)
        if reply is not None:
            return book.name, constrain(conv, reply, book.name)
    raise LookupError("no playbook answered")  # the last playbook (the general engine) always answers


def render(conv: Conversation, reply: Reply, usage: dict, request_key: object) -> dict:
    """The Message JSON for `reply`: ids, stop sequences, truncation, usage."""
    content: list[dict] = []
    for index, block in enumerate(reply.blocks):
        if block["type"] == "tool_use":
            content.append({"type": "tool_use", "id": "toolu_" + _wire.digest(request_key, index),
                            "name": block["name"], "input": block["input"]})
        else:
            content.append({"type": "text", "text": block["text"]})
    stop_reason = reply.stop_reason or ("tool_use" if any(b["type"] == "tool_use" for b in content) else "end_turn")
    stop_sequence = None

    # stop_sequences: generation halts where the first one appears (it is not included).
    sequences = [s for s in conv.body.get("stop_sequences") or [] if isinstance(s, str) and s]
    if sequences and stop_reason != "refusal":
        for index, block in enumerate(content):
            if block["type"] != "text":
                continue
            hits = [(block["text"].find(s), s) for s in sequences if s in block["text"]]
            if hits:
                position, stop_sequence = min(hits)
                block["text"] = block["text"][:position]
                content = content[:index + 1]
                stop_reason = "stop_sequence"
                break

    # max_tokens: the output is cut where the budget runs out; an unfinished tool call is dropped.
    budget = conv.max_tokens
    spent = 0
    kept: list[dict] = []
    for block in content:
        size = _tokens.count(block["text"] if block["type"] == "text" else block["input"]) + (
            0 if block["type"] == "text" else 12)
        if spent + size <= budget:
            kept.append(block)
            spent += size
            continue
        stop_reason, stop_sequence = "max_tokens", None
        room = budget - spent
        if block["type"] == "text" and room > 0:
            cut = int(room * _tokens.CHARS_PER_TOKEN)
            kept.append({"type": "text", "text": block["text"][:cut]})
            spent = budget
        break
    content = kept
    output_tokens = max(1, spent if stop_reason == "max_tokens" else spent + 2)
    usage = dict(usage, output_tokens=min(output_tokens, budget), service_tier="standard")
    return _wire.message_json(
        msg_id="msg_" + _wire.digest(request_key, "message"),
        model=conv.model, content=content, stop_reason=stop_reason, stop_sequence=stop_sequence,
        usage=usage, stop_details=reply.stop_details if stop_reason == "refusal" else None,
    )
