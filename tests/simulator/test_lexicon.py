"""The offline Claude's word tables (simulator/data/lexicon.json): every entry does what its table says."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import helpers
from helpers.simulator._engine import _lexicon as lex

DATA = json.loads((Path(helpers.__file__).parent / "simulator" / "data" / "lexicon.json").read_text())


@pytest.mark.parametrize("concept,word", [(c, w) for c, ws in DATA["CONCEPTS"].items() for w in ws])
def test_every_word_of_a_concept_means_that_concept(concept, word):
    assert concept in lex.concepts([word]) or concept in lex.concepts(lex.words(word)), (concept, word)


@pytest.mark.parametrize("table", ["STOP_WORDS", "FRENCH_MARKERS", "ENGLISH_MARKERS", "QUERY_NAMES", "TO_CUES",
                                   "FROM_CUES", "TO_ROLE", "FROM_ROLE"])
def test_word_lists_hold_folded_words_once(table):
    words = DATA[table]
    assert len(words) == len(set(words))
    assert all(lex.fold(w) == w for w in words if w.isascii()), table


@pytest.mark.parametrize("word,number", sorted(DATA["NUMBER_WORDS"].items()))
def test_every_number_word_reads_as_its_number(word, number):
    from helpers.simulator._engine import _reading as rd
    assert lex.NUMBER_WORDS[word] == number and isinstance(number, int)
    assert rd is not None


@pytest.mark.parametrize("kind,names", sorted(DATA["PROPERTY_KINDS"].items()))
def test_every_property_name_of_a_kind_is_read_as_that_kind(kind, names):
    from helpers.simulator._engine._filling import kind_of
    for name in names:
        assert kind_of(name, {"type": "string"}) == kind, (kind, name)


def test_the_tables_are_data_not_code():
    source = Path(lex.__file__).read_text()
    assert len(source.splitlines()) < 120 and "CONCEPTS: dict[str, tuple[str, ...]] = _TABLES" in source


@pytest.mark.parametrize("verb", sorted(DATA["WRITE_VERBS"]))
def test_every_write_verb_makes_a_tool_a_write_called_only_when_asked(verb):
    from helpers.simulator._engine import _choosing
    tool = {"name": f"{verb}_record", "description": "Changes a record.", "input_schema": {
        "type": "object", "properties": {"title": {"type": "string", "description": "The record's title."}}}}
    assert _choosing.writes(tool) == verb
    assert _choosing.asks_for_action(tool, f"Please {verb} the record.")
    assert not _choosing.asks_for_action(tool, "What is the status of the record?")


@pytest.mark.parametrize("verb,words", sorted(DATA["SAME_ACTION"].items()))
def test_every_word_of_the_same_action_asks_for_it(verb, words):
    from helpers.simulator._engine import _choosing
    tool = {"name": f"{verb}_item", "input_schema": {"type": "object"}}
    for word in words:
        assert _choosing.asks_for_action(tool, f"{word} cet élément"), (verb, word)


@pytest.mark.parametrize("name", sorted(DATA["PEOPLE_COUNTS"]))
def test_every_count_of_people_takes_a_number_of_people(name):
    from helpers.simulator._engine import _filling, _reading as rd
    tool = {"name": "t", "input_schema": {"type": "object", "properties": {name: {"type": "integer"}},
                                          "required": [name]}}
    out = _filling.fill(tool, _filling.Context(rd.Facts("Pour deux personnes le 14 mars 2027.", []))).input
    assert out == {name: 2}, name


@pytest.mark.parametrize("word", sorted(DATA["QUESTION_WORDS"]))
def test_every_question_word_opens_a_question(word):
    from helpers.simulator._engine import _reading as rd
    assert rd.is_question(f"{word.capitalize()} la suite")


@pytest.mark.parametrize("name", sorted(DATA["LONG_TEXT_NAMES"]))
def test_every_long_text_name_may_take_the_whole_request_and_a_short_field_may_not(name):
    from helpers.simulator._engine import _filling, _reading as rd
    request = "Please pass this whole request along as it is, every word of it, nothing cut."
    tool = {"input_schema": {"type": "object", "properties": {name: {"type": "string"}}, "required": [name]}}
    short = {"input_schema": {"type": "object", "properties": {"vendor_type": {"type": "string"}},
                              "required": ["vendor_type"]}}
    assert _filling.fill(tool, _filling.Context(rd.Facts(request, []))).input.get(name)
    assert "vendor_type" not in _filling.fill(short, _filling.Context(rd.Facts(request, []))).input
