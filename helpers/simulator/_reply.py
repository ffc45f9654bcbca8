"""What a playbook decides: a `Reply` (text and tool calls, in order), and the playbook protocol.

The bottom of the simulated model: the engine, the playbooks, the API's rules (_constrain) and the rendering
(_model) all import it; it imports nothing of theirs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol

from ._conversation import Conversation


@dataclass
class Reply:
    """What the model decides to say: text and tool calls, in order."""
    blocks: list[dict] = field(default_factory=list)
    stop_reason: str | None = None            # None: tool_use if the reply calls a tool, else end_turn
    stop_details: dict | None = None
    substance: str = "answer"                  # "ask": a question back to the user; "none": the offline notice

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
