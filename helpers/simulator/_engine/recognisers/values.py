"""The kinds of value the engine reads, one recogniser each. Numbers go through Babel's number parser for the
request's locale (« 12 345,6 » in French, "12,345.6" in English); word tables come from data/lexicon.json."""
from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache

from .. import _lexicon as lex
from . import Recogniser, register
from .words import fold

TODAY = dt.date(2026, 3, 2)        # the simulator's fixed clock (its « today »)


def _span(pattern: re.Pattern, text: str, group: int = 0):
    for m in pattern.finditer(text):
        yield m.start(group), m.end(group), m


@register
class Email(Recogniser):
    kind, rank = "email", 1
    formats, names = frozenset({"email", "idn-email"}), frozenset({"email", "mail", "courriel", "e-mail"})
    PATTERN = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]*\w")

    def find(self, text, lang):
        return ((s, e, m.group(0), None) for s, e, m in _span(self.PATTERN, text))


@register
class Url(Recogniser):
    kind, rank = "url", 1
    formats, names = frozenset({"uri", "url", "iri"}), frozenset({"url", "uri", "link", "lien", "website", "site"})
    PATTERN = re.compile(r"\bhttps?://[^\s<>\"'»)]+[^\s<>\"'»).,;]|\bwww\.[\w.-]+\.[a-z]{2,}[^\s<>\"']*")

    def find(self, text, lang):
        return ((s, e, m.group(0), None) for s, e, m in _span(self.PATTERN, text))


@register
class Iban(Recogniser):
    kind, rank = "iban", 2
    names = frozenset({"iban"})
    PATTERN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b")

    def find(self, text, lang):
        return ((s, e, m.group(0).replace(" ", ""), None) for s, e, m in _span(self.PATTERN, text))


@register
class Phone(Recogniser):
    kind, rank = "phone", 3
    names = frozenset({"phone", "telephone", "tel", "mobile", "portable"})
    PATTERN = re.compile(r"(?<![\w+])(?:\+\d{1,3}[ .-]?)?(?:\(?\d{1,4}\)?[ .-]){2,5}\d{2,4}(?![\w-])")

    def find(self, text, lang):
        return ((s, e, m.group(0).strip(), None) for s, e, m in _span(self.PATTERN, text)
                if len(re.sub(r"\D", "", m.group(0))) >= 9)


MONTHS = {"janvier": 1, "fevrier": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6, "juillet": 7, "aout": 8,
          "septembre": 9, "octobre": 10, "novembre": 11, "decembre": 12, "january": 1, "february": 2, "march": 3,
          "april": 4, "may": 5, "june": 6, "july": 7, "august": 8, "september": 9, "october": 10, "november": 11,
          "december": 12, "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
          "oct": 10, "nov": 11, "dec": 12}
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
# Capitals that name a format or a technology, not a person, a place or a company.
NOT_NAMES = frozenset({"json", "xml", "csv", "api", "html", "pdf", "url", "sql", "http", "https", "id", "ok", "faq",
                       "sdk", "cli", "yaml", "toml", "markdown", "utf-8", "ascii", "i", "i'm", "i’m", "i've", "i’ve",
                       "i'd", "i’d", "i'll", "i’ll"})
WEEKDAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "lundi", "mardi",
                      "mercredi", "jeudi", "vendredi", "samedi", "dimanche"})
WEEKDAY_INDEX = {d: i % 7 for i, d in enumerate(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                                                   "sunday", "lundi", "mardi", "mercredi", "jeudi", "vendredi",
                                                   "samedi", "dimanche"])}
RELATIVE = {"today": 0, "aujourd'hui": 0, "aujourd’hui": 0, "tomorrow": 1, "demain": 1, "yesterday": -1, "hier": -1,
            "apres-demain": 2, "après-demain": 2, "day after tomorrow": 2}


_PART = r"(yyyy|yyy|yy|mm|dd|year|month|day|aaaa|jj|annee|mois|jour)"
LAYOUT = re.compile(rf"(?i)\b{_PART}([-/.])({_PART[1:-1]})\2({_PART[1:-1]})\b")
LAYOUT_PARTS = {"yyyy": "Y", "yyy": "Y", "yy": "Y", "year": "Y", "aaaa": "Y", "annee": "Y", "mm": "M", "month": "M", "mois": "M",
                "dd": "D", "day": "D", "jj": "D", "jour": "D"}


def date_layout(description: str) -> tuple[tuple[str, ...], str] | None:
    """The layout a schema's description asks dates in (« MM-DD-YYYY », "month-day-year", « JJ/MM/AAAA »)."""
    found = LAYOUT.search(fold(description or ""))
    if not found:
        return None
    order = tuple(LAYOUT_PARTS[found[i].lower()] for i in (1, 3, 4))
    return (order, found[2]) if sorted(order) == ["D", "M", "Y"] else None


@register
class Date(Recogniser):
    kind, rank = "date", 5
    formats = frozenset({"date"})
    names = frozenset({"date", "day", "jour", "birthday", "deadline", "echeance", "dob", "birthdate"})
    ISO = re.compile(r"\b(\d{4})([-/.])(\d{1,2})\2(\d{1,2})\b")
    SLASH = re.compile(r"\b(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})\b")
    WORDED = re.compile(rf"(?i)\b(\d{{1,2}})(?:er|st|nd|rd|th)?(?:\s+of)?\s+({_MONTH})\.?,?\s+(\d{{4}})\b|"
                        rf"\b({_MONTH})\.?\s*(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b")
    WORDED_NO_YEAR = re.compile(rf"(?i)\b(\d{{1,2}})(?:er|st|nd|rd|th)?(?:\s+of)?\s+({_MONTH})\b(?!\s+\d)|"
                                rf"\b({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?!,?\s+\d{{4}})")
    REL = re.compile(r"(?i)\b(?:day after tomorrow|apr[eè]s-demain|aujourd['’]hui|today|tomorrow|demain|yesterday|hier)\b")

    @staticmethod
    def _iso(y: int, m: int, d: int) -> str | None:
        try:
            return dt.date(y if y > 99 else 2000 + y, m, d).isoformat()
        except ValueError:
            return None

    def find(self, text, lang):
        for s, e, m in _span(self.ISO, text):
            yield s, e, self._iso(int(m[1]), int(m[3]), int(m[4])) or m.group(0), None
        for s, e, m in _span(self.SLASH, text):
            a, b = int(m[1]), int(m[2])
            day, month = (a, b) if lang == "fr" or a > 12 else (b, a)
            iso = self._iso(int(m[3]), month, day)
            if iso:
                yield s, e, iso, None
        folded = fold(text) if len(fold(text)) == len(text) else text
        for s, e, m in _span(self.WORDED, folded):
            day, month, year = (m[1], m[2], m[3]) if m[1] else (m[5], m[4], m[6])
            iso = self._iso(int(year), MONTHS[fold(month)], int(day))
            if iso:
                yield s, e, iso, None
        for s, e, m in _span(self.WORDED_NO_YEAR, folded):
            day, month = (m[1], m[2]) if m[1] else (m[4], m[3])
            iso = self._iso(TODAY.year, MONTHS[fold(month)], int(day))
            if iso:
                yield s, e, iso, None
        for s, e, m in _span(self.REL, text):
            shift = RELATIVE.get(m.group(0).lower(), RELATIVE.get(fold(m.group(0)), 0))
            yield s, e, (TODAY + dt.timedelta(days=shift)).isoformat(), "relative"
        for s, e, m in _span(self.WEEKDAY, folded):        # "next Friday", « vendredi prochain », "this Monday"
            if self.RESTATED.match(folded, e):
                continue                                  # "next Friday, June 30th 2023": the date says which
            day = WEEKDAY_INDEX[m[2] or m[3]]
            ahead = (day - TODAY.weekday()) % 7 or 7
            yield s, e, (TODAY + dt.timedelta(days=ahead)).isoformat(), "relative"

    RESTATED = re.compile(rf"(?i),?\s*(?:the\s+|le\s+)?(?:\d|{_MONTH})")
    WEEKDAY = re.compile(r"(?i)\b(next|this|coming|ce)\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
                         r"lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\b|\b(lundi|mardi|mercredi|jeudi|"
                         r"vendredi|samedi|dimanche)\s+prochain\b")


@register
class Time(Recogniser):
    kind, rank = "time", 6
    formats = frozenset({"time"})
    names = frozenset({"time", "heure", "hour", "horaire", "start_time", "end_time"})
    PATTERN = re.compile(r"(?i)(?<![\w:.])(\d{1,2})(?::(\d{2})|\s*h\s*(\d{2})?(?![a-z])|\s*([ap])\.?m\.?\b)"
                         r"(?:\s*([ap])\.?m\.?\b)?")

    def find(self, text, lang):
        for s, e, m in _span(self.PATTERN, text):
            hour, minute = int(m[1]), int(m[2] or m[3] or 0)
            half = (m[4] or m[5] or "").lower()
            hour = hour % 12 + (12 if half == "p" else 0) if half else hour
            if hour < 24 and minute < 60:
                yield s, e, f"{hour:02d}:{minute:02d}", None


@lru_cache(maxsize=1)
def _currency_words() -> dict[str, str]:
    out = {code.lower(): code for code in lex.CURRENCY_CODES}
    for code, aliases in lex.ALIASES.items():
        if code.upper() in lex.CURRENCY_CODES:
            out.update({fold(a): code.upper() for a in aliases})
    return out


_NUM = r"[-−]?(?:\d{1,3}(?:[,  \u202f]\d{3})+(?!\d)|\d+)(?:\.\d+|,\d+)?"
# English: a comma is a thousands separator before three digits, else it separates a list (« 3,4,5 »).
_NUM_EN = r"[-−]?(?:\d{1,3}(?:[,  \u202f]\d{3})+(?![\d])|\d+)(?:\.\d+)?"
_SCALE = {"k": 1e3, "m": 1e6, "million": 1e6, "millions": 1e6, "billion": 1e9, "milliard": 1e9, "milliards": 1e9,
          "mille": 1e3, "thousand": 1e3, "bn": 1e9}


def number(raw: str, lang: str) -> float | int | None:
    """A number as written in the request's locale, by Babel (« 12 345,6 » fr, "12,345.6" en), else plainly."""
    from babel.numbers import NumberFormatError, parse_decimal
    raw = raw.replace("−", "-").replace("\u202f", " ").replace("\xa0", " ").strip()
    locale = "fr_FR" if lang == "fr" else "en_US"
    try:
        value = parse_decimal(raw.replace(" ", "\u202f") if lang == "fr" else raw.replace(" ", ""), locale=locale,
                              strict=False)
    except (NumberFormatError, ValueError):
        try:
            value = float(raw.replace(" ", "").replace(",", "."))
        except ValueError:
            return None
    value = float(value)
    return int(value) if value.is_integer() and "." not in raw and "," not in raw[-3:] else value


def plain(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


@register
class Money(Recogniser):
    kind, rank = "money", 7
    names = frozenset({"amount", "montant", "price", "prix", "cost", "cout", "budget", "salary", "fee", "frais",
                       "payment", "balance", "solde", "total", "investment", "revenue", "income"})

    @lru_cache(maxsize=1)
    def _pattern(self) -> re.Pattern:
        words = "|".join(re.escape(w) for w in sorted(_currency_words(), key=len, reverse=True) if len(w) > 1)
        scale = r"(?:\s*(k|m|bn|million|millions|billion|thousand|milliards?|mille)\b)?"
        return re.compile(rf"(?i)([$€£¥])\s?({_NUM}){scale}|({_NUM}){scale}\s?(?:([$€£¥])|({words})\b)|"
                          rf"\b({words})\s?({_NUM}){scale}")

    def find(self, text, lang):
        for s, e, m in _span(self._pattern(), text):
            groups = m.groups()
            if groups[0]:
                symbol, raw, scale = groups[0], groups[1], groups[2]
            elif groups[3]:
                raw, scale, symbol = groups[3], groups[4], groups[5] or groups[6]
            else:
                symbol, raw, scale = groups[7], groups[8], groups[9]
            value = number(raw, "en" if symbol in "$£" and lang != "fr" else lang)
            if value is None:
                continue
            code = _currency_words().get(fold(symbol or ""), "USD")
            yield s, e, plain(value * _SCALE.get((scale or "").lower(), 1)), code


@register
class Percent(Recogniser):
    kind, rank = "percent", 8
    names = frozenset({"percent", "percentage", "pourcentage", "rate", "taux", "pct"})
    PATTERN = re.compile(rf"({_NUM})\s?(?:%|\s(?:percent|per cent|pour cent|pourcents?)\b)", re.I)

    def find(self, text, lang):
        for s, e, m in _span(self.PATTERN, text):
            value = number(m[1], lang)
            if value is not None:
                yield s, e, value, "%"


@register
class Number(Recogniser):
    kind, rank = "number", 20
    _TAIL = (r"(?:\s*(?:[x×*]\s*10\^|e)([-−]?\d+))?(?:\s*(k|million|millions|billion|thousand|milliards?|mille)\b)?"
             r"(?P<unit>(?:[a-zA-Zµ°]{1,5}[²³]?(?:/[a-zA-Z]{1,3}(?:\^?2|²)?)?)(?![\w]))?")
    PATTERNS = {"fr": re.compile(rf"(?<![\w.,/^-])({_NUM}|\.\d+)(?![\d]|[.,]\d)" + _TAIL, re.I),
                "en": re.compile(rf"(?<![\w./^-])({_NUM_EN}|\.\d+)(?![\d]|\.\d)" + _TAIL, re.I)}
    FRACTIONS = {"half": 0.5, "demi": 0.5, "quarter": 0.25, "quart": 0.25}
    # « 19 degrés et demi », "3 miles and a half": the half after the unit belongs to the number.
    AND_A_HALF = re.compile(r"(?i)\s+(?:[^\W\d_]+\s+)?(?:et|and)\s+(?:a\s+)?(demie?|half|quart|quarter)\b")

    @lru_cache(maxsize=1)
    def _words(self) -> re.Pattern:
        names = "|".join(sorted((re.escape(w) for w in lex.NUMBER_WORDS), key=len, reverse=True))
        return re.compile(rf"(?i)(?<![\w-])({names})(?![\w-])")

    def find(self, text, lang):
        for s, e, m in _span(self.PATTERNS["fr" if lang == "fr" else "en"], text):
            value = number(m[1], lang)
            if value is None:
                continue
            if m[2]:
                value = float(f"{value}e{int(m[2].replace('−', '-'))}")
            if m[3] == "K" and text[max(0, s - 1):s] not in ("$", "€", "£"):
                yield s, e, plain(value), "K"            # « 298K » is a temperature, "$50K" an amount
                continue
            half = self.AND_A_HALF.match(text, e)
            if half and not m[3]:
                value += self.FRACTIONS[fold(half[1]).rstrip("e") if fold(half[1]) == "demie" else fold(half[1])]
            yield s, e, plain(value * _SCALE.get((m[3] or "").lower(), 1)), m["unit"]
        for s, e, m in _span(self._words(), text):
            yield s, e, lex.NUMBER_WORDS[m.group(1).lower()], "words"
        for m in self.ONE.finditer(text):      # "two adults and one child": « one » counts a noun after a list word
            if fold(text[:m.start()]).rstrip().rsplit(" ", 1)[-1].strip(",") in ("and", "with", "for", "plus", ""):
                yield m.start(), m.end(), 1, "words"

    ONE = re.compile(r"(?i)(?<![\w-])one(?=\s+(?!of\b|another\b|more\b|by\b|or\b|and\b)[a-z]{3,})")


@register
class Code(Recogniser):
    """Identifiers and codes: letters and digits together (AF1234, ORD-1234, PH-207, 5531-X), digits that keep their
    leading zero (0042), nine digits or more in a row (a barcode, 3100098765), and a bare number right after a word
    that names a code (« OTP 5531 », "case No 28473")."""
    kind, rank = "code", 4
    names = frozenset({"id", "code", "identifier", "identifiant", "reference", "ref", "number", "numero", "sku",
                       "otp", "pin", "ticket", "invoice", "order", "isbn", "flight", "vol", "tracking", "serial",
                       "serie", "imei", "vin", "plate", "sku", "matricule", "card", "carte", "account", "compte"})
    PATTERN = re.compile(r"(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?![\w-])|"
                         r"(?<![\w.,-])0\d{2,}(?!\w|[.,]\d)|(?<![\w.,$€£-])\d{9,}(?!\w|[.,]\d)")   # 3100098765: an id

    def find(self, text, lang):
        for s, e, m in _span(self.PATTERN, text):
            raw = m.group(0)
            if re.fullmatch(r"(?i)\d+(?:st|nd|rd|th|er|e|h|k|m|s|x|d|km|kg|cm|mm|ml|g|l|mg|am|pm|gb|mb|tb|hz|ghz|kw|v)",
                            raw) or re.fullmatch(r"(?i)[a-z]\d?|\d{1,2}[a-z]\^?\d?|[a-z]\d", raw) or \
                    re.fullmatch(r"\d+(?:\.\d+)?(?:[eE][-+]?\d+|[a-zA-Zµ°]{1,4})", raw):
                continue                 # 3rd, 10km, 5pm, x2: a number with its unit, not a code
            yield s, e, raw, None


@register
class Alias(Recogniser):
    """Words that name a coded value (data: ALIASES — « euros » EUR, "miles" mi, « kilos » kg, « urgent » high,
    "Fahrenheit" F): the first code as the value, every code the words may name as `extra` (« livres »: GBP or lb)."""
    kind, rank = "alias", 10

    def _table(self) -> tuple[re.Pattern, dict[str, tuple[str, ...]]]:
        return _alias_table()

    def find(self, text, lang):
        pattern, codes = self._table()
        for s, e, m in _span(pattern, fold(text) if len(fold(text)) == len(text) else text):
            found = codes.get(fold(m.group(0)))
            if found:
                yield s, e, found[0], found


@register
class Duration(Recogniser):
    """A length of time (« pendant 1h30 », "for 2 minutes", « 3 jours »): its value in seconds, the unit said as
    `extra`."""
    kind, rank = "duration", 3
    names = frozenset({"duration", "duree", "length", "minutes", "seconds", "hours", "days", "timeout", "delay"})
    UNITS = {"s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "seconde": 1, "secondes": 1, "min": 60,
             "mins": 60, "mn": 60, "minute": 60, "minutes": 60, "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600,
             "hours": 3600, "heure": 3600, "heures": 3600, "day": 86400, "days": 86400, "jour": 86400,
             "jours": 86400, "week": 604800, "weeks": 604800, "semaine": 604800, "semaines": 604800}
    ONE = {"a": 1, "an": 1, "one": 1, "un": 1, "une": 1}
    HALVES = {"demi": 0.5, "demie": 0.5, "half": 0.5, "quart": 0.25, "quarter": 0.25}

    @lru_cache(maxsize=1)
    def _pattern(self) -> re.Pattern:
        said = "|".join(sorted((re.escape(w) for w in {**lex.NUMBER_WORDS, **self.ONE}), key=len, reverse=True))
        return re.compile(r"(?i)(?<![\w.,])(\d+(?:[.,]\d+)?)\s*(h)\s*(\d{2})\b|"
                          rf"(?<![\w.,])(\d+(?:[.,]\d+)?|{said})(?:\s*|-)(seconds?|secondes?|secs?|minutes?|mins?|mn|hours?|"
                          r"hrs?|heures?|days?|jours?|weeks?|semaines?)\b"
                          r"(?:\s+(?:et|and)\s+(?:a\s+)?(demie?|half|quart|quarter)\b)?")
    CUES = frozenset({"pendant", "durant", "for", "during", "duree", "duration", "over", "in", "en", "dans",
                      "every", "each", "chaque", "toutes", "tous"})

    def find(self, text, lang):
        for s, e, m in _span(self._pattern(), text):
            if m[1]:
                before = fold(text[max(0, s - 12):s]).split()
                if not before or before[-1] not in self.CUES:
                    continue            # « à 14h30 » is a time of day; « pendant 1h30 » a length of time
                seconds = float(m[1].replace(",", ".")) * 3600 + int(m[3]) * 60
                yield s, e, plain(seconds), "h"
            else:
                word = m[4].lower()
                amount = float(lex.NUMBER_WORDS.get(word, self.ONE.get(word, 0)) or m[4].replace(",", "."))
                amount += self.HALVES.get(fold(m[6] or ""), 0.0)   # « une heure et demie », "an hour and a half"
                unit = fold(m[5])
                yield s, e, plain(amount * self.UNITS[unit]), unit


@register
class DateTime(Recogniser):
    """A date and a time of day together (« le 3 décembre 2026 à 14h », "December 3, 2026 at 9:30"): ISO 8601."""
    kind, rank = "datetime", 4
    formats = frozenset({"date-time"})
    names = frozenset({"datetime", "start", "end", "begin", "debut", "fin", "when", "quand", "timestamp"})

    def find(self, text, lang):
        dates = list(Date().find(text, lang))
        times = list(Time().find(text, lang))
        for ds, de, day, _ in dates:
            for ts, te, clock, _ in times:
                between = fold(text[de:ts]).strip(" ,")
                if ts >= de and between in ("", "a", "at", "vers", "to", "@", "des", "from", "de"):
                    yield ds, te, f"{day}T{clock}:00", None
                    break


@register
class Tail(Recogniser):
    """What follows a colon to the end of its sentence (« Ouvre un ticket urgent : le serveur est en panne »): the
    text a title, a subject or a message takes."""
    kind, rank = "tail", 95
    PATTERN = re.compile(r"(?<=[^\d\s])\s?:\s+([^\n]{3,200}?)\s*(?:[.!?](?:\s|$)|$|\n)")
    # The message a request passes on: « pour lui dire que … », "to tell her that …", "saying …".
    SAID = re.compile(r"(?i)\b(?:pour\s+(?:lui|leur|vous|te|me)\s+(?:dire|annoncer|rappeler|signaler|pr[ée]ciser)|"
                      r"en\s+(?:lui|leur)\s+disant|(?:to\s+)?(?:tell|remind|let)\s+(?:him|her|them|me|us)(?:\s+know)?|"
                      r"saying|telling\s+(?:him|her|them))\s+(?:que\s+|qu['’]|that\s+)?([^\n]{3,300}?)\s*(?:[.!?](?:\s|$)|$|\n)")

    def find(self, text, lang):
        for pattern in (self.PATTERN, self.SAID):
            for m in pattern.finditer(text):
                said = m.group(1).strip().strip("«»“”\"' ")
                if pattern is self.SAID:          # the message as its own sentence
                    said = said[:1].upper() + said[1:] + ("" if said.endswith((".", "!", "?")) else ".")
                yield m.start(1), m.end(1), said, None


@register
class Labelled(Recogniser):
    """A value written under its label in a record (« Amenities: sauna, fireplace, Host: … »): the label's words as
    `extra`, the text up to the next label or the end of the sentence as the value."""
    kind, rank = "labelled", 96
    PATTERN = re.compile(r"(?<![\w-])([A-Za-zÀ-ÿ][\w -]{1,30}?)\s?:\s+(.+?)(?=,\s*[A-Z][\w -]{0,24}:|[.;\n](?:\s|$)|$)")

    def find(self, text, lang):
        for m in self.PATTERN.finditer(text):
            yield m.start(2), m.end(2), m.group(2).strip(), fold(m.group(1))


@register
class Period(Recogniser):
    """A span of years as one value (« la saison 2019-2020 », "the 2018/19 season"), kept beside its two years."""
    kind, rank = "period", 30
    names = frozenset({"season", "seasons", "saison", "saisons", "period", "periode", "fiscal", "exercice"})
    PATTERN = re.compile(r"(?<![\w.-])((?:1[89]|20)\d\d)\s?[-–/]\s?((?:1[89]|20)?\d\d)(?![\w.-])")

    def find(self, text, lang):
        for m in self.PATTERN.finditer(text):
            yield m.start(), m.end(), f"{m[1]}-{m[2]}", None


@register
class Ticker(Recogniser):
    """Stock symbols: a company the lexicon knows by name (« Apple » AAPL), or capitals after a word that names a
    share (« l'action NVDA », "ticker MSFT")."""
    kind, rank = "ticker", 29
    names = frozenset({"ticker", "symbol", "stock", "symbole", "action"})

    @lru_cache(maxsize=1)
    def _pattern(self) -> re.Pattern:
        names = "|".join(re.escape(n) for n in sorted(lex.TICKERS, key=len, reverse=True))
        return re.compile(rf"(?i)\b({names})\b|(?<=\baction )([A-Z]{{2,5}})\b|(?-i:\b([A-Z]{{2,5}})\b)")

    def find(self, text, lang):
        for s, e, m in _span(self._pattern(), text):
            if m[1]:
                yield s, e, m[1], lex.TICKERS[fold(m[1])]
            elif (m[2] or m[3]) and (m[2] or m[3]) in lex.TICKERS.values():
                yield s, e, m[2] or m[3], m[2] or m[3]


@register
class Language(Recogniser):
    """Languages by name, French and English (« en anglais », "into Spanish"): the name as written, its ISO code
    as `extra`."""
    kind, rank = "language", 9
    names = frozenset({"language", "langue", "lang", "locale"})

    @lru_cache(maxsize=1)
    def _pattern(self) -> re.Pattern:
        names = "|".join(sorted(lex.LANGUAGES, key=len, reverse=True))
        return re.compile(rf"(?i)(?<![\w-])({names}|français|anglais)(?![\w-])")

    def find(self, text, lang):
        for s, e, m in _span(self._pattern(), text):
            yield s, e, m.group(0), lex.LANGUAGES.get(fold(m.group(0)))


@register
class Identifier(Recogniser):
    """Names written as code: snake_case (your_dataset_name), file paths and names (C:/data/cars.csv, report.pdf)."""
    kind, rank = "code", 2
    PATTERN = re.compile(r"(?<![\w/\\.-])(?=[\w.:/\\-]*[A-Za-z])(?:[A-Za-z]:[\\/])?(?:[\w.-]+[\\/])+[\w.-]+|"
                         r"(?<![\w.-])[A-Za-z]\w*_\w+(?![\w-])(?!\s*:)|(?<![\w.-])[\w-]+\.(?:csv|json|txt|pdf|xlsx?|py|md|html?|png|jpe?g)\b")

    def find(self, text, lang):
        return ((s, e, m.group(0), None) for s, e, m in _span(self.PATTERN, text))


@register
class Bracketed(Recogniser):
    """A list written as one, in brackets: [23, 45, 67], [[10, 20], [30, 40]], ['milk', 'eggs'] (read by Python's own
    literal reader; kept beside the values it holds)."""
    kind, rank = "list", 1
    PATTERN = re.compile(r"\[(?:[^\[\]]|\[[^\[\]]*\])*\]")

    def find(self, text, lang):
        import ast
        for m in self.PATTERN.finditer(text):
            try:
                value = ast.literal_eval(m.group(0))
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                continue
            if isinstance(value, list) and value and all(
                    isinstance(v, (int, float, str, list)) and not isinstance(v, bool) for v in value):
                yield m.start(), m.end(), value, None


@register
class Quoted(Recogniser):
    kind, rank = "quoted", 0
    PATTERN = re.compile(r"«\s*([^»]+?)\s*»|“([^”]+)”|\"([^\"]+)\"|‘([^’]+)’|(?<![\w])'((?:[^']|'(?=[a-z]))+?)'(?![\w])")

    def find(self, text, lang):
        inner = text.strip()
        first = len(text) - len(text.lstrip())
        if len(inner) > 2 and inner[0] == inner[-1] and inner[0] in "\"'":
            first, inner = first + 1, inner[1:-1]      # a whole message in quotes: what it quotes is inside
        else:
            first, inner = 0, text
        for m in self.PATTERN.finditer(inner):
            group = next(i for i in range(1, 6) if m.group(i))
            yield first + m.start(), first + m.end(), m.group(group).strip(), None


@register
class Expression(Recogniser):
    """A formula: 2x^2, 3x^2 + 2x - 1, x**3, sin(x), e^x — letters of variables with powers or operators."""
    kind, rank = "expression", 3
    names = frozenset({"function", "equation", "expression", "formula", "formule", "polynomial", "expr"})
    _VAR = r"(?:[xyzt]\b|sin|cos|tan|log|ln|exp|sqrt|e(?=\s*\^))"
    _TERM = rf"(?:\d*\.?\d*\s*\*?\s*)?{_VAR}(?:\s*(?:\^|\*\*)\s*[-\d.]+|\s*\([^()]*\))?"
    PATTERN = re.compile(rf"(?<![\w])[-+]?\s*{_TERM}(?:\s*[-+*/]\s*(?:{_TERM}|\d+(?:\.\d+)?))*")

    def find(self, text, lang):
        for m in self.PATTERN.finditer(text):
            raw = m.group(0).strip()
            if re.search(r"[\^*/+-]|\d\s*[a-z]|\(", raw) and len(raw) >= 2:
                start = m.start() + (len(m.group(0)) - len(m.group(0).lstrip()))
                yield start, start + len(raw), raw.replace("^", "**"), None


@register
class Name(Recogniser):
    """Proper names: capitalised words in a row (« Taylor Swift », "New York City, NY", « Saint-Étienne »), a
    capitalised word after one of the small words names carry (« San Francisco », "Maroon 5", « Rome, Italy »)."""
    kind, rank = "name", 30
    names = frozenset({"name", "nom", "city", "ville", "location", "country", "pays", "place", "lieu", "company",
                       "artist", "author", "person", "team", "brand", "state", "area", "region", "destination",
                       "origin", "species", "president", "player", "customer", "client", "user", "recipient"})
    _CAP = r"(?:(?:Mr|Mrs|Ms|Dr|Prof|Mme|Mlle|St|Mt)\.|[A-ZÀ-ÝŒ][\w'’&-]*(?:\.(?=[A-Z]))?(?:[A-Z]\.)*|[A-Z]{2,})"
    PATTERN = re.compile(rf"{_CAP}(?:(?:\s+(?:of|de|du|des|la|le|les|the|upon|sur|von|van|da|di|del|y|vs\.?|v\.|versus)"
                         rf"(?=\s+[A-Z]))?\s+(?:{_CAP}|\d{{1,2}}\b(?![/.:-]\d)))*(?:,\s+(?P<wider>[A-Z]{{2}}\b|{_CAP}(?:\s+{_CAP})?(?=[\s.,;!?]|$)))?")

    def find(self, text, lang):
        for m in self.PATTERN.finditer(text):
            raw = m.group(0).rstrip(".")
            if text[m.end():m.end() + 1] == "." and (" " + raw).endswith(COMPANY_ENDS):
                raw += "."                           # "Apple Inc.": the period is the name's own
            if m["wider"] and not (len(m["wider"]) == 2 or fold(m["wider"]) in _places()):
                raw = raw[:m.start("wider") - m.start()].rstrip(", ")      # « Delhi, Beijing »: two names
                if fold(m["wider"]) not in lex.STOP_WORDS | NOT_NAMES | _COMMON() | WEEKDAYS | set(MONTHS):
                    yield m.start("wider"), m.end("wider"), m["wider"], None     # not "Second, I'm"'s « I'm »
            start = m.start()
            words = raw.split()
            head = fold(words[0].rstrip(",")).split("-")[0]     # « Peux-tu » opens a request, it names nobody
            sentence_start = not text[:start].strip() or text[:start].rstrip()[-1:] in ".!?:;\n\"«(“"
            if head in ARTICLES or (sentence_start and head not in lex.FIRST_NAMES and (
                    head in _COMMON() or len(words) == 1 or words[1].isdigit())):
                if len(words) == 1:
                    continue
                rest = raw[len(words[0]):].lstrip()
                start, raw = m.start() + len(raw) - len(rest), rest
                if fold(rest.split()[0]) in lex.STOP_WORDS | _COMMON():
                    continue
            raw = raw.rstrip(",'’")
            if len(raw.split()) > 1 and fold(raw.split()[0]) in NOT_NAMES:      # "building Id B1004": the id itself
                rest = raw.split(None, 1)[1]
                start, raw = start + len(raw) - len(rest), rest
            if raw.endswith(("'s", "’s")):
                raw = raw[:-2]
            if raw and not raw.isdigit() and fold(raw) not in MONTHS and fold(raw) not in WEEKDAYS | NOT_NAMES:
                first = fold(raw.split()[0])
                yield start, start + len(raw), raw, "place" if fold(raw) in _places() else \
                    "person" if first in lex.FIRST_NAMES or first.rstrip(".") in TITLES else None


@lru_cache(maxsize=1)
def _places() -> frozenset[str]:
    """Names that may follow a city after a comma (« Boston, USA », "Chicago, Illinois"): countries in English and
    French (Babel's territories), and the regions of the gazetteer (data: WIDER_PLACE_NAMES)."""
    from babel import Locale
    names = {fold(label) for code in ("en", "fr") for key, label in Locale.parse(code).territories.items()
             if key.isalpha()}
    return frozenset(names | set(lex.WIDER_PLACE_NAMES) | {"usa", "uk", "us"})


TITLES = frozenset({"mr", "mrs", "ms", "dr", "prof", "mme", "mlle", "m", "sir", "madame", "monsieur"})
COMPANY_ENDS = (" Inc", " Ltd", " Corp", " Co", " Jr", " Sr")
ARTICLES = frozenset({"the", "a", "an", "le", "la", "les", "un", "une", "my", "mon", "ma", "mes", "our", "notre", "this",
                      "that", "these", "ce", "cette", "i", "je", "in", "at", "on", "for", "from", "to", "and", "et"})


@lru_cache(maxsize=1)
def _COMMON() -> frozenset[str]:
    """Words that start a sentence without being a name: verbs of requests, question words (data)."""
    return lex.QUESTION_WORDS | lex.REQUEST_VERBS


@lru_cache(maxsize=1)
def _alias_table() -> tuple[re.Pattern, dict[str, tuple[str, ...]]]:
    codes: dict[str, list[str]] = {}
    for code, aliases in lex.ALIASES.items():
        for alias in aliases:
            codes.setdefault(fold(alias), []).append(code)
    for code in lex.CURRENCY_CODES:
        codes.setdefault(code.lower(), []).append(code.lower())
    words = "|".join(re.escape(w) for w in sorted(codes, key=len, reverse=True))
    return re.compile(rf"(?<![\w°$€£¥])(?:{words})(?![\w])", re.I), {k: tuple(v) for k, v in codes.items()}


def alias_codes(text: str) -> tuple[str, ...]:
    """The codes the words of `text` name (data: ALIASES): « demain » → ("tomorrow",)."""
    return _alias_table()[1].get(fold(text.strip()), ())
