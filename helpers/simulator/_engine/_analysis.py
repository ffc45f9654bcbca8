"""Readings of a text the request gives to analyse: named entities, sentiment scores, a category among labels.

A small lexicon scorer (data/form.toml: [sentiment], [categories], [entities]), used when a tool's schema asks for
such a reading (an entities list, positive/negative/neutral scores, a category) and the text is there to read:
it never invents what the text does not hold (no entity → none; no word of any category → equal scores).
"""
from __future__ import annotations

from .._words import words
from .recognisers import text as read
from .recognisers.text import labels_named  # noqa: F401  (assignment reads the labels here)

FUNCTION_WORDS = {"The", "A", "An", "He", "She", "They", "It", "We", "I", "Le", "La", "Les", "Il", "Elle", "Un",
                  "Une", "This", "That", "Ce", "Cette", "Use", "Given", "Please", "CEO", "Je", "Nous", "Vous"}


def _lexicon(section: str) -> dict:
    return words()[section]


def given_text(text: str) -> str:
    """The passage to analyse: inside a tag (<document>, <text>…) when there is one, else the whole text."""
    tagged = read.tagged(text)
    return max((t for _, t in tagged), key=len) if tagged else text


def entities(text: str) -> list[dict]:
    words = _lexicon("entities")
    out: list[dict] = []
    for sentence in read.sentences(text):
        for start, name in read.names(sentence):
            name = name.strip().rstrip(",")
            first = name.split()[0]
            if first in FUNCTION_WORDS:
                name = name[len(first):].strip()
                name = name[3:].lstrip() if name[:3] in ("of ", "de ") else name
            if not name or name in FUNCTION_WORDS or any(e["name"] == name for e in out):
                continue
            before = sentence[:start].lower().rstrip()
            if any(name.endswith(s) for s in words["organization_suffixes"]) or \
                    any(before.endswith(c) for c in words["organization_cues"]):
                kind = "ORGANIZATION"
            elif any(before.endswith(" " + c) or before == c for c in words["location_cues"]):
                kind = "LOCATION"
            else:
                kind = "PERSON"
            out.append({"name": name, "type": kind, "context": sentence})
    return out


def _count(text: str, entries: list[str]) -> int:
    low = text.lower()
    return sum(read.occurrences(e, low) for e in entries)


def sentiment(text: str) -> dict[str, float]:
    lex = _lexicon("sentiment")
    counts = {k: _count(text, lex[k]) for k in ("positive", "negative", "neutral")}
    total = sum(counts.values())
    if not total:
        return {"positive": 0.0, "negative": 0.0, "neutral": 1.0}
    return {k: round(v / total, 2) for k, v in counts.items()}


def categories(text: str, labels: list[str]) -> list[dict]:
    lex = _lexicon("categories")
    raw = {label: _count(text, lex.get(label.lower(), []) + [label.lower()]) for label in labels}
    total = sum(raw.values())
    if not total:
        return [{"name": label, "score": round(1 / len(labels), 2)} for label in labels] if labels else []
    return sorted(({"name": label, "score": round(v / total, 2)} for label, v in raw.items()),
                  key=lambda c: -c["score"])


def attributes(text: str, lang: str = "en") -> dict[str, object]:
    """What a description says of its subject, as « attribute: value » pairs: lines « key: value », else each
    phrase joined by « is / with / has / porte… » read as its head noun and its modifiers (a deep voice → voice:
    deep; une veste en cuir → veste: en cuir; a beard → beard: true), or an adjective's attribute (tall → height).
    Nothing is added that the text does not say."""
    table = _lexicon("attributes")
    pairs = {read.key(k): v.strip().rstrip(".") for k, v in read.labelled(text) if len(k.split()) <= 3}
    if len(pairs) >= 2:
        return pairs
    out: dict[str, object] = {}
    verbs = set(table["verbs"])
    for sentence in read.sentences(text):
        parts = read.split_on(sentence.strip(" .!"), table["joiners"])
        phrases, separators = parts[0::2], parts[1::2] + [""]
        for index, phrase in enumerate(phrases):
            if index == 0 and separators[0].lower() in verbs:
                continue                       # the subject described (« The man is… », « Le chien est… »)
            key, value = _attribute(phrase, table, lang)
            if key and key not in out:
                out[key] = value
    return out


def _attribute(phrase: str, table: dict, lang: str) -> tuple[str | None, object]:
    tokens = read.unelided(phrase)
    while tokens and tokens[0].lower() in table["openers"]:
        tokens = tokens[1:]
    if not tokens:
        return None, None
    preps = set(table["prepositions"])
    cut = next((i for i, t in enumerate(tokens) if i and t.lower() in preps), len(tokens))
    head, tail = tokens[:cut], tokens[cut:]
    if len(head) == 1:
        for attribute, adjectives in table["of_adjective"].items():
            if head[0].lower() in adjectives:
                return (table["names_fr"].get(attribute, attribute) if lang == "fr" else attribute), head[0]
    if lang == "fr":
        noun, modifiers = head[0], head[1:]
    else:
        noun, modifiers = head[-1], head[:-1]
    value = " ".join(modifiers + tail).strip()
    return read.key(noun), value or True
