"""The agentic loop (App ↔ Messages API ↔ tools), stepped through a real run.

`phases(exchanges)` turns logged exchanges into the steps of the diagram — plain data, tested on
its own. `LoopView` only draws the current step and moves between steps.
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass, field

from ._base import Stepper

ARROWS = ("app→api", "api→app", "app→outils", "fin")


@dataclass(frozen=True)
class Phase:
    arrow: str                    # one of ARROWS
    request: int                  # 1-based number of the request this phase belongs to
    title: str
    lines: list[str] = field(default_factory=list)
    stop_reason: str | None = None
    warning: bool = False


def _short(value: object, limit: int = 90) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _blocks(content) -> list[dict]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [b for b in content or [] if isinstance(b, dict)]


def _result_text(block: dict) -> str:
    content = block.get("content")
    if isinstance(content, list):
        return " ".join(b.get("text", "") for b in content if isinstance(b, dict))
    return str(content or "")


def phases(exchanges: list) -> list[Phase]:
    """The diagram's steps for these exchanges (requests to /v1/messages, in order)."""
    out: list[Phase] = []
    exchanges = [e for e in exchanges if getattr(e, "is_message", True)]
    for n, exchange in enumerate(exchanges, start=1):
        messages = exchange.messages
        last_user = next((m for m in reversed(messages) if m.get("role") == "user"), None)
        new = [b for b in _blocks(last_user.get("content")) if b.get("type") == "tool_result"] if last_user else []
        sent = (f"nouveau : {len(new)} tool_result dans un message user" if new
                else "nouveau : le message de l'utilisateur")
        tools = len(exchange.request.get("tools") or []) if isinstance(exchange.request, dict) else 0
        out.append(Phase("app→api", n, f"Requête {n} : tout l'historique repart",
                         [f"{len(messages)} message(s) envoyés, {tools} outil(s) déclarés", sent]))
        if not exchange.ok:
            out.append(Phase("api→app", n, f"Réponse {n} : erreur {exchange.status}",
                             [_short(exchange.error_message or exchange.response, 200)], warning=True))
            continue
        response = exchange.response or {}
        lines = []
        for block in response.get("content", []):
            if block.get("type") == "text":
                lines.append(f"texte : « {_short(block.get('text', ''))} »")
            elif block.get("type") == "tool_use":
                lines.append(f"tool_use : {block.get('name')}({_short(block.get('input'), 60)})")
        stop = response.get("stop_reason")
        out.append(Phase("api→app", n, f"Réponse {n} : stop_reason = {stop}", lines, stop_reason=stop))
        if stop == "tool_use":
            following = exchanges[n] if n < len(exchanges) else None
            if following is None:
                out.append(Phase("fin", n, "La boucle s'est arrêtée alors que Claude attendait des résultats",
                                 ["stop_reason valait tool_use : il fallait exécuter les outils et renvoyer la suite"],
                                 stop_reason=stop, warning=True))
                continue
            wanted = {b.get("id"): b.get("name") for b in response.get("content", []) if b.get("type") == "tool_use"}
            user_turns = [m for m in following.messages[len(messages):] if m.get("role") == "user"]
            results = [b for m in user_turns for b in _blocks(m.get("content")) if b.get("type") == "tool_result"]
            lines = [("❌ " if b.get("is_error") else "✅ ") + f"{wanted.get(b.get('tool_use_id'), '?')} → "
                     f"{_short(_result_text(b), 70)}" for b in results]
            missing = [name for i, name in wanted.items() if i not in {b.get("tool_use_id") for b in results}]
            lines += [f"⚠ pas de résultat pour {name}" for name in missing]
            if len(user_turns) > 1:
                lines.append(f"⚠ résultats répartis sur {len(user_turns)} messages user (un seul attendu)")
            out.append(Phase("app→outils", n, f"Votre code exécute {len(wanted)} outil(s)", lines,
                             warning=bool(missing) or len(user_turns) > 1))
    if exchanges and exchanges[-1].ok:
        stop = (exchanges[-1].response or {}).get("stop_reason")
        if stop in ("end_turn", "stop_sequence"):
            out.append(Phase("fin", len(exchanges), "Fin : la réponse finale est rendue",
                             [f"stop_reason = {stop}"], stop_reason=stop))
        elif stop != "tool_use":
            out.append(Phase("fin", len(exchanges), f"Arrêt sur stop_reason = {stop}",
                             ["la réponse n'est pas une fin normale : à traiter (exception, reprise…)"],
                             stop_reason=stop, warning=True))
    return out


def _markers() -> str:
    """Arrowheads of a fixed size (not scaled by the line width), one per colour."""
    def marker(name: str, colour: str) -> str:
        return (f'<marker id="{name}" markerUnits="userSpaceOnUse" markerWidth="12" markerHeight="12" refX="10" '
                f'refY="6" orient="auto"><path d="M0,0 L12,6 L0,12 z" fill="{colour}"/></marker>')
    return ("<defs>" + marker("pointe-actif", "#1a73e8") + marker("pointe-alerte", "#b3261e")
            + marker("pointe-repos", "#c4c7c5") + "</defs>")


def _svg(active: str, warning: bool) -> str:
    hot, hot_marker = ("#b3261e", "pointe-alerte") if warning else ("#1a73e8", "pointe-actif")

    def line(x1: int, y1: int, x2: int, y2: int, arrow: str) -> str:
        lit = arrow == active
        colour, marker = (hot, hot_marker) if lit else ("#c4c7c5", "pointe-repos")
        return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="{4 if lit else 3}" '
                f'marker-end="url(#{marker})"/>')

    def box(x: int, label: str, sub: str, lit: bool) -> str:
        fill = "#e8f0fe" if lit else "#f8f9fa"
        return (f'<rect x="{x}" y="20" width="150" height="70" rx="10" fill="{fill}" stroke="#5f6368"/>'
                f'<text x="{x + 75}" y="52" text-anchor="middle" font-size="15" font-weight="bold">{label}</text>'
                f'<text x="{x + 75}" y="72" text-anchor="middle" font-size="12" fill="#5f6368">{sub}</text>')

    height = 138 if active == "fin" else 110
    return (
        f'<svg class="cours-boucle" viewBox="0 0 620 {height}" width="100%" style="max-width:620px" '
        'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">' + _markers()
        + box(10, "Outils", "run_tool(…)", active == "app→outils")
        + box(235, "Votre code", "la boucle", active in ARROWS)
        + box(460, "API Messages", "Claude", active in ("app→api", "api→app"))
        + line(387, 40, 456, 40, "app→api") + line(458, 72, 389, 72, "api→app")
        + line(233, 40, 164, 40, "app→outils") + line(162, 72, 231, 72, "app→outils")
        + '<text x="422" y="14" text-anchor="middle" font-size="11">requête</text>'
        + '<text x="422" y="104" text-anchor="middle" font-size="11">réponse</text>'
        + '<text x="198" y="14" text-anchor="middle" font-size="11">tool_use</text>'
        + '<text x="198" y="104" text-anchor="middle" font-size="11">tool_result</text>'
        + ('<text x="310" y="130" text-anchor="middle" font-size="13" font-weight="bold" fill="'
           + hot + '">fin de la boucle</text>' if active == "fin" else "")
        + "</svg>")


def render_phase(phase: Phase, position: int, total: int) -> str:
    items = "".join(f"<li>{html.escape(line)}</li>" for line in phase.lines)
    colour = "#b3261e" if phase.warning else "#202124"
    mark = "⚠ " if phase.warning else ""          # not a colour alone
    return (f'<div class="cours-etape" data-etape="{position}">{_svg(phase.arrow, phase.warning)}'
            f'<div style="font-family:sans-serif;margin-top:4px;line-height:1.45"><span style="color:#5f6368">Étape {position} / '
            f'{total}</span><br><strong style="color:{colour}">{mark}{html.escape(phase.title)}</strong>'
            f'<ul style="margin:4px 0">{items}</ul></div></div>')


NUMBERS = ("aucun", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix")
WHERE = {"app→api": "votre code envoie la requête à l'API Messages",
         "api→app": "la réponse de l'API Messages revient à votre code",
         "app→outils": "votre code exécute les outils et prépare les tool_result",
         "fin": "la boucle s'arrête"}


def describe_phase(phase: Phase) -> str:
    """The loop's state in words (« Tour 2 : tool_use, deux appels en parallèle… »): what the arrows show."""
    calls = [line.split(" : ", 1)[1].split("(", 1)[0] for line in phase.lines if line.startswith("tool_use : ")]
    said = f"Tour {phase.request} : "
    if phase.arrow == "api→app" and phase.stop_reason == "tool_use" and calls:
        count = NUMBERS[len(calls)] if len(calls) < len(NUMBERS) else str(len(calls))
        said += (f"tool_use, {count} appels en parallèle ({', '.join(calls)})" if len(calls) > 1
                 else f"tool_use, un appel ({calls[0]})") + f" ; {WHERE[phase.arrow]}"
    else:
        said += f"{WHERE[phase.arrow]} — {phase.title}"
    if phase.lines:
        said += ". Détail : " + " ; ".join(phase.lines)
    return ("Attention, " if phase.warning else "") + said + "."


class LoopView(Stepper):
    """Précédent / Suivant / Lecture through the phases of a real run."""

    empty = "<em>Aucune requête dans cette exécution.</em>"
    label = "Schéma de la boucle agentique"

    def describe(self, step: Phase) -> str:
        return describe_phase(step)

    def __init__(self, exchanges: list) -> None:
        super().__init__(phases(exchanges))

    def render(self, step: Phase, position: int, total: int) -> str:
        return render_phase(step, position, total)

    def static_text(self) -> str:
        return "\n".join(f"{i}. {p.title} — " + " ; ".join(p.lines) for i, p in enumerate(self.steps, 1))

    def static_html(self) -> str:
        rows = "".join(f"<li><strong>{html.escape(p.title)}</strong><br>"
                       + "<br>".join(html.escape(line) for line in p.lines) + "</li>" for p in self.steps)
        return f'<div class="cours-boucle-statique"><ol>{rows}</ol></div>'


def loop_view(exchanges: list | None = None, *, since: int = 0) -> LoopView:
    """Le schéma de la boucle, pas à pas, sur une exécution réelle (par défaut : le journal depuis `since`)."""
    if exchanges is None:
        from ..clients import trace
        exchanges = trace().since(since)
    return LoopView(exchanges)
