"""Recognisers: the only readers of values in text.

One class per kind of value, registered in `REGISTRY`; `mentions(text, lang)` runs them all once and resolves
overlaps (the longer span wins, then the more specific kind: a date is not also three numbers). Each `Mention`
carries its kind, its normalised value, its span and the words around it (the cue before, the unit after), which
the assignment scores against what each schema property wants. A new kind is one class here and its data: the
slots learn of it through `Recogniser.wanted_by` (a schema's format, pattern or property name).

Nothing else in the engine imports `re`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .words import Token, between, fold, language, name_words, sentences, stem, tokens, words  # noqa: F401

CUE_WINDOW = 4
LONG_QUOTE = 40
LAYERED = frozenset({"tail", "ticker", "labelled", "period", "list"})       # kept beside the values they hold, never in their way
# Words that open a clause of their own: the cue of a value does not reach past them (« … final temperature when 20 kg »).
CLAUSE_WORDS = frozenset({"when", "where", "while", "if", "that", "which", "who", "because", "whereas", "quand",
                          "lorsque", "si", "qui", "que", "dont", "ou", "parce"})
WORDLIKE = frozenset({"name", "quoted", "language"})   # their words may be another value's cue (« OTP 5531 »)


@dataclass(frozen=True)
class Mention:
    kind: str
    value: object
    text: str
    start: int
    end: int
    cue: tuple[str, ...] = ()      # stems of the content words just before (same sentence)
    after: tuple[str, ...] = ()    # stems of the words just after (a unit: « 20 minutes »)
    sentence: int = 0
    extra: object = None           # what the kind adds (a currency, a unit)
    label: str = ""                # the word it is given under: « a=2 », "radius 3", « code : 4821 »
    role: str = ""                 # from / to, by the word before it (« de … à … », "from … to", "between … and")
    prev: str = ""                 # the word right before it, whatever it is (« in », "of")


class Recogniser:
    """A kind of value: `find(text, lang)` yields (start, end, value, extra)."""
    kind = "text"
    rank = 50                      # lower wins an overlap of equal length
    # What a schema property must say to want this kind: JSON Schema formats, words of its name or description.
    formats: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()

    def find(self, text: str, lang: str):
        return ()

    def wanted_by(self, name_words: set[str], fmt: str | None, pattern: str | None) -> bool:
        return bool((fmt and fmt in self.formats) or name_words & self.names or
                    (pattern and self.matches_pattern(pattern)))

    def matches_pattern(self, pattern: str) -> bool:
        return False


REGISTRY: list[Recogniser] = []


def register(cls: type[Recogniser]) -> type[Recogniser]:
    """Add a recogniser of a new kind (a class decorator); the registry's caches are cleared."""
    REGISTRY[:] = [r for r in REGISTRY if type(r).__name__ != cls.__name__] + [cls()]
    mentions.cache_clear()
    return cls


@lru_cache(maxsize=1024)
def mentions(text: str, lang: str = "en") -> tuple[Mention, ...]:
    """Every value the text states, overlaps resolved, in text order."""
    from .. import _lexicon as lex
    raw = []
    for recogniser in REGISTRY:
        for start, end, value, extra in recogniser.find(text, lang):
            raw.append((start, end, recogniser.rank, recogniser.kind, value, extra))
    kept: list[tuple] = []
    # A long quotation (a review to analyse, a whole request in quotes) is kept beside the values it holds.
    layered = [r for r in raw if (r[3] == "quoted" and LONG_QUOTE < r[1] - r[0] < 0.9 * len(text)) or
               r[3] in LAYERED]
    for item in sorted(raw, key=lambda r: (-(r[1] - r[0]), r[2], r[0])):
        if (item[3] == "quoted" and item[1] - item[0] > LONG_QUOTE) or item[3] in LAYERED:
            continue
        if not any(item[0] < k[1] and k[0] < item[1] for k in kept):
            kept.append(item)
    kept += layered
    spans = sentences(text)
    toks = tokens(text)
    kept_for_phrases = [k for k in kept if k not in layered]
    kept += _phrases(text, toks, kept_for_phrases)
    spans = sentences(text)
    values = sorted((k[0], k[1]) for k in kept_for_phrases)
    units = sorted((k[0], k[1]) for k in kept_for_phrases if k[3] != "alias")     # « 6 feet »: a unit, not a value
    out = []
    inherited: dict[int, tuple[str, ...]] = {}
    inherited_kind: dict[int, str] = {}
    unit_end: dict[int, int] = {}
    for start, end, _rank, kind, value, extra in sorted(kept):
        sentence = next((i for i, (s, e) in enumerate(spans) if s <= start < e), 0)
        low = spans[sentence][0] if spans else 0
        previous = max((e for s, e in values if e <= start), default=0)
        prior = [t for t in toks if low <= t.start and t.end <= start]
        cut = max((i + 1 for i, t in enumerate(prior) if t.norm in CLAUSE_WORDS), default=0)
        # The previous value's unit is not this one's cue (« 3 bedrooms, 2 bathrooms »).
        reach = max(previous, unit_end.get(previous, 0))
        before = [t.stem for t in prior[cut:] if t.content and t.start >= reach][-CUE_WINDOW:]
        gap = [t.norm for t in toks if previous <= t.start and t.end <= start]
        listed = (set(gap) & LISTING or "," in text[previous:start]) and len(gap) <= 3 and \
            all(w in LISTING or w in lex.STOP_WORDS for w in gap)
        if not before and kind != "phrase" and previous in inherited and listed and \
                _alike(inherited_kind[previous], kind):
            before = list(inherited[previous])           # listed with the value before (« Paris, Lyon »), not
            #                                             "annual income $100,000 and for Wells Fargo"
        if kind != "phrase":
            inherited[end], inherited_kind[end] = tuple(before), kind
        following = _after(text, toks, end, units)
        after = [t.stem for t in following]
        if following and kind != "phrase":
            unit_end[end] = max(unit_end.get(end, 0), following[-1].end)
        sep = text[prior[-1].end:start].strip() if prior else "?"
        label = prior[-1].norm if sep in ("=", ":") or (sep == "" and prior[-1].content) else ""
        role = _role([t.norm for t in _unarticled(prior)[-5:]]) if sep == "" and prior[-1].text.lower() != "a" \
            else ""
        out.append(Mention(kind, value, text[start:end], start, end, tuple(before), tuple(after), sentence, extra,
                           label, role, prior[-1].norm if prior else ""))
    from dataclasses import replace
    from .values import alias_codes
    ends = {m.end for m in out if m.kind == "number"}
    out = [replace(m, role="from") if m.kind == "alias" and not m.role and any(
        text[e:m.start].strip() == "" for e in ends if e <= m.start) else m for m in out]   # "26.2 miles": its own unit
    for m in list(out):
        if m.kind == "money" and m.extra and not str(m.text).lstrip().startswith("$"):
            # « 250 euros en dollars »: the amount's own currency is the source (« livres »: GBP, or lb for a weight)
            word = " ".join(w for w in m.text.split() if not any(c.isdigit() for c in w))
            codes = alias_codes(word) or (str(m.extra).lower(),)
            out.append(Mention("alias", codes[0], m.text, m.start, m.end, m.cue, m.after, m.sentence, codes,
                               m.label, "from", m.prev))
    return tuple(sorted(out, key=lambda x: x.start))


LISTING = frozenset({"and", "or", "et", "ou", "&"})
TEXTS = frozenset({"name", "quoted", "code", "alias"})


def _alike(first: str, second: str) -> bool:
    """Two kinds a list may mix: numbers with numbers, names with names."""
    return first == second or {first, second} <= TEXTS or {first, second} <= {"number", "money", "percent"}
LINKS = frozenset({"of", "is", "at", "as", "de", "du", "des", "est", "a", "of", "to"})


def _after(text: str, toks: tuple[Token, ...], end: int, values: list[tuple[int, int]]) -> list[Token]:
    """The words just after a value (its unit: « 20 minutes », "5 kg"), up to punctuation; not the words that name the
    next value (« $2000, final value of $3000 »: "final value" is the cue of 3000, « hauteur 6 largeur 7 »)."""
    following = next((s for s, _e in values if s >= end), len(text))
    out, last = [], end
    for t in toks:
        if t.start < end or len(out) == 2 or t.start >= following:
            if t.start >= following or len(out) == 2:
                break
            continue
        if any(c in text[last:t.start] for c in ",;.:()?!") or t.norm in LISTING:
            break                      # "'123ABC' and the branch id": after « and » comes the next item
        if t.content:
            out.append(t)
        last = t.end
    if out and following < len(text):
        gap = [t.norm for t in toks if out[-1].end <= t.start < following]
        if all(w in LINKS for w in gap) and not any(c in text[out[-1].end:following] for c in ",;."):
            return out[:-1]            # the last word names the next value ("two tickets for next Eminem")
    return out


ROLE_ARTICLES = frozenset({"the", "an", "le", "la", "les", "l", "my", "our", "this", "that", "mon", "ma", "notre"})


def _unarticled(prior: list[Token]) -> list[Token]:
    """The words before a value without its article: "from the Eiffel Tower" is said from, like "from Paris"."""
    end = len(prior)
    while end and prior[end - 1].norm in ROLE_ARTICLES:
        end -= 1
    return prior[:end]


SPAN_OPENERS = frozenset({"from", "between", "entre", "since", "depuis"})


def _role(before: list[str]) -> str:
    """From / to / in by the words before a value: its preposition, or one before its label ("between year 300 and
    400", « depuis l'année 2019 »)."""
    from .. import _lexicon as lex
    last = before[-1] if before else ""
    if last in lex.FROM_CUES or last in SPAN_OPENERS or (len(before) >= 2 and before[-2] in SPAN_OPENERS):
        return "from"
    if last in lex.TO_CUES or (last in ("and", "et") and ("between" in before or "entre" in before)):
        return "to" if last not in PLACE_CUES else "in"
    return "in" if last in PLACE_CUES else ""


PLACE_CUES = frozenset({"in", "at", "near", "around", "dans", "en", "au", "aux", "pres", "inside", "within"})


PHRASE_BREAKS = frozenset("""and or et ou with avec from to of de du des for pour in en at on by par sur dans about the a an
between entre as comme given than per into over under within about using via if when where while that which who whose
whom what how much many also then next last each every both either any some other another such same respectively""".split())


def _phrases(text: str, toks: tuple[Token, ...], kept: list) -> list[tuple]:
    """Runs of content words outside every other mention: what a free-text property may take (« wild tiger »)."""
    from .. import _lexicon as lex
    taken = [(k[0], k[1]) for k in kept]
    out, run = [], []
    following = dict(zip(toks, toks[1:]))
    for tok in toks + (None,):
        inside = tok is not None and any(s <= tok.start < e for s, e in taken)
        nxt = following.get(tok) if tok is not None else None
        # « pommes de terre », « salle de bain »: « de » then a bare noun joins the words, « de la » does not.
        joined = bool(run) and tok is not None and tok.norm == "de" and nxt is not None and nxt.content and \
            nxt.text.islower() and nxt.norm not in lex.STOP_WORDS and nxt.norm not in PHRASE_BREAKS and \
            not any(s <= nxt.start < e for s, e in taken)
        breaks = not joined and (tok is None or inside or not tok.content or tok.norm in lex.REQUEST_VERBS or
                                 tok.norm in PHRASE_BREAKS or (run and text[run[-1].end:tok.start].strip(" -'’") != ""))
        if breaks and run:
            out.append((run[0].start, run[-1].end, 90, "phrase", text[run[0].start:run[-1].end], None))
            run = []
        if joined or not breaks or (tok is not None and not inside and tok.content and
                                    tok.norm not in lex.REQUEST_VERBS and tok.norm not in PHRASE_BREAKS):
            run.append(tok)
    return out


def modifiers(text: str, heads: frozenset[str], skip: frozenset[str] = frozenset()) -> list[tuple[int, int, str]]:
    """The words said right before a noun of `heads` (stems), which say what kind it is: "a hill slope" → hill,
    "a gas-powered vehicle" → gas, "gas-fueled" for fuel → gas, "historical fiction books", « Drama and Comedy
    movies » → Drama, Comedy; words of `skip` are passed over ("a major chord progression" → major)."""
    from .. import _lexicon as lex
    toks = tokens(text)
    out: list[tuple[int, int, str]] = []

    def plain(t: Token) -> bool:
        return t.content and t.norm not in lex.STOP_WORDS and t.norm not in PHRASE_BREAKS and \
            t.norm not in lex.REQUEST_VERBS and not any(c.isdigit() for c in t.text)

    def joined(j: int) -> bool:
        return text[toks[j].end:toks[j + 1].start] == " "

    for i, t in enumerate(toks):
        head, _dash, tail = t.norm.rpartition("-")
        if head and stem(tail) in heads:             # "gas-fueled" for a fuel
            out.append((t.start, t.start + len(head), t.text[:len(head)]))
            continue
        if t.stem not in heads:
            continue
        j = i - 1
        while j >= 0 and toks[j].stem in skip and plain(toks[j]) and joined(j):
            j -= 1
        found = []
        while j >= 0 and plain(toks[j]) and toks[j].stem not in skip and joined(j):
            end, j0 = j, j
            while j0 > 0 and plain(toks[j0 - 1]) and toks[j0 - 1].stem not in skip and joined(j0 - 1) and \
                    end - j0 < 1 and toks[j0 - 1].capitalised == toks[end].capitalised:
                j0 -= 1                              # two words: "historical fiction"
            first, dash, rest = toks[end].text.partition("-")
            last = toks[end].start + len(first) if dash and rest.endswith("ed") and j0 == end else toks[end].end
            found.append((toks[j0].start, last, text[toks[j0].start:last]))
            if j0 >= 2 and toks[j0 - 1].norm in LISTING and plain(toks[j0 - 2]):
                j = j0 - 2                           # « Drama and Comedy movies »
                continue
            break
        out += reversed(found)
    return out


def alone(kind: str, text: str, lang: str = "en") -> list:
    """The values one recogniser finds by itself, without the others (a description's quoted examples)."""
    return [value for r in REGISTRY if r.kind == kind for _s, _e, value, _x in r.find(text, lang)]


def first(kind: str, text: str, lang: str = "en") -> object:
    """The first value of that kind the text states (« code 482913 » for "code"), else None."""
    return next((m.value for m in mentions(text, lang) if m.kind == kind), None)


def all_of(kind: str, text: str, lang: str = "en") -> list:
    return [m.value for m in mentions(text, lang) if m.kind == kind]


def languages(text: str) -> list[str]:
    """ISO codes of the languages a text names, in order, once each (« en anglais » → ["en"])."""
    return list(dict.fromkeys(m.extra for m in mentions(text, "fr") if m.kind == "language" and m.extra))


from . import values  # noqa: E402,F401  (registers the kinds)
