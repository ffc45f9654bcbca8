"""Scripted conversations: the graders (and a few demos) decide exactly what the model does.

A `Script` is selected by the conversation's first user message. Step n answers the request that
already holds n assistant turns. A step's text may be a function of the conversation, so that the
model's answer is built from the tool results it actually received.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Callable, Union

from .._conversation import Conversation
from .._reply import Reply, refusal

Text = Union[str, Callable[[Conversation], str]]


@dataclass(frozen=True)
class Step:
    say: Text | None = None
    calls: tuple[tuple[str, dict], ...] = ()
    stop: str | None = None     # "max_tokens" (runs past any budget), "refusal", "pause_turn", …


@dataclass
class Script:
    trigger: str
    steps: list[Step]
    repeat_last: bool = False   # a conversation that never ends: the last step comes back forever
    meta: dict = field(default_factory=dict)


class ScriptBook:
    """The playbook holding the scripts registered on one simulator."""
    name = "scénario"

    def __init__(self) -> None:
        self._scripts: dict[str, Script] = {}
        self._lock = threading.Lock()

    def add(self, script: Script) -> Script:
        with self._lock:
            self._scripts[script.trigger.strip()] = script
        return script

    def remove(self, trigger: str) -> None:
        with self._lock:
            self._scripts.pop(trigger.strip(), None)

    def clear(self) -> None:
        with self._lock:
            self._scripts.clear()

    def respond(self, conv: Conversation) -> Reply | None:
        with self._lock:
            script = self._scripts.get(conv.first_user_text.strip())
        if script is None:
            return None
        n = conv.assistant_turns
        if n >= len(script.steps):
            if not script.repeat_last:
                return Reply().say("(Fin du scénario : je n'ai plus rien à ajouter.)")
            n = len(script.steps) - 1
        step = script.steps[n]
        said = step.say(conv) if callable(step.say) else step.say
        if step.stop == "refusal":
            return refusal(said or "Je ne peux pas aider avec cette demande.", category="general_harms")
        if step.stop == "max_tokens":
            # Longer than the request's budget: the cut itself happens in _model.render.
            sentences = conv.max_tokens // 10 + 10
            filler = " ".join(f"Étape {i} de l'analyse détaillée du problème posé." for i in range(sentences))
            return Reply().say((said + " " if said else "") + filler)
        reply = Reply(stop_reason=step.stop)
        if said:
            reply.say(said)
        for name, tool_input in step.calls:
            reply.call(name, dict(tool_input))
        return reply
