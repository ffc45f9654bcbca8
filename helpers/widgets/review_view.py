"""Findings per file, two review strategies side by side, stepped through the passes of actual runs.

`passes(exchanges)` reads the request log: a request carrying several files' code is a single pass
(or a batch), one carrying one file is a local pass, one carrying interfaces is the integration
pass; each with the findings its reply held (plain data, tested on its own). `ReviewView` draws,
step by step, which findings each strategy had produced so far, file by file, and those found
between files.
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass, field

from ..simulator._conversation import block_text
from ..simulator._playbooks.review import files_in, unescape
from ._base import Stepper

SEVERITY_COLOUR = {"haute": "#b3261e", "moyenne": "#b06000", "basse": "#5f6368"}


@dataclass(frozen=True)
class Pass:
    kind: str                    # "unique" (several files at once), "locale" (one file), "intégration"
    files: tuple[str, ...]       # files whose code the request carried
    findings: tuple[dict, ...]   # what the reply said
    index: int                   # position in the log


def _reply(exchange) -> dict:
    if not exchange.ok or not isinstance(exchange.response, dict):
        return {}
    text = "".join(b.get("text", "") for b in exchange.response.get("content", []) if b.get("type") == "text")
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def passes(exchanges: list) -> list[Pass]:
    """The review passes found in a request log, in order (other requests are ignored)."""
    out = []
    for exchange in exchanges:
        asked = unescape("\n".join(block_text(m.get("content")) for m in exchange.messages if m.get("role") == "user"))
        reply = _reply(exchange)
        if "findings" not in reply:
            continue
        files = tuple(f.path for f in files_in(asked))
        findings = tuple(d for d in reply.get("findings") or [] if isinstance(d, dict))
        if len(files) == 1:
            findings = tuple(dict(d, file=d.get("file", files[0])) for d in findings)
        kind = "locale" if len(files) == 1 else ("unique" if files else "intégration")
        out.append(Pass(kind, files, findings, exchange.index))
    return out


@dataclass
class Step:
    title: str
    single: list[Pass] = field(default_factory=list)       # single-pass strategy: passes done so far
    split: list[Pass] = field(default_factory=list)        # per-file strategy: passes done so far
    current: tuple[str, ...] = ()                          # files of the pass this step adds


def steps(found: list[Pass]) -> list[Step]:
    single = [p for p in found if p.kind == "unique"]
    split = [p for p in found if p.kind != "unique"]
    out: list[Step] = []
    for i, p in enumerate(single, 1):
        label = "Passe unique" if len(single) == 1 else f"Paquet {i} / {len(single)}"
        out.append(Step(f"{label} : {len(p.files)} fichiers dans une seule requête", single[:i], [], p.files))
    locals_ = [p for p in split if p.kind == "locale"]
    for p in split:
        done = split[:split.index(p) + 1]
        if p.kind == "locale":
            n = sum(1 for q in done if q.kind == "locale")
            title = f"Passe locale {n} / {len(locals_)} : {p.files[0]}"
        else:
            title = "Passe d'intégration : les résultats locaux de tous les fichiers, sans leur code"
        out.append(Step(title, single, done, p.files))
    return out


def _order(found: list[Pass]) -> list[str]:
    seen: list[str] = []
    for p in found:
        for f in p.files:
            if f not in seen:
                seen.append(f)
    return seen


def _cell(findings: list[dict], done: bool, missed: int) -> str:
    if not done:
        return '<span style="color:#5f6368">pas encore relu</span>'
    items = []
    for d in findings:
        colour = SEVERITY_COLOUR.get(str(d.get("severity")), "#5f6368")
        line = f"l. {d['line']} · " if d.get("line") else ""
        severity = f'<span style="color:#5f6368">[{html.escape(str(d["severity"]))}]</span> ' if d.get("severity") else ""
        items.append(f'<div style="margin:1px 0"><span style="color:{colour};font-weight:bold" aria-hidden="true">●</span> '
                     f'{severity}{html.escape(line + str(d.get("finding", "")))}</div>')
    if not items:
        items.append('<span style="color:#1e6b2f">rien à signaler</span>')
    if missed:
        items.append(f'<div style="color:#b3261e;font-weight:bold">⚠ {missed} défaut(s) planté(s) non signalé(s)</div>')
    return "".join(items)


def _strip(step: Step, order: list[str], planted: dict[str, int], planted_cross: int) -> str:
    """One box per file and strategy: how many findings, and whether a planted defect was missed."""
    box, gap, x0 = 44, 6, 150
    width = x0 + (box + gap) * (len(order) + 1) + 60
    rows = [("Une seule passe", [p for p in step.single], True),
            ("Par fichier", [p for p in step.split if p.kind == "locale"], False)]
    parts = [f'<svg class="cours-revue-bandeau" viewBox="0 0 {width} 118" width="100%" style="max-width:{width}px" '
             f'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">']
    for n in range(len(order)):
        parts.append(f'<text x="{x0 + n * (box + gap) + box / 2}" y="12" text-anchor="middle" font-size="11" '
                     f'fill="#5f6368">{n + 1}</text>')
    parts.append(f'<text x="{x0 + len(order) * (box + gap) + box / 2 + 8}" y="12" text-anchor="middle" '
                 f'font-size="11" fill="#5f6368">entre</text>')
    for r, (label, done, is_single) in enumerate(rows):
        y = 20 + r * 48
        parts.append(f'<text x="0" y="{y + 26}" font-size="12" fill="#3c4043">{label}</text>')
        reviewed = {f for p in done for f in p.files}
        for n, path in enumerate(order):
            x = x0 + n * (box + gap)
            count = sum(1 for p in done for d in p.findings if d.get("file") == path)
            if path not in reviewed:
                fill, stroke, shown = "#f1f3f4", "#dadce0", ""
            elif count < planted.get(path, 0):
                fill, stroke, shown = "#fdecea", "#b3261e", str(count)
            else:
                fill, stroke, shown = ("#e6f4ea" if count else "#ffffff"), "#188038", str(count)
            current = path in step.current and ((is_single and step.current in [p.files for p in step.single])
                                                or (not is_single and step.current in [p.files for p in done]))
            parts.append(f'<rect x="{x}" y="{y}" width="{box}" height="40" rx="6" fill="{fill}" stroke="{stroke}" '
                         f'stroke-width="{3 if current else 1.5}"><title>{html.escape(path)}</title></rect>'
                         f'<text x="{x + box / 2}" y="{y + 25}" text-anchor="middle" font-size="13">{shown}</text>')
        x = x0 + len(order) * (box + gap) + 8
        integration = [] if is_single else [p for p in step.split if p.kind == "intégration"]
        cross = sum(len(p.findings) for p in integration)
        missed = (is_single and bool(step.single)) or (bool(integration) and cross < planted_cross)
        if is_single and step.single or integration:
            fill, stroke, shown = ("#fdecea", "#b3261e", str(cross)) if missed and planted_cross else \
                ("#e6f4ea", "#188038", str(cross))
        else:
            fill, stroke, shown = "#f1f3f4", "#dadce0", ""
        parts.append(f'<rect x="{x}" y="{y}" width="{box}" height="40" rx="6" fill="{fill}" stroke="{stroke}" '
                     f'stroke-width="1.5"/><text x="{x + box / 2}" y="{y + 25}" text-anchor="middle" '
                     f'font-size="13">{shown}</text>')
    parts.append("</svg>")
    return "".join(parts)


def render_step(step: Step, position: int, total: int, order: list[str], planted: dict[str, int],
                planted_cross: int = 0) -> str:
    single_done = {f for p in step.single for f in p.files}
    split_done = {f for p in step.split if p.kind == "locale" for f in p.files}
    rows = []
    for n, path in enumerate(order, 1):
        left = [d for p in step.single for d in p.findings if d.get("file") == path]
        right = [d for p in step.split if p.kind == "locale" for d in p.findings if d.get("file") == path]
        expected = planted.get(path, 0)
        current = path in step.current
        style = "background:#fff8e1;" if current else ""
        rows.append(
            f'<tr style="{style}border-top:1px solid #e0e0e0"><td style="padding:3px 6px;color:#5f6368">{n}</td>'
            f'<td style="padding:3px 6px;font-family:monospace;white-space:nowrap">{html.escape(path)}</td>'
            f'<td style="padding:3px 6px">{_cell(left, path in single_done, max(0, expected - len(left)) if path in single_done else 0)}</td>'
            f'<td style="padding:3px 6px">{_cell(right, path in split_done, max(0, expected - len(right)) if path in split_done else 0)}</td></tr>')
    integration = [p for p in step.split if p.kind == "intégration"]
    cross = [d for p in integration for d in p.findings]
    if integration:
        right = "".join(f'<div><span style="color:#b3261e;font-weight:bold">●</span> '
                        f'{html.escape(str(d.get("finding", "")))}</div>' for d in cross) or \
            '<span style="color:#1e6b2f">rien entre les fichiers</span>'
    else:
        right = '<span style="color:#5f6368">pas encore de passe d\'intégration</span>'
    left = ('<span style="color:#5f6368">aucune passe ne compare les fichiers</span>' if step.single
            else '<span style="color:#5f6368">—</span>')
    warning = '<div style="color:#b3261e;font-weight:bold">⚠ {} défaut(s) entre fichiers non signalé(s)</div>'
    if step.single and planted_cross:
        left += warning.format(planted_cross)
    if integration and planted_cross > len(cross):
        right += warning.format(planted_cross - len(cross))
    rows.append(f'<tr style="border-top:2px solid #5f6368;{"background:#fff8e1;" if step.current == () and integration else ""}">'
                f'<td></td><td style="padding:3px 6px;font-weight:bold">Entre fichiers</td>'
                f'<td style="padding:3px 6px">{left}</td><td style="padding:3px 6px">{right}</td></tr>')
    totals = (sum(len(p.findings) for p in step.single), sum(len(p.findings) for p in step.split))
    return (f'<div class="cours-revue" data-etape="{position}" style="font-family:sans-serif;font-size:13px;'
            f'line-height:1.4"><div style="margin-bottom:4px"><span style="color:#5f6368">Étape {position} / {total}'
            f'</span> — <strong>{html.escape(step.title)}</strong></div>{_strip(step, order, planted, planted_cross)}'
            f'<div style="color:#5f6368;font-size:12px;margin:2px 0 6px">Nombre de constats par fichier ; en rouge, un '
            f'défaut planté non signalé ; en gris, pas encore relu.</div><table style="border-collapse:collapse;'
            f'width:100%"><thead><tr style="text-align:left"><th scope="col" style="padding:3px 6px;color:#5f6368">n°</th><th style="padding:3px 6px">Fichier</th>'
            f'<th style="padding:3px 6px;width:36%">Une seule passe ({totals[0]} constat(s))</th>'
            f'<th style="padding:3px 6px;width:36%">Par fichier + intégration ({totals[1]} constat(s))</th></tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table></div>')


class ReviewView(Stepper):
    label = "Revue de code : une seule passe face aux passes par fichier, fichier par fichier"
    empty = "<em>Aucune passe de revue dans le journal : lancez d'abord les deux stratégies.</em>"
    interval_ms = 900

    def __init__(self, found: list[Pass], planted: dict[str, int] | None = None, planted_cross: int = 0) -> None:
        self.passes = found
        self.order = _order(found)
        self.planted = dict(planted or {})
        self.planted_cross = planted_cross
        super().__init__(steps(found))

    def render(self, step: Step, position: int, total: int) -> str:
        return render_step(step, position, total, self.order, self.planted, self.planted_cross)

    def static_text(self) -> str:
        return "\n".join(f"{i}. {s.title}" for i, s in enumerate(self.steps, 1))

    def static_html(self) -> str:
        if not self.steps:
            return self.empty
        return render_step(self.steps[-1], len(self.steps), len(self.steps), self.order, self.planted,
                           self.planted_cross)


def review_view(*, since: int = 0, planted: dict[str, int] | None = None, planted_cross: int = 0) -> ReviewView:
    """Constats par fichier des deux stratégies, côte à côte, passe par passe (depuis la marque `since`).

    `planted` et `planted_cross` (facultatifs) : défauts plantés par fichier et entre fichiers, pour signaler
    ceux qu'une stratégie a manqués.
    """
    from ..clients import trace
    return ReviewView(passes(trace().since(since)), planted, planted_cross)
