"""The bank of the mock exam, read from bank.toml: 60 scenario questions across task statements 1.1–1.7, in the
exam's four scenarios (support client, recherche multi-agents, productivité des développeurs, CI), written fresh.

The questions are data, one `[[question]]` an entry (tests/lessons/test_ts2_1.py checks the schema). Each carries
its task statement and the lesson heading to revisit; the link to it is built here (`link()`), never typed.
Answers are keys (helpers.widgets.quiz.key()): this bank powers the self-paced rehearsal, whose feedback shows
every answer; the graded exam (2.1.q) asks other questions, keyed in the master notebook only.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from ...widgets.exam import ExamQuestion
from ...widgets.quiz import LETTERS
from .lessons import LESSONS, link

SOURCE = Path(__file__).with_name("bank.toml")
FIELDS = ("id", "ts", "scenario", "section", "title", "stem", "answer_key", "options", "why")
SCENARIOS = ("support client", "recherche multi-agents", "productivité des développeurs", "CI")


class BankError(ValueError):
    """bank.toml holds an entry the exam cannot use (said in French, with the entry's id)."""


def entry(raw: dict) -> ExamQuestion:
    """One [[question]] of bank.toml as an ExamQuestion; a malformed entry raises BankError."""
    name = raw.get("id", "?")
    if set(raw) != set(FIELDS):
        raise BankError(f"question {name} : champs attendus {', '.join(FIELDS)} ; reçus {', '.join(sorted(raw))}")
    for part in ("options", "why"):
        if not isinstance(raw[part], dict) or list(raw[part]) != list(LETTERS) or \
                not all(isinstance(v, str) and v.strip() for v in raw[part].values()):
            raise BankError(f"question {name} : « {part} » doit donner un texte à A, B, C et D, dans cet ordre")
    if not all(isinstance(raw[k], str) and raw[k].strip() for k in FIELDS if k not in ("options", "why")):
        raise BankError(f"question {name} : chaque champ est un texte non vide")
    if raw["ts"] not in LESSONS or raw["scenario"] not in SCENARIOS:
        raise BankError(f"question {name} : énoncé de tâche {raw['ts']!r} ou scénario {raw['scenario']!r} inconnu")
    return ExamQuestion(id=raw["id"], title=raw["title"], stem=raw["stem"], options=dict(raw["options"]),
                        why=dict(raw["why"]), answer_key=raw["answer_key"], ts=raw["ts"], section=raw["section"],
                        scenario=raw["scenario"], link=link(raw["ts"], raw["section"]))


def load(path: Path = SOURCE) -> list[ExamQuestion]:
    with path.open("rb") as handle:
        return [entry(raw) for raw in tomllib.load(handle).get("question", [])]


BANK = load()
