"""The simulated model: reads a request, decides a reply, deterministically.

The decision is delegated to *playbooks*, tried in order: the course's scenarios first (one module
each, in _playbooks/), then the general engine (_engine/), which answers any request. The API's
tool_choice rules apply to whichever decided. This module then turns the decision into what the
real API would return: ids, truncation at `max_tokens`, `stop_sequences`, usage.
"""
from __future__ import annotations

from . import _form, _thinking, _tokens, _wire
from ._constrain import SCRIPTED, constrain
from ._conversation import Conversation
from ._reply import FunctionPlaybook, Playbook, Reply, playbook, refusal, text  # noqa: F401  (re-exported)


def decide(conv: Conversation, playbooks: list[Playbook], key: object = None) -> tuple[str, Reply]:
    """The first playbook that recognises the conversation decides; the API's tool_choice rules apply, then — for
    the general engine — the form the request asks for (_form), and thinking blocks (_thinking) unless scripted."""
    for book in playbooks:
        reply = book.respond(conv)
        if reply is not None:
            reply = constrain(conv, reply, book.name)
            if book.name != SCRIPTED:
                from ._engine import PLAYBOOK as GENERAL, Engine
                lang = Engine(conv).lang
                if book.name == GENERAL.name:      # the course's scenarios write their own form, faults included
                    reply = _form.shape(conv, reply, lang)
                reply = _thinking.add(conv, reply, lang, key)
            return book.name, reply
    raise LookupError("no playbook answered")  # the last playbook (the general engine) always answers


def render(conv: Conversation, reply: Reply, usage: dict, request_key: object) -> dict:
    """The Message JSON for `reply`: ids, stop sequences, truncation, usage."""
    content: list[dict] = []
    for index, block in enumerate(reply.blocks):
        if block["type"] == "tool_use":
            content.append({"type": "tool_use", "id": "toolu_" + _wire.digest(request_key, index),
                            "name": block["name"], "input": block["input"]})
        elif block["type"] in ("thinking", "redacted_thinking"):
            content.append(dict(block))
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
        size = _size(block)
        if spent + size <= budget:
            kept.append(block)
            spent += size
            continue
        stop_reason, stop_sequence = "max_tokens", None
        room = budget - spent
        if block["type"] in ("text", "thinking") and room > 0:
            cut = int(room * _tokens.CHARS_PER_TOKEN)
            field = block["type"] if block["type"] == "thinking" else "text"
            kept.append(dict(block, **{field: block[field][:cut]}))
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


def _size(block: dict) -> int:
    """Output tokens of one block; thinking counts like text (it is billed as output)."""
    kind = block["type"]
    if kind == "text":
        return _tokens.count(block["text"])
    if kind == "thinking":
        return _tokens.count(block["thinking"]) + 8
    if kind == "redacted_thinking":
        return 24
    return _tokens.count(block["input"]) + 12
