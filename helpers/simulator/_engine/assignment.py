"""Assignment: one scoring function over slots × mentions, one to one.

`score(slot, mention)` = how well the mention's kind fits the slot's type (a gate) + how much the words around the
mention (its cue before, its unit after) mean what the slot's name and description mean + a bonus when the mention
is of a kind the slot asks for by its format or name. Pairs are taken best first; a required slot no cue points to
takes the next free mention of its type in text order (« le PGCD de 12 et 18 »); an optional slot takes a value
only on evidence. Enums are read by their values' words, booleans by their name's words, arrays take a mention and
the mentions listed with it, objects are filled recursively from the same pool.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from . import _lexicon as lex
from .recognisers import PHRASE_BREAKS as BREAKS, Mention, between, fold, name_words, stem
from .slots import Slot, slots

PROXIMITY = (1.0, 0.6, 0.35, 0.2)
SPECIFIC_KINDS = frozenset({"date", "time", "datetime", "email", "url", "iban", "phone", "duration", "expression"})
QUERY_WORDS = frozenset(stem(w) for w in ("query", "q", "search", "keywords", "terms", "requete", "recherche", "topic",
                                           "subject", "sujet", "theme", "keyword"))
UNIT_WORDS = frozenset(stem(w) for w in ("unit", "units", "unite", "scale", "echelle", "format", "system", "systeme"))
WIDER = frozenset(stem(w) for w in lex.WIDER_PLACES)
CURRENCY_WORDS = frozenset(stem(w) for w in ("currency", "devise", "money", "monnaie"))
FREQUENCY_WORDS = frozenset(stem(w) for w in ("frequency", "frequence", "periodicity", "recurrence"))
FREQUENCIES = frozenset({"one-time", "daily", "weekly", "monthly", "yearly"})
COUNT_WORDS = frozenset({"number", "count", "many", "nombre", "top", "quantit", "amount", "total", "num", "nb"})
CONNECTORS = frozenset({"and", "or", "et", "ou", "vs", "versus", "also", "then", "puis", "plus", "as", "well"})
# Words of a boolean's name that say nothing of when it is true.
FLAG_WORDS = frozenset({"include", "includes", "is", "has", "show", "get", "with", "use", "enable", "flag", "want",
                        "need", "inclure", "avec", "afficher", "details", "detail", "info", "information", "data",
                        "calculate", "compute", "return", "list", "all", "only", "check", "find", "should"})
PERSON_WORDS = frozenset(stem(w) for w in """name player person author artist actor director user username customer
client owner composer singer scientist president recipient sender contact employee patient student teacher party
parties attendee guest friend manager lawyer doctor driver passenger member candidate participant inventor painter
writer nom auteur personne artiste joueur destinataire expediteur client salarie eleve medecin""".split())
GENERIC = frozenset(stem(w) for w in ("name", "id", "type", "value", "text", "string", "nom", "valeur"))
NEGATIONS = frozenset({"without", "no", "not", "exclude", "excluding", "sans", "pas", "hors", "except"})


@dataclass
class Filled:
    input: dict
    missing: list[str]
    used: dict[str, Mention] = field(default_factory=dict)     # slot path → the mention it took
    evidence: float = 0.0


def _cue_score(words: tuple[str, ...], slot: Slot, nearest_first: bool) -> float:
    """Cue words that mean the slot's name (2) or its description (0.7), the nearest weighing most; a word that
    shares its first five letters counts as the same (« nightly » / "night", « projected » / projection)."""
    seq = reversed(words) if nearest_first else iter(words)
    total = 0.0
    for weight, word in zip(PROXIMITY, seq):
        if word in slot.words or (len(word) >= 5 and word[:5] in slot.words5):
            total += 2.0 * weight
        elif word in slot.described:
            total += 0.7 * weight
    return total


_SCORES: dict[tuple[int, int], tuple[Slot, Mention, float]] = {}


def score(slot: Slot, mention: Mention) -> float:
    """How well `mention` fills `slot`; 0 when its kind cannot (kept per pair: the plan asks again and again)."""
    kept = _SCORES.get((id(slot), id(mention)))
    if kept is not None and kept[0] is slot and kept[1] is mention:
        return kept[2]
    value = _score(slot, mention)
    if len(_SCORES) > 65536:
        _SCORES.clear()
    _SCORES[(id(slot), id(mention))] = (slot, mention, value)
    return value


def _score(slot: Slot, mention: Mention) -> float:
    if mention.kind == "list":         # a list written as one fills a slot that takes a list of such items
        if slot.type != "array" or not _list_fits(mention.value, slot.items):
            return 0.0
        return 2.0 + _cue_score(mention.cue, slot, True) + (3.0 if _labels(slot, mention.label) else 0.0)
    target = slot.items if slot.type == "array" and slot.items else slot
    common = False
    if target.enum:
        if option(target, mention) is None:
            return 0.0
        gate = 1.0
    else:
        typed = mention.kind in target.kinds and (target.type == "string" or not isinstance(mention.value, str))
        example = fold(mention.text) in target.examples and mention.kind in ("phrase", "name", "alias")
        gate = max(target.gate.get(mention.kind, 0.0), 1.0 if typed else 0.0, 0.9 if example else 0.0)
        if mention.kind == "phrase" and slot.required and set(slot.kinds) == {"name"} and target.type == "string" \
                and not (slot.words & (PERSON_WORDS | TIME_WORDS) or role_of(slot) or _part(slot)) and \
                mention.prev in DETERMINERS and " " not in str(mention.value):
            gate, common = 0.5, True   # a species, a product may be a common noun (« un monstera »), not a city
    if not gate:
        return 0.0
    value = mention.value
    if target.type in ("integer", "number") and isinstance(value, str) and not target.enum and \
            not value.replace(".", "", 1).isdigit():
        return 0.0                     # « user_id » is no number
    named = _labels(slot, mention.label)
    numeric = isinstance(value, (int, float)) and not isinstance(value, bool) and not target.enum
    if numeric:
        if target.type == "string" and not named and "code" not in slot.kinds and \
                not set(mention.after[:1]) & slot.words:
            return 0.0                 # a number goes to a text slot only under its name (« case number 28473 »,
            #                            "the 2022 season")
        if target.type == "integer" and not float(value).is_integer():
            gate *= 0.2
        shown = _value(mention, target) if mention.kind in ("duration", "percent") else value
        if isinstance(shown, (int, float)) and ((target.minimum is not None and shown < target.minimum) or
                                                (target.maximum is not None and shown > target.maximum)):
            return 0.0
        if mention.extra == "words":
            gate *= 0.6
            if mention.after and not slot.words & COUNT_WORDS and not set(mention.after[:2]) & (
                    slot.words | slot.described) and not {w[:5] for w in mention.after[:2]} & slot.words5:
                return 0.0             # "two charged bodies" counts the bodies: it is no charge
            if set(mention.after[:1]) & slot.words and not slot.words & COUNT_WORDS and (
                    len(set(name_words(slot.name))) > 1 or _rank_in_name(slot.name)):
                return 0.0             # « three sides » counts the sides: it is no side_length (but "two nights")
    if target.enum and len(str(option(target, mention))) >= 4 and mention.kind in ("phrase", "name", "quoted"):
        return gate + 1.5 + _cue_score(mention.cue, slot, True)    # one of its own values, said in words
    if mention.kind == "phrase" and not (target.examples and fold(str(value)) in target.examples):
        if not slot.required or target.type != "string" or (slot.kinds and not common):
            return 0.0                 # a city, a person: a proper name or nothing (then the model asks)
        return max(0.05, gate * 0.5 + _phrase_fit(slot, mention))
    if mention.kind == "tail":             # a message passed on is a body; a subject is its headline
        return (1.5 if slot.words & HEADLINE_WORDS else 2.5) if slot.sentence and slot.required else 0.0
    if mention.kind in ("money", "percent") and slot.words & TIME_WORDS and not slot.words & MONEY_WORDS and \
            mention.kind not in slot.kinds:
        return 0.0                     # "a $5000 investment … for 10 years": an amount is no number of years
    if mention.kind == "duration" and not target.enum and target.type != "string" and \
            not (slot.words | slot.described) & TIME_WORDS:
        return 0.0                     # « 3 weeks » is no loan number
    if mention.kind == "ticker":
        return 2.5 if {"ticker", "symbol", "symbole"} & slot.words else 0.0
    evidence = _cue_score(mention.cue, slot, True)
    if numeric or mention.kind in ("duration", "money", "percent", "quoted", "name"):
        evidence += 0.8 * _cue_score(mention.after[:1], slot, False)       # its unit: « 20 minutes », "5 kg";
        #                                                                    its noun: "the 'AllRecipes' website"
    evidence += 3.0 if named else 0.0
    wanted = role_of(slot)
    if mention.role and wanted:
        evidence += 2.0 if mention.role == wanted else 1.0 if {mention.role, wanted} == {"in", "to"} else 0.0
    if mention.kind in slot.kinds or (mention.kind == "duration" and (slot.words | slot.described) & TIME_WORDS) or (
            mention.kind == "datetime" and {"date", "time"} & set(slot.kinds)):
        evidence += 1.5                # « 5 secondes » for a time in seconds: the unit is in the value itself;
        #                                « le 12 mars à 9h15 » for a date (its time goes to a time slot)
    if numeric and target.type != "string" and slot.words & YEAR_WORDS and float(value).is_integer() and \
            1000 <= value <= 2100 and mention.extra != "words":
        evidence += 1.5                # "in 1970" for a year
    if mention.kind in ("name", "quoted") and {stem(w) for w in name_words(mention.text)} & slot.words - GENERIC:
        evidence += 1.5                # "the Hilton Hotel" for a hotel's name, "Orange County Court" for a court
    if mention.kind == "alias" and slot.words & UNIT_WORDS and not slot.words & CURRENCY_WORDS and (
            mention.role in ("in", "to") or slot.measures(str(mention.value))):
        evidence += 1.5                # "in meters", « en degrés Celsius », "a radius of 4 inches" for a length unit
    if mention.extra == "person":      # "a Tennis player, Serena Williams": the person is the player's name
        evidence += 1.2 if slot.words & PERSON_WORDS else -0.6
    if mention.extra == "place" and slot.words & WIDER:
        evidence += 1.5                # « Switzerland » for a country, a region for a state
    if target.examples and (fold(str(value)) in target.examples or fold(mention.text) in target.examples):
        evidence += 2.0                # one of the values its description gives (« 'Celsius' or 'Fahrenheit' »)
    return gate + evidence


def _list_fits(values: list, item: Slot | None) -> bool:
    if item is None:
        return True
    if item.type in ("number", "integer"):
        return all(isinstance(v, (int, float)) for v in values)
    if item.type == "array":
        return all(isinstance(v, list) and _list_fits(v, item.items) for v in values)
    return item.type == "string" and all(isinstance(v, (str, int, float)) for v in values)


def _labels(slot: Slot, label: str) -> bool:
    """The word a value is given under names the slot: its name, one of its words, or the same concept in the other
    language (« la salle Everest » for room)."""
    if not label:
        return False
    return label == fold(slot.name) or stem(label) in slot.words or label in slot.words or bool(
        (lex.concepts([label]) & lex.concepts(list(name_words(slot.name)))) - OPERATION_CONCEPTS)


OPERATION_CONCEPTS = frozenset({"sum", "product", "difference", "quotient", "calc"})   # « times 3 » names no product


PREPOSITIONS = frozenset({"of", "in", "for", "about", "on", "from", "with", "like", "de", "du", "des", "sur", "pour",
                          "dans", "avec", "en", "called", "named", "titled"})


def _phrase_fit(slot: Slot, m: Mention) -> float:
    """How much a run of words looks like the slot's value: after a preposition, beside one of the slot's words
    (« hill slope » for slope_type), not made of the request's generic nouns (information, details, names)."""
    words = [stem(fold(w)) for w in name_words(str(m.value))]
    fit = 0.6 if m.prev in PREPOSITIONS else 0.0
    if set(m.after[:1]) & slot.meaning or m.label and stem(m.label) in slot.meaning:
        fit += 1.0
    if set(words) & slot.words - GENERIC:
        fit += 0.5                     # « constitutional law » for field_of_law
    if all(w in lex.REQUEST_NOUNS for w in words):
        fit -= 0.6
    if len(words) == 1 and str(m.value).endswith(("ed", "ing")) and "activit" not in slot.described:
        fit -= 0.3
    return fit


def role_of(slot: Slot) -> str:
    words = set(name_words(slot.name))
    return "from" if words & lex.FROM_ROLE else "to" if words & lex.TO_ROLE else \
        "in" if words & set(lex.PROPERTY_KINDS["place"]) else ""


def evidenced(slot: Slot, mention: Mention) -> bool:
    """The words around the mention point to this slot: any cue for a required one, a strong one (its name's
    words, its label, its role, its kind) for an optional one, which is better left out than guessed."""
    target = slot.items if slot.type == "array" and slot.items else slot
    extra = score(slot, mention) - target.gate.get(mention.kind, 0.0)
    return extra > (0.05 if slot.required else 1.2)


def siblings(text: str, first: Mention, second: Mention) -> bool:
    """Two values listed together (« Paris et Lyon », "20 minutes and 15 minutes", « 3, 5 and 7 »)."""
    if first.kind != second.kind and {first.kind, second.kind} - {"name", "phrase"}:
        return False
    said = [w for w in between(text, first.end, second.start).split() if w and w not in ARTICLES
            and w != second.label]
    # The unit both values carry may stand between them (« 20 minutes and 15 minutes »).
    unit = {w for w in set(first.after[:1]) & set(second.after[:1]) if w not in lex.STOP_WORDS and w not in BREAKS}
    listed = "," in text[first.end:second.start] or any(w in CONNECTORS for w in said)
    return listed and len(said) <= 3 and all(w in CONNECTORS or stem(w) in unit for w in said)


ARTICLES = frozenset({"a", "an", "the", "un", "une", "le", "la", "les", "des", "d", "de", "du", "l", "au", "aux", "à",
                      "a"})


def option(slot: Slot, m: Mention) -> object:
    """The enum value a mention names: itself, by its words, or through the codes its words stand for (« euros »
    EUR, "miles" mi, « allemand » de), a number said for a numeric enum."""
    from .recognisers.values import alias_codes
    said = {fold(str(m.value)), fold(m.text)} | set(alias_codes(m.text)) | {
        fold(str(c)) for c in (m.extra if isinstance(m.extra, tuple) else (m.extra,))
        if c and m.kind in ("alias", "language", "money")}
    if m.kind == "duration":
        said = _value(m, Slot(**{**slot.__dict__, "enum": ()}))
        return next((c for c in slot.enum if isinstance(c, (int, float)) and float(c) == float(said)), None)
    for choice in slot.enum:
        if m.kind == "language" and lex.LANGUAGES.get(fold(str(choice))) == m.extra:
            return choice                  # « allemand » for German
        if isinstance(choice, (int, float)) and not isinstance(choice, bool):
            if isinstance(m.value, (int, float)) and float(m.value) == float(choice) and m.kind == "number":
                return choice
        elif fold(str(choice)) in said or (m.kind in ("name", "phrase", "quoted") and
                                           [stem(w) for w in name_words(str(choice))] ==
                                           [stem(w) for w in name_words(str(m.value))]):
            return choice
    if m.kind in ("name", "phrase", "quoted") and " " not in str(m.value):
        meant = lex.concepts([fold(str(m.value))])            # « hiver » for winter: the same idea in the other
        same = [c for c in slot.enum if isinstance(c, str) and meant and lex.concepts([fold(c)]) == meant]
        if len(same) == 1:                                    # language, when one value alone has it
            return same[0]
    return None


TIME_WORDS = frozenset(stem(w) for w in ("duration", "duree", "time", "temps", "length", "delay", "delai", "timeout",
                                         "period", "periode", "second", "seconds", "minute", "minutes", "hour", "hours",
                                         "heure", "heures", "day", "days", "jour", "jours", "week", "weeks", "semaine",
                                         "semaines", "month", "months", "mois", "year", "years", "interval", "ms"))
DURATION_UNITS = {"second": 1, "sec": 1, "seconde": 1, "minut": 60, "min": 60, "hour": 3600, "heur": 3600, "hr": 3600,
                  "day": 86400, "jour": 86400, "week": 604800, "semain": 604800, "ms": 0.001, "millisecond": 0.001}


def _value(m: Mention, slot: Slot) -> object:
    """The mention's value as the slot wants it: an enum's own value, a length of time in the slot's unit, the date
    or the time of a date-time, a currency's code, a percentage as a fraction unless the slot counts in percent."""
    if slot.enum:
        return option(slot, m)
    if isinstance(m.value, str) and slot.type == "string" and slot.examples and m.kind == "code":
        from .slots import example
        shown, bare = example(slot), "".join(c for c in m.value if c.isalnum())
        if shown and shown.isalnum() and len(bare) == len(shown) and bare != m.value:
            return bare.upper() if shown.isupper() else bare      # « EUR/JPY » written like the example EURUSD
    if fold(m.text) in slot.examples and slot.type == "string" and m.kind in ("phrase", "name", "alias"):
        from .recognisers import tokens
        return next((t.text for t in tokens(slot.description) if t.norm == fold(m.text)), m.text)
    if m.kind == "duration":
        unit = next((f for w, f in DURATION_UNITS.items() if w in slot.words or w in slot.described), None)
        seconds = float(m.value)
        said = DURATION_UNITS.get(stem(str(m.extra or "")), None) or next(
            (f for w, f in DURATION_UNITS.items() if str(m.extra or "").startswith(w)), 1)
        return plain_number(seconds / (unit or (said if slot.type != "string" else 1)))
    if m.kind in ("date", "datetime") and slot.type == "string" and "datetime" not in slot.kinds:
        from .recognisers.values import date_layout
        layout = date_layout(slot.description)
        if layout:                         # the layout the schema asks for (« MM-DD-YYYY »)
            parts = dict(zip("YMD", str(m.value)[:10].split("-")))
            return layout[1].join(parts[k] for k in layout[0])
    if m.kind == "datetime" and "hh:mm" in fold(slot.description):
        return str(m.value)[11:16]     # the layout the description asks for
    if m.kind == "datetime" and "datetime" not in slot.kinds:
        if "time" in slot.kinds and "date" not in slot.kinds:
            return str(m.value)[11:16]
        if "date" in slot.kinds:
            return str(m.value)[:10]
    if m.kind == "alias" and slot.type == "string":
        codes = m.extra if isinstance(m.extra, tuple) else (m.value,)
        family = [c for c in codes if (c.upper() in lex.CURRENCY_CODES) == bool(slot.words & CURRENCY_WORDS) and
                  (c in FREQUENCIES) == bool(slot.words & FREQUENCY_WORDS)] or list(codes)
        return family[0].upper() if family[0].upper() in lex.CURRENCY_CODES else family[0]
    if m.kind == "list":
        item = slot.items
        return [_typed(str(v) if item and item.type == "string" else v, item) if item else v for v in m.value]
    if m.kind == "ticker":
        return m.extra
    if m.kind == "language" and m.extra and {"code", "iso"} & (slot.words | slot.described):
        return m.extra
    if m.kind == "percent" and slot.type in ("number", "integer") and \
            not (slot.words | slot.described) & PERCENT_WORDS:
        return round(float(m.value) / 100, 10)
    return m.value


def plain_number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(value, 6)


PERCENT_WORDS = frozenset(stem(w) for w in ("percent", "percentage", "pourcentage", "pct", "pourcent"))


def _typed(value: object, slot: Slot) -> object:
    if slot.type == "integer" and isinstance(value, float) and value.is_integer():
        return int(value)
    if slot.type == "integer" and isinstance(value, float):
        return round(value)
    if slot.type == "string" and not isinstance(value, str):
        return str(value)
    if slot.type == "number" and isinstance(value, str):
        return value
    return value


def _enum(slot: Slot, text_stems: set[str], text_folded: str) -> object:
    best, best_len = None, 0
    for option in slot.enum:
        words = [stem(w) for w in name_words(str(option))]
        if words and all(w in text_stems for w in words) and len(words) > best_len:
            best, best_len = option, len(words)
        elif fold(str(option)) in text_folded.split() and best is None:
            best = option
    return best


def options_said(slot: Slot, text: str) -> list[Mention]:
    """Each place the request names one of the slot's enum values by its words (« en mode facile … en mode
    difficile »), as mentions of kind "option", in text order."""
    from .recognisers import mentions, tokens
    names = [(m.start, m.end) for m in mentions(text) if m.kind in ("name", "quoted")]
    toks = [t for t in tokens(text) if t.content]
    out = []
    for choice in slot.enum or slot.examples:       # or the values its description gives (« 'copper', 'aluminum' »)
        words = [stem(w) for w in name_words(str(choice))]
        if not words or isinstance(choice, bool):
            continue
        for i in range(len(toks) - len(words) + 1):
            if all(toks[i + k].stem == w or toks[i + k].norm == w for k, w in enumerate(words)):
                end = toks[i + len(words) - 1].end
                if any(a <= toks[i].start and end <= b and (a, b) != (toks[i].start, end) for a, b in names):
                    continue                        # "history" inside « Natural History Museum » is no option
                said = text[toks[i].start:end]
                out.append(Mention("option", choice if slot.enum else said, said, toks[i].start, end))
    return sorted(out, key=lambda m: m.start)


def _flag(slot: Slot, text_stems: list[str]) -> bool | None:
    """A flag the request asks for by its words (« avec projecteur » for has_projector; "with details" for a flag
    named only « details »), unless a negation stands just before."""
    words = {w for w in slot.words if w not in {stem(f) for f in FLAG_WORDS}} or set(slot.words)
    prefixes = {w[:5] for w in words if len(w) >= 5}
    for i, word in enumerate(text_stems):
        if word in words or (len(word) >= 5 and word[:5] in prefixes):      # « projecteur » for projector
            return not any(w in NEGATIONS for w in text_stems[max(0, i - 3):i])
    return None


_TRIMMED: dict[tuple[int, frozenset], tuple[Mention, Mention | None]] = {}


def trimmed(m: Mention, drop: set[str]) -> Mention | None:
    """A phrase without the words that name the tool's subject; None when nothing else is left (other kinds of
    mention are kept as they are). The same object for the same phrase and tool, so that scores are kept."""
    if m.kind != "phrase":
        return m
    key = (id(m), frozenset(drop))
    kept = _TRIMMED.get(key)
    if kept is not None and kept[0] is m:
        return kept[1]
    words = _trimmed(str(m.value), drop)
    out = None
    if words:
        start = m.start + str(m.value).find(words)
        out = m if words == m.value else Mention("phrase", words, words, start, start + len(words), m.cue, m.after,
                                                  m.sentence, m.extra, m.label, m.role, m.prev)
    if len(_TRIMMED) > 16384:
        _TRIMMED.clear()
    _TRIMMED[key] = (m, out)
    return out


def _trimmed(phrase: str, drop: set[str]) -> str:
    """A phrase without the words that only name the tool's subject (its words, or words of its concepts: « prix »
    and « coûtent » for get_price)."""
    def named(word: str) -> bool:
        w = stem(fold(word))
        return w in drop or bool(lex.concepts([fold(word)]) & drop) or fold(word) in lex.REQUEST_VERBS
    words = phrase.split()
    while words and named(words[-1]):
        words = words[:-1]
    while words and named(words[0]):
        words = words[1:]
    return " ".join(words)


def fill(tool: dict, pool: list[Mention], text: str, *, forced: bool = False, priority: set[int] | None = None,
         exclude: set[int] = frozenset(), span: tuple[int, int] | None = None) -> Filled:
    """An input for `tool` from the mentions of `pool` (ids in `priority` first); `forced` fills every required
    slot (tool_choice any/tool, structured outputs) with the closest value or a placeholder of its type. `span`
    bounds the part of `text` read for words no mention holds (a kind said before its noun)."""
    tool_words = {stem(w) for w in name_words(str(tool.get("name", "")))}
    tool_words |= lex.concepts(list(tool_words))          # a word of the tool's concepts names it too
    free = [trimmed(m, tool_words) for m in pool if id(m) not in exclude and not _names_the_tool(m, tool)]
    free = [m for m in free if m is not None]
    stems = [stem(fold(w)) for w in name_words(text)]
    todo = slots(tool)
    free = places_apart(tool, free)
    read = _readings(tool, todo, text)
    nouns = tuple(stem(w) for w in reversed(name_words(str(tool.get("name", "")))) if len(w) >= 3 and
                  w not in lex.REQUEST_VERBS and w not in SEARCH_VERBS and w not in lex.STOP_WORDS and
                  w not in KIND_BLIND)
    out = _fill_slots(tuple(s for s in todo if s.name not in read), free, text, stems, tool_words, forced,
                      priority or set(), nouns, span or (0, len(text)))
    out.input = {**read, **out.input}
    return out


SENTIMENTS = {"positive": "positive", "negative": "negative", "neutral": "neutral", "positif": "positive",
              "negatif": "negative", "neutre": "neutral"}


def _readings(tool: dict, todo: tuple[Slot, ...], text: str) -> dict:
    """What the text given to analyse says (recognisers/text.py), for slots that ask for a reading of it: the
    attributes of an open object, sentiment scores, named entities, the categories among the labels the request
    lists."""
    from .recognisers import text as _analysis
    from .slots import schema_of
    given = _analysis.given_text(text)
    if not todo and schema_of(tool).get("additionalProperties") not in (None, False):
        from .recognisers import language
        return _analysis.attributes(given, language(given))
    out: dict = {}
    for s in todo:
        words = set(name_words(s.name))
        polarity = next((SENTIMENTS[w] for w in words if w in SENTIMENTS), None)
        fields = [c.name for c in (s.items.children if s.items else ())]      # in the schema's order
        if polarity and s.type in ("number", "integer"):
            out[s.name] = _analysis.sentiment(given)[polarity]
        elif s.type == "array" and {"name", "type"} <= set(fields) and "entit" in fold(s.name + " " + s.description):
            found = _analysis.entities(given)
            if found:
                out[s.name] = [{k: e[k] for k in fields if k in e} for e in found]
        elif s.type == "array" and {"name", "score"} <= set(fields):
            labels = _analysis.labels_named(text)
            if labels:
                out[s.name] = _analysis.categories(given, labels)
    return out


def _fill_slots(todo: tuple[Slot, ...], free: list[Mention], text: str, stems: list[str], tool_words: set[str],
                forced: bool, priority: set[int], nouns: tuple[str, ...] = (),
                span: tuple[int, int] = (0, 10 ** 9)) -> Filled:
    filled = Filled({}, [])
    scalars = [s for s in todo if s.type not in ("object", "boolean", "array")]
    taken: set[int] = set()
    for s in todo:                       # a list said as a list goes to the slot that takes one, first
        if s.type == "array":
            values = _array(s, [m for m in free if id(m) not in taken], text, taken, True, filled.used)
            if values:
                filled.input[s.name] = values
    rank = {s.path: i for i, s in enumerate(scalars)}
    # A value of a kind some slot asks for by its format or name (a date-time, an e-mail) goes to that slot, not to
    # another one its neighbouring words happen to name (« Terreaux station on March 14 at 5pm »).
    asked = {k for s in scalars for k in s.kinds} & SPECIFIC_KINDS
    early = {id(m): 0.1 * i / max(1, len(free)) for i, m in enumerate(sorted(free, key=lambda x: x.start))}
    named = _respective(scalars, free, text)
    for s, m in _kinds_said(scalars, text, tool_words, nouns, span):
        filled.used[s.path], filled.input[s.name] = m, _typed(_value(m, s), s)
        taken |= {id(o) for o in free if o.start < m.end and m.start < o.end}
    # One assignment for all the slots at once: the pairs that weigh most together, each mention to one slot. A
    # required slot counts for more, so that it keeps a value an optional one would also take (« compounds per year »
    # leaves the 10 years to the term), but not at any price ("in China" is the country's, and the field of law is
    # « constitutional law », a run of words a required slot may take when nothing else is left).
    weights: dict[tuple[int, int], float] = {}
    order = {id(m): k / max(1, len(free)) / max(1, len(scalars)) for k, m in enumerate(sorted(free, key=lambda x: x.start))}
    for i, s in enumerate(scalars):
        for j, m in enumerate(free):
            if not score(s, m) or not evidenced(s, m) or (m.kind not in s.kinds and m.kind in asked) or \
                    id(m) in taken:
                continue
            if m.kind == "phrase" and not (s.required and s.type == "string" and score(s, m) >= 1.2):
                continue
            weight = score(s, m) + (0.5 if id(m) in priority else 0.0) - early[id(m)] + \
                (3.0 if named.get(s.path) is m else 0.0) + (REQUIRED_WEIGHT if s.required else 0.0)
            # between equals, slots in the schema's order take the mentions in the text's order
            weights[i, j] = weight - (PHRASE_COST if m.kind == "phrase" else 0.0) + 0.02 * i * order[id(m)] - 0.005 * i
    for i, j in _matching(weights, len(scalars), len(free)):
        s, m = scalars[i], free[j]
        if m.kind == "phrase":
            continue                       # left to the words a required slot takes below, trimmed
        filled.used[s.path], filled.input[s.name] = m, _typed(_value(m, s), s)
        filled.evidence += score(s, m)
        taken.add(id(m))
    _split_places(todo, filled, free)
    _split_datetime(scalars, filled)
    _numbered_in_order(scalars, filled)
    for s in sorted(todo, key=lambda s: bool(s.words & HEADLINE_WORDS)):     # a subject once its body is known
        if s.path in filled.used or s.name in filled.input:
            continue
        if s.enum and s.name not in filled.input:
            named = sorted((m for m in free if id(m) not in taken and score(s, m)), key=lambda m: m.start)
            if named:                      # the first value of the enum the request names, in its order
                filled.used[s.path], filled.input[s.name] = named[0], _value(named[0], s)
                taken.add(id(named[0]))
                continue
            value = _enum(s, set(stems), fold(text))
            if value is not None:
                filled.input[s.name] = value
                continue
        elif s.examples and s.type == "string" and options_said(s, text):
            said = options_said(s, text)[0]     # « 'gini' or 'entropy' »: "with gini criterion", as the schema writes it
            filled.input[s.name] = _value(Mention("phrase", said.value, said.text, said.start, said.end), s)
            continue
        elif s.type == "boolean":
            value = _flag(s, stems)
            if value is not None or (s.required and not s.has_default):
                filled.input[s.name] = True if value is None else value      # a required flag the request asks for
                continue
        elif s.type == "array" and s.name not in filled.input:
            values = _array(s, [m for m in free if id(m) not in taken], text, taken, False, filled.used)
            if values:
                filled.input[s.name] = values
                continue
        elif s.type == "object" and s.children:
            from .recognisers import words as split_words
            part = next((m for m in free if m.kind == "labelled" and
                         {stem(w) for w in split_words(str(m.extra))} & s.words), None)
            inside = [m for m in free if id(m) not in taken and part and part.start <= m.start < part.end]
            inner = _fill_slots(s.children, inside or [m for m in free if id(m) not in taken], text, stems,
                                tool_words, forced, priority)
            if inner.input and (s.required or inner.used):
                taken |= {id(m) for m in inner.used.values()}
                filled.input[s.name] = inner.input
                filled.used.update(inner.used)
                continue
        elif s.required and s.words & HEADLINE_WORDS and any(m.kind == "tail" for m in filled.used.values()):
            said = next(m for m in filled.used.values() if m.kind == "tail")
            filled.input[s.name] = _headline(str(said.value))      # the subject of the message it passes on
            continue
        elif s.required and s.sentence and not any(m.kind in ("quoted", "tail") for m in free):
            subject = _subject(text, free, tool_words)
            searching = s.words & QUERY_WORDS
            filled.input[s.name] = subject if searching and subject else text.strip()
            continue
        elif s.required:
            ordered = sorted((m for m in free if id(m) not in taken and score(s, m) >= 0.15),
                             key=lambda m: (id(m) not in priority, m.kind == "phrase", -round(score(s, m), 1),
                                            m.extra == "words", m.start))
            if s.type == "string":
                ordered = [m for m in ordered if m.kind != "phrase" or _trimmed(str(m.value), tool_words | s.words)]
            if ordered:
                m = ordered[0]
                value = _value(m, s) if m.kind != "phrase" or fold(str(m.value)) in s.examples else \
                    _trimmed(str(m.value), tool_words | s.words)
                filled.used[s.path], filled.input[s.name] = m, _typed(value, s)
                taken.add(id(m))
                continue
        if s.required:
            if s.has_default:
                filled.input[s.name] = s.default
            elif s.enum and s.words & UNIT_WORDS:
                filled.input[s.name] = s.enum[0]          # a unit nobody named: the usual one, not a question
            elif forced:
                filled.input[s.name] = placeholder(s)
            else:
                filled.missing.append(s.name)
    order = [s.name for s in todo]                 # the input in the schema's order
    filled.input = dict(sorted(filled.input.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))
    return filled


SEARCH_VERBS = frozenset({"search", "find", "finder", "lookup", "get", "fetch", "query", "list", "chercher", "trouver"})
KIND_BLIND = frozenset({"most", "best", "top", "latest", "upcoming", "current", "nearby", "new", "all"})
KIND_WORDS = frozenset({"type", "kind", "category", "genre", "style", "sort", "variety", "flavor", "flavour"})


def _kinds_said(scalars: list[Slot], text: str, tool_words: set[str], nouns: tuple[str, ...],
                span: tuple[int, int]) -> list[tuple[Slot, Mention]]:
    """A property that asks what kind of thing (vehicle_type, slope_type; a bare « genre » of a noun of the tool's
    name, the last one said with a word before it) takes the words said right before that noun, or before its own
    word: "a hill slope", "a gas-powered vehicle", "jazz events" for event_finder, "ENFJ personality type"."""
    from .recognisers import modifiers
    out = []
    for s in scalars:
        words = set(name_words(s.name))
        if s.type != "string" or s.kinds or not words & KIND_WORDS:
            continue
        own = frozenset(stem(w) for w in words - KIND_WORDS if len(w) >= 3)
        for heads in ([own] if own else []) + [frozenset({n}) for n in nouns if not own]:
            skip = frozenset(tool_words | s.words) - heads
            said = modifiers(text, frozenset(stem(w) for w in words & KIND_WORDS), skip) or \
                modifiers(text, heads, skip)
            found = [Mention("phrase", value, value, start, end) for start, end, value in said
                     if span[0] <= start < span[1]]
            found = [m for m in found if not s.enum or option(s, m) is not None]
            if found:
                out.append((s, found[0]))
                break
    return out


ABOUT_WORDS = frozenset({"on", "about", "regarding", "concerning", "sur", "concernant"})
HEADLINE_WORDS = frozenset(stem(w) for w in ("title", "titre", "subject", "sujet", "objet", "summary", "resume",
                                              "headline"))
LINKING_VERBS = frozenset("""est sont était étaient sera seront a ont va vont été is are was were will be been has
have had""".split())


def _headline(message: str) -> str:
    """A subject line for a message, as a person writes one: « La réunion est déplacée à jeudi » → « Réunion
    déplacée à jeudi »."""
    words = message.rstrip(" .!?").split()
    if words and fold(words[0]) in ARTICLES | {"the", "a", "an"}:
        words = words[1:]
    words = [w for w in words if w.lower() not in LINKING_VERBS][:8]
    line = " ".join(words)
    return line[:1].upper() + line[1:]


def _respective(scalars: list[Slot], free: list[Mention], text: str) -> dict[str, Mention]:
    """Slots named in a list, then their values in a list of the same length (« its base and height as 6cm and
    10cm », "the length, width and depth are 3, 4 and 5"): each slot takes the value of its rank."""
    from .recognisers import tokens
    toks = [t for t in tokens(text) if t.content or t.norm in CONNECTORS]
    named: list[tuple[Slot, int]] = []
    for t in toks:
        owner = next((s for s in scalars if t.stem in s.words and all(t.stem not in o.words for o in scalars
                                                                     if o is not s)), None)
        if owner is not None and all(owner is not o for o, _end in named):
            named.append((owner, t.end))
        elif t.norm not in CONNECTORS and len(named) < 2:
            named = []
        elif t.norm not in CONNECTORS:
            break
    if len(named) < 2:
        return {}
    after = sorted((m for m in free if m.start >= named[-1][1] and m.kind != "phrase"), key=lambda m: m.start)
    listed = after[:1]
    for m in after[1:]:
        if len(listed) == len(named) or not siblings(text, listed[-1], m):
            break
        listed.append(m)
    return {s.path: m for (s, _end), m in zip(named, listed)} if len(listed) == len(named) else {}


REQUIRED_WEIGHT = 4.0
DETERMINERS = frozenset({"a", "an", "the", "un", "une", "le", "la", "les", "my", "mon", "ma", "mes"})
YEAR_WORDS = frozenset(stem(w) for w in ("year", "annee", "an", "season", "saison"))
MONEY_WORDS = frozenset(stem(w) for w in ("price", "cost", "amount", "value", "fee", "prix", "montant",
                                          "cout", "salary", "salaire", "budget", "rate", "taux", "payment", "revenue",
                                          "income", "paiement", "revenu", "pay", "earning", "profit"))
PHRASE_COST = 0.5


def _matching(weights: dict[tuple[int, int], float], rows: int, cols: int) -> list[tuple[int, int]]:
    """The pairs (row, column) of greatest total weight, each row and column at most once (the Hungarian method,
    rows matched to the columns or left alone)."""
    weights = {pair: w for pair, w in weights.items() if w > 0}         # a pair that weighs nothing is left alone
    used_rows = sorted({i for i, _j in weights})
    used_cols = sorted({j for _i, j in weights})
    if not used_rows:
        return []
    best = {}
    for (i, j), w in weights.items():
        if best.get(i, (None, -1e9))[1] < w:
            best[i] = (j, w)
    if len({j for j, _w in best.values()}) == len(best):
        return [(i, j) for i, (j, _w) in best.items()]      # no two rows want the same column: each takes its best
    n, m = len(used_rows), len(used_cols) + len(used_rows)  # a column of its own for each row left alone
    top = max(weights.values())
    cost = [[0.0] * (m + 1) for _ in range(n + 1)]
    for r, i in enumerate(used_rows, 1):
        for c in range(1, m + 1):
            j = used_cols[c - 1] if c <= len(used_cols) else None
            cost[r][c] = top - weights[i, j] if j is not None and (i, j) in weights else \
                top if j is None else top + 1e6
    u, v, p, way = [0.0] * (n + 1), [0.0] * (m + 1), [0] * (m + 1), [0] * (m + 1)
    for r in range(1, n + 1):
        p[0], c0 = r, 0
        minv, done = [float("inf")] * (m + 1), [False] * (m + 1)
        while p[c0]:
            done[c0] = True
            r0, delta, c1 = p[c0], float("inf"), 0
            for c in range(1, m + 1):
                if not done[c]:
                    cur = cost[r0][c] - u[r0] - v[c]
                    if cur < minv[c]:
                        minv[c], way[c] = cur, c0
                    if minv[c] < delta:
                        delta, c1 = minv[c], c
            for c in range(m + 1):
                if done[c]:
                    u[p[c]] += delta
                    v[c] -= delta
                else:
                    minv[c] -= delta
            c0 = c1
        while c0:
            c1 = way[c0]
            p[c0] = p[c1]
            c0 = c1
    return [(used_rows[p[c] - 1], used_cols[c - 1]) for c in range(1, len(used_cols) + 1)
            if p[c] and (used_rows[p[c] - 1], used_cols[c - 1]) in weights]


def _split_datetime(scalars: list[Slot], filled: Filled) -> None:
    """« demain à 10:30 » for a date and a start time: each slot takes its part of the one date-time."""
    for s in scalars:
        m = filled.used.get(s.path)
        if not (m and m.kind == "datetime"):
            continue
        for other in scalars:
            if other.path in filled.used or other.type != "string" or "datetime" in other.kinds:
                continue
            if {"date", "time"} & set(other.kinds) and not {"date", "time"} <= set(other.kinds):
                filled.used[other.path], filled.input[other.name] = m, _value(m, other)
                if s.type == "string" and "datetime" not in s.kinds or {"date", "time"} & set(s.kinds):
                    filled.input[s.name] = _value(m, s)


ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "premier": 1, "deuxieme": 2, "troisieme": 3,
            "one": 1, "two": 2, "three": 3}


def _rank_in_name(name: str) -> tuple[str, int] | None:
    """side1 → (side, 1), first_number → (number, 1), num_2 → (num, 2); None for a name without a rank."""
    words = list(name_words(name))
    digits = "".join(c for c in name if c.isdigit())
    stem_words = tuple(w for w in words if not w.isdigit() and w not in ORDINALS)
    rank = int(digits) if digits and name.rstrip("0123456789") != name else next(
        (ORDINALS[w] for w in words if w in ORDINALS), None)
    if rank is None:                   # start_city / end_city, origin / destination: the way a route is said
        stem_words = tuple(w for w in words if w not in lex.FROM_ROLE and w not in lex.TO_ROLE) or ("",)
        rank = 1 if set(words) & lex.FROM_ROLE else 2 if set(words) & lex.TO_ROLE else None
    return (" ".join(stem_words), rank) if rank is not None and stem_words else None


def _numbered_in_order(scalars: list[Slot], filled: Filled) -> None:
    """Slots that differ only by their rank (side1, side2, side3; first_note, second_note) take their values in the
    order the request says them."""
    groups: dict[str, list[tuple[int, Slot]]] = {}
    for s in scalars:
        ranked = _rank_in_name(s.name)
        if ranked and s.path in filled.used:
            groups.setdefault(ranked[0], []).append((ranked[1], s))
    for members in groups.values():
        if len(members) < 2 or len({filled.used[s.path].kind for _r, s in members}) > 1 or \
                any(filled.used[s.path].role in ("from", "to") for _r, s in members):
            continue                   # "to London from Paris": the words say which is which
        members.sort(key=lambda r: r[0])
        said = sorted((filled.used[s.path] for _r, s in members), key=lambda m: m.start)
        for (_rank, s), m in zip(members, said):
            filled.used[s.path], filled.input[s.name] = m, _typed(_value(m, s), s)


BOUNDS = frozenset({"moins", "plus", "under", "over", "less", "more", "than", "below", "above", "max", "maximum",
                    "minimum", "jusqu", "entre", "between", "within", "around", "environ", "about"})


def _subject(text: str, free: list[Mention], tool_words: set[str]) -> str:
    """What a search is about, as the request words it: from its first word of substance to the first other value
    or clause (« des chaussures de trail à moins de 120 €, réponds… » → chaussures de trail)."""
    from .recognisers import tokens
    about = next((m for m in free if m.kind in ("name", "quoted") and m.prev in ABOUT_WORDS), None)
    if about:
        return str(about.value)                  # "news on Bitcoin", « un article sur Marie Curie »
    phrases = sorted((m for m in free if m.kind == "phrase" and _trimmed(str(m.value), tool_words)),
                     key=lambda m: m.start)
    if not phrases:
        return ""
    start = phrases[0].start
    stops = [m.start for m in free if m.kind != "phrase" and m.start > start] + \
        [start + i for i, c in enumerate(text[start:]) if c in ",;.?!\n"]
    end = min(stops, default=len(text))
    words = [t for t in tokens(text) if start <= t.start and t.end <= end]
    while words and (words[-1].norm in lex.STOP_WORDS or words[-1].norm in BOUNDS or not words[-1].content):
        words.pop()
    shown = _trimmed(text[words[0].start:words[-1].end], tool_words) if words else ""
    return shown or " ".join(_trimmed(str(m.value), tool_words) for m in phrases).strip()


def _part(s: Slot) -> str:
    words = set(name_words(s.name))
    return "last" if words & lex.WIDER_PLACES else "first" if words & lex.NARROWER_PLACES else ""


def _names_the_tool(m: Mention, tool: dict) -> bool:
    """A name that is the tool's own (« Safeway » for safeway_order, "Pokemon GO" for PokemonGO_get_moves): it says
    which tool, it is no value for it."""
    if m.kind not in ("name", "quoted"):
        return False
    said = "".join(fold(w) for w in name_words(str(m.value)))
    own = [fold(w) for w in name_words(str(tool.get("name", "")).rsplit("__", 1)[-1])]
    return len(said) >= 4 and any("".join(own[i:j]) == said for i in range(len(own)) for j in range(i + 1, len(own) + 1))


def places_apart(tool: dict, pool: list[Mention]) -> list[Mention]:
    """« Chicago, Illinois » for a tool that takes a city and a state: two values, the place and the wider one."""
    from dataclasses import replace
    if not {_part(s) for s in slots(tool) if s.type == "string"} >= {"first", "last"}:
        return pool
    out = []
    for m in pool:
        if m.kind != "name" or ", " not in str(m.value):
            out.append(m)
            continue
        head, tail = str(m.value).split(", ", 1)
        out += [replace(m, value=head, text=head, end=m.start + len(head), after=()),
                replace(m, value=tail, text=tail, start=m.end - len(tail), cue=(), extra="place", label="", role="in")]
    return out


def _split_places(todo: tuple[Slot, ...], filled: Filled, free: list[Mention]) -> None:
    """« Tokyo, Japan » for a city and a country: each slot takes its part of the name."""
    wider = [s for s in todo if s.type == "string" and _part(s) == "last"]
    for s in todo:
        m = filled.used.get(s.path)
        if not (m and m.kind == "name" and ", " in str(m.value)):
            continue
        head, tail = str(m.value).split(", ", 1)
        empty = [w for w in wider if w.path not in filled.used and w.name not in filled.input]
        if _part(s) == "first" or empty:
            filled.input[s.name] = head
        if empty and _part(s) != "last":
            filled.input[empty[0].name] = tail
            filled.used[empty[0].path] = m


def _array(s: Slot, free: list[Mention], text: str, taken: set[int], listed_only: bool = False,
           used: dict | None = None) -> list:
    item = s.items or s
    if item.type == "object" and item.children:
        return _labelled_objects(item, free, text)
    if item.enum:                      # every one of its values the request names, in its order
        said = list(dict.fromkeys(m.value for m in options_said(item, text)))
        if said:
            return said
    from .recognisers import words as split_words
    for m in free:                     # « Amenities: sauna, fireplace »: the list its label gives
        if m.kind == "labelled" and {stem(w) for w in split_words(str(m.extra))} & s.words and item.type == "string":
            parts = [p.strip(" '\"") for p in str(m.value).replace(" and ", ",").replace(" et ", ",").split(",")]
            return [p for p in parts if p]
    written = sorted((m for m in free if m.kind == "list" and id(m) not in taken and score(s, m)),
                     key=lambda m: (-score(s, m), m.start))
    if written:                        # a list written in brackets, and none of the values inside it elsewhere
        taken |= {id(o) for o in free if written[0].start <= o.start and o.end <= written[0].end}
        if used is not None:
            used[s.path] = written[0]
        return _value(written[0], s)
    ranked = sorted(((score(s, m), -m.start, m) for m in free if score(s, m) and m.kind != "list"),
                    key=lambda r: r[:2], reverse=True)
    if not ranked or (not evidenced(s, ranked[0][2]) and not s.required):
        return []
    if listed_only:
        ranked = [r for r in ranked if evidenced(s, r[2])]
        if not ranked:
            return []
    head = ranked[0][2]
    group = [head]
    ordered = sorted(free, key=lambda m: m.start)
    for direction in (1, -1):
        index = ordered.index(head)
        while 0 <= index + direction < len(ordered):
            nxt = ordered[index + direction]
            pair = (group[-1] if direction == 1 else group[0], nxt) if direction == 1 else (nxt, group[0])
            edge = group[-1] if direction == 1 else group[0]
            if nxt.start < edge.end and edge.start < nxt.end:
                index += direction         # another reading of the same words ('Apple' quoted, and as a ticker)
                continue
            if not score(s, nxt) or not siblings(text, *pair):
                break
            group = group + [nxt] if direction == 1 else [nxt] + group
            index += direction
    if listed_only and len(group) < 2:
        return []
    taken |= {id(m) for m in group}
    return [_typed(_value(m, item), item) for m in group]


def _labelled_objects(item: Slot, free: list[Mention], text: str) -> list[dict]:
    """Items of an array that the text labels by a value of their enum (« Cleaning fee: $60 once. Tourist tax fee:
    $3 daily. » for fee_type ∈ {cleaning, tourist_tax}): one object per label, filled from its own part."""
    from .recognisers import words as split_words
    keyed = next((c for c in item.children if c.enum), None)
    if keyed is None:
        return []
    out = []
    for m in sorted((m for m in free if m.kind == "labelled"), key=lambda x: x.start):
        said = {stem(w) for w in split_words(str(m.extra))}
        choice = next((o for o in keyed.enum if {stem(w) for w in name_words(str(o))} <= said), None)
        if choice is None:
            continue
        inside = [x for x in free if m.start <= x.start < m.end and x.kind != "labelled"]
        rest = tuple(c for c in item.children if c is not keyed)
        inner = _fill_slots(rest, inside, text, [stem(fold(w)) for w in name_words(str(m.value))], set(), False,
                            set())
        out.append({keyed.name: choice, **inner.input})
    return out


def placeholder(s: Slot) -> object:
    """What a forced call puts in a required slot the request says nothing of: its default, the example its
    description gives, its first enum value, or an empty value of its type."""
    from .slots import example
    if s.has_default:
        return s.default
    if s.type == "string" and not s.enum and example(s):
        return example(s)
    if s.enum:
        return s.enum[0]
    if s.type == "object":
        return {c.name: placeholder(c) for c in s.children if c.required}
    return {"integer": 0, "number": 0, "boolean": False, "array": []}.get(s.type, "")


def by_name(tool: dict, facts: dict) -> dict:
    """An input for `tool` from facts a scenario holds under its own names (email, customer_id, amount…): each
    property takes the fact its name means — the same name, a synonym of one of its words (data: FIELD_SYNONYMS), or
    a name its words are part of (code → verification_code)."""
    given = {k: v for k, v in facts.items() if v is not None}
    out = {}
    for s in slots(tool):
        name = s.name if s.name in given else _same_field(s.name, given)
        if name is None:
            continue
        value = given[name]
        if s.type == "string" and isinstance(value, (dict, list)):
            value = json.dumps(value, ensure_ascii=False)
        out[s.name] = _typed(value, s)
    return out


def _field_words(name: str) -> set[str]:
    words = set(name_words(name))
    for group in lex.FIELD_SYNONYMS:
        if words & set(group):
            words |= {"=" + group[0]}
    return words - {"id", "ids", "number", "numero", "no", "de", "du", "of"}


def _same_field(prop: str, facts: dict) -> str | None:
    mine = _field_words(prop)
    synonyms = {w for w in mine if w.startswith("=")}
    match = next((f for f in facts if synonyms & _field_words(f)), None)
    words = set(name_words(prop))
    return match or next((f for f in facts if words and words <= set(name_words(f))), None)


def stated(name: str, text: str, lang: str = "en", type_: str = "string") -> object:
    """The value a text states for a property named `name`, on the evidence of the words around it (« mon numéro
    client est C-4821 » for customer_id, "my OTP is 5531" for verification_code), else None."""
    from .recognisers import mentions
    tool = {"name": "", "input_schema": {"type": "object", "properties": {name: {"type": type_}}}}
    (s,) = slots(tool)
    ranked = sorted(((score(s, m), -m.start, m) for m in mentions(text, lang) if m.kind != "phrase"
                     and score(s, m) and (_cue_score(m.cue, s, True) > 0 or stem(m.label or "-") in s.words)),
                    key=lambda r: r[:2], reverse=True)
    return _typed(ranked[0][2].value, s) if ranked else None
