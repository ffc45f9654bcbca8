"""What a text given to analyse says (entities, sentiment, a category among labels, a description's attributes), by a
small lexicon scorer (data/form.toml) that never invents what the text does not hold (no entity → none; no word of
any category → equal scores); and the readers the engine shares (a whole word, a tagged passage, sentences, a clock).
"""
from __future__ import annotations

import re

from ..._words import words

SENTENCE = re.compile(r"(?<=[.!?])\s+")
NAME = re.compile(r"\b[A-Z][\w'&-]*(?:\s+(?:of\s+|de\s+)?[A-Z][\w'&-]*)*(?:,?\s+(?:Inc|Corp|Ltd|LLC|SA|SAS|GmbH)\.?)?")
FUNCTION_WORDS = {"The", "A", "An", "He", "She", "They", "It", "We", "I", "Le", "La", "Les", "Il", "Elle", "Un",
                  "Une", "This", "That", "Ce", "Cette", "Use", "Given", "Please", "CEO", "Je", "Nous", "Vous"}


def occurrences(term: str, text: str, joined: str = "") -> int:
    """How often `term` is said as a whole word (« bon », not in « bonjour »); joined="-" keeps « sous-agent » whole."""
    edge = "[\\w" + re.escape(joined) + "]"
    return len(re.findall(f"(?<!{edge}){re.escape(term)}(?!{edge})", text))


def tagged(text: str) -> list[tuple[str, str]]:
    """(tag, passage) of each <tag>…</tag> in the text (« <document> Le client écrit… </document> », "<text>…")."""
    return re.findall(r"<(\w+)>\s*(.+?)\s*</\1>", text, re.S)


def sentences(text: str, maxsplit: int = 0, spaced: bool = True) -> list[str]:
    """The sentences of a text, its spaces made single unless not `spaced` (« Il pleut. Je reste. », "Go. Now.")."""
    return SENTENCE.split(" ".join(text.split()) if spaced else text, maxsplit)


def given_text(text: str) -> str:
    """The passage to analyse: inside a tag (<document>, <text>…) when there is one, else the whole text."""
    found = tagged(text)
    return max((t for _, t in found), key=len) if found else text


def entities(text: str) -> list[dict]:
    table = words()["entities"]
    out: list[dict] = []
    for sentence in sentences(text):
        for m in NAME.finditer(sentence):
            name = m.group(0).strip().rstrip(",")
            first = name.split()[0]
            if first in FUNCTION_WORDS:
                name = re.sub(r"^(?:of|de)\s+", "", name[len(first):].strip())
            if not name or name in FUNCTION_WORDS or any(e["name"] == name for e in out):
                continue
            before = sentence[:m.start()].lower().rstrip()
            if any(name.endswith(s) for s in table["organization_suffixes"]) or \
                    any(before.endswith(c) for c in table["organization_cues"]):
                kind = "ORGANIZATION"
            elif any(before.endswith(" " + c) or before == c for c in table["location_cues"]):
                kind = "LOCATION"
            else:
                kind = "PERSON"
            out.append({"name": name, "type": kind, "context": sentence})
    return out


def _count(text: str, entries: list[str]) -> int:
    return sum(occurrences(e, text.lower()) for e in entries)


def sentiment(text: str) -> dict[str, float]:
    lex = words()["sentiment"]
    counts = {k: _count(text, lex[k]) for k in ("positive", "negative", "neutral")}
    total = sum(counts.values())
    if not total:
        return {"positive": 0.0, "negative": 0.0, "neutral": 1.0}
    return {k: round(v / total, 2) for k, v in counts.items()}


def categories(text: str, labels: list[str]) -> list[dict]:
    lex = words()["categories"]
    raw = {label: _count(text, lex.get(label.lower(), []) + [label.lower()]) for label in labels}
    total = sum(raw.values())
    if not total:
        return [{"name": label, "score": round(1 / len(labels), 2)} for label in labels] if labels else []
    return sorted(({"name": label, "score": round(v / total, 2)} for label, v in raw.items()),
                  key=lambda c: -c["score"])


LABELLED = re.compile(r"^\s*[-*•]?\s*([A-Za-zÀ-ÿ][\w' -]{0,30}?)\s*:\s*(\S[^\n]{0,80})$", re.M)


def attributes(text: str, lang: str = "en") -> dict[str, object]:
    """What a description says of its subject, as « attribute: value » pairs: lines « key: value », else each
    phrase joined by « is / with / has / porte… » read as its head noun and its modifiers (a deep voice → voice:
    deep; une veste en cuir → veste: en cuir; a beard → beard: true), or an adjective's attribute (tall → height).
    Nothing is added that the text does not say."""
    table = words()["attributes"]
    pairs = {_key(k): v.strip().rstrip(".") for k, v in LABELLED.findall(text) if len(k.split()) <= 3}
    if len(pairs) >= 2:
        return pairs
    joiners = "|".join(re.escape(j) for j in sorted(table["joiners"], key=len, reverse=True))
    out: dict[str, object] = {}
    verbs = set(table["verbs"])
    for sentence in sentences(text):
        parts = re.split(rf"\s*([,;:]|\b(?:{joiners})\b)\s*", sentence.strip(" .!"), flags=re.I)
        phrases, separators = parts[0::2], parts[1::2] + [""]
        for index, phrase in enumerate(phrases):
            if index == 0 and separators[0].lower() in verbs:
                continue                       # the subject described (« The man is… », « Le chien est… »)
            key, value = _attribute(phrase, table, lang)
            if key and key not in out:
                out[key] = value
    return out


def _key(words_: str) -> str:
    return re.sub(r"\W+", "_", words_.strip().lower()).strip("_")


def _attribute(phrase: str, table: dict, lang: str) -> tuple[str | None, object]:
    tokens = [re.sub(r"^(?:[ldjmnst]|qu)['’]", "", t, flags=re.I) for t in re.findall(r"[\w'’-]+", phrase)]
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
    return _key(noun), value or True


def labels_named(text: str) -> list[str]:
    """Labels a request lists (« The categories can be Politics, Sports, Technology »)."""
    m = re.search(r"(?:categories|catégories|labels|classes|options)\s+(?:can be|are|sont|peuvent être|:)\s*:?\s*"
                  r"([^.\n]+)", text, re.I)
    if not m:
        return []
    return [w.strip(" '\"[]") for w in re.split(r",|\bor\b|\bou\b|\band\b|\bet\b", m.group(1)) if w.strip(" '\"[]")]


def is_clock(text: str) -> bool:
    """A time of day written alone (« 9h30 », "14:05", "08:00:00")."""
    return bool(re.fullmatch(r"\d{1,2}[:h]\d{2}(?::\d{2})?", text))


def unit_letter(text: str, letter: str) -> bool:
    """A one-letter unit, after « ° » or as the last part of a key (« °c », "temp_f")."""
    return bool(re.search(rf"(?:^|_){letter}\b|°{letter}", text))
