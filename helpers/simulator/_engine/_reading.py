"""How the simulated model reads a request: its language, the instructions of the system prompt,
and the values a tool may need (places, ids, numbers, quoted text, e-mails, names, dates).

Pure functions of text, deterministic. The request is read the way a careful model reads it: the
latest user message first, then what was said earlier in the conversation.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from . import _lexicon as lex

QUOTED = re.compile(r"«\s*([^»]+?)\s*»|“([^”]+)”|\"([^\"]+)\"|‘([^’]+)’|(?<![\w])'([^']{2,}?)'(?![\w])")
# ORD-7781, INV-2024-001, AB12345, and one-letter prefixes with a hyphen: F-2024-118.
# ORD-3310, AF1234, F-2024-118; and codes that mix capitals and digits anywhere (parcel numbers: 6A19283746501,
# 1Z999AA10123456784), at least 8 characters with 4 digits in a row.
IDENTIFIER = re.compile(r"\b(?:[A-Z]{2,5}-?|[A-Z]-)\d{2,}(?:-\d+)*\b|"
                        r"\b(?=[A-Z0-9]*[A-Z])(?=[A-Z0-9]*\d{4})[A-Z0-9]{8,}\b")
# A short code right after the noun it identifies (« customer C1 », "order O2", « commande n° A7 »).
CUED_CODE = re.compile(r"\b(?i:customers?|clients?|orders?|commandes?|tickets?|invoices?|factures?|accounts?|comptes?|"
                       r"users?|utilisateurs?|products?|produits?|items?|articles?|cases?|dossiers?)\s+(?:#|n°\s*|"
                       r"(?i:no\.?|number|numéro)\s+)?([A-Z]{1,3}-?\d{1,6})(?![-\w])")
EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]*\w")
NUMBER = re.compile(r"(?<![\w.,])-?\d+(?:[.,]\d+)?(?![\w])")
ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
SLASH_DATE = re.compile(r"\b\d{1,2}/\d{1,2}/\d{4}\b")
CAPITALISED = re.compile(r"(?<![\w'’-])([A-ZÉÈÀÂÎÔÛÇ][a-zéèàâêîôûçëïü]+(?:[\s-](?:[A-ZÉÈÀÂÎÔÛÇ][a-zéèàâêîôûçëïü]+|sur|en|de|du|la|le|les))*"
                         r"(?:['’]s\b)?)")          # « Luigi's » is the name, possessive included
ID_CUE = re.compile(r"(?:utilisateur|user|client|customer|compte|account|num[ée]ro|n°|no\.?|id|#|membre|member|"
                    r"ticket|dossier|case|employ[ée]e?|produit|product|article|item|commande|order)\s*"
                    r"(?:n°|#|:|=|id|number|numéro)?\s*(\d+)\b",
                    re.I)
NAME_STATED = re.compile(r"(?:je m'appelle|mon nom est|mon prénom est|my name is|i am called|call me)\s+"
                         r"([A-ZÉÈ][\w-]+(?:\s[A-ZÉÈ][\w-]+)?)", re.I)
# Capitalised words that open a sentence or a question are not names of places.
NOT_ENTITIES = frozenset(lex.fold(w) for w in """
Quel Quelle Quels Quelles Qui Que Quoi Qu Combien Comment Pourquoi Quand Où Est Peux Pouvez Donne Dis Fais Calcule Cherche Traduis
Additionne Bonjour Salut Merci Je Tu Il Elle Nous Vous Ils Elles Le La Les Un Une Des Et Ou Mais Donc Puis Ensuite
Avec Pour Sur Dans En Au Aux Du De Ce Cette Ces Mon Ma Mes Ton Ta Tes Son Sa Ses Notre Votre Leur Si Alors Aussi
What Which Who How Why When Where Is Are Can Could Would Please Tell Give Find Search Translate Add Calculate The A An
And Or But Then Also With For On In At Of My Your His Her Our Their If Hello Hi Thanks Thank Yes No Ok Okay Me I
Réponds Réponse Answer Utilisateur User Client Customer Commande Order Météo Weather Temps Traduction Somme Sum
Lundi Mardi Mercredi Jeudi Vendredi Samedi Dimanche Monday Tuesday Wednesday Thursday Friday Saturday Sunday
Aujourd Today Demain Tomorrow Hier Yesterday Celsius Fahrenheit Kelvin Anglais Français Espagnol Allemand English
French Spanish German Italien Italian Japonais Japanese
""".split())
CONNECTOR = re.compile(r"\s*(?:,|\bet\b|\band\b|\bpuis\b|&|\bou\b|\bor\b)\s*", re.I)
FOLLOW_UP = re.compile(r"^\s*(?:et|and|what about|how about|et pour|et à|et a|et en|même chose|same for)\b|"
                       r"\b(?:elle|ça|cela|celle-ci|celui-ci|la mienne|le mien|it|its|that one|this one|them)\b|"
                       r"où en est", re.I)


def _fresh(fn):
    """Memoise a pure reader of text; each caller gets its own list."""
    cached = lru_cache(maxsize=1024)(lambda text: tuple(fn(text)))

    def wrapper(text: str) -> list:
        return list(cached(text))
    wrapper.__name__, wrapper.__doc__ = fn.__name__, fn.__doc__
    return wrapper


def language(text: str) -> str:
    """"fr" or "en": the language the text is written in (French when unsure: the course's language)."""
    tokens = lex.words(text)
    fr = sum(1 for t in tokens if t in lex.FRENCH_MARKERS) + 2 * len(re.findall(r"[éèàùçêâîôœ]", text.lower()))
    en = sum(1 for t in tokens if t in lex.ENGLISH_MARKERS)
    # Endings French words hardly have ("listing", "quickly", "painters"): a hint when no marker decides.
    en += sum(1 for t in tokens if len(t) > 4 and t.endswith(("ing", "ly", "ers", "ght")) and t not in lex.FRENCH_MARKERS)
    return "en" if en > fr else "fr"


@dataclass(frozen=True)
class Instructions:
    """What the system prompt asks for, when the model can recognise it."""
    language: str | None = None       # "fr" / "en": answer in this language whatever the request's
    json: bool = False                # answer with a JSON object
    brief: bool = False               # one sentence
    upper: bool = False               # in capital letters
    persona: str | None = None        # « Tu es Max, … » → "Max, …"


_LANG_RULES = [
    (re.compile(r"(?:r[ée]ponds?|r[ée]pondez|[ée]cris|parle|answer|respond|reply|write|speak)\b[^.\n]{0,40}?"
                r"(?:en|in)\s+(anglais|english|fran[çc]ais|french)", re.I), None),
    (re.compile(r"\b(english|anglais|french|fran[çc]ais)\s+only\b|\bonly\s+(?:in\s+)?(english|french)\b|"
                r"\buniquement\s+en\s+(anglais|fran[çc]ais)\b|\btoujours\s+en\s+(anglais|fran[çc]ais)\b", re.I), None),
]
_JSON = re.compile(r"(?:r[ée]ponds?|r[ée]ponse|r[ée]pondez|answer|respond|reply|output|format|renvoie|return|"
                   r"only|uniquement|seulement)\b[^.\n]{0,40}\bjson\b|\bjson\s+(?:only|uniquement|seulement)\b|"
                   r"\ben\s+json\b|\bin\s+json\b|\bau\s+format\s+json\b", re.I)
_BRIEF = re.compile(r"\ben une (?:seule )?phrase\b|\bin (?:one|a single) sentence\b|\bune phrase maximum\b|"
                    r"\b(?:sois|soyez) (?:bref|brève|concis)|\bbe (?:brief|concise)\b|\bbri[eè]vement\b|\bbriefly\b",
                    re.I)
_UPPER = re.compile(r"\ben majuscules\b|\bin (?:all )?(?:capital letters|caps|upper ?case)\b", re.I)
_PERSONA = re.compile(r"(?:^|[.!\n]\s*)(?i:tu es|vous êtes|you are|tu t'appelles|your name is)\s+"
                      r"([A-ZÉ][\w-]+(?:,\s*[^.\n]{3,60})?)", re.M)


def instructions(system: str) -> Instructions:
    if not system:
        return Instructions()
    wanted = None
    for rule, _ in _LANG_RULES:
        m = rule.search(system)
        if m:
            word = lex.fold(next(g for g in m.groups() if g))
            wanted = "en" if word in ("anglais", "english") else "fr"
            break
    persona = _PERSONA.search(system)
    return Instructions(language=wanted, json=bool(_JSON.search(system)), brief=bool(_BRIEF.search(system)),
                        upper=bool(_UPPER.search(system)),
                        persona=persona.group(1).strip().rstrip(",") if persona and "Claude" not in persona.group(1)
                        else None)


@_fresh
def quoted(text: str) -> list[str]:
    return [next(g for g in m.groups() if g).strip() for m in QUOTED.finditer(text)]


def after_colon(text: str) -> str | None:
    """The text after a colon (« Traduis en anglais : bonjour tout le monde »)."""
    if ":" not in text:
        return None
    tail = text.split(":", 1)[1].strip().strip("?.! ")
    return tail or None


@_fresh
def identifiers(text: str) -> list[str]:
    found = [(m.start(), m.group(0)) for m in IDENTIFIER.finditer(text)]
    found += [(m.start(1), m.group(1)) for m in CUED_CODE.finditer(text)]
    return list(dict.fromkeys(v for _, v in sorted(found)))


@_fresh
def emails(text: str) -> list[str]:
    return list(dict.fromkeys(EMAIL.findall(text)))


@_fresh
def cued_numbers(text: str) -> list[int]:
    """Numbers that name something (« utilisateur 42 », "user #7"): ids, never operands."""
    return [int(m.group(1)) for m in ID_CUE.finditer(text)]


SMALL_NUMBER = re.compile(r"(?<![\w-])(?:" + "|".join(sorted(lex.NUMBER_WORDS, key=len, reverse=True)) + r")(?![\w-])", re.I)


@lru_cache(maxsize=2048)
def in_digits(text: str) -> str:
    """The text with its numbers written in words put in digits (« vingt-cinq mille » → 25000, "four" → 4), by
    text2num; isolated small words (« un », "one", « deux ») stay words: they are articles as often as counts."""
    if not re.search(r"[A-Za-zÀ-ÿ]{3}", text):
        return text
    from text_to_num import alpha2digit       # imported on first use: 10 ms, not at kernel start
    try:
        text = alpha2digit(text, language(text))
    except (ValueError, RuntimeError):       # never let a library's hiccup break a reply
        pass
    # The small ones text2num leaves alone, from the lexicon's table (never « un », "one": articles).
    return SMALL_NUMBER.sub(lambda m: str(lex.NUMBER_WORDS[m.group(0).lower()]), text)


@_fresh
def numbers(text: str) -> list[float]:
    """Every number of the text, in order (dates, ids and e-mails left out); numbers in words count."""
    text = in_digits(text)
    cleaned = EMAIL.sub(" ", ISO_DATE.sub(" ", SLASH_DATE.sub(" ", IDENTIFIER.sub(" ", text))))
    cleaned = WORDED_DATE.sub(" ", cleaned)      # « le 14 mars 2027 »: neither 14 nor 2027 is a quantity
    cleaned = re.sub(r"(?<=\d)[\u202f\u00a0 ](?=\d{3}\b)", "", cleaned)   # 1 044 500 → 1044500
    if language(text) == "en":
        cleaned = re.sub(r"(?<=\d),(?=\d{3}\b)", "", cleaned)          # 50,000 in English is fifty thousand
    return [float(n.replace(",", ".")) for n in NUMBER.findall(cleaned)]


def _currency_words() -> list[str]:
    """Every way the lexicon writes a currency: its codes and their words (€, euros, dollars, livres sterling…)."""
    codes = list(lex.CURRENCY_CODES)
    said = codes + [w for c in codes for w in lex.ALIASES.get(lex.fold(c), ())]
    return sorted(dict.fromkeys(said), key=len, reverse=True)


@lru_cache(maxsize=1)
def _money() -> re.Pattern:
    symbols = "".join(re.escape(w) for w in _currency_words() if len(w) == 1)
    words = "|".join(re.escape(w) for w in _currency_words())
    number = r"(\d[\d,.\u202f\u00a0 ]*\d|\d)"
    return re.compile(rf"[{symbols}]\s?{number}|{number}\s?(?:{words})(?!\w)", re.I)


@lru_cache(maxsize=1)
def money_words() -> frozenset[str]:
    """The currency words, folded: nouns that count money, not things (« 5 euros » is no quantity)."""
    return frozenset(lex.fold(w) for w in _currency_words())


def money(text: str) -> list[float]:
    """Amounts of money, in order: « $50,000 USD », « 12,50 € »."""
    lang = language(text)
    out = []
    for m in _money().finditer(text):
        raw = re.sub(r"[\u202f\u00a0 ]", "", m.group(1) or m.group(2))
        raw = raw.replace(",", "") if lang == "en" else raw.replace(".", "").replace(",", ".") if re.search(
            r"\.\d{3}", raw) else raw.replace(",", ".")
        try:
            out.append(float(raw.rstrip(".")))
        except ValueError:
            continue
    return out


@_fresh
def operands(text: str) -> list[float]:
    """The numbers to compute with: all numbers but those that name something."""
    cued = cued_numbers(text)
    out = []
    for n in numbers(text):
        if n.is_integer() and int(n) in cued:
            cued.remove(int(n))
            continue
        out.append(n)
    return out


DURATION = re.compile(r"(?<![\w.,:-])(\d+(?:[.,]\d+)?)\s*(?:(h|heures?|hours?|hrs?)\s*(\d{1,2})?(?:\s*(?:min|mn))?|"
                      r"(min|mins|minutes?|mn)|(s|sec|secondes?|seconds?)|(j|jours?|days?))(?![\w])", re.I)
CLOCK = re.compile(r"(?<![\w:.-])(\d{1,2})(?:\s*h\s*(\d{2})?|:(\d{2}))(?![\w:])|"
                   r"(?<![\w:.-])(\d{1,2})\s*(am|pm)\b", re.I)
DURATION_CUE = re.compile(r"\b(?:pendant|durant|pour|during|for)\s+$|\bdur[ée]e\s*(?:de|:)?\s*$", re.I)


@_fresh
def durations(text: str) -> list[float]:
    """Lengths of time, in minutes: « 1h30 » → 90, « 45 min » → 45, "2 hours" → 120, « 3 jours » → 4320.
    A time of day (« à 14h ») is no duration; « pendant 2h » is one."""
    out = []
    for m in DURATION.finditer(text):
        value = float(m.group(1).replace(",", "."))
        if m.group(2):
            before = text[:m.start()]
            if re.search(r"(?:\bà|\bat|\bvers|\bdès|\bde)\s*$", before, re.I) and not DURATION_CUE.search(before):
                continue                          # « à 14h », "at 2h": a time of day
            out.append(value * 60 + (int(m.group(3)) if m.group(3) else 0))
        elif m.group(4):
            out.append(value)
        elif m.group(5):
            out.append(value / 60)
        else:
            out.append(value * 1440)
    return out


@_fresh
def clock_times(text: str) -> list[str]:
    """Times of day, as HH:MM: « à 14h » → 14:00, « 9h30 » → 09:30, "2 pm" → 14:00 (durations left out)."""
    out = []
    for m in CLOCK.finditer(text):
        if m.group(4):
            hour = int(m.group(4)) % 12 + (12 if m.group(5).lower() == "pm" else 0)
            out.append(f"{hour:02d}:00")
            continue
        cue = DURATION_CUE.search(text[:m.start()])
        if m.group(1) and cue and not (re.match(r"(?i)pour|for", cue.group(0).strip()) and int(m.group(1)) >= 5):
            continue                              # « pendant 1h30 », « pour 2h »: a duration; « pour 18h30 »: a time
        hour, minute = int(m.group(1)), int(m.group(2) or m.group(3) or 0)
        if hour < 24 and minute < 60:
            out.append(f"{hour:02d}:{minute:02d}")
    return out


MONTHS = {"janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6, "juillet": 7,
          "août": 8, "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11, "décembre": 12, "decembre": 12,
          "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8,
          "september": 9, "october": 10, "november": 11, "december": 12}
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
# « 3 décembre 2026 », « 1er mars 2026 », "3 December 2026", "December 3, 2026": with a year only (none is invented).
WORDED_DATE = re.compile(rf"\b(\d{{1,2}})(?:er)?\s+({_MONTH})\s+(\d{{4}})\b|\b({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b",
                         re.I)


@_fresh
def dates(text: str) -> list[str]:
    """The dates of the text, in order: ISO and JJ/MM/AAAA as written, dates with a month's name as ISO."""
    found = [(m.start(), m.group()) for m in ISO_DATE.finditer(text)]
    found += [(m.start(), m.group()) for m in SLASH_DATE.finditer(text)]
    for m in WORDED_DATE.finditer(text):
        day, month, year = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(5), m.group(4), m.group(6))
        if 1 <= int(day) <= 31:
            found.append((m.start(), f"{year}-{MONTHS[month.lower()]:02d}-{int(day):02d}"))
    return [value for _, value in sorted(found)]


SENTENCE_START = re.compile(r"(?:^|[.!?:;\n]\s*)$")
NAMING_VERB = re.compile(r"^\s*(?:(?:est|sont|a|ont|is|are|has|have|was|compte|possède)\b|,|\?|!|\.|$)", re.I)


@_fresh
def places(text: str) -> list[str]:
    """Proper nouns of the text, in order: « Paris et Tokyo » → ["Paris", "Tokyo"].

    A capitalised word that opens a sentence counts only when what follows reads like a name's
    sentence (« Paris est-il… », "Tokyo, Osaka…"): otherwise it is the sentence's first word."""
    found: list[str] = []
    text = re.sub(r"\b(?:[dlDLjJ]|[qQ]u|[jJ]usqu)['’](?=[A-ZÀ-Ý])", "  ", text)   # « d'Apple », « l'Italie »: the name
    stripped = QUOTED.sub(" ", IDENTIFIER.sub(" ", EMAIL.sub(" ", text)))
    english = language(text) == "en"
    for m in CAPITALISED.finditer(stripped):
        name = re.sub(r"[\s-](?:sur|en|de|du|la|le|les)$", "", m.group(1)).strip()
        # « Compte les sous-agents… »: one word and an article is still the sentence's first word.
        after = stripped[m.end():]
        naming = NAMING_VERB.match(after) and not (english and re.match(r"\s*a\b", after))   # "Book a table"
        if SENTENCE_START.search(stripped[:m.start()]) and " " not in name and not naming:
            continue
        parts = name.split()
        while parts and lex.fold(parts[0]) in NOT_ENTITIES:
            parts = parts[1:]
        name = " ".join(parts)
        if name and lex.fold(name) not in NOT_ENTITIES and name not in found:
            found.append(name)
    return found


ACRONYM = re.compile(r"\b[A-Z]{2,4}\b")
NOT_PLACES = frozenset({"API", "JSON", "OK", "USD", "EUR", "JPY", "GBP", "CHF", "ID", "SDK", "CLI", "FAQ", "PDF", "URL"})
AFTER_PREPOSITION = re.compile(r"\b(?:à|a|au|en|in|at|for|pour|sur|near|près de)\s+((?:(?:new|san|santa|los|las|saint|"
                               r"sainte|st|rio|buenos|hong|kuala|tel|abu|sao|são|le|la|port|mont|cape|cap)\s+)?"
                               r"[a-zà-ÿ][a-zà-ÿ-]{2,})", re.I)
NOT_LOWER_PLACES = frozenset(lex.fold(w) for w in """
moi toi lui elle nous vous eux the this that my your me us it him her them quelle quel quoi combien celsius fahrenheit
anglais français francais espagnol allemand english french spanish german json ce cette ces un une des le la les
maintenant demain aujourd hui today tomorrow now present présent moment general général detail détail total
""".split())


@_fresh
def place_names(text: str) -> list[str]:
    """Places for a parameter that wants one: proper nouns, else acronyms (« SF », "NYC"), else a lower-case
    word after « à » / "in" (« quel temps à paris » → "Paris")."""
    found = places(text)
    if found:
        return found
    found = [a for a in ACRONYM.findall(text) if a not in NOT_PLACES]
    if found:
        return list(dict.fromkeys(found))
    return list(dict.fromkeys(m.group(1).title() for m in AFTER_PREPOSITION.finditer(text)
                              if lex.fold(m.group(1)) not in NOT_LOWER_PLACES))


@_fresh
def languages(text: str) -> list[str]:
    """Language names of the text, as ISO codes, in order (« en anglais » → ["en"])."""
    out = []
    for token in lex.words(text):
        code = lex.LANGUAGES.get(token)
        if code and code not in out:
            out.append(code)
    return out


URL = re.compile(r"\bhttps?://[^\s<>\"'»]+|\b(?:\d{1,3}\.){3}\d{1,3}\b|"
                 r"\b(?:[a-z0-9-]+\.)+(?:com|org|net|fr|io|dev|ai|edu|gov|eu|de|uk|co|app|info)\b(?:/[^\s\"'»]*)?", re.I)


@_fresh
def addresses(text: str) -> list[str]:
    """URLs, host names and IP addresses, as written (« 8.8.8.8 », "example.com", "https://…")."""
    cleaned = EMAIL.sub(" ", text)
    return list(dict.fromkeys(m.group(0).rstrip(".,;:!?)") for m in URL.finditer(cleaned)))


# -- values that come in pairs: « de Paris à Montréal », « 250 euros en dollars canadiens » ------------------------

def role_of(name: str) -> str | None:
    """"to" / "from" when a parameter's name says which end of a pair it is (to_currency, devise_source,
    origin, destination…), else None."""
    tokens = set(lex.words(name))
    if tokens & lex.TO_ROLE:
        return "to"
    if tokens & lex.FROM_ROLE:
        return "from"
    return None


_SKIPPED_BEFORE = frozenset({"le", "la", "les", "l", "the", "un", "une", "des", "some", "my", "mon", "ma", "mes"})


def cue(folded: str, start: int) -> str | None:
    """"to" / "from" when the words just before `start` (in folded text) introduce a destination or a source."""
    before = re.findall(r"[a-z0-9]+|->|→", folded[max(0, start - 30):start])
    for word in reversed(before[-4:]):
        if word in lex.TO_CUES:
            return "to"
        if word in lex.FROM_CUES:
            return "from"
        if word in _SKIPPED_BEFORE or word.isdigit():
            continue
        return None
    return None


def _alias_pattern(word: str) -> str:
    """A word of the lexicon as a whole word of folded text (« € », "°c" may touch a number)."""
    head = r"(?<![a-z0-9])" if word[0].isalnum() else ""
    tail = r"(?![a-z0-9'’])" if word[-1].isalnum() else ""
    return head + re.escape(word) + tail


@lru_cache(maxsize=2048)
def coded_mentions(text: str, codes: tuple[str, ...]) -> tuple[tuple[str, str | None], ...]:
    """Where the text names one of `codes` (directly or through the lexicon's words for it), in order:
    ((code, cue), …). « 250 euros en dollars canadiens », (EUR, CAD) → (("EUR", None), ("CAD", "to"))."""
    folded = lex.fold(text)
    spans: list[tuple[int, int, str]] = []
    for code in codes:
        key = lex.fold(str(code))
        words = list(lex.ALIASES.get(key, ()))
        if len(key) > 2:
            words.append(key)
        if re.search(r"[_-]", key):
            words.append(re.sub(r"[_-]+", " ", key))     # in_stock is said « in stock »
        for word in words:
            for m in re.finditer(_alias_pattern(word), folded):
                spans.append((m.start(), m.end(), code))
        if len(key) <= 2:
            # A short code (« C », "km", "F") counts as written, in its own case, after a number or a cue.
            for m in re.finditer(rf"(?<![\w'’]){re.escape(str(code))}(?![\w'’])", text):
                if re.search(r"(?:\d\s*°?|\b(?:en|to|into|in|from|de|vers))\s*$", text[:m.start()], re.I):
                    spans.append((m.start(), m.end(), code))
    spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
    out, end = [], -1
    for start, stop, code in spans:
        if start < end:
            continue                      # inside a longer name already read (« dollars » in « dollars canadiens »)
        out.append((code, cue(folded, start) or _measure_cue(folded, start)))
        end = stop
    return tuple(out)


ASKED_UNIT = re.compile(r"(?:how many|how much|combien (?:de|d')|en combien de|in how many)\s*$")
AFTER_NUMBER = re.compile(r"\d(?:[\d.,\s]*\d)?\s*$")


def _measure_cue(folded: str, start: int) -> str | None:
    """The unit asked for is the target (« how many kilometers is… », « combien de litres… »); the unit written
    right after a number is what that number is in, the source (« 26.2 miles »)."""
    before = folded[max(0, start - 20):start]
    if ASKED_UNIT.search(before):
        return "to"
    if AFTER_NUMBER.search(before):
        return "from"
    return None


@lru_cache(maxsize=1024)
def id_mentions(text: str) -> tuple[tuple[str, str | None], ...]:
    """Identifiers with the word that introduces them: "from ACC-1001 to ACC-2002" → (("ACC-1001", "from"),
    ("ACC-2002", "to"))."""
    folded = lex.fold(text)
    return tuple((value, cue(folded, folded.find(lex.fold(value)))) for value in identifiers(text))


COUNTED = re.compile(r"(?<![\w.,$€£-])(\d+)(?![\d.,]\d|[\w-])\s+(?:(?:de|d'|of)\s+)?([A-Za-zÀ-ÿ]+)")


def counted(text: str) -> list[tuple[int, str]]:
    """Counts and what they count, in digits or in words: « pour deux personnes » → [(2, "personnes")]."""
    out = []
    for m in COUNTED.finditer(in_digits(text)):
        out.append((int(m.group(1)), lex.fold(m.group(2))))
    return out


def place_mentions(text: str) -> tuple[tuple[str, str | None], ...]:
    """Places with the word that introduces them: « de Paris à Montréal » → (("Paris", "from"), ("Montréal", "to"))."""
    folded = lex.fold(text)
    out = []
    for name in place_names(text):
        at = text.find(name)
        if at < 0:
            at = folded.find(lex.fold(name))
        out.append((name, cue(folded, at) if at >= 0 else None))
    return tuple(out)


@lru_cache(maxsize=1024)
def language_mentions(text: str) -> tuple[tuple[str, str | None], ...]:
    folded = lex.fold(text)
    out = []
    for m in re.finditer(r"[a-z]+", folded):
        code = lex.LANGUAGES.get(m.group(0))
        if code:
            out.append((code, cue(folded, m.start())))
    return tuple(out)


def pick(mentions, role: str | None, paired: bool = True) -> object:
    """The value a parameter with `role` takes among (value, cue) mentions; `paired`: the tool also has the
    other end of the pair (then a single uncued value is the source, not the destination)."""
    mentions = list(mentions)
    if not mentions:
        return None
    if role == "to":
        cued = [v for v, c in mentions if c == "to"]
        if cued:
            return cued[-1]
        source = pick(mentions, "from")
        rest = [v for v, c in mentions if c != "from" and v != source]
        if rest:
            return rest[-1]
        return mentions[-1][0] if not paired else None
    if role == "from":
        cued = [v for v, c in mentions if c == "from"]
        if cued:
            return cued[0]
        rest = [v for v, c in mentions if c != "to"]
        return rest[0] if rest else None
    return mentions[0][0]


QUANTITY_NOUN = re.compile(r"(?<![\w.,])\d+\s+(?!%|€|\$)([a-zà-ÿ][a-zà-ÿ'’-]{2,}(?:\s+(?:de|d'|d’|of)\s*[a-zà-ÿ'’-]{2,})?)",
                           re.I)
NOT_ITEMS = frozenset(lex.fold(w) for w in """
personnes personne people persons fois times jours jour days day nuits nuit nights night heures heure hours hour
minutes minute ans years euros euro dollars dollar km miles mile metres meters kg kilos pourcent percent
""".split())


LISTED = re.compile(r"\s*(?:,|\bet\b|\band\b|\bou\b|\bor\b|\bd['’]|\s)*\s*", re.I)
ARTICLE_NOUN = re.compile(r"\b(?:a|an|one|un|une)\s+([a-zà-ÿ][a-zà-ÿ'’-]{2,})\b", re.I)


@_fresh
def things(text: str) -> list[str]:
    """What a request is about when it is a thing, not a place: proper nouns (« le Widget »), quoted names,
    then the noun after a quantity (« 3 croissants » → "croissants")."""
    found = places(text) or quoted(text)
    if found:
        return found
    found = [m.group(1) for m in QUANTITY_NOUN.finditer(text) if lex.fold(m.group(1).split()[0]) not in NOT_ITEMS]
    if found:
        return found
    # Last, the noun after an article (« dans une banane », "in a banana"), and the ones listed with it
    # (« un clavier et une souris »: two things).
    found, end = [], None
    for m in ARTICLE_NOUN.finditer(text):
        if lex.fold(m.group(1)) in NOT_ITEMS or lex.fold(m.group(1)) in lex.STOP_WORDS:
            continue
        if end is not None and not LISTED.fullmatch(text[end:m.start()]):
            break
        found.append(m.group(1))
        end = m.end()
    return found


SEARCH_LEAD = re.compile(r"^\s*(?:(?:peux-tu|pouvez-vous|pourrais-tu|pourriez-vous|can you|could you|please|"
                         r"stp|s'il te plaît)\s+)?(?:me\s+)?(?:cherche[rz]?|recherche[rz]?|trouve[rz]?|search(?: for)?|"
                         r"find|look up|lookup|google)\s+(?:moi\s+|me\s+)?(?:(?:(?:on|in|sur|dans)\s+)?(?:the\s+|le\s+|l')?"
                         r"(?:web|internet|net|wikipedia)\s+(?:for\s+|pour\s+)?)?", re.I)
NEXT_STEP = re.compile(r"\s*(?:,\s*)?(?:\b(?:puis|ensuite|then|and then|et ensuite)\b|\b(?:et|and)\s+(?=calcul|comput|"
                       r"multipli|divis|addition|add|ajout|donne|give|tell|dis))[\s\S]*$", re.I)


# A question about a subject (« Que dit la doc sur les remboursements ? », "What do the docs say about
# refunds?", « Parle-moi du télétravail ») searches for the subject, not for the question's opening.
QUESTION_LEAD = re.compile(
    r"^\s*(?:que\s+(?:dit|disent)\s+(?:la|le|les)\s+[\w-]+\s+(?:sur|de|à propos de|au sujet de)|"
    r"qu'est-ce que\s+(?:la|le|les)\s+[\w-]+\s+dit\s+(?:sur|de)|"
    r"what\s+(?:does|do)\s+the\s+[\w-]+\s+say\s+(?:about|on)|"
    r"que\s+(?:sais-tu|savez-vous)\s+(?:sur|de)|parlez?-moi\s+(?:de|du|des|d')|tell\s+me\s+about|"
    r"(?:des\s+)?(?:infos?|informations?)\s+sur)\s*(?:(?:les|le|la|l'|the)\s+)?", re.I)


@_fresh
def search_terms(text: str) -> list[str]:
    """What to search for, the way a model writes a query: the request without its command verb, its
    politeness, or the next step (« Cherche le prix du billet Paris-Lyon puis calcule… » → "le prix du billet
    Paris-Lyon")."""
    terms = NEXT_STEP.sub("", QUESTION_LEAD.sub("", SEARCH_LEAD.sub("", text.strip()))).strip(" ?.!,;:")
    return [terms] if terms else []


def stated_name(texts: list[str]) -> str | None:
    for text in reversed(texts):
        m = NAME_STATED.search(text)
        if m:
            return m.group(1)
    return None


def is_question(text: str) -> bool:
    """A question: it ends with « ? » or opens with a question word (who, quel, est-ce…)."""
    text = text.strip()
    first = lex.words(text)[:1]
    return text.endswith("?") or bool(first and first[0] in lex.QUESTION_WORDS)


def is_follow_up(text: str) -> bool:
    return bool(FOLLOW_UP.match(text))


@dataclass
class Facts:
    """Everything the model can quote from the conversation: the latest request first, then history."""
    latest: str
    earlier: list[str] = field(default_factory=list)
    preferences: list[str] = field(default_factory=list)   # the user's own earlier texts (not the model's)

    @property
    def everything(self) -> list[str]:
        return [self.latest] + list(reversed(self.earlier))

    def first(self, finder) -> list:
        """Values found by `finder` in the latest request, else in the most recent earlier turn that has any."""
        for text in self.everything:
            found = finder(text)
            if found:
                return found
        return []
