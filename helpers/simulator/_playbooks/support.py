"""Customer support desk (TS 1.4, 1.5): verify, look up, refund, or hand over to a human.

The model follows the usual order (identity, then orders, then the refund) and *reads the errors
it gets back*: a refusal that names `escalate_to_human` (or a human hand-over) makes it escalate
with a self-contained summary; a refusal that names `get_customer` makes it verify the customer,
then try again. Any other refusal is reported to the customer as is. A request that insists on
skipping checks (« sans vérification », « directement ») makes it skip get_customer — which is
precisely what a prerequisite gate must catch.
"""
from __future__ import annotations

import re
from functools import cached_property

from .._conversation import Conversation, ToolCall
from .._reply import Reply, playbook, text
from .._engine.assignment import by_name as fill, stated
from .._engine.recognisers import all_of, first

TOOLS = ("get_customer", "lookup_order", "process_refund", "escalate_to_human")
REFUND = re.compile(r"rembours|refund", re.I)
SKIP_CHECKS = re.compile(r"sans (?:vérif|verif|contrôle)|directement|pas le temps|déjà vérifié|already verified",
                         re.I)
HAND_OVER = re.compile(r"escalate_to_human|escalad|humain|human|conseiller|superviseur", re.I)
# A customer number the customer states himself (« mon numéro client est C-4821 »): a claim, not a verification.
INVOICE_ID = re.compile(r"\b(?:FAC|FACT|INV)-?\d{3,}\b", re.I)
# One message, several concerns: each concern the desk recognises, the tools that can look into it (first one
# available wins) and the identifier they need. Data, read by _several_concerns().
CONCERNS = (
    ("retour", re.compile(r"retourn|renvoyer|rapporter|\breturn", re.I), ("lookup_order",), "order_id"),
    ("facture", re.compile(r"factur|invoice|contest", re.I), ("get_invoice", "lookup_invoice"), "invoice_id"),
    ("adresse", re.compile(r"adresse(?!\s*(?:e-?mail|mail|électronique))|déménag|\baddress\b(?!\s*e?-?mail)", re.I),
     ("get_account", "get_customer_profile", "get_address"), "customer_id"),
)
HOOK_PREFIX = re.compile(r"^\s*\w+:\S+ hook error:\s*")
CLAIMED_ID = re.compile(r"\b(?:C|CL|CLI|CUST)-\d{3,}\b", re.I)
# The course's order numbers (ORD-7781, CMD-3310…): scenario data, read with the engine's identifiers.
ORDER_ID = re.compile(r"\b(?:ORD|CMD|CDE|CO)-?\d{3,}\b", re.I)


def order_ids(text: str) -> list[str]:
    """The orders a message names, in order, once each."""
    return list(dict.fromkeys(m.group(0).upper() for m in ORDER_ID.finditer(text)))


class Desk:
    """What the model knows so far in this support conversation."""

    def __init__(self, conv: Conversation) -> None:
        self.conv = conv
        self.names = {t: conv.tool(t) for t in TOOLS}
        self.request = conv.first_user_text
        self.wants_refund = bool(REFUND.search(self.request))
        self.skips_checks = bool(SKIP_CHECKS.search(self.request))
        email = first("email", self.request)
        self.email = str(email).rstrip(".") if email else None
        self.code = stated("verification_code", self.request, "fr")
        self.mentioned_orders = order_ids(self.request)

    @cached_property
    def claimed_id(self) -> str | None:
        """The customer number the customer states himself (a claim, not a verification); read when needed."""
        claimed = stated("customer_id", self.request, "fr") or CLAIMED_ID.search(self.request)
        return (claimed if isinstance(claimed, str) else claimed.group(0)).upper() if claimed else None

    def calls(self, short: str) -> list[ToolCall]:
        return self.conv.calls_to(self.names[short])

    @property
    def customer(self) -> dict | None:
        for call in reversed(self.calls("get_customer")):
            data = call.data()
            if call.answered and not call.is_error and isinstance(data, dict):
                return data
        return None

    @property
    def customer_id(self) -> str | None:
        c = self.customer or {}
        return c.get("customer_id") or c.get("id") or c.get("client_id")

    @property
    def orders(self) -> dict[str, dict]:
        """The orders looked up, under the number the model asked for (the one the customer gave), or under the
        result's own number when the call named none. A result may name the order otherwise (a hook or the
        service rewrote ORD-3310 as CMD-3310): the model still knows which order it asked about."""
        found = {}
        for call in self.calls("lookup_order"):
            data = call.data()
            if call.answered and not call.is_error and isinstance(data, dict):
                asked = call.input.get("order_id") or next(iter(call.input.values()), "")
                oid = str(asked or data.get("order_id") or "")
                found[oid.upper()] = data
        return found

    def amount_of(self, order_id: str) -> object:
        order = self.orders.get(order_id, {})
        for key in ("amount", "montant", "total", "refund_amount"):
            if key in order:
                return order[key]  # as the tool wrote it: a number or a numeric string
        said = all_of("money", self.request, "fr")
        return said[0] if said else None

    @property
    def presumed_id(self) -> str | None:
        """Who the model takes the customer to be before any verification: the number he gave, else his e-mail
        (what a hurried model puts in a required customer_id — exactly what a gate must refuse)."""
        return self.claimed_id or self.email

    def facts(self, order_id: str | None = None) -> dict:
        return {"email": self.email, "verification_code": self.code,
                "customer_id": self.customer_id or (self.presumed_id if self.skips_checks or not self.names[
                    "get_customer"] else None),      # nothing to verify with: the number the customer gave
                "order_id": order_id, "amount": self.amount_of(order_id) if order_id else None}

    def handoff(self, order_id: str, reason: str, refund: bool) -> dict:
        """A summary that stands alone: the human who takes over has no access to the conversation."""
        amount = self.amount_of(order_id) if refund else None
        shown = _amount_text(amount)
        why = HOOK_PREFIX.sub("", reason).strip()   # the CLI's « PreToolUse:… hook error: » is not the reason
        who = f"Le client {self.customer_id} (identité vérifiée)" if self.customer_id else "Le client (identité non vérifiée)"
        done = [a for a in (
            "identité vérifiée (get_customer)" if self.customer_id else None,
            f"commande consultée (lookup_order {order_id})" if order_id in self.orders else None,
            "remboursement tenté, refusé par la politique (process_refund)" if refund else "consultation refusée",
        ) if a]
        return {
            "customer_id": self.customer_id or "non vérifié",
            "order_id": order_id,
            "issue_summary": (f"{who} demande le remboursement de la commande {order_id}"
                              + (f", d'un montant de {shown}" if shown else "") + f". Transmis parce que : {why}"
                              if refund else f"{who} demande où en est la commande {order_id}. Transmis parce "
                                             f"que : {why}"),
            "root_cause": why,
            "refund_amount": amount if amount is not None else "sans objet",
            "actions_taken": done,
            "recommended_action": (f"Valider ou refuser le remboursement de {shown or 'la commande'} pour {order_id}, "
                                   f"puis prévenir le client." if refund
                                   else "Reprendre la demande avec les droits nécessaires et répondre au client."),
        }


def _amount_text(amount: object) -> str:
    """An amount as a person writes it (900 → « 900 », 42.5 → « 42,50 »), or "" when unknown."""
    try:
        value = float(str(amount).replace(",", "."))
    except (TypeError, ValueError):
        return ""
    return f"{value:.0f}" if value.is_integer() else f"{value:.2f}".replace(".", ",")


def _escalate(desk: Desk, order_id: str, reason: str, refund: bool) -> Reply:
    name = desk.names["escalate_to_human"]
    schema = desk.conv.tools[name].get("input_schema") or {}
    case = desk.handoff(order_id, reason, refund)
    tool_input = fill(desk.conv.tools[name], {**case, "summary": case["issue_summary"], "reason": reason})
    for key in schema.get("properties", {}):
        if key in case:
            tool_input.setdefault(key, case[key])
    if not tool_input:  # a schema the model cannot map: the whole case goes in as one value
        props = list(schema.get("properties") or {"case": {}})
        tool_input = {props[0]: case}
    for key in schema.get("required", []):  # a required field the model knows nothing about
        tool_input.setdefault(key, "non renseigné")
    say = ("Ce remboursement demande une validation humaine : je transmets le dossier à un conseiller." if refund
           else "Cette demande nécessite l'intervention d'un conseiller : je lui transmets le dossier.")
    return Reply().say(say).call(name, tool_input)


def _several_concerns(desk: Desk) -> Reply | None:
    """Several concerns in one message: one call per concern, all in the same turn, then ONE unified answer."""
    ids = {"order_id": next(iter(desk.mentioned_orders), None), "customer_id": desk.claimed_id,
           "invoice_id": (INVOICE_ID.search(desk.request) or [None])[0]}
    items = []
    for label, pattern, tools, needs in CONCERNS:
        name = desk.conv.tool(*tools)
        if name and pattern.search(desk.request) and ids[needs]:
            items.append((label, name, needs))
    if len(items) < 2:
        return None
    calls = {c.name: c for c in desk.conv.calls}
    if not calls:
        reply = Reply().say(f"Votre message contient {len(items)} demandes ({', '.join(i[0] for i in items)}) : "
                            f"je les examine toutes en même temps.")
        for _label, name, needs in items:
            tool_input = fill(desk.conv.tools[name], {needs: ids[needs]}) or {needs: ids[needs]}
            reply.call(name, tool_input)
        return reply
    if not all(name in calls and calls[name].answered for _l, name, _n in items):
        return None
    lines = []
    for number, (label, name, needs) in enumerate(items, start=1):
        call = calls[name]
        data = call.data()
        if call.is_error:
            seen = f"je n'ai pas pu le vérifier ({_cut(call.result or '', 80)})"
        elif isinstance(data, dict):
            seen = ", ".join(f"{k} : {v}" for k, v in list(data.items())[:4])
        else:
            seen = _cut(str(data), 80)
        lines.append(f"{number}. {label.capitalize()} ({ids[needs]}) — {seen}.")
    return text("Voici la réponse à l'ensemble de votre message, en une fois :\n" + "\n".join(lines)
                + "\nSi l'un de ces points appelle une suite, je m'en occupe dans la foulée.")


def _cut(value: str, limit: int) -> str:
    value = " ".join(value.split())
    return value if len(value) <= limit else value[:limit - 1] + "…"


def _react_to_errors(desk: Desk) -> Reply | None:
    for call in desk.conv.last_turn_results:
        if not call.is_error:
            continue
        reason = call.result or "(aucune raison donnée)"
        order_id = str(call.input.get("order_id") or next(iter(desk.mentioned_orders), "?"))
        if desk.names["escalate_to_human"] and HAND_OVER.search(reason) and call.name != desk.names["escalate_to_human"]:
            return _escalate(desk, order_id, reason, refund=call.name == desk.names["process_refund"])
        if desk.names["get_customer"] and desk.names["get_customer"].rsplit("__", 1)[-1] in reason \
                and not desk.customer_id:
            if desk.email and desk.code:
                return Reply().say("Je dois d'abord vérifier votre identité.").call(
                    desk.names["get_customer"], fill(desk.conv.tools[desk.names["get_customer"]], desk.facts()))
            return text("Pour ce remboursement, je dois d'abord vérifier votre identité : pouvez-vous me donner "
                        "votre adresse e-mail et le code de vérification reçu ?")
        return text(f"Je n'ai pas pu aller au bout de votre demande : l'outil {call.name} a répondu « {reason} ».")
    return None


@playbook("service client")
def PLAYBOOK(conv: Conversation) -> Reply | None:
    if conv.is_subagent or not (conv.tool("lookup_order") or conv.tool("process_refund")):
        return None                        # not the course's support desk: nothing to read
    desk = Desk(conv)
    if not (desk.mentioned_orders or desk.wants_refund):
        return None

    several = _several_concerns(desk)
    if several:
        return several
    reaction = _react_to_errors(desk)
    if reaction:
        return reaction

    escalations = [c for c in desk.calls("escalate_to_human") if c.answered]
    refunds = desk.calls("process_refund")
    done_refunds = [c for c in refunds if c.answered and not c.is_error]
    if escalations:
        last = escalations[-1]
        ticket = last.data()
        ref = ticket.get("ticket_id") or ticket.get("id") if isinstance(ticket, dict) else None
        return text("Votre demande dépasse ce que je peux valider seul : un conseiller reprend le dossier"
                    + (f" (référence {ref})" if ref else "") + ". Il a tout le contexte, vous n'aurez rien à répéter.")
    if done_refunds:
        last = done_refunds[-1]
        return text(f"C'est fait : le remboursement de {last.input.get('amount', '')} pour la commande "
                    f"{last.input.get('order_id', '')} est enregistré.")

    reply = Reply()
    needs_identity = desk.wants_refund and desk.names["get_customer"] and not desk.skips_checks
    if needs_identity and not desk.calls("get_customer"):
        if not (desk.email and desk.code):
            return text("Pour traiter un remboursement, j'ai besoin de vérifier votre identité : quelle est "
                        "votre adresse e-mail et le code de vérification reçu ?")
        reply.call(desk.names["get_customer"], fill(conv.tools[desk.names["get_customer"]], desk.facts()))
    looked_up = {str(c.input.get("order_id", "")).upper() for c in desk.calls("lookup_order")}
    for oid in desk.mentioned_orders:
        if desk.names["lookup_order"] and oid not in looked_up:
            reply.call(desk.names["lookup_order"], fill(conv.tools[desk.names["lookup_order"]], {"order_id": oid}))
    if reply.blocks:
        what = "je vérifie votre identité et je consulte la commande" if needs_identity and len(reply.blocks) > 1 \
            else "je consulte votre dossier"
        return Reply(blocks=[{"type": "text", "text": f"Merci. D'abord, {what}."}] + reply.blocks)

    verified_after_refusal = bool(refunds and refunds[-1].is_error and desk.customer_id and any(
        c.turn > refunds[-1].turn and not c.is_error for c in desk.calls("get_customer")))
    if desk.wants_refund and desk.names["process_refund"] and (not refunds or verified_after_refusal):
        order_id = next((o for o in desk.mentioned_orders if o in desk.orders), None) or next(iter(desk.mentioned_orders), None)
        if order_id is None:
            return text("De quelle commande s'agit-il ? Il me faut son numéro (par exemple ORD-1234).")
        tool_input = fill(conv.tools[desk.names["process_refund"]], desk.facts(order_id))
        say = "Identité vérifiée : je relance le remboursement." if refunds else "Je lance le remboursement."
        return Reply().say(say).call(desk.names["process_refund"], tool_input)

    lines = []
    for oid, order in desk.orders.items():
        status = order.get("status") or order.get("statut") or "inconnu"
        lines.append(f"commande {oid} : statut {status}")
    return text("Voici ce que je vois — " + ("; ".join(lines) if lines else "aucune commande trouvée") + ".")
