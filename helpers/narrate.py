"""One French line per Agent SDK message, to follow an agent's run in a cell."""
from __future__ import annotations

import json


def _short(value: object, limit: int = 140) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def describe(message: object) -> str:
    """Résume un message du flux de `query()` en une ligne (type, outil appelé, résultat, coût…)."""
    import textwrap
    # French spacing inside « » is non-breaking, so a guillemet never wraps alone onto a line.
    line = _describe(message).replace("« ", "«\u00a0").replace(" »", "\u00a0»")
    return textwrap.fill(line, width=110, subsequent_indent="    ", break_long_words=False, break_on_hyphens=False)


def _describe(message: object) -> str:
    from claude_agent_sdk import AssistantMessage, ResultMessage, SystemMessage, UserMessage
    from claude_agent_sdk.types import TextBlock, ToolResultBlock, ToolUseBlock

    who = " (subagent)" if getattr(message, "parent_tool_use_id", None) else ""
    if isinstance(message, AssistantMessage) and getattr(message, "error", None):
        said = " ".join(b.text for b in message.content if isinstance(b, TextBlock))
        return f"⚠ l'API a échoué ({message.error}) : « {_short(said)} »"
    if isinstance(message, AssistantMessage):
        parts = []
        for block in message.content:
            if isinstance(block, TextBlock):
                parts.append(f"💬 « {_short(block.text)} »")
            elif isinstance(block, ToolUseBlock):
                parts.append(f"🛠 appel de {block.name} {_short(block.input, 100)}")
        return f"assistant{who} : " + " · ".join(parts or ["(bloc non textuel)"])
    if isinstance(message, UserMessage):
        content = message.content if isinstance(message.content, list) else [message.content]
        parts = []
        for block in content:
            if isinstance(block, ToolResultBlock):
                flag = "❌ refusé/erreur" if block.is_error else "✅ résultat"
                parts.append(f"{flag} : {_short(block.content, 120)}")
            elif isinstance(block, str):
                parts.append(f"« {_short(block)} »")
        return f"outil → modèle{who} : " + " · ".join(parts or ["(message utilisateur)"])
    if isinstance(message, ResultMessage):
        from .clients import mode
        cost = f"{message.total_cost_usd:.4f} $".replace(".", ",") if message.total_cost_usd is not None else "coût inconnu"
        if mode() == "hors-ligne":
            cost += " (fictif : hors ligne)"
        if getattr(message, "is_error", False):
            # The CLI ends a run whose API call failed with subtype "success" and is_error: not a success.
            status = getattr(message, "api_error_status", None)
            why = {401: "clé refusée (401)", 403: "accès refusé (403)", 429: "limite de débit (429)",
                   529: "API surchargée (529)"}.get(status, f"erreur {status} de l'API" if status else message.subtype)
            return (f"🏁 fin EN ERREUR : {why} · {message.num_turns} tour(s) · {cost} · "
                    f"session {message.session_id[:8]}… (l'explication suit)")
        return (f"🏁 fin : {message.subtype} · {message.num_turns} tour(s) · {cost} · "
                f"session {message.session_id[:8]}…")
    if isinstance(message, SystemMessage):
        data = message.data or {}
        if data.get("tag") == "hook_callback_failed":
            return ("⚠ un hook a levé une exception : sans HookMatcher(on_failure=\"block\"), le CLI l'ignore et "
                    "l'appel d'outil PASSE (fail open) ; avec cette option, il le refuse")
        if message.subtype == "api_retry":
            status = data.get("error_status") or "réseau"
            return (f"⏳ nouvelle tentative {data.get('attempt')}/{data.get('max_retries')} après une erreur "
                    f"({status}, {data.get('error')})")
        if message.subtype == "init":
            return f"⚙ démarrage : modèle {data.get('model')}, session {str(data.get('session_id', ''))[:8]}…"
        if message.subtype == "task_started":
            return f"🚀 subagent lancé : {data.get('subagent_type')} — {data.get('description')}"
        if message.subtype == "task_notification":
            return f"📨 subagent terminé ({data.get('status')}) : {_short(data.get('summary', ''))}"
        return f"⚙ {message.subtype}"
    return type(message).__name__
