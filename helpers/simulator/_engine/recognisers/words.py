"""Words of a text: folding, tokens with their spans, a light stem, sentences and clauses, the language.

The engine's only tokenizer: every later stage reads these tokens (never the raw text with a pattern of its own).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*", re.U)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
# Titles and short forms whose period ends no sentence (« Mr. John Doe », "Dr. Smith", « M. Dupont », "J. K. Rowling").
ABBREVIATIONS = frozenset({"mr", "mrs", "ms", "dr", "prof", "st", "mt", "jr", "sr", "vs", "v", "mme", "mlle",
                           "inc", "ltd", "co", "corp", "approx", "dept", "fig", "cf"})
_SENTENCE = re.compile(r"(?<=[.!?;])(?<!\s[A-Z]\.)" + "".join(rf"(?<!\b{w}\.)" for a in sorted(ABBREVIATIONS)
                                                                   for w in (a, a.capitalize())) + r"\s+(?=\S)|\n+")
_ELISION = re.compile(r"^(?:[ldjmnstc]|qu|jusqu|lorsqu|puisqu)['’]|['’](?:s|re|ll|ve|d|m|t)$|n['’]t$|"
                      r"-(?:moi|toi|nous|vous|le|la|les|lui|leur|en|y)$", re.I)      # « trouve-moi », « dis-le »


@lru_cache(maxsize=16384)
def fold(text: str) -> str:
    """Lower case without accents: « Météo » → "meteo"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """A light French/English stem: « commandes » and "commande", "orders" and "order", "calculating" and "calculate"."""
    for suffix in ("ements", "ement", "ations", "ation", "ings", "ing", "ies", "ees", "ed", "es", "ee", "s", "e", "y"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


@dataclass(frozen=True)
class Token:
    text: str            # as written
    norm: str            # folded, elision removed (« l'heure » → heure)
    stem: str
    start: int
    end: int

    @property
    def capitalised(self) -> bool:
        return self.text[:1].isupper()

    @property
    def content(self) -> bool:
        return len(self.norm) >= 2 and self.norm not in lex.STOP_WORDS and not self.norm.isdigit()


@lru_cache(maxsize=2048)
def tokens(text: str) -> tuple[Token, ...]:
    out = []
    for m in _WORD.finditer(text):
        norm = fold(_ELISION.sub("", m.group(0)))
        out.append(Token(m.group(0), norm, stem(norm), m.start(), m.end()))
    return tuple(out)


@lru_cache(maxsize=4096)
def name_words(name: str) -> tuple[str, ...]:
    """The folded words of an identifier or a sentence: get_weather, getWeather, geometry.area_circle → get, weather…"""
    spaced = _CAMEL.sub(" ", name).replace("_", " ").replace(".", " ")
    return tuple(t.norm for t in tokens(spaced))


def words(text: str) -> list[str]:
    return list(name_words(text))


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence."""
    spans, start = [], 0
    for m in _SENTENCE.finditer(text):
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]


def between(text: str, start: int, end: int) -> str:
    """The folded words between two spans (what joins two mentions: « and », « , », « et »)."""
    return " ".join(t.norm for t in tokens(text[start:end])) if end > start else ""


def language(text: str) -> str:
    """fr or en, by the marker words the text holds (French diacritics count for French)."""
    toks = [t.norm for t in tokens(text)]
    french = sum(1 for t in toks if t in lex.FRENCH_MARKERS) + 2 * len(re.findall(r"[éèêàùçôî]", text.lower()))
    english = sum(1 for t in toks if t in lex.ENGLISH_MARKERS)
    # Endings French words hardly have ("listing", "quickly", "painters"): a hint when no marker decides.
    english += sum(1 for t in toks if len(t) > 4 and t.endswith(("ing", "ly", "ers", "ght")) and t not in
                   lex.FRENCH_MARKERS)
    return "en" if english > french else "fr"           # French when unsure: the course's language


from .. import _lexicon as lex  # noqa: E402  (at the end: _lexicon re-exports fold, stem and words)
