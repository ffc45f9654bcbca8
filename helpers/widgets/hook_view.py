"""The hook decision flow, driven by an actual run.

`record_hooks(HOOKS)` wraps every callback so each call and answer is journaled; `flows()` joins
that journal with the simulator's log into one `ToolFlow` per tool call (plain data, tested on its
own); `HookFlowView` draws one tool call at a time: request → PreToolUse answers → precedence →
tool run or refused → PostToolUse rewrite → what Claude read.
"""
from __future__ import annotations

import dataclasses
import html
import json
import threading
from dataclasses import dataclass, field

from ._base import Stepper

PRECEDENCE = ("deny", "defer", "ask", "allow")


def resolve(decisions: list[str | None]) -> str | None:
    """Several hooks answered: deny beats defer, which beats ask, which beats allow."""
    for decision in PRECEDENCE:
        if decision in decisions:
            return decision
    return None


@dataclass(frozen=True)
class HookCall:
    event: str
    hook: str
    tool_name: str
    tool_use_id: str
    tool_input: dict
    answer: object
    error: str | None = None

    @property
    def decision(self) -> str | None:
        specific = (self.answer or {}).get("hookSpecificOutput") if isinstance(self.answer, dict) else None
        return specific.get("permissionDecision") if isinstance(specific, dict) else None

    @property
    def reason(self) -> str:
        specific = (self.answer or {}).get("hookSpecificOutput") if isinstance(self.answer, dict) else None
        return str(specific.get("permissionDecisionReason") or "") if isinstance(specific, dict) else ""

    @property
    def rewrote(self) -> bool:
        specific = (self.answer or {}).get("hookSpecificOutput") if isinstance(self.answer, dict) else None
        return isinstance(specific, dict) and ("updatedToolOutput" in specific or "updatedMCPToolOutput" in specific)


class HookJournal:
    def __init__(self) -> None:
        self.calls: list[HookCall] = []
        self._lock = threading.Lock()

    def add(self, call: HookCall) -> None:
        with self._lock:
            self.calls.append(call)


def record_hooks(hooks: dict) -> tuple[dict, HookJournal]:
    """Une copie de HOOKS dont chaque callback est journalisé, et le journal (pour le schéma)."""
    journal = HookJournal()

    def wrap(event, fn):
        async def recorded(input_data, tool_use_id, context):
            try:
                answer = await fn(input_data, tool_use_id, context)
            except Exception as exc:
                journal.add(HookCall(event, fn.__name__, input_data.get("tool_name", "?"), tool_use_id or "",
                                     input_data.get("tool_input") or {}, None, f"{type(exc).__name__}: {exc}"))
                raise
            journal.add(HookCall(event, fn.__name__, input_data.get("tool_name", "?"), tool_use_id or "",
                                 input_data.get("tool_input") or {}, answer))
            return answer
        recorded.__name__ = getattr(fn, "__name__", "hook")
        return recorded

    wrapped = {event: [dataclasses.replace(m, hooks=[wrap(event, h) for h in m.hooks]) for m in matchers]
               for event, matchers in hooks.items()}
    return wrapped, journal


@dataclass
class ToolFlow:
    tool_name: str
    tool_input: dict
    pre: list[HookCall] = field(default_factory=list)
    post: list[HookCall] = field(default_factory=list)
    model_saw: str = ""
    refused_by_model_view: bool = False

    @property
    def decision(self) -> str | None:
        return resolve([c.decision for c in self.pre])

    @property
    def executed(self) -> bool:
        return self.decision != "deny" and not any(c.error for c in self.pre if c.decision == "deny")


def _result_text(block: dict) -> str:
    content = block.get("content")
    if isinstance(content, list):
        return " ".join(b.get("text", "") for b in content if isinstance(b, dict))
    return str(content or "")


def flows(journal: HookJournal, exchanges: list) -> list[ToolFlow]:
    """One ToolFlow per tool call of the run, in order, with what the model finally read."""
    results: dict[str, tuple[str, bool]] = {}
    order: list[tuple[str, str, dict]] = []
    for exchange in exchanges:
        for message in exchange.messages:
            content = message.get("content")
            if not isinstance(content, list):
                continue
            for block in content:
                if block.get("type") == "tool_use" and block.get("id") not in {o[0] for o in order}:
                    order.append((block.get("id"), block.get("name"), block.get("input") or {}))
                elif block.get("type") == "tool_result":
                    results[block.get("tool_use_id")] = (_result_text(block), bool(block.get("is_error")))
        if exchange.ok and isinstance(exchange.response, dict):
            for block in exchange.response.get("content", []):
                if block.get("type") == "tool_use" and block.get("id") not in {o[0] for o in order}:
                    order.append((block.get("id"), block.get("name"), block.get("input") or {}))
    out = []
    for tool_use_id, name, tool_input in order:
        calls = [c for c in journal.calls if c.tool_use_id == tool_use_id]
        seen, is_error = results.get(tool_use_id, ("", False))
        out.append(ToolFlow(name, tool_input, [c for c in calls if c.event == "PreToolUse"],
                            [c for c in calls if c.event == "PostToolUse"], seen, is_error))
    return out


def _short(value: object, limit: int = 80) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


STAGES = ("Appel", "PreToolUse", "Décision", "Outil", "PostToolUse", "Claude lit")


def _svg(flow: ToolFlow) -> str:
    denied = flow.decision == "deny"
    lit = {"Appel": True, "PreToolUse": bool(flow.pre), "Décision": True, "Outil": not denied,
           "PostToolUse": bool(flow.post) and not denied, "Claude lit": True}
    labels = {"Appel": flow.tool_name.rsplit("__", 1)[-1][:24], "PreToolUse": f"{len(flow.pre)} hook(s)",
              "Décision": flow.decision or "aucune", "Outil": "refusé" if denied else "exécuté",
              "PostToolUse": ("réécrit" if any(c.rewrote for c in flow.post) else f"{len(flow.post)} hook(s)")
              if not denied else "—", "Claude lit": "is_error" if flow.refused_by_model_view else "résultat"}
    height = 128 if denied else 92
    parts = [f'<svg class="cours-hooks" viewBox="0 0 700 {height}" width="100%" style="max-width:700px" '
             'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif"><defs><marker id="pointe-hook" '
             'markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" refX="9" refY="5" orient="auto">'
             '<path d="M0,0 L10,5 L0,10 z" fill="#5f6368"/></marker></defs>']
    for i, stage in enumerate(STAGES):
        x = 5 + i * 115
        red = denied and stage in ("Décision", "Outil", "Claude lit")
        fill = "#fdecea" if red else ("#e8f0fe" if lit[stage] else "#f1f3f4")
        stroke = "#b3261e" if red else ("#1a73e8" if lit[stage] else "#c4c7c5")
        parts.append(f'<rect x="{x}" y="20" width="100" height="64" rx="9" fill="{fill}" stroke="{stroke}" '
                     f'stroke-width="2"/><text x="{x + 50}" y="46" text-anchor="middle" font-size="12" '
                     f'font-weight="bold">{html.escape(stage)}</text>{_label(x + 50, 66, labels[stage])}')
        if i < len(STAGES) - 1:
            parts.append(f'<line x1="{x + 100}" y1="52" x2="{x + 113}" y2="52" stroke="#5f6368" stroke-width="2" '
                         f'marker-end="url(#pointe-hook)"/>')
    if denied:
        # The dashed path bottoms out near y = 102: its label goes below it, never across it.
        parts.append('<path d="M 295 84 C 330 108, 640 108, 670 86" fill="none" stroke="#b3261e" stroke-width="2" '
                     'stroke-dasharray="5,4"/><text x="480" y="122" text-anchor="middle" font-size="11" '
                     'fill="#b3261e">refus : l\'outil ne s\'exécute pas, la raison part vers Claude</text>')
    parts.append("</svg>")
    return "".join(parts)


BOX_TEXT = 92          # room for a label inside a 100-wide box


def _label(x: int, y: int, text: str) -> str:
    """A box's second line; a long one (escalate_to_human) is squeezed to fit its box instead of overflowing."""
    fit = f' textLength="{BOX_TEXT}" lengthAdjust="spacingAndGlyphs"' if len(text) * 6.2 > BOX_TEXT else ""
    return f'<text x="{x}" y="{y}" text-anchor="middle" font-size="11"{fit}>{html.escape(text)}</text>'


def render_flow(flow: ToolFlow, position: int, total: int) -> str:
    lines = [f"Appel : {flow.tool_name}({_short(flow.tool_input, 70)})"]
    for c in flow.pre:
        lines.append(f"PreToolUse · {c.hook} → " + (f"ERREUR {c.error} (le CLI laisse passer)" if c.error else
                                                   f"{c.decision or 'pas de décision ({})'}"
                                                   + (f" — « {_short(c.reason, 90)} »" if c.reason else "")))
    if not flow.pre:
        lines.append("PreToolUse · aucun hook ne correspond à ce nom d'outil")
    decided = flow.decision
    lines.append(f"Décision retenue (deny > defer > ask > allow) : {decided or 'aucune, permissions habituelles'}")
    for c in flow.post:
        lines.append(f"PostToolUse · {c.hook} → " + ("sortie réécrite (updatedToolOutput)" if c.rewrote else
                                                    "rien à changer"))
    lines.append(("Claude reçoit un refus : « " if flow.refused_by_model_view else "Claude lit : « ")
                 + _short(flow.model_saw, 110) + " »")
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return (f'<div class="cours-etape-hook" data-etape="{position}">{_svg(flow)}<div style="font-family:sans-serif;'
            f'line-height:1.45">'
            f'<span style="color:#5f6368">Appel d\'outil {position} / {total}</span><ul style="margin:4px 0">{items}'
            f'</ul></div></div>')


class HookFlowView(Stepper):
    label = "Schéma de décision des hooks : PreToolUse, outil, PostToolUse"
    empty = "<em>Aucun appel d'outil dans cette exécution.</em>"
    interval_ms = 1800

    def __init__(self, tool_flows: list[ToolFlow]) -> None:
        super().__init__(tool_flows)

    @property
    def flows(self) -> list[ToolFlow]:
        return self.steps

    def render(self, step: ToolFlow, position: int, total: int) -> str:
        return render_flow(step, position, total)

    def static_text(self) -> str:
        return "\n".join(f"{i}. {f.tool_name} → décision {f.decision or 'aucune'}, "
                         f"{'refusé' if f.decision == 'deny' else 'exécuté'}" for i, f in enumerate(self.flows, 1))

    def static_html(self) -> str:
        return "".join(render_flow(f, i, len(self.flows)) for i, f in enumerate(self.flows, 1))


def hook_view(journal: HookJournal | None, *, since: int = 0) -> HookFlowView:
    """Le schéma de décision des hooks, appel d'outil par appel d'outil, pour une exécution réelle
    (`journal` : celui de `record_hooks` ; None quand rien n'a été exécuté)."""
    from ..clients import trace
    return HookFlowView(flows(journal or HookJournal(), trace().since(since)))
