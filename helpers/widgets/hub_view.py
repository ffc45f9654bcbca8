"""Hub and spokes: a coordinator and its subagents, stepped through a real run.

The run is read back as plain data by `_hub_state.read_run` (spokes and moments, tested on their
own). `HubView` draws the current moment — the coordinator in the centre, one spoke per subagent,
the launches of one response lit together, each report coming back — and, for the spoke chosen
under the drawing, everything that subagent received: its whole context, and what it never got.
"""
from __future__ import annotations

import html
import math

import ipywidgets as widgets

from ._base import Stepper, readable
from ._hub_state import HubRun, Moment, Spoke, read_run, short

STATE_LABELS = {"attente": "pas encore lancé", "en cours": "au travail", "rapport": "rapport rendu",
                "échec": "échec"}
FILLS = {"attente": ("#f1f3f4", "#9aa0a6"), "en cours": ("#e8f0fe", "#1a73e8"), "rapport": ("#e6f4ea", "#1e8e3e"),
         "échec": ("#fdecea", "#b3261e")}
WIDTH = 680
BOX_W, BOX_H = 160, 60


def _layout(n: int) -> tuple[tuple[float, float], list[tuple[float, float]], int]:
    """(hub centre, spoke centres, drawing height): spokes on an ellipse around the hub, the first at the top."""
    angles = [-math.pi / 2 + 2 * math.pi * i / max(n, 1) for i in range(n)]
    offsets = [(250 * math.cos(a), 140 * math.sin(a)) for a in angles] or [(0.0, -140.0)]
    top = min(min(dy for _, dy in offsets), -70)
    bottom = max(max(dy for _, dy in offsets), 70)
    cy = BOX_H / 2 + 10 - top
    height = int(cy + bottom + BOX_H / 2 + 30)
    return (WIDTH / 2, cy), [(WIDTH / 2 + dx, cy + dy) for dx, dy in offsets[:n]], height


def _edge(x: float, y: float, ux: float, uy: float) -> tuple[float, float]:
    """Where the ray towards a box's centre (direction ux, uy) meets its border, a little before it."""
    reach = min(BOX_W / 2 / abs(ux) if ux else math.inf, BOX_H / 2 / abs(uy) if uy else math.inf) + 6
    return x - ux * reach, y - uy * reach


def _markers() -> str:
    def marker(name: str, colour: str) -> str:
        return (f'<marker id="{name}" markerUnits="userSpaceOnUse" markerWidth="12" markerHeight="12" refX="10" '
                f'refY="6" orient="auto"><path d="M0,0 L12,6 L0,12 z" fill="{colour}"/></marker>')
    return "<defs>" + marker("hub-aller", "#1a73e8") + marker("hub-retour", "#1e8e3e") + marker(
        "hub-echec", "#b3261e") + "</defs>"


def svg(run: HubRun, moment: Moment, selected: str | None = None) -> str:
    """The hub, its spokes and, lit, what moves at this moment (hub → spoke: a prompt; spoke → hub: a report)."""
    (cx, cy), places, height = _layout(len(run.spokes))
    parts = [f'<svg class="cours-hub" viewBox="0 0 {WIDTH} {height}" width="100%" style="max-width:{WIDTH}px" '
             'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">', _markers()]
    for spoke, (x, y) in zip(run.spokes, places):
        dx, dy = x - cx, y - cy
        length = math.hypot(dx, dy) or 1
        ux, uy = dx / length, dy / length
        near = (cx + ux * 64, cy + uy * 64)
        far = _edge(x, y, ux, uy)
        lit = spoke.key in moment.lit
        state = moment.state(spoke.key)
        if lit and moment.kind in ("lancement", "nouvelle tentative"):
            start, end, colour, marker, width = near, far, "#1a73e8", "hub-aller", 5
        elif lit:
            failed = state == "échec"
            start, end = far, near
            colour, marker, width = ("#b3261e", "hub-echec", 5) if failed else ("#1e8e3e", "hub-retour", 5)
        else:
            start, end, colour, marker, width = near, far, "#dadce0", None, 2
        dash = ' stroke-dasharray="6,5"' if state == "attente" and not lit else ""
        parts.append(f'<line x1="{start[0]:.0f}" y1="{start[1]:.0f}" x2="{end[0]:.0f}" y2="{end[1]:.0f}" '
                     f'stroke="{colour}" stroke-width="{width}"{dash}'
                     + (f' marker-end="url(#{marker})"' if marker else "") + "/>")
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="58" fill="#fef7e0" stroke="#b06000" stroke-width="2"/>'
                 f'<text x="{cx}" y="{cy - 4}" text-anchor="middle" font-size="15" font-weight="bold">'
                 f'{html.escape(run.hub)}</text><text x="{cx}" y="{cy + 16}" text-anchor="middle" font-size="11" '
                 f'fill="#5f6368">le centre</text>')
    for spoke, (x, y) in zip(run.spokes, places):
        state = moment.state(spoke.key)
        fill, stroke = FILLS[state]
        chosen = spoke.key == selected
        width = 4 if chosen else (3 if spoke.key in moment.lit else 1.5)
        outline = "#e37400" if chosen else stroke
        parts.append(f'<g class="cours-rayon" data-rayon="{html.escape(spoke.key)}" data-etat="{state}">'
                     f'<rect x="{x - BOX_W / 2:.0f}" y="{y - BOX_H / 2:.0f}" width="{BOX_W}" height="{BOX_H}" rx="10" '
                     f'fill="{fill}" '
                     f'stroke="{outline}" stroke-width="{width}"/>'
                     f'<text x="{x:.0f}" y="{y - 5:.0f}" text-anchor="middle" font-size="13" font-weight="bold">'
                     f'{html.escape(short(spoke.name, 22))}</text>'
                     f'<text x="{x:.0f}" y="{y + 15:.0f}" text-anchor="middle" font-size="11" fill="#3c4043">'
                     f'{STATE_LABELS[state]}' + (f" · {moment.tried(spoke.key)} essais"
                                                 if moment.tried(spoke.key) > 1 else "")
                     + "</text></g>")
    parts.append(f'<text x="{WIDTH / 2:.0f}" y="{height - 8}" text-anchor="middle" font-size="11" fill="#5f6368">'
                 "aucun lien entre sous-agents : tout passe par le centre</text></svg>")
    return "".join(parts)


def render_moment(run: HubRun, moment: Moment, position: int, total: int, selected: str | None = None) -> str:
    items = "".join(f"<li>{html.escape(line)}</li>" for line in moment.lines)
    colour = "#b3261e" if moment.warning else "#202124"
    mark = "⚠ " if moment.warning else ""        # not a colour alone
    return (f'<div class="cours-etape-hub" data-etape="{position}">{svg(run, moment, selected)}'
            f'<div style="font-family:sans-serif;margin-top:4px;line-height:1.45"><span style="color:#5f6368">'
            f'Étape {position} / {total}</span><br><strong style="color:{colour}">{mark}{html.escape(moment.title)}</strong>'
            f'<ul style="margin:4px 0">{items}</ul></div></div>')


def isolation(run: HubRun, spoke: Spoke) -> list[tuple[str, str]]:
    """What this subagent did not receive, as the isolation rules say: (what, "absent" | "transmis" | "présent").

    "transmis": it is there because the hub copied it into the prompt — routing, not a leak.
    """
    messages = spoke.context.get("messages", [])
    seen = spoke.context.get("system", "") + "\n".join(m.get("text", "") for m in messages)
    out = []
    if run.hub_system.strip():
        out.append(("le system prompt du coordinateur", "absent" if run.hub_system.strip() not in seen else "présent"))
    if run.source == "cli":
        inherited = any(m.get("role") == "assistant" for m in messages)
        out.append((f"l'historique du coordinateur ({run.hub_messages} messages dans sa dernière requête)"
                    + (" : le sous-agent fork en hérite" if inherited and spoke.name == "fork" else ""),
                    "présent" if inherited else "absent"))
    if run.source == "api":
        roles = [m.get("role") for m in messages]
        out.append(("un historique : sa requête ne porte qu'un message user",
                    "absent" if roles == ["user"] else "présent"))
    for other in (s for s in run.spokes if s.key != spoke.key and s.report and len(s.report) > 20):
        where = "transmis" if other.report[:200] in spoke.prompt else "présent" if other.report[:200] in seen \
            else "absent"
        out.append((f"le rapport de {other.name}", where))
    return out


def _pre(text: str, height: int = 160) -> str:
    return (f'<pre style="white-space:pre-wrap;max-height:{height}px;overflow:auto;background:#f8f9fa;padding:6px;'
            f'margin:2px 0 8px;font-size:12px">{html.escape(text)}</pre>')


def render_context(run: HubRun, spoke: Spoke) -> str:
    """Everything one subagent received — nothing else reached it — and what it sent back."""
    ctx = spoke.context
    tools = ", ".join(t for t in ctx.get("tools") or [] if t) or "aucun"
    rows = [f"<tr><td><strong>Modèle</strong></td><td>{html.escape(str(ctx.get('model') or 'hérité'))}</td></tr>",
            f"<tr><td><strong>Outils</strong></td><td>{html.escape(tools)}</td></tr>"]
    parts = [f'<div class="cours-contexte" data-rayon="{html.escape(spoke.key)}" style="font-family:sans-serif;'
             f'border-left:6px solid #e37400;padding:4px 10px;line-height:1.45">'
             f'<p style="margin:2px 0"><strong>Ce que « {html.escape(spoke.name)} » a reçu — tout son contexte'
             + (" (reconstitué depuis le flux de messages et sa définition)" if ctx.get("rebuilt") else "")
             + "</strong></p>", f'<table style="margin:2px 0 6px">{"".join(rows)}</table>']
    if ctx.get("definition"):
        parts.append("<div><strong>Sa définition</strong> (prompt de son AgentDefinition)</div>" + _pre(ctx["definition"], 90))
    for message in ctx.get("messages", []):
        role = message.get("role")
        label = {"user": "Message user — le prompt écrit par le coordinateur", "system": "Note d'environnement de Claude Code",
                 "assistant": "Tour assistant hérité"}.get(role, role)
        parts.append(f"<div><strong>{html.escape(str(label))}</strong></div>" + _pre(message.get("text", "")))
    if ctx.get("system"):
        parts.append(f"<details><summary>System prompt complet, tel qu'envoyé ({len(ctx['system'])} caractères)"
                     f"</summary>{_pre(ctx['system'], 200)}</details>")
    marks = {"absent": "✅ absent", "transmis": "➜ recopié par le coordinateur dans son prompt", "présent": "⚠ présent"}
    absent = "".join(f"<li>{marks[status]} : {html.escape(what)}</li>" for what, status in isolation(run, spoke))
    if absent:
        parts.append("<div><strong>Ce qu'il n'a pas reçu (ou seulement par le coordinateur)</strong></div>"
                     f"<ul style='margin:2px 0 6px'>{absent}</ul>")
    parts.append("<div><strong>Ce qu'il a renvoyé au coordinateur</strong>"
                 + (f" ({spoke.attempts} tentatives)" if spoke.attempts > 1 else "") + "</div>"
                 + _pre(spoke.report or "(rien : pas de rapport)", 140))
    return "".join(parts) + "</div>"


class HubView(Stepper):
    """Précédent / Suivant / Lecture through a coordinator run; below, the context of the subagent you pick."""

    empty = "<em>Aucun sous-agent dans cette exécution.</em>"
    interval_ms = 1600
    label = "Schéma en étoile : le coordinateur et ses sous-agents"

    def describe(self, step: Moment) -> str:
        """The moment, then each spoke's state as the drawing shows it (lit, waiting, running, reported, failed)."""
        states = " ; ".join(f"{s.name} : {STATE_LABELS[step.state(s.key)]}"
                            + (" (actif à cette étape)" if s.key in step.lit else "") for s in self.run.spokes)
        lines = (" — " + " ; ".join(step.lines)) if step.lines else ""
        return (("Attention, " if step.warning else "") + f"{step.title}{lines}. Sous-agents : {states}. "
                "Aucun lien entre sous-agents : tout passe par le centre.")

    def __init__(self, run: HubRun) -> None:
        self.run = run
        self.selected: str | None = None
        # A run with no subagent has nothing to step through: the empty drawing says so, buttons off.
        super().__init__(list(run.moments) if run.spokes else [])
        names = [s.name for s in run.spokes]
        options = [(s.name if names.count(s.name) == 1 else f"{s.name} ({i})", s.key)
                   for i, s in enumerate(run.spokes, start=1)]
        self.chooser = widgets.ToggleButtons(options=options, value=None, description="Contexte vu par\u202f:",
                                             style={"description_width": "initial", "button_width": "auto"})
        self.context = widgets.HTML(readable("<em>Choisissez un sous-agent pour voir exactement ce qu'il a reçu.</em>")
                                    if run.spokes else "")
        self.chooser.observe(lambda change: self.show(change["new"]), names="value")
        self.children = (*self.children, self.chooser, self.context) if run.spokes else self.children

    def show(self, key: str | None) -> None:
        """Show the whole context of one subagent (its key), and outline its spoke in the drawing."""
        self.selected = key
        if key is not None and self.chooser.value != key:
            self.chooser.value = key
        self.context.value = readable(render_context(self.run, self.run.spoke(key))) if key else ""
        self.draw()

    def render(self, step: Moment, position: int, total: int) -> str:
        return render_moment(self.run, step, position, total, self.selected)

    def static_text(self) -> str:
        return "\n".join(f"{i}. {m.title}" + (" — " + " ; ".join(m.lines) if m.lines else "")
                         for i, m in enumerate(self.steps, 1))

    def static_html(self) -> str:
        rows = "".join(f"<li><strong>{html.escape(m.title)}</strong><br>"
                       + "<br>".join(html.escape(line) for line in m.lines) + "</li>" for m in self.steps)
        spokes = "".join(f"<li><strong>{html.escape(s.name)}</strong> a reçu : « {html.escape(short(s.prompt, 200))} »"
                         "</li>" for s in self.run.spokes)
        return f'<div class="cours-hub-statique"><ol>{rows}</ol><ul>{spokes}</ul></div>'


def hub_view(exchanges: list | None = None, *, since: int = 0, messages: list | None = None,
             agents: dict | None = None, names: list[str] | None = None) -> HubView:
    """Le schéma en étoile d'une exécution réelle : lancements, rapports et contexte exact de chaque sous-agent.

    Par défaut, il lit le journal des requêtes depuis `since`. Pour une exécution de l'Agent SDK sur la
    vraie API (mode réel, pas de journal), passez `messages=` (les messages reçus de query()) et
    `agents=` (vos AgentDefinition). `names` : les sous-thèmes, pour étiqueter les requêtes de
    l'API Messages.
    """
    if exchanges is None:
        from ..clients import trace
        exchanges = trace().since(since)
    return HubView(read_run(exchanges, messages=messages, agents=agents, names=names))
