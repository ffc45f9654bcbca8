"""The support desk that several CLI tests drive: the graders' own four tools and the request that needs them."""
from __future__ import annotations

ASK_REFUND = "Bonjour, je suis claire.martin@example.com (code 482913). Remboursez ma commande ORD-7781 svp."


def support_server(executed: list, amount=900):
    """The four support tools, recording each execution as (name, arguments) — the graders' own set."""
    from helpers.lessons.ts1_5.play import _support_server
    return _support_server(executed, amount, amount_as_text=False)
