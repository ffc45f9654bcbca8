"""Lab 1.5 (PostToolUse): a question about dates that several read tools answer in mixed formats.

Turn 1: every read tool is called at once. Turn 2: the answer states each date *as the model
read it* (see reading.naive_date) and orders them. Unnormalised results give a wrong order.
"""
from __future__ import annotations

import re

from .._conversation import Conversation
from .._reply import Reply, playbook, text
from . import reading
from .filling import fill

ASKS_DATES = re.compile(r"\bdates?\b|\bquand\b|chronolog|dans quel ordre|le plus (?:tôt|récent|ancien)", re.I)
ACTIONS = re.compile(r"^(?:process|escalate|refund|send|create|delete|update|cancel|write|edit)", re.I)


def read_tools(conv: Conversation) -> list[str]:
    return [n for n in conv.app_tools if not ACTIONS.match(n.rsplit("__", 1)[-1])]


@playbook("dates")
def PLAYBOOK(conv: Conversation) -> Reply | None:
    question = conv.first_user_text
    tools = read_tools(conv)
    if conv.is_subagent or not tools or not ASKS_DATES.search(question):
        return None
    ids = reading.order_ids(question)
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
        for field, raw in reading.dates_in(call.data()):
            read.append((call.name.rsplit("__", 1)[-1], field, reading.naive_date(raw)))
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
