"""What Claude Code's own text says, read as context: the agent types it lists, the reports of the agents it ran, the
CLAUDE.md files it loaded, and the system prompt's rules about the order of calls (« always call X first »)."""
from __future__ import annotations

import re

from .words import fold, tokens

AGENT_LINE = re.compile(r"^- ([\w.-]+): (.*?)(?: \(Tools: (.*)\))?$", re.M)
BUILT_IN_AGENTS = frozenset({"claude", "Explore", "general-purpose", "Plan", "statusline-setup", "fork"})
NOTIFICATION = re.compile(r"<task-notification>(.*?)</task-notification>", re.S)
HANDBACK = "The report follows:"
LAUNCHED = "Async agent launched"
CLAUDE_MD = re.compile(r"Contents of (\S*CLAUDE\.md)[^\n]*:\n\n(.*?)(?=\n*</system-reminder>|\n\nContents of |\Z)", re.S)
SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
# « Always call log_access first », « appelle toujours X avant tout autre outil », "before any other tool, call X".
FIRST = re.compile(r"\b(?:always|first|before|toujours|d'abord|avant|en premier|au préalable|systématiquement)\b",
                   re.I)
# Every fitting agent at once, not the best one alone.
AT_ONCE = re.compile(r"en parall[èe]le|en même temps|dans une même réponse|simultan[ée]ment|in parallel|at the same "
                     r"time|all at once|concurrently", re.I)
# The course's coordinator (TS 1.2, 1.3), in its own words: it coordinates a study, handing its parts out at once.
COURSE_COORDINATOR = re.compile(r"\btu (?:coordonnes|pilotes)\b|\bcoordonne(?:s|z)? une (?:recherche|étude)\b|"
                                r"\bconfie (?:chaque|les) volets?\b", re.I)


def agent_types(notes: str) -> dict[str, str]:
    """name → description of the agents the application defined, from the CLI's « Available agent types » note."""
    section = notes.split("Available agent types", 1)
    if len(section) < 2:
        return {}
    return {name: description for name, description, _tools in AGENT_LINE.findall(section[1].split("\n\n", 1)[0])
            if name not in BUILT_IN_AGENTS}


def tag(block: str, name: str) -> str | None:
    found = re.search(rf"<{name}>(.*?)</{name}>", block, re.S)
    return found.group(1).strip() if found else None


def notifications(raw_texts: list[str]) -> dict[str, tuple[str, str]]:
    """tool_use id → (status, result) of each background agent the CLI reported on."""
    out = {}
    for raw in raw_texts:
        for block in NOTIFICATION.findall(raw):
            tool_use_id = tag(block, "tool-use-id")
            if tool_use_id:
                out[tool_use_id] = (tag(block, "status") or "", tag(block, "result") or "")
    return out


def handback(result: str) -> str:
    """The report inside a synchronous launch's tool_result (Claude Code frames and indents it)."""
    if HANDBACK not in result:
        return result
    lines = []
    for line in result.split(HANDBACK, 1)[1].splitlines():
        if line.startswith("agentId:") or line.startswith("<usage>"):
            break
        lines.append(line[2:] if line.startswith("  ") else line)
    return "\n".join(lines).strip()


def claude_md(raw_texts: list[str]) -> list[str]:
    """The contents of each CLAUDE.md the CLI loaded into the conversation."""
    return [body.strip() for raw in raw_texts for _path, body in CLAUDE_MD.findall(raw)]


def sentences(text: str) -> list[str]:
    """The sentences and lines of a text, headings (« # … ») left out."""
    return [s.strip() for s in SENTENCE.findall(text) if s.strip() and not s.strip().startswith("#")]


def first_call(system: str, names: list[str]) -> str | None:
    """The tool (among `names`, full names) a sentence of the system prompt says to call before the others."""
    short = {fold(n.rsplit("__", 1)[-1]): n for n in names}
    for sentence in sentences(system):
        if not FIRST.search(sentence):
            continue
        said = {fold(t.text) for t in tokens(sentence)} | {fold(w) for w in re.findall(r"[\w-]+", sentence)}
        named = [full for name, full in short.items() if name in said]
        if len(named) == 1:
            return named[0]
    return None


def at_once(text: str) -> bool:
    return bool(AT_ONCE.search(text or ""))


def course_coordinator(system: str) -> bool:
    return bool(COURSE_COORDINATOR.search(system or ""))
