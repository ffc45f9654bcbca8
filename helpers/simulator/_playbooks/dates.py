"""Lab 1.5 (PostToolUse): a question about dates that several read tools answer in mixed formats.

Turn 1: every read tool is called at once. Turn 2: the answer states each date *as the model
read it* (naive_date: deliberately naive, like a model left to cope with mixed formats — it reads ISO 8601
correctly, takes DD/MM/YYYY for the US MM/DD/YYYY whenever both are possible, and does not convert Unix
timestamps) and orders them. Unnormalised results give a wrong order: a PostToolUse hook that normalises dates
is what fixes it.
"""
from __future__ import annotations

import re
from datetime import date

from .._conversation import Conversation
from .._engine.assignment import by_name as fill
from .._reply import Reply, playbook, text
from .support import order_ids

ASKS_DATES = re.compile(r"\bdates?\b|\bquand\b|chronolog|dans quel ordre|le plus (?:tôt|récent|ancien)", re.I)
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
SLASH_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")
DATE_KEYS = ("date", "_at", "_on", "quand", "when", "day")
ACTIONS = re.compile(r"^(?:process|escalate|refund|send|create|delete|update|cancel|write|edit)", re.I)


def read_tools(conv: Conversation) -> list[str]:
    return [n for n in conv.app_tools if not ACTIONS.match(n.rsplit("__", 1)[-1])]


@playbook("dates")
def PLAYBOOK(conv: Conversation) -> Reply | None:
    question = conv.first_user_text
    tools = read_tools(conv)
    if conv.is_subagent or not tools or not ASKS_DATES.search(question):
        return None
    ids = order_ids(question)
    if not ids:
        return None     # the lab's parcels carry ids; any other date question goes to the general engine
    if not conv.calls:
        reply = Reply().say("Je consulte " + ("les sources" if len(tools) > 1 else "la source") + " en même temps.")
        for i, name in enumerate(tools):
            targets = ids if len(tools) == 1 and ids else [ids[i] if i < len(ids) else (ids[0] if ids else None)]
            for oid in targets:
                reply.call(name, fill(conv.tools[name], {"order_id": oid}))
        return reply
    if any(not c.answered for c in conv.calls):
        return None  # results still missing: the strict checks already refused this request
    read: list[tuple[str, str, str]] = []   # (source, field, date as read)
    for call in conv.calls:
        if call.is_error:
            read.append((call.name, "erreur", call.result or "?"))
            continue
        for field, raw in dates_in(call.data()):
            read.append((call.name.rsplit("__", 1)[-1], field, naive_date(raw)))
    if not read:
        return text("Les outils n'ont renvoyé aucune date que je sache lire.")
    lines = [f"{source} : {field} = {value}" for source, field, value in read]
    dated = sorted((v, s) for s, _f, v in read if re.match(r"^\d{4}-\d{2}-\d{2}$", v))
    order = " → ".join(f"{s} ({v})" for v, s in dated)
    unreadable = [s for s, _f, v in read if not re.match(r"^\d{4}-\d{2}-\d{2}$", v)]
    answer = "Voici les dates lues : " + " ; ".join(lines) + "."
    if dated:
        answer += f" Ordre chronologique : {order}."
    if unreadable:
        answer += " Je n'ai pas pu situer : " + ", ".join(unreadable) + "."
    return text(answer)


def naive_date(value: object) -> str:
    """A date as the unaided model reads it, written back as it would state it."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"l'horodatage {int(value)} (format non converti)"
    text = str(value).strip()
    if text.isdigit() and len(text) >= 9:
        return f"l'horodatage {text} (format non converti)"
    if ISO_DATE.match(text):
        return text[:10]
    m = SLASH_DATE.match(text)
    if m:
        first, second, year = (int(g) for g in m.groups())
        try:  # the US reading wins whenever it is a valid date
            return date(year, first, second).isoformat()
        except ValueError:
            try:
                return date(year, second, first).isoformat()
            except ValueError:
                return text
    return text


def dates_in(value: object, path: str = "") -> list[tuple[str, object]]:
    """(field, raw value) for every field that looks like a date, in document order."""
    found: list[tuple[str, object]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            key = f"{path}.{k}" if path else str(k)
            if isinstance(v, (dict, list)):
                found.extend(dates_in(v, key))
            elif any(marker in str(k).lower() for marker in DATE_KEYS):
                found.append((key, v))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found.extend(dates_in(v, f"{path}[{i}]"))
    return found
