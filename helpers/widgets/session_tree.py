"""The session tree: original, resumes, forks and fresh sessions, drawn from the CLI's own session files.

`read_sessions(folder)` reads every `<session id>.jsonl` under the CLI's projects folder: the
messages in order (a fork copies its parent's messages with their uuids, which is how the parent is
found), the prompts, the title. `runs(...)` turns the learner's ResultMessages into plain records.
`SessionTree` steps through those runs: which session each one wrote to, and how the tree grew.
"""
from __future__ import annotations

import hashlib
import html
import json
from dataclasses import dataclass, field
from pathlib import Path

from ._base import Stepper


@dataclass
class Session:
    id: str
    title: str | None
    uuids: list[str]                    # every user/assistant message, in order
    prompts: list[tuple[int, str]]      # (position in uuids, text) of each prompt the user typed
    created: str                        # first timestamp in the file
    size: int
    digest: str
    parent: str | None = None
    copied: int = 0                     # messages copied from the parent (a fork's starting point)

    @property
    def own_prompts(self) -> list[tuple[int, str]]:
        return [(i, t) for i, t in self.prompts if i >= self.copied]


def _prompt_text(message: dict) -> str:
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        if any(isinstance(b, dict) and b.get("type") == "tool_result" for b in content):
            return ""
        return " ".join(b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text")
    return ""


def read_session(path: Path) -> Session:
    raw = path.read_bytes()
    uuids, prompts, title, created = [], [], None, ""
    for line in raw.decode("utf-8", errors="replace").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if entry.get("type") == "custom-title":
            title = entry.get("customTitle") or title
        if entry.get("type") not in ("user", "assistant") or not entry.get("uuid"):
            continue
        created = created or str(entry.get("timestamp") or "")
        if entry["type"] == "user" and not entry.get("isMeta"):
            text = " ".join(_prompt_text(entry.get("message") or {}).split())
            if text and not text.startswith("<"):
                prompts.append((len(uuids), text))
        uuids.append(entry["uuid"])
    return Session(path.stem, title, uuids, prompts, created, len(raw), hashlib.sha256(raw).hexdigest())


def _common(a: list[str], b: list[str]) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def read_sessions(folder: Path, born: list[str] | None = None) -> dict[str, Session]:
    """Every session file under `folder` (the CLI's projects/ folder), with each fork's parent found.

    A fork copies its parent's messages, uuids and timestamps included: the files alone do not say which
    of two sessions came first. `born` (session ids in the order they were created) says it; sessions
    it does not list come after, in the order their files were last written.
    """
    paths = sorted(Path(folder).glob("*/*.jsonl"), key=lambda p: p.stat().st_mtime)
    found = {p.stem: read_session(p) for p in paths}
    order = [sid for sid in (born or []) if sid in found]
    order += [sid for sid in found if sid not in order]
    rank = {sid: i for i, sid in enumerate(order)}
    for s in found.values():
        best = (0, "")
        for other in found.values():
            if rank[other.id] >= rank[s.id]:
                continue
            n = _common(s.uuids, other.uuids)
            if n > best[0] or (n == best[0] and n and rank[other.id] < rank[best[1]]):
                best = (n, other.id)
        if best[0]:
            s.parent, s.copied = best[1], best[0]
    return found


@dataclass
class Run:
    label: str
    session_id: str
    turns: int = 0
    result: str = ""


def runs(results) -> list[Run]:
    """[(label, ResultMessage)] or {label: ResultMessage} → plain records, in order."""
    items = results.items() if isinstance(results, dict) else results
    out = []
    for label, message in items:
        out.append(Run(str(label), str(getattr(message, "session_id", "") or ""),
                       int(getattr(message, "num_turns", 0) or 0), str(getattr(message, "result", "") or "")))
    return out


@dataclass
class TreeStep:
    run: Run
    kind: str                 # "nouvelle session", "reprise", "bifurcation"
    shown: list[str] = field(default_factory=list)    # sessions drawn at this step
    note: str = ""


def steps(sessions: dict[str, Session], done: list[Run]) -> list[TreeStep]:
    out, seen = [], []
    for run in done:
        s = sessions.get(run.session_id)
        if run.session_id in seen:
            kind, note = "reprise", "même identifiant : la session s'allonge, dans son propre fichier"
        elif s is not None and s.parent:
            kind = "bifurcation"
            note = f"nouvel identifiant ; l'historique de {s.parent[:8]} est copié ({s.copied} messages), puis prolongé ici"
        else:
            kind, note = "nouvelle session", "nouvel identifiant, historique vide au départ"
        if run.session_id not in seen:
            seen.append(run.session_id)
        out.append(TreeStep(run, kind, list(seen), note))
    return out


def heading(step: TreeStep) -> str:
    """« analyse : nouvelle session » — but « reprise », not « reprise : reprise », when the label says the kind."""
    label = step.run.label.strip()
    return step.kind if label.casefold() in ("", step.kind.casefold()) else f"{label} : {step.kind}"


COLOURS = {"nouvelle session": "#1a73e8", "reprise": "#b06000", "bifurcation": "#188038"}


def _lanes(sessions: dict[str, Session], order: list[str]) -> list[str]:
    """Sessions in drawing order: each one right below its parent's subtree."""
    placed: list[str] = []

    def place(sid: str) -> None:
        if sid in placed:
            return
        placed.append(sid)
        for child in [c for c in order if sessions.get(c) and sessions[c].parent == sid]:
            place(child)
    for sid in order:
        s = sessions.get(sid)
        if s is not None and (not s.parent or s.parent not in order):
            place(sid)
    placed += [sid for sid in order if sid not in placed]
    return placed


FUTURE = "#c8ccd0"


def render_step(sessions: dict[str, Session], all_steps: list[TreeStep], index: int) -> str:
    """The whole tree, every run of the list: what happened up to this step in colour, the rest in grey."""
    step = all_steps[index]
    lanes = _lanes(sessions, all_steps[-1].shown)
    labels: dict[str, list[tuple[str, bool]]] = {}          # session → (run label, already happened)
    for n, s in enumerate(all_steps):
        labels.setdefault(s.run.session_id, []).append((s.run.label, n <= index))
    dx, x0, lane_h, top = 84, 200, 62, 24
    longest = max((len(sessions[sid].prompts) for sid in lanes if sid in sessions), default=1)
    width = max(620, x0 + dx * longest + 60)
    height = top + lane_h * max(1, len(lanes)) + 10
    parts = [f'<svg class="cours-sessions" viewBox="0 0 {width} {height}" width="100%" style="max-width:{width}px" '
             f'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">']
    y_of = {sid: top + lane_h * i + 14 for i, sid in enumerate(lanes)}
    for sid in lanes:
        s = sessions.get(sid)
        y = y_of[sid]
        born = sid in step.shown
        current = sid == step.run.session_id
        colour = COLOURS[step.kind] if current else ("#5f6368" if born else FUTURE)
        title = s.title if s is not None and s.title else "sans nom"
        title = title if len(title) <= 24 else title[:23] + "…"
        parts.append(f'<text x="8" y="{y}" font-size="13" font-weight="{"bold" if current else "normal"}" '
                     f'fill="{colour}">{html.escape(sid[:8])}</text><text x="8" y="{y + 15}" font-size="11" '
                     f'fill="{"#5f6368" if born else FUTURE}">{html.escape(title)}</text>')
        if s is None:
            parts.append(f'<text x="{x0}" y="{y + 4}" font-size="11" fill="#b3261e">fichier de session '
                         f'introuvable</text>')
            continue
        runs_here = labels.get(sid, [])
        copied = [t for i, t in s.prompts if i < s.copied]
        own = [t for _i, t in s.own_prompts][:len(runs_here)]
        dots = [(t, "copie", born, True) for t in copied] + \
               [(t, label, done, False) for t, (label, done) in zip(own, runs_here)]
        if not dots:
            continue
        done_dots = sum(1 for d in dots if d[2])
        end_done = x0 + dx * (done_dots - 1) + 12 if done_dots else x0 - 12
        parts.append(f'<line x1="{x0 - 12}" y1="{y}" x2="{x0 + dx * (len(dots) - 1) + 12}" y2="{y}" '
                     f'stroke="{FUTURE}" stroke-width="2" stroke-dasharray="4,4"/>')
        if done_dots:
            parts.append(f'<line x1="{x0 - 12}" y1="{y}" x2="{end_done}" y2="{y}" stroke="{colour}" '
                         f'stroke-width="{3 if current else 2}"/>')
        if s.parent in y_of and copied:
            px, py = x0 + dx * (len(copied) - 1), y_of[s.parent]
            parts.append(f'<path d="M {px + 8} {py} C {px + 40} {py}, {px + 30} {y}, {px + dx - 9} {y}" fill="none" '
                         f'stroke="{"#188038" if born else FUTURE}" stroke-width="2" stroke-dasharray="5,3"/>')
        for n, (prompt, label, done, is_copy) in enumerate(dots):
            x = x0 + dx * n
            stroke = colour if done else FUTURE
            fill = "#ffffff" if is_copy or not done else colour
            parts.append(f'<circle cx="{x}" cy="{y}" r="7" fill="{fill}" stroke="{stroke}" stroke-width="2">'
                         f'<title>{html.escape(prompt[:200])}</title></circle>'
                         f'<text x="{x}" y="{y + 24}" text-anchor="middle" font-size="11" '
                         f'fill="{"#3c4043" if done else "#6b6f73"}">{html.escape(label[:14])}</text>')
    parts.append("</svg>")
    session = sessions.get(step.run.session_id)
    detail = (f"fichier {session.size} octets, empreinte {session.digest[:12]}… (état final)"
              if session is not None else "")
    caption = (f'<div style="margin-bottom:4px"><span style="color:#5f6368">Exécution {index + 1} / {len(all_steps)}'
               f'</span> — <strong style="color:{COLOURS[step.kind]}">{html.escape(heading(step))}</strong>, session {html.escape(step.run.session_id[:8])} '
               f'— {html.escape(step.note)}</div>')
    said = step.run.result.strip()
    answer = html.escape(said if len(said) <= 400 else said[:399] + "…")
    return (f'<div class="cours-arbre-sessions" data-etape="{index + 1}" style="font-family:sans-serif;'
            f'font-size:13px;line-height:1.4">{caption}{"".join(parts)}<div style="color:#3c4043;'
            f'white-space:pre-line;border-left:3px solid #dadce0;padding-left:8px;margin:4px 0">{answer}</div>'
            f'<div style="color:#5f6368;font-size:12px">{html.escape(detail)} · ● message tapé dans cette session, '
            f'○ message copié par une bifurcation ; en gris, les exécutions suivantes</div></div>')


class SessionTree(Stepper):
    label = "Arbre des sessions : nouvelles sessions, reprises et bifurcations"
    empty = "<em>Aucune exécution à montrer : passez la liste de vos ResultMessage.</em>"
    interval_ms = 1600

    def __init__(self, sessions: dict[str, Session], done: list[Run]) -> None:
        self.sessions = sessions
        self.runs = done
        super().__init__(steps(sessions, done))

    def render(self, step: TreeStep, position: int, total: int) -> str:
        return render_step(self.sessions, self.steps, position - 1)

    def static_text(self) -> str:
        return "\n".join(f"{i}. {s.run.label} : {s.kind}, session {s.run.session_id[:8]}"
                         for i, s in enumerate(self.steps, 1))

    def static_html(self) -> str:
        return render_step(self.sessions, self.steps, len(self.steps) - 1) if self.steps else self.empty


def session_tree(results, *, folder: str | Path | None = None) -> SessionTree:
    """L'arbre des sessions de vos exécutions : `results` = [(étiquette, ResultMessage), …] (ou un dict).

    Les sessions sont lues dans les fichiers du CLI (dossier projects/ de CLAUDE_CONFIG_DIR).
    """
    if folder is None:
        from ..clients import workspace
        folder = workspace() / "claude" / "projects"
    done = runs(results)
    return SessionTree(read_sessions(Path(folder), list(dict.fromkeys(r.session_id for r in done))), done)
