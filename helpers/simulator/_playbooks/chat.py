"""Last resort: a short, honest text answer to whatever was asked.

It also remembers: asked what came before, it answers from the earlier user turns it was sent —
which is how a resumed session shows that its history came back.
"""
from __future__ import annotations

import re

from .._conversation import Conversation
from .._model import Reply, playbook, text

RECALL = re.compile(r"rappel|de quoi (?:avons|a-t-on)|qu'est-ce que je (?:t'|vous )?ai demandé|"
                    r"précédemment|plus tôt|avant cela", re.I)


def _quote(s: str, limit: int = 80) -> str:
    return s if len(s) <= limit else s[:limit - 1] + "…"


@playbook("conversation")
def PLAYBOOK(conv: Conversation) -> Reply:
    question = conv.last_user_text
    earlier = conv.user_texts[:-1]
    if RECALL.search(question):
        if not earlier:
            return text("Je n'ai aucun échange antérieur dans cette conversation : c'est notre premier message.")
        listed = " ; ".join(f"« {_quote(t)} »" for t in earlier)
        return text(f"Plus tôt dans cette conversation, vous m'avez écrit : {listed}.")
    if conv.last_turn_results:
        return text("J'ai bien reçu les résultats des outils. (Réponse simulée : le simulateur ne sait pas "
                    "quoi en conclure pour cette question.)")
    if re.search(r"\bbonjour\b|\bsalut\b|\bhello\b", question, re.I):
        return text("Bonjour ! Je suis le modèle simulé du cours : mes réponses sont calculées localement, "
                    "sans appel réseau.")
    return text(f"(Réponse simulée) J'ai lu votre demande : « {_quote(question)} ». En mode hors ligne, je ne sais "
                f"répondre en détail qu'aux scénarios du cours.")
