"""What a text given to analyse says, read where the values of a text are read: its sentences, its tagged passage,
its capitalised names, its « key: value » lines, a term said as a whole word."""
from __future__ import annotations

import re

SENTENCE = re.compile(r"(?<=[.!?])\s+")
NAME = re.compile(r"\b[A-Z][\w'&-]*(?:\s+(?:of\s+|de\s+)?[A-Z][\w'&-]*)*(?:,?\s+(?:Inc|Corp|Ltd|LLC|SA|SAS|GmbH)\.?)?")
LABELLED = re.compile(r"^\s*[-*•]?\s*([A-Za-zÀ-ÿ][\w' -]{0,30}?)\s*:\s*(\S[^\n]{0,80})$", re.M)
LABELS = re.compile(r"(?:categories|catégories|labels|classes|options)\s+(?:can be|are|sont|peuvent être|:)\s*:?\s*"
                    r"([^.\n]+)", re.I)


def occurrences(term: str, text: str, joined: str = "") -> int:
    """How often `term` is said as a whole word (« bon » in « très bon », not in « bonjour »); with joined="-", a
    hyphenated word is one word (« sous-agent » does not say « agent »)."""
    edge = "[\\w" + re.escape(joined) + "]"
    return len(re.findall(f"(?<!{edge}){re.escape(term)}(?!{edge})", text))


def tagged(text: str) -> list[tuple[str, str]]:
    """(tag, passage) of each <tag>…</tag> in the text (« <document> Le client écrit… </document> », "<text>…")."""
    return re.findall(r"<(\w+)>\s*(.+?)\s*</\1>", text, re.S)


def sentences(text: str, maxsplit: int = 0, spaced: bool = True) -> list[str]:
    """The sentences of a text, its spaces made single unless `spaced` is False (« Il pleut. Je reste. », "It rains.
    I stay.")."""
    return SENTENCE.split(" ".join(text.split()) if spaced else text, maxsplit)


def names(sentence: str):
    """(start, name) of each run of capitalised words (« Marie Curie », "Bank of America", "Acme, Inc.")."""
    return ((m.start(), m.group(0)) for m in NAME.finditer(sentence))


def labelled(text: str) -> list[tuple[str, str]]:
    """(key, value) of each « key: value » line (« - couleur : rouge », "Height: 1.80 m")."""
    return LABELLED.findall(text)


def split_on(sentence: str, joiners: list[str]) -> list[str]:
    """Phrases and the separators between them, alternately: punctuation or a joiner word (« a deep voice and a
    beard » with "and"; « porte une veste, des lunettes »)."""
    words = "|".join(re.escape(j) for j in sorted(joiners, key=len, reverse=True))
    return re.split(rf"\s*([,;:]|\b(?:{words})\b)\s*", sentence, flags=re.I)


def key(words: str) -> str:
    """A name as an identifier (« Couleur des yeux » → couleur_des_yeux, "eye colour" → eye_colour)."""
    return re.sub(r"\W+", "_", words.strip().lower()).strip("_")


def unelided(phrase: str) -> list[str]:
    """The words of a phrase without their elided article (« l'homme » → homme; "a man's hat" kept whole)."""
    return [re.sub(r"^(?:[ldjmnst]|qu)['’]", "", t, flags=re.I) for t in re.findall(r"[\w'’-]+", phrase)]


def labels_named(text: str) -> list[str]:
    """Labels a request lists (« Les catégories sont Politique, Sport ou Culture », "The categories can be Politics,
    Sports, Technology")."""
    m = LABELS.search(text)
    if not m:
        return []
    return [w.strip(" '\"[]") for w in re.split(r",|\bor\b|\bou\b|\band\b|\bet\b", m.group(1)) if w.strip(" '\"[]")]


def is_clock(text: str) -> bool:
    """A time of day written alone (« 9h30 », "14:05", "08:00:00")."""
    return bool(re.fullmatch(r"\d{1,2}[:h]\d{2}(?::\d{2})?", text))


def unit_letter(text: str, letter: str) -> bool:
    """A one-letter unit said as a word part or after « ° » (temp_f, "°c", « unit: f »)."""
    return bool(re.search(rf"(?:^|_){letter}\b|°{letter}", text))
