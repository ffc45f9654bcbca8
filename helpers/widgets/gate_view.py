"""The support workflow as a small state diagram, replayed from an actual run.

`tool_calls()` reads a run's request log into its tool calls, in order, each with the result the
model received; `gate_steps()` replays them through the workflow's states (nobody verified →
customer verified → refund executed, or handed to a human), noting where the prerequisite gate
closed and where it opened. `GateView` draws one step at a time. State is plain data, tested on
its own; the SVG is a function of it.
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass

from ._base import Stepper


@dataclass(frozen=True)
class ToolCallSeen:
    """One tool call of the run, as the wire shows it: what the model asked, what it read back."""
    id: str
    name: str          # as the model called it (mcp__support__process_refund)
    input: dict
    result: str        # text of the tool_result ("" when none came back)
    is_error: bool
    answered: bool

    @property
    def short(self) -> str:
        return self.name.rsplit("__", 1)[-1]


def _text(content: object) -> str:
    if isinstance(content, list):
        return " ".join(str(b.get("text", "")) for b in content if isinstance(b, dict))
    return "" if content is None else str(content)


def tool_calls(exchanges: list) -> list[ToolCallSeen]:
    """Every tool call of the run, in the order the model made them, with the result it received."""
    order: list[tuple[str, str, dict]] = []
    results: dict[str, tuple[str, bool]] = {}
    seen: set[str] = set()

    def note_call(block: dict) -> None:
        if block.get("type") == "tool_use" and block.get("id") not in seen:
            seen.add(block.get("id"))
            order.append((block.get("id"), str(block.get("name", "")), block.get("input") or {}))

    for exchange in exchanges:
        for message in exchange.messages:
            content = message.get("content")
            if not isinstance(content, list):
                continue
            for block in content:
                if not isinstance(block, dict):
                    continue
                note_call(block)
                if block.get("type") == "tool_result":
                    results[block.get("tool_use_id")] = (_text(block.get("content")), bool(block.get("is_error")))
        if exchange.ok and isinstance(exchange.response, dict):
            for block in exchange.response.get("content", []):
                note_call(block)
    return [ToolCallSeen(i, name, dict(tool_input), *results.get(i, ("", False)), answered=i in results)
            for i, name, tool_input in order]


def verified_id(call: ToolCallSeen) -> str | None:
    """The customer id a successful get_customer returned (its JSON text), else None."""
    if call.short != "get_customer" or call.is_error or not call.answered:
        return None
    try:
        data = json.loads(call.result)
    except (ValueError, TypeError):
        return None
    if isinstance(data, dict) and data.get("verified") is not False and data.get("customer_id"):
        return str(data["customer_id"])
    return None


# The workflow's states, and what each kind of step does to them.
UNVERIFIED, VERIFIED, REFUNDED, HUMAN = "non vérifié", "vérifié", "remboursé", "conseiller"


@dataclass(frozen=True)
class GateStep:
    call: ToolCallSeen
    kind: str                        # verification_ok, verification_ratee, porte_fermee, remboursement, escalade, autre
    state_before: str
    state_after: str
    verified: tuple[str, ...]        # customers verified so far in this conversation (after the step)
    unsafe: bool = False             # a refund executed for a customer nobody verified

    @property
    def gate(self) -> str:
        """What the prerequisite gate did at this step, in a few words."""
        if self.kind == "porte_fermee":
            return "porte fermée : remboursement refusé"
        if self.kind == "remboursement":
            return "ATTENTION : remboursement sans vérification" if self.unsafe else "porte ouverte pour ce client"
        if self.kind == "verification_ok":
            return "la porte s'ouvre pour " + self.verified[-1]
        return "porte fermée" if not self.verified else "porte ouverte pour " + ", ".join(self.verified)


def gate_steps(calls: list[ToolCallSeen]) -> list[GateStep]:
    """The run replayed through the workflow: where the gate closed, where it opened."""
    steps: list[GateStep] = []
    verified: list[str] = []
    state = UNVERIFIED
    for call in calls:
        before = state
        unsafe = False
        if call.short == "get_customer":
            who = verified_id(call)
            if who:
                if who not in verified:
                    verified.append(who)
                kind, state = "verification_ok", VERIFIED
            else:
                kind = "verification_ratee"
        elif call.short == "process_refund":
            if call.is_error or not call.answered:
                kind = "porte_fermee"
            else:
                kind, state = "remboursement", REFUNDED
                unsafe = str(call.input.get("customer_id")) not in verified
        elif call.short == "escalate_to_human":
            kind, state = "escalade", HUMAN
        else:
            kind = "autre"
        steps.append(GateStep(call, kind, before, state, tuple(verified), unsafe))
    return steps


# -- drawing ------------------------------------------------------------------------------------

NODES = {UNVERIFIED: (110, 140), VERIFIED: (360, 140), REFUNDED: (610, 140), HUMAN: (360, 272)}
HALF_W, HALF_H = 75, 30
LABELS = {UNVERIFIED: "Client non vérifié", VERIFIED: "Client vérifié", REFUNDED: "Remboursement fait",
          HUMAN: "Conseiller humain"}
GREEN, RED, BLUE, IDLE = "#1e6b2f", "#b3261e", "#1a73e8", "#c4c7c5"
MARKERS = {GREEN: "vert", RED: "rouge", BLUE: "bleu", IDLE: "gris"}


def _short(value: object, limit: int = 70) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _node(state: str, step: GateStep) -> str:
    x, y = NODES[state]
    current = state == step.state_after
    if state == REFUNDED and step.unsafe and current:
        fill, stroke = "#fdecea", RED
    elif current:
        fill, stroke = "#e8f0fe", BLUE
    else:
        fill, stroke = "#f8f9fa", IDLE
    sub = ""
    if state == VERIFIED and step.verified:
        sub = _short(", ".join(step.verified), 22)
    elif state == UNVERIFIED:
        sub = "porte fermée"
    return (f'<rect x="{x - HALF_W}" y="{y - HALF_H}" width="{2 * HALF_W}" height="{2 * HALF_H}" rx="12" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{3 if current else 2}"/><text x="{x}" y="{y - 4}" '
            f'text-anchor="middle" font-size="13" font-weight="bold">{html.escape(LABELS[state])}</text>'
            f'<text x="{x}" y="{y + 15}" text-anchor="middle" font-size="11" fill="#5f6368">{html.escape(sub)}</text>')


def _path(d: str, label: str, at: tuple[float, float], active: bool, colour: str, *, dashed: bool = False,
          anchor: str = "middle") -> str:
    """A connector and its label; idle connectors are grey, the step's own one is coloured."""
    stroke = colour if active else IDLE
    dash = ' stroke-dasharray="5,4"' if dashed else ""
    text_colour = colour if active else "#6b6f73"   # ≥ 4.5:1 on white
    weight = ' font-weight="bold"' if active else ""
    return (f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{3 if active else 2}"{dash} '
            f'marker-end="url(#porte-{MARKERS[stroke]})"/><text x="{at[0]}" y="{at[1]}" text-anchor="{anchor}" '
            f'font-size="11" fill="{text_colour}"{weight}>{html.escape(label)}</text>')


def _between(a: str, b: str, label: str, active: bool, colour: str) -> str:
    (x1, y1), (x2, y2) = NODES[a], NODES[b]
    return _path(f"M {x1 + HALF_W} {y1} L {x2 - HALF_W - 2} {y2}", label, ((x1 + x2) / 2, y1 - 8), active, colour)


def _loop(state: str, label: str, active: bool, colour: str) -> str:
    x, y = NODES[state]
    top = y - HALF_H
    return _path(f"M {x - 35} {top} C {x - 45} {top - 48}, {x + 45} {top - 48}, {x + 35} {top - 2}", label,
                 (x, top - 42), active, colour, dashed=True)


def _svg(step: GateStep) -> str:
    markers = "".join(
        f'<marker id="porte-{name}" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" refX="9" refY="5" '
        f'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>' for colour, name in MARKERS.items())
    kind, before = step.kind, step.state_before
    closed = before if kind in ("porte_fermee", "verification_ratee") else None
    top = 0 if kind == "remboursement" and step.unsafe else 50     # room above the loops only for the red arc
    parts = [f'<svg class="cours-porte" viewBox="0 {top} 720 {310 - top}" width="100%" style="max-width:720px" '
             f'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif"><defs>{markers}</defs>']
    parts.append(_between(UNVERIFIED, VERIFIED, "get_customer ✓", kind == "verification_ok" and before == UNVERIFIED,
                          GREEN))
    parts.append(_between(VERIFIED, REFUNDED, "process_refund", kind == "remboursement" and not step.unsafe, GREEN))
    # Escalation: from the state the customer was in, never after a refund.
    vx, vy = NODES[VERIFIED]
    hx, hy = NODES[HUMAN]
    ux, uy = NODES[UNVERIFIED]
    parts.append(_path(f"M {vx} {vy + HALF_H} L {hx} {hy - HALF_H - 2}", "escalate_to_human", (vx + 8, vy + 68),
                       kind == "escalade" and before != UNVERIFIED, BLUE, anchor="start"))
    parts.append(_path(f"M {ux + 20} {uy + HALF_H} L {hx - HALF_W - 2} {hy - 10}", "escalate_to_human",
                       (ux - 10, uy + 88), kind == "escalade" and before == UNVERIFIED, BLUE, anchor="start"))
    parts.append(_loop(UNVERIFIED, "process_refund refusé" if closed == UNVERIFIED and kind == "porte_fermee"
                       else "get_customer ✗" if closed == UNVERIFIED else "refus / échec", closed == UNVERIFIED, RED))
    again = kind == "verification_ok" and before == VERIFIED
    parts.append(_loop(VERIFIED, "refusé : autre client" if closed == VERIFIED and kind == "porte_fermee"
                       else "get_customer ✗" if closed == VERIFIED else "autre client vérifié" if again
                       else "refus / autre client", closed == VERIFIED or again, RED if closed == VERIFIED else GREEN))
    if kind == "remboursement" and step.unsafe:
        (rx, ry) = NODES[REFUNDED]
        parts.append(_path(f"M {ux + 40} {uy - HALF_H} C {ux + 90} 8, {rx - 90} 8, {rx - 40} {ry - HALF_H - 2}",
                           "remboursement exécuté sans vérification : aucune porte ne l'a arrêté",
                           ((ux + rx) / 2, 16), True, RED))
    for state in NODES:
        parts.append(_node(state, step))
    parts.append("</svg>")
    return "".join(parts)


EXPLAIN = {
    "verification_ok": "identité vérifiée : la porte s'ouvre, pour ce client seulement",
    "verification_ratee": "vérification échouée : rien ne s'ouvre",
    "porte_fermee": "la porte a refusé : l'outil ne s'est pas exécuté, Claude lit le refus (is_error)",
    "remboursement": "l'outil s'est exécuté : l'argent est parti",
    "escalade": "dossier transmis à un conseiller humain",
    "autre": "appel sans effet sur la porte",
}


def render_step(step: GateStep, position: int, total: int) -> str:
    call = step.call
    what = ("ATTENTION : l'argent est parti pour un client que personne n'a vérifié" if step.unsafe
            else EXPLAIN[step.kind])
    colour = RED if step.unsafe or step.kind in ("porte_fermee", "verification_ratee") else "#202124"
    lines = [f"Appel : {call.short}({_short(call.input, 80)})",
             ("Claude reçoit un refus : « " if call.is_error else "Claude lit : « ") + _short(call.result or "—", 110)
             + " »",
             f"État : {step.state_before} → {step.state_after} · {step.gate}"]
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return (f'<div class="cours-etape-porte" data-etape="{position}" data-sorte="{step.kind}">{_svg(step)}'
            f'<div style="font-family:sans-serif;line-height:1.45"><span style="color:#5f6368">Appel d\'outil '
            f'{position} / {total}</span> — <strong style="color:{colour}">{html.escape(what)}</strong>'
            f'<ul style="margin:4px 0">{items}</ul></div></div>')


class GateView(Stepper):
    label = "Schéma de la porte de prérequis : non vérifié, vérifié, remboursé, conseiller humain"
    empty = ("<em>Aucun appel d'outil dans cette exécution : lancez d'abord la cellule de l'agent, puis celle-ci."
             "</em>")
    interval_ms = 1800

    def __init__(self, steps: list[GateStep]) -> None:
        super().__init__(steps)

    def render(self, step: GateStep, position: int, total: int) -> str:
        return render_step(step, position, total)

    def static_text(self) -> str:
        return "\n".join(f"{i}. {s.call.short} → {s.state_before} → {s.state_after} ({s.gate})"
                         for i, s in enumerate(self.steps, 1)) or "Aucun appel d'outil."

    def static_html(self) -> str:
        return "".join(render_step(s, i, len(self.steps)) for i, s in enumerate(self.steps, 1)) or self.empty


def gate_view(*, since: int = 0, exchanges: list | None = None) -> GateView:
    """Le parcours du client (non vérifié → vérifié → remboursé), rejoué appel par appel depuis une exécution."""
    if exchanges is None:
        from ..clients import trace
        exchanges = trace().since(since)
    return GateView(gate_steps(tool_calls(exchanges)))
