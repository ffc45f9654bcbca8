"""An analysis session over files on disk (TS 1.7), where old tool results keep steering the answer.

In Claude Code (the real CLI), asked to analyse or re-read files named in the request, the model
reads them with the `Read` tool — all at once — then states the constants it found, file by file
(« facturation/tva.py : TAUX_TVA = 0.196 »). Files already described in the request (a summary line
that gives a value for them) are not read again: the summary is trusted.

How it weighs what it saw, deterministically: for each constant, every value met in the
conversation counts — read results, its own earlier answers, the user's summary — and the value
met most often wins; on a tie, the first one met. So a resumed (or forked) session that re-reads a
changed file still answers with the old value, which its history states twice; a fresh session
seeded with a summary that leaves the stale finding out reads the file once and answers right.
A real model does not count like this, but old tool results do weigh on it.
"""
from __future__ import annotations

import re
from collections import Counter

from .._conversation import Conversation, block_text, _REMINDER
from .._reply import Reply, playbook, text

PATH = re.compile(r"(?<![\w/.-])(?:[\w-]+/)*[\w-]+\.py\b")
CODE_CONSTANT = re.compile(r"^\s*(?:\d+\t)?([A-Z][A-Z0-9_]{2,})\s*=\s*([^#\n]+?)\s*(?:#.*)?$", re.M)
TEXT_CONSTANT = re.compile(r"\b([A-Z][A-Z0-9_]{2,})\s*=\s*([\w.\"'-]+)")
CWD = re.compile(r"Primary working directory: (\S+)")


def _cwd(conv: Conversation) -> str:
    m = CWD.search(conv.notes) or CWD.search(conv.system)
    return m.group(1).rstrip("/") if m else ""


def _relative(path: str, cwd: str) -> str:
    return path[len(cwd) + 1:] if cwd and path.startswith(cwd + "/") else path


def described(conv: Conversation, path: str) -> bool:
    """A file the request already describes: right after one of its mentions (before the next file named),
    a constant's value is given — « facturation/remise.py : REMISE_MAX = 0.30 »."""
    for said in conv.user_texts:
        for m in re.finditer(re.escape(path), said):
            following = PATH.search(said, m.end())
            segment = said[m.end():following.start() if following else m.end() + 120][:120]
            if TEXT_CONSTANT.search(segment):
                return True
    return False


def _owner(line: str, position: int) -> str | None:
    """The file a value in a line belongs to: the last file named before it."""
    owner = None
    for m in PATH.finditer(line):
        if m.start() < position:
            owner = m.group(0)
    return owner


def mentions(conv: Conversation, read_tool: str) -> dict[str, list[tuple[str, str | None]]]:
    """constant → [(value, file)], in the order the conversation met them."""
    cwd = _cwd(conv)
    paths = {c.id: _relative(str(c.input.get("file_path", "")), cwd) for c in conv.calls if c.name == read_tool}
    seen: dict[str, list[tuple[str, str | None]]] = {}
    for turn in conv.turns:
        for block in turn["content"]:
            kind = block.get("type")
            if kind == "text":
                for line in _REMINDER.sub("", block.get("text", "")).splitlines():
                    for m in TEXT_CONSTANT.finditer(line):
                        value = m.group(2).rstrip(".,;").strip("\"'")
                        seen.setdefault(m.group(1), []).append((value, _owner(line, m.start())))
            elif kind == "tool_result" and block.get("tool_use_id") in paths:
                for name, value in CODE_CONSTANT.findall(block_text(block.get("content"))):
                    seen.setdefault(name, []).append((value.strip().strip("\"'"), paths[block["tool_use_id"]]))
    return seen


def believed(values: list[tuple[str, str | None]]) -> str:
    """The value met most often; on a tie, the one met first."""
    counts = Counter(v for v, _f in values)
    best = max(counts.values())
    return next(v for v, _f in values if counts[v] == best)


def answer(conv: Conversation, read_tool: str) -> str:
    found = mentions(conv, read_tool)
    if not found:
        return "Je n'ai trouvé aucune constante dans les fichiers lus."
    lines = ["Constats :"]
    for name, values in found.items():
        where = next((f for _v, f in values if f), "?")
        lines.append(f"- {where} : {name} = {believed(values)}")
    asking = [line for line in conv.last_user_text.splitlines() if not TEXT_CONSTANT.search(line)]
    words = set(re.findall(r"\w+", " ".join(asking).lower()))
    asked = [n for n in found if n.lower() in words or all(part in words for part in n.lower().split("_"))]
    for name in asked:
        lines.append(f"Réponse : {name} vaut {believed(found[name])}.")
    return "\n".join(lines)


@playbook("session d'analyse")
def PLAYBOOK(conv: Conversation) -> Reply | None:
    read_tool = conv.tool("Read")
    if not read_tool or conv.is_subagent or not conv.user_texts:
        return None
    reads = [c for c in conv.calls if c.name == read_tool]
    if conv.last_turn_results:
        if any(c.name == read_tool for c in conv.last_turn_results):
            return text(answer(conv, read_tool))
        return None
    question = conv.last_user_text
    paths = list(dict.fromkeys(PATH.findall(question)))
    if not paths and not reads:
        return None
    to_read = [p for p in paths if not described(conv, p)]
    if not to_read:
        about = re.search(r"\b[A-Z][A-Z0-9_]{2,}\b", question) or re.search(r"constat|taux|valeur|analys|conclu",
                                                                             question, re.I)
        if not paths and not about:
            return None     # a question about something else: the other playbooks answer
        return text(answer(conv, read_tool))
    cwd = _cwd(conv)
    reply = Reply().say(f"Je lis {len(to_read)} fichier(s).")
    for path in to_read:
        reply.call(read_tool, {"file_path": f"{cwd}/{path}" if cwd and not path.startswith("/") else path})
    return reply
