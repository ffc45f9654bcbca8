"""Words the simulated model knows: a small synonym table (French and English), stop words, coded values.

The tables are data (simulator/data/lexicon.json); this module reads them (folding, splitting and stemming are
the recognisers' own, re-exported here). A *concept* groups the words that mean one thing for choosing a tool (« météo », « temps »,
"weather", "forecast" → weather); a tool is relevant when its name, description or parameters share
concepts or meaningful words with the request.
"""
from __future__ import annotations

import json
from pathlib import Path

_DATA = json.loads((Path(__file__).parent.parent / "data" / "lexicon.json").read_text(encoding="utf-8"))
_AS = {"frozenset": frozenset, "tuple": tuple, "dict": dict,
       "dict_of_tuples": lambda d: {k: tuple(v) for k, v in d.items()}}
_TABLES = {name: _AS[kind](_DATA[name]) for name, kind in _DATA["_types"].items()}

CONCEPTS: dict[str, tuple[str, ...]] = _TABLES["CONCEPTS"]
STOP_WORDS: frozenset[str] = _TABLES["STOP_WORDS"]
FRENCH_MARKERS: frozenset[str] = _TABLES["FRENCH_MARKERS"]
ENGLISH_MARKERS: frozenset[str] = _TABLES["ENGLISH_MARKERS"]
LANGUAGES: dict[str, str] = _TABLES["LANGUAGES"]
NUMBER_WORDS: dict[str, int] = _TABLES["NUMBER_WORDS"]
ALIASES: dict[str, tuple[str, ...]] = _TABLES["ALIASES"]
TO_CUES: frozenset[str] = _TABLES["TO_CUES"]
FROM_CUES: frozenset[str] = _TABLES["FROM_CUES"]
TO_ROLE: frozenset[str] = _TABLES["TO_ROLE"]
FROM_ROLE: frozenset[str] = _TABLES["FROM_ROLE"]
TICKERS: dict[str, str] = _TABLES["TICKERS"]
PROPERTY_KINDS: dict[str, tuple[str, ...]] = _TABLES["PROPERTY_KINDS"]
CURRENCY_CODES: tuple[str, ...] = _TABLES["CURRENCY_CODES"]
WRITE_VERBS: frozenset[str] = _TABLES["WRITE_VERBS"]
# A tool that talks to the user (send_text_to_user), and one that invokes several tools at once (batch_tool).
SPEAKER_VERBS: frozenset[str] = _TABLES["SPEAKER_VERBS"]
SPEAKER_AUDIENCE: frozenset[str] = _TABLES["SPEAKER_AUDIENCE"]
BATCH_WORDS: frozenset[str] = _TABLES["BATCH_WORDS"]
QUESTION_WORDS: frozenset[str] = _TABLES["QUESTION_WORDS"]   # the first word of a question
REQUEST_VERBS: frozenset[str] = _TABLES["REQUEST_VERBS"]   # words that open a request without naming anything
REQUEST_NOUNS: frozenset[str] = _TABLES["REQUEST_NOUNS"]   # nouns a request names what it wants with
# Place words by size: a « City, Country » name gives its head to the narrower and its tail to the wider.
WIDER_PLACES: frozenset[str] = _TABLES["WIDER_PLACES"]
NARROWER_PLACES: frozenset[str] = _TABLES["NARROWER_PLACES"]
WIDER_PLACE_NAMES: frozenset[str] = _TABLES["WIDER_PLACE_NAMES"]   # regions a « City, Region » name may end with
FIRST_NAMES: frozenset[str] = _TABLES["FIRST_NAMES"]   # a name that opens with one is a person's
# Unit codes by the quantity they measure (length, mass, temperature): a unit parameter takes a unit of its own.
UNIT_DIMENSIONS: dict[str, tuple[str, ...]] = _TABLES["UNIT_DIMENSIONS"]
# Words that name the same field of a record (montant / amount): a scenario's facts reach a tool's parameters by them.
FIELD_SYNONYMS: tuple[list[str], ...] = _TABLES["FIELD_SYNONYMS"]
# A write verb and the words of the same action where the concept table has none (« ajoute » for add).
SAME_ACTION: dict[str, tuple[str, ...]] = _TABLES["SAME_ACTION"]


_INDEX: dict[str, str] = {}


def _index() -> dict[str, str]:
    if not _INDEX:
        for concept, members in CONCEPTS.items():
            for w in members:
                _INDEX.setdefault(w, concept)
                _INDEX.setdefault(stem(w), concept)
    return _INDEX


def concepts(tokens: list[str]) -> set[str]:
    _index()
    found = set()
    for token in tokens:
        concept = _INDEX.get(token) or _INDEX.get(stem(token))
        if concept:
            found.add(concept)
    return found


def meaningful(tokens: list[str]) -> set[str]:
    """Stems of the words that carry meaning (no stop words, no tiny words)."""
    return {stem(t) for t in tokens if len(t) >= 3 and t not in STOP_WORDS and not t.isdigit()}


from .recognisers.words import fold, stem, words  # noqa: E402,F401  (the one tokenizer; tables above first)
