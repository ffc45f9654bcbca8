"""A warehouse's shipping desk (TS 1.5): look an order up, ship it as a parcel, or book freight when told to.

The model looks up each order the request names (`get_order`: weight, destination), then ships it with
`ship_parcel`, passing the weight *as the order service wrote it* (a number or a numeric text). It reads the errors
it gets back: a refusal that names another of its tools (« utilisez book_freight ») makes it call that tool with the
same order, weight and destination; any other refusal is reported as is. Nothing in the prompt tells it about a
weight limit: a PreToolUse hook on ship_parcel is what routes a heavy load to freight.
"""
from __future__ import annotations

import re

from .._conversation import Conversation, ToolCall
from .._engine.assignment import by_name as fill
from .._reply import Reply, playbook, text
from .support import HOOK_PREFIX, order_ids

LOOKUP, SHIP = "get_order", "ship_parcel"
ASKS_SHIPPING = re.compile(r"exp[ée]di|envoy|livr|\bship", re.I)


def _order(calls: list[ToolCall], order_id: str) -> dict:
    for call in reversed(calls):
        data = call.data()
        asked = str(call.input.get("order_id") or "").upper()
        if call.answered and not call.is_error and isinstance(data, dict) and asked == order_id:
            return data
    return {}


def _facts(order_id: str, order: dict) -> dict:
    return {"order_id": order_id, "weight_kg": order.get("weight_kg", order.get("poids_kg")),
            "destination": order.get("destination") or order.get("city")}


def _other_tool(conv: Conversation, reason: str, refused: str) -> str | None:
    """The tool a refusal points to: one of the application's tools, named in the reason, other than the refused one."""
    for name in conv.app_tools:
        short = name.rsplit("__", 1)[-1]
        if name != refused and short not in (LOOKUP,) and re.search(rf"\b{re.escape(short)}\b", reason):
            return name
    return None


@playbook("expédition")
def PLAYBOOK(conv: Conversation) -> Reply | None:
    lookup, ship = conv.tool(LOOKUP), conv.tool(SHIP)
    request = conv.first_user_text
    ids = order_ids(request)
    if conv.is_subagent or not (lookup and ship) or not ids or not ASKS_SHIPPING.search(request):
        return None
    lookups = conv.calls_to(lookup)
    order_id = ids[0]
    for call in conv.last_turn_results:
        if not call.is_error:
            continue
        reason = HOOK_PREFIX.sub("", call.result or "").strip() or "(aucune raison donnée)"
        target = _other_tool(conv, reason, call.name)
        if target and not conv.calls_to(target):
            return Reply().say(f"L'envoi en colis est refusé ; comme l'indique le refus, je passe par "
                               f"{target.rsplit('__', 1)[-1]}.").call(
                target, fill(conv.tools[target], _facts(order_id, _order(lookups, order_id))))
        return text(f"Je n'ai pas pu expédier la commande {order_id} : l'outil {call.name} a répondu « {reason} ».")
    done = [c for c in conv.calls if c.answered and not c.is_error and c.name not in (lookup,)]
    if done:
        last = done[-1]
        data = last.data() if isinstance(last.data(), dict) else {}
        ref = data.get("tracking") or data.get("booking_id") or data.get("id") or ""
        how = "en colis" if last.name == ship else f"via {last.name.rsplit('__', 1)[-1]}"
        return text(f"C'est fait : la commande {order_id} part {how}" + (f" (référence {ref})" if ref else "") + ".")
    looked = {str(c.input.get("order_id") or "").upper() for c in lookups}
    if order_id not in looked:
        return Reply().say("Je consulte la commande.").call(lookup, fill(conv.tools[lookup], {"order_id": order_id}))
    order = _order(lookups, order_id)
    if not order:
        return text(f"Je ne trouve pas la commande {order_id}.")
    return Reply().say("J'expédie la commande en colis.").call(ship, fill(conv.tools[ship], _facts(order_id, order)))
