"""Extended thinking: the `thinking` blocks a reply starts with when the request turns thinking on.

As documented for the Messages API (extended thinking; the pinned SDK's ThinkingBlock, RedactedThinkingBlock and
ThinkingConfig*Param types):
- `thinking: {type: "enabled", budget_tokens}`: the reply starts with a thinking block (readable reasoning and an
  opaque `signature`); `{type: "adaptive"}`: the model thinks when the request calls for it — here, for every reply but
  its set phrases (a greeting, thanks, the notice that it cannot answer offline);
- `display: "omitted"`: the thinking text is empty, the signature is still there (multi-turn continuity);
- the documented test string ANTHROPIC_MAGIC_STRING_TRIGGER_REDACTED_THINKING_… in the user's text brings a
  `redacted_thinking` block (opaque `data`), so that a client can be checked on passing such blocks back.
Thinking tokens count in `output_tokens` and within `max_tokens` (_model.render). The reasoning is short, in the
user's language, and says what the reply then does.
"""
from __future__ import annotations

import json

from . import _wire
from ._conversation import Conversation
from ._reply import Reply
from ._words import words

REDACTED_TRIGGER = "ANTHROPIC_MAGIC_STRING_TRIGGER_REDACTED_THINKING_46C9A13E193C177646C7398A98432ECCCE4C1253"


def config(conv: Conversation) -> dict | None:
    thinking = conv.body.get("thinking")
    if isinstance(thinking, dict) and thinking.get("type") in ("enabled", "adaptive"):
        return thinking
    return None


def _opaque(*parts: object, length: int) -> str:
    return "".join(_wire.digest(n, *parts, length=40) for n in range(length // 40 + 1))[:length]


def signature(*parts: object) -> str:
    return _opaque("signature", *parts, length=120)


def _reasoning(conv: Conversation, reply: Reply, lang: str) -> str:
    asked = " ".join((conv.last_user_text or "").split())
    asked = asked if len(asked) <= 90 else asked[:89] + "…"
    calls = [b for b in reply.blocks if b["type"] == "tool_use"]
    answered = conv.last_turn_results
    fr = lang == "fr"
    if calls:
        listed = ", ".join(f"{b['name']}({json.dumps(b['input'], ensure_ascii=False)[:80]})" for b in calls)
        plan = (f"Il me faut des données que je n'ai pas : j'appelle {listed}." if fr
                else f"I need data I do not have: I call {listed}.")
    elif answered:
        plan = ("Les résultats des outils sont arrivés : je réponds à partir d'eux, sans rien ajouter." if fr
                else "The tool results are in: I answer from them, adding nothing.")
    else:
        said = " ".join(b.get("text", "") for b in reply.blocks if b["type"] == "text").strip()
        sign = said.rfind(" = ")       # « 12 × 7 = 84 »: the engine's own sum, said before its one result
        if 3 <= sign <= 120 and "\n" not in said[:sign] and said[sign + 3:] and "=" not in said[sign + 2:]:
            plan = (f"C'est un calcul, {said[:sign]} : je le fais moi-même, sans outil." if fr
                    else f"This is a computation, {said[:sign]}: I do it myself, with no tool.")
        else:
            plan = ("Aucun outil n'est nécessaire : je réponds directement, dans la forme demandée." if fr
                    else "No tool is needed: I answer directly, in the form asked.")
    lead = f"La demande : « {asked} »." if fr else f"The request: \"{asked}\"."
    return f"{lead} {plan}"


def _nothing_to_think(reply: Reply) -> bool:
    """Adaptive thinking skips what needs no reasoning: a greeting, thanks, the notice (the model's set phrases)."""
    if any(b["type"] == "tool_use" for b in reply.blocks):
        return False
    said = " ".join(b.get("text", "") for b in reply.blocks if b["type"] == "text").strip()
    phrases = {v for table in words()["say"].values() for k, v in table.items()
               if k in ("greeting", "how_are_you", "thanks", "unknown")}
    return not said or said in phrases or \
        any(said.startswith(table["greeting_persona"].split("{")[0]) for table in words()["say"].values())


def add(conv: Conversation, reply: Reply, lang: str, key: object) -> Reply:
    """`reply` with its thinking blocks first, when the request asks for thinking."""
    wanted = config(conv)
    if wanted is None or reply.stop_reason == "refusal":
        return reply
    if wanted["type"] == "adaptive" and _nothing_to_think(reply):
        return reply
    blocks: list[dict] = []
    if REDACTED_TRIGGER in " ".join(conv.user_texts or []):
        data = _opaque("redacted", key, length=200)
        blocks.append({"type": "redacted_thinking", "data": data})
    text = "" if wanted.get("display") == "omitted" else _reasoning(conv, reply, lang)
    blocks.append({"type": "thinking", "thinking": text, "signature": signature(key, text)})
    return Reply(blocks=blocks + reply.blocks, stop_reason=reply.stop_reason, stop_details=reply.stop_details)
