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

NODES = {UNVERIFIED: (90, 70), VERIFIED: (330, 70), REFUNDED: (570, 70), HUMAN: (570, 190)}
LABELS = {UNVERIFIED: "Client non vérifié", VERIFIED: "Client vérifié", REFUNDED: "Remboursement fait",
          HUMAN: "Conseiller humain"}
GREEN, RED, BLUE, GREY = "#1e6b2f", "#b3261e", "#1a73e8", "#9aa0a6"


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
        fill, stroke = "#f8f9fa", "#c4c7c5"
    sub = ""
    if state == VERIFIED and step.verified:
        sub = ", ".join(step.verified)[:22]
    elif state == UNVERIFIED:
        sub = "porte fermée"
    return (f'<rect x="{x - 80}" y="{y - 30}" width="160" height="60" rx="12" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{3 if current else 2}"/><text x="{x}" y="{y - 4}" text-anchor="middle" font-size="13" '
            f'font-weight="bold">{html.escape(LABELS[state])}</text><text x="{x}" y="{y + 15}" text-anchor="middle" '
            f'font-size="11" fill="#5f6368">{html.escape(sub)}</text>')


def _arrow(x1: float, y1: float, x2: float, y2: float, label: str, active: bool, colour: str) -> str:
    stroke = colour if active else "#c4c7c5"
    marker = {GREEN: "vert", RED: "rouge", BLUE: "bleu"}.get(colour, "gris") if active else "gris"
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{stroke}" stroke-width="{3 if active else 2}" '
            f'marker-end="url(#porte-{marker})"/><text x="{(x1 + x2) / 2}" y="{(y1 + y2) / 2 - 8}" '
            f'text-anchor="middle" font-size="11" fill="{stroke}">{html.escape(label)}</text>')


def _loop(state: str, label: str, active: bool, colour: str) -> str:
    x, y = NODES[state]
    stroke = colour if active else "#c4c7c5"
    marker = {GREEN: "vert", RED: "rouge", BLUE: "bleu"}.get(colour, "gris") if active else "gris"
    return (f'<path d="M {x - 35} {y - 30} C {x - 45} {y - 75}, {x + 45} {y - 75}, {x + 35} {y - 32}" fill="none" '
            f'stroke="{stroke}" stroke-width="{3 if active else 2}" stroke-dasharray="5,4" '
            f'marker-end="url(#porte-{marker})"/><text x="{x}" y="{y - 62}" text-anchor="middle" font-size="11" '
            f'fill="{stroke}">{html.escape(label)}</text>')


def _svg(step: GateStep) -> str:
    markers = "".join(
        f'<marker id="porte-{name}" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" refX="9" refY="5" '
        f'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>'
        for name, colour in (("vert", GREEN), ("rouge", RED), ("bleu", BLUE), ("gris", "#c4c7c5")))
    kind = step.kind
    parts = [f'<svg class="cours-porte" viewBox="0 0 660 235" width="100%" style="max-width:660px" '
             f'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif"><defs>{markers}</defs>']
    parts.append(_arrow(170, 70, 248, 70, "get_customer ✓", kind == "verification_ok" and step.state_before == UNVERIFIED,
                        GREEN))
    parts.append(_arrow(410, 70, 488, 70, "process_refund", kind == "remboursement" and not step.unsafe, GREEN))
    parts.append(f'<path d="M 110 100 C 150 215, 420 215, 488 84" fill="none" '
                 f'stroke="{RED if kind == "remboursement" and step.unsafe else "none"}" stroke-width="3" '
                 f'marker-end="url(#porte-rouge)"/>' if kind == "remboursement" and step.unsafe else "")
    parts.append(_arrow(570, 100, 570, 158, "escalate_to_human", kind == "escalade", BLUE))
    closed_here = step.state_before if kind in ("porte_fermee", "verification_ratee") else None
    parts.append(_loop(UNVERIFIED, "process_refund refusé" if closed_here == UNVERIFIED and kind == "porte_fermee"
                       else "get_customer ✗" if closed_here == UNVERIFIED else "refus / échec",
                       closed_here == UNVERIFIED, RED))
    parts.append(_loop(VERIFIED, "refusé : autre client" if closed_here == VERIFIED and kind == "porte_fermee"
                       else "get_customer ✗" if closed_here == VERIFIED else "vérifier un autre client",
                       closed_here == VERIFIED or (kind == "verification_ok" and step.state_before != UNVERIFIED),
                       RED if closed_here == VERIFIED else GREEN))
    for state in NODES:
        parts.append(_node(state, step))
    if kind == "remboursement" and step.unsafe:
        parts.append(f'<text x="300" y="226" text-anchor="middle" font-size="12" fill="{RED}" font-weight="bold">'
                     f'remboursement exécuté sans vérification : aucune porte ne l\'a arrêté</text>')
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
