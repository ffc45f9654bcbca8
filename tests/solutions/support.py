"""The desks that several CLI tests drive: a support desk (four tools and the request that needs them) and the
shipping desk of exercise 1.5 (the graders' own tools, from ts1_5/play.py)."""
from __future__ import annotations

import json

ASK_REFUND = "Bonjour, je suis claire.martin@example.com (code 482913). Remboursez ma commande ORD-7781 svp."
ASK_SHIPPING = "Bonjour, ici l'atelier de Voiron. Pouvez-vous expédier la commande CMD-4410 aujourd'hui ?"


def _text(data: object) -> dict:
    return {"content": [{"type": "text", "text": json.dumps(data, ensure_ascii=False)}]}


def support_server(executed: list, amount=900):
    """The four support tools, recording each execution as (name, arguments)."""
    from claude_agent_sdk import create_sdk_mcp_server, tool

    @tool("get_customer", "Vérifie l'identité du client (e-mail et code reçu).", {"email": str, "verification_code": str})
    async def get_customer(args):
        executed.append(("get_customer", args))
        return _text({"customer_id": "C-2048", "verified": True})

    @tool("lookup_order", "Statut et montant d'une commande.", {"order_id": str})
    async def lookup_order(args):
        executed.append(("lookup_order", args))
        return _text({"order_id": args.get("order_id"), "status": "livrée", "amount": amount})

    @tool("process_refund", "Rembourse une commande d'un client vérifié.",
          {"order_id": str, "amount": float, "customer_id": str})
    async def process_refund(args):
        executed.append(("process_refund", args))
        return _text({"refund_id": "R-5501", "status": "effectué"})

    @tool("escalate_to_human", "Transmet le dossier à un conseiller humain, avec un résumé autonome.",
          {"customer_id": str, "order_id": str, "issue_summary": str, "root_cause": str, "refund_amount": str,
           "recommended_action": str})
    async def escalate_to_human(args):
        executed.append(("escalate_to_human", args))
        return _text({"ticket_id": "T-0815", "status": "transmis"})

    return create_sdk_mcp_server("support", tools=[get_customer, lookup_order, process_refund, escalate_to_human])


def shipping_server(executed: list, weight=42.5):
    """Exercise 1.5's shipping desk (get_order, ship_parcel, book_freight), recording each execution."""
    from helpers.lessons.ts1_5.play import _shipping_server
    return _shipping_server(executed, weight, weight_as_text=False)
