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


class Code(Recogniser):
    """A one-time code after its cue: « code 482913 », « code de vérification : 4821 », "OTP is 5531"."""
    kind = "code"
    pattern = re.compile(r"(?i)\b(?:code(?:\s+(?:de\s+)?v[ée]rification)?|verification\s+code|otp|pin|passcode)"
                         r"\s*(?::|=|est|is)?\s*(\d{4,8})\b")

    def find(self, text: str) -> list[tuple[int, int, object]]:
        return [(m.start(1), m.end(1), m.group(1)) for m in self.pattern.finditer(text)]


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


REGISTRY: tuple[Recogniser, ...] = (Email(), Url(), Iban(), Code(), Identifier(), Phone(), Date(), Repo(), Quoted(),
                                     Stated())


def first(kind: str, text: str) -> object:
    """The first value of that kind the text states (« code 482913 » for "code"), else None."""
    return next((m.value for m in mentions(text) if m.kind == kind), None)


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
    whole = " ".join(lex.words(name))
    if " " in whole:                               # party_a: « Party A: TechCorp LLC (…) », before any « Party … »
        m = re.search(rf"(?i)\b{re.escape(whole)}\s*:\s*(.+?)\s*(?=,\s*[A-Z][\w -]{{0,24}}:|[.;\n'\"]\s|[;\n'\"]|$)",
                      text)
        if m and len(m.group(1)) <= 120:
            return m.group(1)
    for word in (w for w in lex.words(name) if len(w) >= 3 and w not in GENERIC):
        m = re.search(rf"(?im)^\s*{re.escape(word)}\w*\s*:\s*(.+?)\s*$", text)
        if m:
            return m.group(1)
    for word in (w for w in lex.words(name) if len(w) >= 3 and w not in GENERIC):
        # Inline, in a record written on one line: « …, Supplier: AudioTech Inc (contact@…, Japan), Condition: New »
        m = re.search(rf"(?i)\b{re.escape(word)}\w*\s*:\s*(.+?)\s*(?=,\s*[A-Z][\w -]{{0,24}}:|[.;\n'\"]\s|[;\n'\"]|$)",
                      text)
        if m and len(m.group(1)) <= 120:
            return m.group(1)
    return None


# Words of a parameter's name too general to point at a value (« location » in warehouse_location).
PLAIN = GENERIC | {"location", "lieu", "name", "nom", "price", "prix", "amount", "montant", "cost", "cout", "total",
                   "type", "kind", "status", "statut", "date", "info", "details", "data"}


def named(name: str, text: str) -> str | None:
    """A proper name that begins with a word of the parameter's name (warehouse_location and « at Warehouse A »)."""
    words = [w for w in lex.words(name) if len(w) >= 4 and w not in PLAIN]
    for word in words:
        m = re.search(rf"\b({re.escape(word)}\w*(?:\s+(?:[A-Z0-9][\w-]*))+)", text, re.I)
        if m and m.group(1)[:1].isupper():
            return m.group(1)
    return None


CUED_NUMBER = r"\s*(?:\(|:|=|of|de|at|à)?\s*[$€£]?\s*(?<![\d.,])(\d+(?:[.,]\d+)?)(?![\d])"


def labelled_items(values: tuple[str, ...], text: str) -> list[tuple[str, str]]:
    """Segments a text labels with enum values: « Payment clause: Monthly fee…, medium risk. Termination clause:
    … » and (payment, termination) → [("payment", "Monthly fee…, medium risk"), ("termination", …)], in order."""
    out = []
    for value in values:
        said = re.sub(r"[_-]+", " ", str(value))
        m = re.search(rf"(?i)\b{re.escape(said)}(?:\s+\w+)?\s*:\s*(.+?)(?=\.\s+[A-Z]|\.?['\"]?$|\n)", text)
        if m:
            out.append((m.start(), value, m.group(1).strip()))
    return [(value, segment) for _, value, segment in sorted(out)]


def cued_number(name: str, text: str) -> float | None:
    """A number right after a word of the parameter's name, or a word of the same beginning (regular_price and
    « regularly $399.99 », sample_size and « sample size: 10 000 »)."""
    words = [w for w in lex.words(name) if len(w) >= 4 and w not in PLAIN]
    for word in words:
        m = re.search(rf"(?i)\b{re.escape(word[:5])}\w*(?:\s+[^\W\d]+)?{CUED_NUMBER}", text)
        if m:
            return float(m.group(1).replace(",", "."))
    return None


@lru_cache(maxsize=1)
def _territories() -> dict[str, str]:
    """Country names in English and French (Babel's locale data, shipped with the package): folded name → name."""
    from babel import Locale
    out = {}
    for code in ("en", "fr"):
        for key, label in Locale.parse(code).territories.items():
            if key.isalpha() and len(label) >= 4:
                out[lex.fold(label)] = label
    return out


def countries(text: str) -> list[str]:
    """The countries a text names, as written, in order (« Japan », « Allemagne »)."""
    folded = lex.fold(text)
    found = []
    for name, label in _territories().items():
        m = re.search(rf"\b{re.escape(name)}\b", folded)
        if m:
            found.append((m.start(), text[m.start():m.end()] if len(text) == len(folded) else label))
    return [label for _, label in sorted(found)]


def record_head(text: str) -> str | None:
    """What a record written on one line names first: « 'Premium Wireless Headphones - SKU: WH-1000XM5, …' » →
    Premium Wireless Headphones (a capitalised phrase before a dash, a bracket or its first label)."""
    quoted = re.search(r"['\"«]\s*([^'\"»]{12,})['\"»]", text)
    body = (quoted.group(1) if quoted else text).strip()
    m = re.match(r"([A-Z][^-–—(,:]{1,80}?)\s*(?:\s[-–—]\s|\(|,\s*\w+\s*:)", body)
    if m and len(m.group(1).split()) <= 8:
        return m.group(1).strip()
    run = re.match(r"(?:[A-Z][\w&'-]*\s+){1,7}[A-Z][\w&'-]*", body)     # « Master Services Agreement effective … »
    return run.group(0).strip() if run else None


def cued_date(name: str, text: str) -> str | None:
    """The date right after a word of the parameter's name, or a word of the same beginning (expiration_date and
    « expires 2027-12-31 »)."""
    from . import _reading as rd
    for word in (w for w in lex.words(name) if len(w) >= 4 and w not in PLAIN):
        m = re.search(rf"(?i)\b{re.escape(word[:5])}\w*\s*(?:on|le|:|=|the)?\s*", text)
        if m:
            found = rd.dates(text[m.end():m.end() + 40])
            if found:
                return found[0]
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
            listed_text = m.group(1)
            after = text[m.end(1):m.end(1) + 2]
            if after.startswith(":"):                # « …, Wireless, Supplier: AudioTech »: the last item is a label
                listed_text = re.split(r"\s*(?:,|\band\b|\bet\b|&)\s*", listed_text)[:-1]
                listed_text = ", ".join(listed_text)
            items = [i for i in re.split(r"\s*(?:,|\band\b|\bet\b|&)\s*", listed_text) if i]
            if items:
                return items
    return []


def quote_cue(text: str, value: str) -> set[str]:
    """The meaning of the words that introduce a quoted value ("titled \"Login button broken\"" → title)."""
    for mention in mentions(text):
        if mention.kind == "quoted" and mention.value == value:
            return _meaning(mention.cue)
    return set()
