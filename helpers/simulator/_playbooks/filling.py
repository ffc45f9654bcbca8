"""Filling a tool's input from what the model knows, guided by the tool's own JSON schema."""
from __future__ import annotations

import json

# Property names the model recognises, per fact.
ALIASES = {
    "email": ("email", "e_mail", "mail", "courriel"),
    "verification_code": ("verification_code", "code", "otp", "pin", "code_verification"),
    "customer_id": ("customer_id", "client_id", "customer", "id_client"),
    "order_id": ("order_id", "commande", "order", "id_commande", "order_number", "tracking_id", "id"),
    "amount": ("amount", "montant", "refund_amount", "value", "total"),
    "reason": ("reason", "motif", "raison", "escalation_reason"),
    "summary": ("summary", "issue_summary", "resume", "résumé", "case_summary", "description"),
    "query": ("query", "q", "question", "requete", "requête", "terms", "search"),
}


def properties(tool: dict) -> dict:
    return (tool.get("input_schema") or {}).get("properties") or {}


def fill(tool: dict, facts: dict) -> dict:
    """An input for `tool`: each schema property gets the fact it names, when the model has it."""
    out = {}
    for prop, spec in properties(tool).items():
        lowered = prop.lower()
        for fact, names in ALIASES.items():
            if lowered in names and facts.get(fact) is not None:
                out[prop] = _typed(facts[fact], spec)
                break
        else:
            if prop in facts and facts[prop] is not None:
                out[prop] = _typed(facts[prop], spec)
    return out


def _typed(value: object, spec: dict) -> object:
    kind = spec.get("type") if isinstance(spec, dict) else None
    if kind == "string" and not isinstance(value, str):
        return json.dumps(value, ensure_ascii=False) if isinstance(value, (dict, list)) else str(value)
    if kind in ("number", "integer") and isinstance(value, str):
        try:
            number = float(value.replace(",", "."))
            return int(number) if kind == "integer" or number.is_integer() else number
        except ValueError:
            return value
    return value
