"""Mentions: the values a text states, with the words that introduce them, and which parameter each one fits.

One pass over a text yields `Mention`s — kind, value, span and the cue words just before — from a registry of
small recognisers (one class per kind); where two overlap, the longer span wins, then the registry's order.
`for_parameter` assigns: a mention fits a parameter when its kind does and when its cue words mean what the
parameter's name means (« client C-1042 » for customer_id and « commande ORD-1234 » for order_id; "my username
is jenny76" for username; "Author: John Doe (john@x.com)" for an author object). Precision first: a parameter
whose name no cue matches gets nothing from here, and the older readers (_reading) decide as before.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from . import _lexicon as lex, _reading as rd

CUE_WORDS = 3
# Words that carry no meaning of their own in a cue or a parameter's name.
GENERIC = frozenset({"id", "ids", "number", "numero", "num", "no", "n", "ref", "code", "value", "my", "mon", "ma",
                     "mes", "our", "notre", "the", "le", "la", "les", "l", "a", "an", "un", "une", "is", "est", "of",
                     "de", "du", "des", "d", "for", "pour", "and", "et", "deja", "already", "please", "svp"})


@dataclass(frozen=True)
class Mention:
    kind: str
    value: object
    start: int
    end: int
    cue: tuple[str, ...]          # folded words just before the value (at most CUE_WORDS)


class Recogniser:
    kind = "text"
    pattern: re.Pattern

    def value(self, match: re.Match) -> object:
        return match.group(0)

    def find(self, text: str) -> list[tuple[int, int, object]]:
        return [(m.start(), m.end(), self.value(m)) for m in self.pattern.finditer(text)]


class Email(Recogniser):
    kind, pattern = "email", rd.EMAIL


class Url(Recogniser):
    kind, pattern = "url", re.compile(r"\bhttps?://[^\s<>\"'»)]+")


class Iban(Recogniser):
    kind = "iban"
    pattern = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b")

    def value(self, match: re.Match) -> object:
        return match.group(0).replace(" ", "")


class Phone(Recogniser):
    kind = "phone"
    pattern = re.compile(r"(?<![\w+])(?:\+\d{1,3}[ .-]?)?(?:\(?\d{1,4}\)?[ .-]){2,5}\d{2,4}(?![\w-])")

    def find(self, text: str) -> list[tuple[int, int, object]]:
        return [(s, e, v) for s, e, v in super().find(text) if len(re.sub(r"\D", "", str(v))) >= 9]


class Identifier(Recogniser):
    kind = "id"

    def find(self, text: str) -> list[tuple[int, int, object]]:
        found = [(m.start(), m.end(), m.group(0)) for m in rd.IDENTIFIER.finditer(text)]
        found += [(m.start(1), m.end(1), m.group(1)) for m in rd.CUED_CODE.finditer(text)]
        return found


class Date(Recogniser):
    kind = "date"

    def find(self, text: str) -> list[tuple[int, int, object]]:
        spans = [(m.start(), m.end()) for p in (rd.ISO_DATE, rd.SLASH_DATE, rd.WORDED_DATE) for m in p.finditer(text)]
        return [(s, e, (rd.dates(text[s:e]) or [text[s:e]])[0]) for s, e in spans]


class Repo(Recogniser):
    kind = "repo"
    pattern = re.compile(r"(?<![\w/.:@-])[A-Za-z][\w.-]*/[A-Za-z][\w.-]*(?![\w/])")


class Quoted(Recogniser):
    kind, pattern = "quoted", rd.QUOTED

    def value(self, match: re.Match) -> object:
        return next(g for g in match.groups() if g).strip()


class Stated(Recogniser):
    """« X is Y » / « X : Y » / « mon X est Y »: a value given under a name (the name is the cue)."""
    kind = "stated"
    pattern = re.compile(r"(?i:\b(?:my|our|mon|ma|mes|notre|nos|the|le|la|son|sa|his|her|their)\s+)?"
                         r"(?P<name>[A-Za-zÀ-ÿ][\w'’ -]{1,30}?)\s*(?:\bis\b|\best\b|\bc'est\b|=|:)\s*"
                         r"(?P<value>[\w@+#][^\s,;!?()«»\"]*?(?:\s+[A-ZÀ-Ý][a-zà-ÿ'-]+)*)(?=[.:]?(?:\s|$|[,;!?()]))")
    QUESTION = re.compile(r"(?i)^(?:quel|quelle|quels|quelles|what|which|who|whose|where|when|how|où|qui|comment|"
                          r"combien|pourquoi|why)\b")

    def find(self, text: str) -> list[tuple[int, int, object]]:
        out = []
        for m in self.pattern.finditer(text):
            if self.QUESTION.match(m.group("name").strip()) or text[m.end("value"):m.end("value") + 1] == "-":
                continue            # « quelle heure est-il », "what is the time": a question, not a statement
            value = m.group("value").rstrip(".:")
            if value and not re.fullmatch(r"(?i)(?:a|an|un|une|the|le|la|not|pas|very|tres|très)", value):
                out.append((m.start("name"), m.end("value"), (m.group("name").strip(), value)))
        return out


REGISTRY: tuple[Recogniser, ...] = (Email(), Url(), Iban(), Identifier(), Phone(), Date(), Repo(), Quoted(),
                                     Stated())


@lru_cache(maxsize=256)
def mentions(text: str) -> tuple[Mention, ...]:
    """Every value the text states, overlaps resolved (longer span first, then the registry's order)."""
    raw = []
    for rank, recogniser in enumerate(REGISTRY):
        if recogniser.kind == "stated":
            continue
        for start, end, value in recogniser.find(text):
            raw.append((start, end, rank, recogniser.kind, value))
    kept: list[tuple[int, int, int, str, object]] = []
    for item in sorted(raw, key=lambda r: (-(r[1] - r[0]), r[2], r[0])):
        if not any(item[0] < k[1] and k[0] < item[1] for k in kept):
            kept.append(item)
    out = [Mention(kind, value, start, end, _cue(text, start)) for start, end, _rank, kind, value in kept]
    for start, end, (name, value) in REGISTRY[-1].find(text):
        out.append(Mention("stated", value, start, end, tuple(lex.words(name))[-CUE_WORDS:]))
    return tuple(sorted(out, key=lambda m: m.start))


def _cue(text: str, start: int) -> tuple[str, ...]:
    before = re.split(r"[.;!?\n()]", text[max(0, start - 60):start])[-1]
    return tuple(lex.words(before))[-CUE_WORDS:]


def _meaning(words: list[str] | tuple[str, ...]) -> set[str]:
    kept = [w for w in words if w not in GENERIC and len(w) >= 2]
    return {lex.stem(w) for w in kept} | lex.concepts(kept)


def name_meaning(name: str) -> set[str]:
    return _meaning(lex.words(name))


KINDS_FOR = {"email": {"email", "stated"}, "id": {"id", "stated"}, "url": {"url", "stated"},
             "phone": {"phone", "stated"}, "iban": {"iban", "stated"}, "date": {"date", "stated"}}


def for_parameter(name: str, kind: str, text: str) -> object:
    """The value the text states for this parameter, by a cue that means what its name means; else None.
    With kind "id", an identifier whose cue names another thing (« commande » for customer_id) never fits."""
    meant = name_meaning(name)
    if not meant:
        return None
    allowed = KINDS_FOR.get(kind, {"stated"})
    # A typed value (an id, an e-mail) before a stated one: « est C-35805. Remboursez » is C-35805.
    for mention in sorted(mentions(text), key=lambda m: m.kind == "stated"):
        if mention.kind not in allowed:
            continue
        if not _meaning(mention.cue) & meant:
            continue
        if mention.kind == "stated" and kind == "email" and not rd.EMAIL.fullmatch(str(mention.value)):
            continue
        if mention.kind == "stated" and kind == "id" and not re.search(r"\d", str(mention.value)):
            continue
        return mention.value
    return None


def cued_elsewhere(name: str, value: str, text: str, others: list[str]) -> bool:
    """True when `value` is introduced by a cue that means another parameter's name (not this one's)."""
    meant = name_meaning(name)
    for mention in mentions(text):
        if mention.value != value or not mention.cue:
            continue
        cue = _meaning(mention.cue)
        if cue & meant:
            return False
        return any(cue & name_meaning(o) for o in others if o != name)
    return False


def labelled(name: str, text: str) -> str | None:
    """The rest of the line a parameter's name labels: "Note: Remember to buy milk." → the note; None if no line
    of the text starts with that name."""
    for word in (w for w in lex.words(name) if len(w) >= 3 and w not in GENERIC):
        m = re.search(rf"(?im)^\s*{re.escape(word)}\w*\s*:\s*(.+?)\s*$", text)
        if m:
            return m.group(1)
    return None


OBJECT_OF = (r"\s+(?:de\s+la\s+|de\s+l'|du\s+|des\s+|de\s+|d'|for\s+(?:a\s+|an\s+|the\s+)?|of\s+(?:a\s+|an\s+|the\s+)?)"
             r"([^,.;!?]+?)(?=\s+(?:pour|for|with|avec|en|in|à|au|aux|et|and|to)\b|[,.;!?]|$)")


def object_of(text: str, subject_words: set[str]) -> str | None:
    """What a noun of the tool's subject is « of »: « la recette de la ratatouille pour 6 » → ratatouille."""
    folded = lex.fold(text)
    for word in lex.words(text):
        if not (lex.stem(word) in subject_words or lex.concepts([word]) & subject_words):
            continue
        m = re.search(rf"\b{re.escape(word)}\w*" + OBJECT_OF, folded)
        if m:
            start, end = m.span(1)
            return text[start:end].strip() if len(text) == len(folded) else m.group(1).strip()
    return None


def listed(name: str, text: str) -> list[str]:
    """The words listed after a parameter's name: "with labels bug and ui" → ["bug", "ui"]."""
    for word in (w for w in lex.words(name) if len(w) >= 3 and w not in GENERIC):
        m = re.search(rf"(?i)\b{re.escape(word)}\w*\s*(?::|=)?\s*([\w-]+(?:\s*(?:,|\band\b|\bet\b|&)\s*[\w-]+)*)",
                      text)
        if m:
            items = [i for i in re.split(r"\s*(?:,|\band\b|\bet\b|&)\s*", m.group(1)) if i]
            if items:
                return items
    return []


def quote_cue(text: str, value: str) -> set[str]:
    """The meaning of the words that introduce a quoted value ("titled \"Login button broken\"" → title)."""
    for mention in mentions(text):
        if mention.kind == "quoted" and mention.value == value:
            return _meaning(mention.cue)
    return set()
