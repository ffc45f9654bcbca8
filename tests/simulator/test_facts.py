"""The course's own subject, from one source (simulator/data/course_facts.toml): the glossary of notebook 0.0 is
written from it, and the offline Claude answers « what is … ? » from it in the asker's language — one test per
entry and per name."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from helpers.simulator._engine import _facts

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = _facts.facts()["term"]


def names(entry: dict, key: str) -> list[str]:
    return [n.strip() for n in entry[key].split(";") if n.strip()]


@pytest.mark.parametrize("entry,name", [(e, n) for e in ENTRIES for n in names(e, "fr")],
                         ids=lambda x: x if isinstance(x, str) else "")
def test_every_french_name_is_answered_in_french_with_its_meaning_and_lesson(entry, name):
    said = _facts.answer(f"Qu'est-ce que « {name} » ?", "fr")
    assert said and entry["meaning_fr"] in said and entry["lessons"] in said


@pytest.mark.parametrize("entry,name", [(e, n) for e in ENTRIES for n in names(e, "en") + e.get("names", [])],
                         ids=lambda x: x if isinstance(x, str) else "")
def test_every_english_name_is_answered_in_english(entry, name):
    said = _facts.answer(f"What is {name}?", "en")
    assert said and entry["meaning_en"] in said


@pytest.mark.parametrize("question", ["Le sous-agent de mon équipe est en retard.", "What is the capital of France?",
                                      "Réserve une session de sport demain"])
def test_only_a_question_about_what_a_course_term_means_is_answered(question):
    assert _facts.answer(question, "fr") is None


def test_the_model_answers_a_course_question_rather_than_searching_the_web(client):
    search = {"name": "web_search", "description": "Search the web.", "input_schema": {
        "type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}}
    reply = client.messages.create(model="claude-sonnet-5-5", max_tokens=300, tools=[search],
                                   messages=[{"role": "user", "content": "What is a prerequisite gate?"}])
    assert reply.stop_reason == "end_turn" and "a check in code that refuses a tool" in reply.content[0].text


def test_the_glossary_of_notebook_0_0_is_written_from_the_same_entries():
    spec = importlib.util.spec_from_file_location("glossary", ROOT / "tools" / "glossary.py")
    glossary = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(glossary)
    assert glossary.main(["--check"]) == 0
