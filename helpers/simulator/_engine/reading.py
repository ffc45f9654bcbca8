"""Reading: what a request says, read once — the question and its language, the system prompt's instructions,
the values every text states (mentions), and what earlier turns and tool results established.

`read(conv)` builds it once per request; the plan, the assignment, the answer and the course's playbooks all take
this same object.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .._conversation import Conversation, ToolCall, _REMINDER
from .recognisers import Mention, language, mentions
from .recognisers.instructions import Instructions, instructions

TOPIC_PREFIX = "Sujet : "        # how the simulated coordinator words a subagent's task


def _text(block: dict) -> str:
    return _REMINDER.sub("", block.get("text", "") or "").strip()


def result_text(data: object) -> str:
    """A tool result as lines « key: value » (nested keys joined), so that its values carry their names as labels."""
    lines: list[str] = []

    def walk(prefix: str, value: object, depth: int = 0) -> None:
        if depth > 4 or len(lines) > 200:
            return
        if isinstance(value, dict):
            for k, v in value.items():
                walk(f"{k}", v, depth + 1)
        elif isinstance(value, list):
            for v in value[:20]:
                walk(prefix, v, depth + 1)
        elif value is not None:
            lines.append(f"{prefix}: {value}" if prefix else str(value))
    walk("", data)
    return "\n".join(lines)


@dataclass
class Reading:
    conv: Conversation
    question_turn: int = 0
    question: str = ""
    earlier: list[str] = field(default_factory=list)

    @cached_property
    def rules(self) -> Instructions:
        return instructions(self.conv.system or "")

    @cached_property
    def lang(self) -> str:
        return self.rules.language or language(self.question)

    @cached_property
    def pool(self) -> tuple[Mention, ...]:
        """The values the question states."""
        return mentions(self.question, language(self.question))

    @cached_property
    def history(self) -> tuple[Mention, ...]:
        """Values the user stated in earlier turns (a name, an order number), most recent first."""
        out: list[Mention] = []
        for text in reversed(self.conv.user_texts[:-1]):
            out += mentions(text, language(text))
        return tuple(out)

    @cached_property
    def episode(self) -> list[ToolCall]:
        """Calls made since the question, with their results."""
        before = sum(1 for t in self.conv.turns[:self.question_turn] if t["role"] == "assistant")
        return [c for c in self.conv.calls if c.turn >= before]

    @cached_property
    def results(self) -> list[object]:
        return [c.data() for c in self.episode if c.answered and not c.is_error]

    @cached_property
    def result_source(self) -> str:
        return "\n".join(result_text(d) if not isinstance(d, str) else d for d in self.results)

    def context(self, history: bool = False, results: bool = False) -> tuple[str, tuple[Mention, ...], set[int]]:
        """(text, its mentions, the ids of the question's own): the question, with what the user said before it
        and what the tools returned when asked for."""
        if not history and not results:
            return self.question, self.pool, {id(m) for m in self.pool}
        before = "\n\n".join(self.conv.user_texts[:-1]) if history else ""
        start = len(before) + 2 if before else 0
        text = (before + "\n\n" if before else "") + self.question
        if results and self.result_source:
            text += "\n\n" + self.result_source
        found = mentions(text, language(self.question))
        end = start + len(self.question)
        return text, found, {id(m) for m in found if start <= m.start < end}


def read(conv: Conversation) -> Reading:
    """The request's Reading, built once and kept on the conversation."""
    cached = conv.__dict__.get("_reading")
    if cached is not None:
        return cached
    turns = conv.turns
    index = 0
    for i in range(len(turns) - 1, -1, -1):
        turn = turns[i]
        if turn["role"] != "user" or any(b.get("type") == "tool_result" for b in turn["content"]):
            continue
        if any(_text(b) for b in turn["content"] if b.get("type") == "text"):
            index = i
            break
    turn = turns[index] if turns else {"content": []}
    asked = "\n".join(t for t in (_text(b) for b in turn["content"] if b.get("type") == "text") if t)
    if conv.is_subagent:
        for line in asked.splitlines():
            if line.startswith(TOPIC_PREFIX):            # a subagent launched by the simulated coordinator
                asked = line[len(TOPIC_PREFIX):]
                break
    earlier = [t for tr in turns[:index] for t in (_text(b) for b in tr["content"] if b.get("type") == "text") if t]
    reading = Reading(conv, index, asked, earlier)
    conv.__dict__["_reading"] = reading
    return reading

