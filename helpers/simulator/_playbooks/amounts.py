"""Lab 1.5 (PostToolUse): suppliers' quotes that several read tools price each in its own notation.

Turn 1: every read tool is called at once, one quote each. Turn 2: the answer states each amount *as the model
read it* (naive_amount: deliberately naive, like a model left to cope with mixed notations — it takes an integer
for euros when it counts cents, and reads text the English way, the comma as a thousands separator and the dot as
the decimal one, so « 2.450,00 » becomes 2,45 €) and ranks the quotes from the cheapest. Unnormalised results give
a wrong ranking: a PostToolUse hook that turns every amount into a number of euros is what fixes it.
"""
from __future__ import annotations

import re

from .._conversation import Conversation
from .._engine.assignment import by_name as fill
from .._reply import Reply, playbook, text

ASKS_AMOUNTS = re.compile(r"\bmontants?\b|\bprix\b|\bco[uû]te?\b|\bcher\b|\bchère\b|\bclass|\bcombien\b", re.I)
# The lab's quotes carry ids (DEV-2041…): scenario data; any other price question goes to the general engine.
QUOTE_ID = re.compile(r"\bDEV-?\d{3,}\b", re.I)
AMOUNT_KEY = "montant"
ACTIONS = re.compile(r"^(?:process|escalate|refund|send|create|delete|update|cancel|write|edit|order|book|accept)",
                     re.I)


def quote_ids(text: str) -> list[str]:
    return list(dict.fromkeys(m.group(0).upper() for m in QUOTE_ID.finditer(text)))


def read_tools(conv: Conversation) -> list[str]:
    return [n for n in conv.app_tools if not ACTIONS.match(n.rsplit("__", 1)[-1])]


def euros(value: float) -> str:
    """An amount as the answer writes it, in French notation: 2450.0 → « 2 450,00 € »."""
    return f"{value:,.2f}".replace(",", "\u202f").replace(".", ",") + "\u00a0€"


@playbook("montants")
def PLAYBOOK(conv: Conversation) -> Reply | None:
    question = conv.first_user_text
    tools = read_tools(conv)
    if conv.is_subagent or not tools or not ASKS_AMOUNTS.search(question):
        return None
    ids = quote_ids(question)
    if not ids:
        return None
    if not conv.calls:
        reply = Reply().say("Je consulte " + ("les fournisseurs" if len(tools) > 1 else "le fournisseur")
                            + " en même temps.")
        for i, name in enumerate(tools):
            targets = ids if len(tools) == 1 else [ids[i] if i < len(ids) else ids[0]]
            for qid in targets:
                reply.call(name, fill(conv.tools[name], {"quote_id": qid}))
        return reply
    if any(not c.answered for c in conv.calls):
        return None  # results still missing: the strict checks already refused this request
    read: list[tuple[str, str, float | None, object]] = []   # (source, field, amount as read, raw)
    for call in conv.calls:
        source = call.name.rsplit("__", 1)[-1]
        if call.is_error:
            read.append((source, "erreur", None, call.result or "?"))
            continue
        for field, raw in amounts_in(call.data()):
            read.append((source, field, naive_amount(raw), raw))
    if not read:
        return text("Les outils n'ont renvoyé aucun montant que je sache lire.")
    lines = [f"{source} : {field} = {euros(value) if value is not None else repr(raw)}"
             for source, field, value, raw in read]
    priced = sorted((value, source) for source, _f, value, _r in read if value is not None)
    answer = "Voici les montants lus : " + " ; ".join(lines) + "."
    if priced:
        answer += " Du moins cher au plus cher : " + " → ".join(f"{s} ({euros(v)})" for v, s in priced) + "."
    unreadable = [source for source, _f, value, _r in read if value is None]
    if unreadable:
        answer += " Je n'ai pas pu lire : " + ", ".join(unreadable) + "."
    return text(answer)


def naive_amount(value: object) -> float | None:
    """An amount as the unaided model reads it: a number is taken for euros, text is read the English way."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value).strip().replace(",", "").replace("\u202f", "").replace(" ", ""))
    except ValueError:
        return None


def amounts_in(value: object, path: str = "") -> list[tuple[str, object]]:
    """(field, raw value) for every field whose name says it is an amount, in document order."""
    found: list[tuple[str, object]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            key = f"{path}.{k}" if path else str(k)
            if isinstance(v, (dict, list)):
                found.extend(amounts_in(v, key))
            elif AMOUNT_KEY in str(k).lower():
                found.append((key, v))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found.extend(amounts_in(v, f"{path}[{i}]"))
    return found
