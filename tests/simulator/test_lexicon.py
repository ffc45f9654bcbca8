"""The word tables (simulator/data/lexicon.json): every entry is checked through the mechanism that reads it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import helpers
from helpers.simulator._engine import _lexicon as lex, plan
from helpers.simulator._engine.recognisers import mentions
from helpers.simulator._engine.recognisers.instructions import is_question

DATA = json.loads((Path(helpers.__file__).parent / "simulator" / "data" / "lexicon.json").read_text())


@pytest.mark.parametrize("concept,word", [(c, w) for c, ws in DATA["CONCEPTS"].items() for w in ws])
def test_every_word_of_a_concept_means_that_concept(concept, word):
    assert concept in lex.concepts([word]) or concept in lex.concepts(lex.words(word)), (concept, word)


@pytest.mark.parametrize("table", ["STOP_WORDS", "FRENCH_MARKERS", "ENGLISH_MARKERS", "TO_CUES", "FROM_CUES",
                                   "TO_ROLE", "FROM_ROLE", "REQUEST_VERBS", "REQUEST_NOUNS", "WIDER_PLACE_NAMES"])
def test_word_lists_hold_folded_words_once(table):
    words = DATA[table]
    assert len(words) == len(set(words))
    assert all(lex.fold(w) == w for w in words if w.isascii()), table


def test_every_table_is_read_by_the_engine():
    """A table nothing reads is dead data: each one has a reader in the engine."""
    source = "\n".join(p.read_text() for p in (Path(lex.__file__).parent).rglob("*.py") if p.name != "_lexicon.py")
    source += (Path(lex.__file__).parent.parent / "_form.py").read_text()
    for table in DATA["_types"]:
        assert f"lex.{table}" in source or table == "CONCEPTS", table


@pytest.mark.parametrize("word,number", sorted(DATA["NUMBER_WORDS"].items()))
def test_every_number_word_reads_as_its_number(word, number):
    assert [m.value for m in mentions(f"il en faut {word}", "fr") if m.kind == "number"] == [number]


@pytest.mark.parametrize("code,alias", [(c, a) for c, aliases in DATA["ALIASES"].items() for a in aliases
                                        if len(a) > 1 and a.isascii() and " " not in a])
def test_every_alias_names_its_code(code, alias):
    """An enum whose values are the codes takes the code the words name (« demain » for tomorrow)."""
    from helpers.simulator._engine.assignment import fill
    tool = {"name": "t", "input_schema": {"type": "object", "required": ["value"],
                                          "properties": {"value": {"type": "string", "enum": ["zz", code]}}}}
    text = f"convert 12 into {alias} please"
    assert fill(tool, list(mentions(text, "en")), text).input == {"value": code}


@pytest.mark.parametrize("name,symbol", sorted(DATA["TICKERS"].items()))
def test_every_company_of_the_ticker_table_is_read_as_its_symbol(name, symbol):
    assert any(m.kind == "ticker" and m.extra == symbol for m in mentions(f"the stock of {name.title()} today", "en"))


@pytest.mark.parametrize("verb", sorted(DATA["WRITE_VERBS"]))
def test_every_write_verb_makes_a_tool_a_write_called_only_when_asked(verb):
    tool = {"name": f"{verb}_record", "description": "Changes a record.", "input_schema": {
        "type": "object", "properties": {"title": {"type": "string", "description": "The record's title."}}}}
    assert plan.writes(tool) == verb
    assert plan.asks_for_action(tool, f"Please {verb} the record.")
    assert not plan.asks_for_action(tool, "What is the status of the record?")


@pytest.mark.parametrize("verb,words", sorted(DATA["SAME_ACTION"].items()))
def test_every_word_of_the_same_action_asks_for_it(verb, words):
    tool = {"name": f"{verb}_item", "input_schema": {"type": "object"}}
    for word in words:
        assert plan.asks_for_action(tool, f"{word} l'article, s'il te plaît"), (verb, word)


@pytest.mark.parametrize("word", sorted(DATA["QUESTION_WORDS"]))
def test_every_question_word_opens_a_question(word):
    assert is_question(f"{word} la suite") or is_question(f"{word.capitalize()} la suite")


@pytest.mark.parametrize("place", sorted(DATA["WIDER_PLACE_NAMES"])[:12])
def test_a_city_then_a_region_of_the_gazetteer_is_one_name(place):
    text = f"the weather in Springfield, {place.title()} today"
    assert any(m.kind == "name" and m.value == f"Springfield, {place.title()}" for m in mentions(text, "en"))


def test_the_tables_are_data_not_code():
    source = Path(lex.__file__).read_text()
    assert len(source.splitlines()) < 120 and "CONCEPTS: dict[str, tuple[str, ...]] = _TABLES" in source
