"""Answers about the course's own subject (agentic loops, subagents, hooks, sessions, stop reasons…), from one
source: data/course_facts.toml, which the glossary of notebook 0.0 is written from. A question that asks what a
term means (« Qu'est-ce qu'une porte de prérequis ? », "What is pause_turn?") gets the term's meaning in the
asker's language, with the lesson that teaches it; any other question is not this module's."""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from . import _lexicon as lex
from .recognisers.text import occurrences

DATA = Path(__file__).parent.parent / "data" / "course_facts.toml"


@lru_cache(maxsize=1)
def facts() -> dict:
    return tomllib.loads(DATA.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _names() -> list[tuple[str, dict]]:
    """(folded name, entry), longest first: « passe d'intégration » before « passe »."""
    out = []
    for entry in facts()["term"]:
        names = [n.strip() for n in entry["fr"].split(";") + entry["en"].split(";")] + entry.get("names", [])
        out += [(lex.fold(n), entry) for n in dict.fromkeys(names) if n]
    return sorted(out, key=lambda x: -len(x[0]))


def answer(question: str, lang: str) -> str | None:
    """The meaning of the course term the question asks about, or None."""
    folded = lex.fold(question.replace("’", "'"))
    asking = facts()["asking"]
    if not any(lex.fold(cue) in folded for cue in asking["fr"] + asking["en"]):
        return None
    return next((_said(entry, lang) for name, entry in _names() if occurrences(name, folded, joined="-")), None)


def _said(entry: dict, lang: str) -> str:
    first = {k: entry[k].split(";")[0].strip() for k in ("fr", "en")}    # its first name: « stop_reason »
    mine, theirs = (first["fr"], first["en"]) if lang == "fr" else (first["en"], first["fr"])
    head = f"`{mine}`" if "_" in mine else mine[:1].upper() + mine[1:]        # an identifier stays code
    other = f" ({theirs})" if theirs != mine else ""
    several = "," in entry["lessons"]
    if lang == "fr":
        return f"{head}{other} : {entry['meaning_fr']} (leçon{'s' if several else ''} {entry['lessons']})."
    return f"{head}{other}: {entry['meaning_en']} (lesson{'s' if several else ''} {entry['lessons']})."
