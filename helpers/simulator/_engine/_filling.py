"""Filling a tool's input from the request, valid against the tool's own `input_schema`.

Each property gets the value its name, type, enum, pattern or description asks for, found in the
request first, then in the conversation and the tool results already received. Every input is
checked with the `jsonschema` library; a required value that cannot be found is reported as
missing (the model then asks the user) unless the call is forced by `tool_choice`.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache

import jsonschema

from . import _analysis, _arith, _lexicon as lex, _mentions, _reading as rd

UNIT_CODES = ("km", "mi", "m", "ft", "cm", "in", "kg", "lb", "g", "celsius", "fahrenheit", "kelvin")
LANGUAGE_NAMES = {"en": "English", "fr": "French", "es": "Spanish", "de": "German", "it": "Italian",
                  "ja": "Japanese", "zh": "Chinese", "pt": "Portuguese", "nl": "Dutch"}
ID_NAME = re.compile(r"(?:^|_)(?:id|ids|identifiant|ref|reference|numero|number|no|sku|code|ticket|tracking|matricule|serial|imei)$|"
                     r"^(?:id|ref|sku)(?:_|$)|_id_|order|commande", re.I)
AMOUNT_NAME = re.compile(r"(?:^|_)(?:amount|montant|price|prix|total|sum|somme|cost|cout|quantity|quantite)(?:_|$)",
                         re.I)   # a word of the name: issue_summary is no sum
REASON_NAME = re.compile(r"reason|raison|motif|cause|why|pourquoi", re.I)
RECIPIENT_NAME = re.compile(r"recipient|destinataire|^to$|addressee|send_to", re.I)


@dataclass
class Context:
    """What the model can draw values from, for one call."""
    facts: rd.Facts
    focus: dict = field(default_factory=dict)       # property → value chosen for this call (fan-out)
    results: list = field(default_factory=list)     # data of results already received (dicts, lists, text)
    numbers: list = field(default_factory=list)     # numbers to compute with (from results, for a dependent step)
    note: str = ""                                  # extra text the call is about (a refusal's reason)


@dataclass
class Filled:
    input: dict
    missing: list[str]


@lru_cache(maxsize=256)
def _validator(schema_json: str):
    schema = json.loads(schema_json)
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema)


def validator(schema: dict):
    key = repr(schema)          # cheaper than a JSON dump; the same parsed schema gives the same text
    found = _BY_REPR.get(key)
    if found is None:
        found = _BY_REPR[key] = _validator(json.dumps(schema, sort_keys=True, ensure_ascii=False))
        if len(_BY_REPR) > 512:
            _BY_REPR.clear()
    return found


_BY_REPR: dict = {}


def schema_of(tool: dict) -> dict:
    """The tool's input schema, with local `$ref`s inlined and optional alternatives (`anyOf: [X, null]`, as
    pydantic writes `X | None`) read as X that may be null: what the model reads is the schema's meaning."""
    schema = tool.get("input_schema")
    if not isinstance(schema, dict):
        return {"type": "object"}
    seen = _RESOLVED.get(id(schema))
    if seen is not None and seen[0] is schema:
        return seen[1]                         # the same schema object, already read (once per request and tool)
    resolved = schema
    if "$defs" in schema or "definitions" in schema or "anyOf" in json.dumps(schema):
        defs = {**(schema.get("definitions") or {}), **(schema.get("$defs") or {})}
        resolved = _inline(schema, defs, 0)
    if len(_RESOLVED) > 256:
        _RESOLVED.clear()
    _RESOLVED[id(schema)] = (schema, resolved)
    return resolved


_RESOLVED: dict = {}


def _inline(node: object, defs: dict, depth: int) -> object:
    if isinstance(node, list):
        return [_inline(n, defs, depth) for n in node]
    if not isinstance(node, dict):
        return node
    if depth > 8:
        return {k: v for k, v in node.items() if k != "$ref"}
    node = {k: v for k, v in node.items() if k not in ("$defs", "definitions")}
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.split("/")[-1] in defs and ref.startswith("#/"):
        target = _inline(defs[ref.split("/")[-1]], defs, depth + 1)
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    for key in ("anyOf", "oneOf"):
        options = node.get(key)
        if isinstance(options, list):
            real = [o for o in options if not (isinstance(o, dict) and o.get("type") == "null")]
            if len(real) == 1 and isinstance(real[0], dict):
                chosen = _inline(real[0], defs, depth + 1)
                rest = {k: v for k, v in node.items() if k != key}
                node = {**chosen, **rest}
                if len(real) < len(options) and isinstance(node.get("type"), str):
                    node["type"] = [node["type"], "null"]
    return {k: (_inline(v, defs, depth + 1) if k in ("properties", "items", "additionalProperties")
                or isinstance(v, (dict, list)) and k not in ("enum", "required", "examples", "default") else v)
            for k, v in node.items()}


def properties(tool: dict) -> dict:
    props = schema_of(tool).get("properties")
    return props if isinstance(props, dict) else {}


def required(tool: dict) -> list[str]:
    req = schema_of(tool).get("required")
    return [r for r in req if isinstance(r, str)] if isinstance(req, list) else []


LIST_WORDS = frozenset({"et", "and", "ou", "or"})


def _owned_numbers(name: str, text: str) -> list[int]:
    """Numbers named by the parameter's own noun (train_number and « le TGV 6611 », « train 6611 »): the word
    just before the number means what the parameter's name does, the way ID_CUES words do for any id."""
    owner = re.sub(r"(?:^|_)(?:id|number|numero|no|num|ref)$", "", lex.fold(name)).strip("_")
    if not owner:
        return []
    meant = {lex.stem(w) for w in lex.words(owner)} | lex.concepts(lex.words(owner))
    tokens = lex.words(text)
    found: list[int] = []
    for i, word in enumerate(tokens):
        if not (lex.stem(word) in meant or lex.concepts([word]) & meant):
            continue
        j = i + 1                              # « trains 6611 et 17742 »: every number the noun introduces
        while j < len(tokens) and tokens[j].isdigit():
            if int(tokens[j]) not in found:
                found.append(int(tokens[j]))
            j += 2 if tokens[j + 1:j + 2] and tokens[j + 1] in LIST_WORDS else 1
    return found


def owner_words(name: str) -> set[str]:
    """What an id parameter names, as stems and concepts: customer_id → {custom, user}; empty for others."""
    folded = lex.fold(name)
    if not ID_NAME.search(folded):
        return set()
    owner = re.sub(r"(?:^|_)(?:id|ids|identifiant|ref|number|numero|no|num)$", "", folded).strip("_")
    tokens = lex.words(owner)
    return {lex.stem(w) for w in tokens if len(w) >= 3} | lex.concepts(tokens)


def kind_of(name: str, spec: dict) -> str:
    """What a property wants: place, email, language, text, expression, person, date, unit, currency, id…"""
    folded = lex.fold(name)
    if isinstance(spec, dict) and spec.get("format") == "email":
        return "email"
    if isinstance(spec, dict) and spec.get("format") in ("date", "date-time"):
        return "date"
    for kind, names in lex.PROPERTY_KINDS.items():
        if folded in names:
            return kind
    if lex.words(name)[-1:] in (["date"], ["datetime"], ["jour"]):
        return "date"                          # check_in_date, date_de_fin: a date, whatever comes before
    if ID_NAME.search(folded):
        return "id"
    if AMOUNT_NAME.search(folded):
        return "amount"
    description = lex.fold(spec.get("description", "")) if isinstance(spec, dict) else ""
    shown = example(spec)
    if shown and rd.IDENTIFIER.fullmatch(shown):
        return "id"                            # « badge, ex. E-4471 »: its values look like identifiers
    for kind, hint in (("place", r"\b(?:city|ville|location|lieu|place|country|pays|state|region)\b"), ("email", r"\be-?mail\b"),
                       ("language", r"\b(?:language|langue)\b"), ("date", r"\bdate\b"),
                       ("expression", r"\bexpression\b"), ("text", r"\b(?:text|texte|query|requete)\b")):
        if re.search(hint, description):
            return kind
    return "other"


def _types(spec: dict) -> set[str]:
    kind = spec.get("type") if isinstance(spec, dict) else None
    if isinstance(kind, list):
        return set(kind)
    if kind:
        return {kind}
    if isinstance(spec, dict) and "enum" in spec:
        return {type(v).__name__.replace("str", "string").replace("int", "integer") for v in spec["enum"]}
    return {"string"}


def _enum_value(spec: dict, text: str, role: str | None, paired: bool) -> object:
    """The enum value the text names (directly or in words: « dollars canadiens » → "CAD"); with a role, the
    one at that end of the pair (« 250 euros en dollars » : from → EUR, to → USD)."""
    values = tuple(v for v in spec["enum"] if isinstance(v, str))
    if not values:
        return _number_in(spec["enum"], text)
    found = rd.pick(rd.coded_mentions(text, values), role, paired)
    if found is None:
        # Languages by name for an enum of codes or names (« into French » → "fr", « en anglais » → "English").
        by_name = {lex.fold(v): v for v in values}
        said = [(by_name.get(c) or by_name.get(lex.fold(LANGUAGE_NAMES.get(c, ""))), cue)
                for c, cue in rd.language_mentions(text)]
        said = tuple((v, cue) for v, cue in said if v)
        found = (rd.pick(said, role, paired) if role else said[-1][0]) if said else None
    return found


def _number_in(allowed: list, text: str) -> object:
    """The one number of an enum of numbers the request says, in digits or in words (« de deux semaines » for
    weeks ∈ {1, 2, 3}); None when it says none, or several."""
    numbers = [n for n in allowed if isinstance(n, (int, float)) and not isinstance(n, bool)]
    said = [n for n in rd.numbers(text) if n in numbers] or [
        lex.NUMBER_WORDS[w] for w in lex.words(text) if lex.NUMBER_WORDS.get(w) in numbers]
    found = list(dict.fromkeys(said))
    if len(found) != 1:
        return None
    return next(n for n in numbers if n == found[0])


def _language_value(spec: dict, mentions: list, role: str | None, paired: bool) -> str | None:
    if role:
        code = rd.pick(mentions, role, paired)
        if code is None:
            return None
    else:
        codes = [c for c, _ in mentions]
        code = codes[-1] if len(codes) > 1 else codes[0]       # « de français en anglais » → the target
    description = lex.fold(spec.get("description", "")) if isinstance(spec, dict) else ""
    if "name" in description or "nom" in description:
        return LANGUAGE_NAMES.get(code, code)
    return code


ABOUT = re.compile(r"\b(?:about|regarding|concerning|on the topic of|au sujet de|à propos de|concernant|sur le thème "
                   r"de)\s+(?:the\s+|le\s+|la\s+|les\s+)?([^,;.!?]+?)(?=\s*(?:[,;.!?]|\band\b|\bet\b|$))", re.I)


def _text_value(name: str, ctx: Context, latest: str) -> str | None:
    if REASON_NAME.search(name) and ctx.note:
        return ctx.note
    labelled = _mentions.labelled(name, latest)
    if labelled:
        return labelled                        # "Note: Remember to buy milk." for note
    quoted = rd.quoted(latest)
    if quoted:
        return quoted[0]
    about = ABOUT.search(latest)
    if about and len(about.group(1).split()) <= 6:
        return about.group(1).strip()            # "the latest news about technology" → technology
    if lex.fold(name) in lex.QUERY_NAMES:
        terms = rd.search_terms(latest)
        if terms:
            return terms[0]
    tail = rd.after_colon(latest)
    if tail and len(tail) > 2 and (len(tail.split()) <= 12 or _takes_long_text(name)):
        return tail
    return (latest.strip() or None) if _takes_long_text(name) else None   # never a whole request in a short field




def _takes_long_text(name: str) -> bool:
    return bool(set(lex.words(name)) & lex.LONG_TEXT_NAMES) or lex.fold(name) in lex.LONG_TEXT_NAMES


def _from_results(name: str, ctx: Context) -> object:
    """A value a previous tool returned under the same name (customer_id from get_customer…)."""
    folded = lex.fold(name)
    for data in reversed(ctx.results):
        if not isinstance(data, dict):
            continue
        for key, value in data.items():
            k = lex.fold(str(key))
            if isinstance(value, (str, int, float)) and not isinstance(value, bool) and (
                    k == folded or (len(k) >= 4 and (folded.endswith("_" + k) or k.endswith("_" + folded)))):
                return value
    return None


def tickers(text: str) -> list[str]:
    """Ticker symbols for a request: written ones (AAPL), else companies by name (Apple → AAPL, or as written)."""
    written = [t for t in re.findall(r"\b[A-Z]{2,5}\b", text) if t not in rd.NOT_PLACES]
    if written:
        return list(dict.fromkeys(written))
    return list(dict.fromkeys(lex.TICKERS.get(lex.fold(n), n) for n in rd.places(text)))


def _currencies(text: str) -> tuple:
    extra = tuple(c for c in re.findall(r"\b[A-Z]{3}\b(?!-?\d)", text) if c not in lex.CURRENCY_CODES
                  and c not in rd.NOT_PLACES)            # ACC-1001 is an account, not a currency ACC
    return rd.coded_mentions(text, lex.CURRENCY_CODES + extra)


def _pair_value(text: str, role: str, paired: bool) -> object:
    """One end of a pair whose kind the schema does not say (« from » / « to »): the first kind of value the
    request names in pairs — currencies, units, languages, places."""
    kinds = [m for m in (_currencies(text), rd.coded_mentions(text, UNIT_CODES), rd.language_mentions(text),
                          rd.id_mentions(text), rd.place_mentions(text)) if m]
    # The kind named twice makes the pair (250 EUR "from ACC-1001 to ACC-2002": accounts, not the currency).
    pairs = [m for m in kinds if len({v for v, _ in m}) >= 2]
    chosen = (pairs or kinds or [()])[0]
    return rd.pick(chosen, role, paired) if chosen else None


def _scalar(name: str, spec: dict, ctx: Context, operands: list[float], needed: bool = True,
            role: str | None = None, paired: bool = False, kind: str | None = None) -> object:
    """The value for one scalar property, or None when the model does not know it. `role`: "from" / "to" for
    one end of a pair of parameters of the same kind (`paired`: the tool has the other end too)."""
    types = _types(spec)
    latest = ctx.facts.latest
    texts = ctx.facts.everything
    if name in ctx.focus:
        return ctx.focus[name]
    if "enum" in spec:
        found = _enum_value(spec, latest, role, paired)
        if found is None and not role and kind_of(name, spec) in ("unit", "language"):
            # A preference said earlier (« I prefer Fahrenheit ») still holds in a later turn.
            found = next((v for t in ctx.facts.preferences[::-1] for v in [_enum_value(spec, t, None, False)]
                          if v is not None), None)
        return found
    kind = kind or kind_of(name, spec)
    known = _from_results(name, ctx)
    if known is not None and kind not in ("text", "expression"):
        return known
    if kind not in ("text", "expression", "amount") and not role:
        stated = _mentions.for_parameter(name, kind, latest)     # « client C-1042 », "my username is jenny76"
        if stated is not None and (not types & {"integer", "number"} or _is_number(stated)):
            return stated
    if kind == "count":
        counted = _count(name, latest)
        if counted is None and lex.fold(name) in lex.GENERIC_COUNTS:
            counted = next((n for n, noun in rd.counted(latest) if noun not in rd.money_words()
                            and not noun.isdigit()), None)             # « 2 packs of tea », « 47 units »
        if counted is not None or lex.fold(name) not in lex.GENERIC_COUNTS:
            return counted          # adults: « 3 adultes », never the 14 of « le 14 mars »
    if types & {"integer", "number"} and not types & {"string"}:
        per_minute = _time_unit(name, spec)
        if per_minute and rd.durations(latest):
            return round(rd.durations(latest)[0] / per_minute, 2)     # « 1h30 » for duration_minutes → 90
        if kind in ("id", "other") and (rd.cued_numbers(latest) or kind == "id"):
            cued = ctx.facts.first(rd.cued_numbers) or (_owned_numbers(name, latest) if kind == "id" else [])
            if cued:
                return cued[0]
        cued = _mentions.cued_number(name, latest)
        if cued is not None:
            return cued                             # regular_price: « regularly $399.99 »
        if kind == "amount":
            said = rd.money(latest)
            if said or AMOUNT_NAME.fullmatch(lex.fold(name)) and re.search(r"(?i)monetary|money|argent|montant", str(
                    spec.get("description") or "")):
                return said[0] if said else None     # a monetary amount is a sum of money, never « 90 days »
            amount = next((n for n in ctx.facts.first(rd.operands)), None)
            return amount
        if operands:
            return operands.pop(0)
        return None
    if "boolean" in types:
        return _flag(name, latest)
    # strings
    if "pattern" in spec:
        try:
            pattern = re.compile(spec["pattern"].lstrip("^").rstrip("$"))
        except re.error:
            pattern = None
        for text in texts if pattern else []:
            m = pattern.search(text)
            if m:
                return m.group(0)
    if kind == "other" and role and paired and "string" in types:
        return _pair_value(latest, role, paired)
    if kind == "frequency":
        folded = lex.fold(latest)
        found = sorted((m.start(), value) for said, value in lex.FREQUENCIES.items()
                       for m in [re.search(rf"\b{re.escape(lex.fold(said))}\b", folded)] if m)
        return found[0][1] if found else None
    if kind == "time":
        found = rd.clock_times(latest)
        return found[0] if found else None
    if kind == "repo":
        found = [m.value for m in _mentions.mentions(latest) if m.kind == "repo"]
        return found[0] if found else None
    if kind in ("iban", "phone"):
        found = [m.value for m in _mentions.mentions(latest) if m.kind == kind]
        return found[0] if found else None
    if kind == "url":
        found = ctx.facts.first(rd.addresses)
        return found[0] if found else None
    if kind in ("other", "person", "text") and lex.words(name)[-1:] in (["name"], ["nom"], ["title"], ["titre"]):
        head = _mentions.record_head(latest)
        if head:
            return head                         # the name a one-line record opens with (« X - SKU: … », « X (… »)
    if kind == "place" and set(lex.words(name)) & {"country", "pays", "nation"}:
        found = _mentions.countries(latest)
        if found:
            return found[0]
    if kind in ("place", "other", "item") and not role and "string" in types:
        found = _mentions.named(name, latest)
        if found:
            return found                            # warehouse_location: « at Warehouse A »
    if kind == "place":
        if role:
            return rd.pick(rd.place_mentions(latest), role, paired)
        head = _mentions.record_head(latest)
        found = [p for p in ctx.facts.first(rd.place_names) if not head or p not in head]   # not the record's name
        return found[0] if found else None
    if kind == "email":
        found = ctx.facts.first(rd.emails)
        return found[0] if found else None
    if kind == "language":
        mentions = rd.language_mentions(latest)
        return _language_value(spec, mentions, role, paired) if mentions else None
    if kind == "expression":
        if ctx.numbers:
            return _arith.expression(latest, ctx.numbers)
        return _arith.statistic(latest) or _arith.written_expression(latest, rd.language(latest))
    if kind == "person":
        if RECIPIENT_NAME.search(lex.fold(name)) and rd.emails(latest):
            return rd.emails(latest)[0]           # « envoie à bob@corp.com »: the address is the recipient
        stated = rd.stated_name(ctx.facts.everything[::-1])
        if stated:
            return stated
        found = rd.places(latest)
        return found[0] if found else None
    if kind == "date" and not (role and paired):
        cued = _mentions.cued_date(name, latest)
        if cued:
            return cued                              # expiration_date: « expires 2027-12-31 »
    if kind == "date":
        found = ctx.facts.first(rd.dates)
        times = rd.clock_times(latest)
        if spec.get("format") == "date-time" and found and times and ISO.fullmatch(found[0]):
            found = [f"{d}T{times[min(i, len(times) - 1)]}:00" for i, d in enumerate(found)]
        if role and paired:                       # start_date / end_date: the first date, then the second
            index = 0 if role == "from" else 1
            return found[index] if len(found) > index else None
        return found[0] if found else None
    if kind == "currency":
        mentions = _currencies(latest)
        shown = example(spec) or ""
        if len(mentions) >= 2 and ({"pair", "paire"} & set(lex.words(name)) or PAIR_EXAMPLE.fullmatch(shown)):
            # A currency pair in one string, written like the schema's example: EURJPY, EUR/JPY, EUR-JPY.
            separator = next((c for c in "/-" if c in shown), "")
            return separator.join(str(v) for v, _cue in mentions[:2])
        return rd.pick(mentions, role, paired)
    if kind == "unit" and role:
        return rd.pick(rd.coded_mentions(latest, UNIT_CODES), role, paired)
    if kind == "unit":
        for word in ("celsius", "fahrenheit", "kelvin", "metric", "imperial"):
            if word in lex.fold(latest):
                return word
        return None
    if kind == "id":
        found = ctx.facts.first(rd.identifiers)
        if found:
            return found[0]
        cued = ctx.facts.first(rd.cued_numbers) or _owned_numbers(name, latest)
        return str(cued[0]) if cued else None
    if kind == "amount":
        amount = next(iter(ctx.facts.first(rd.operands)), None)
        return _arith.fmt(amount) if amount is not None else None
    if kind == "text":
        return _text_value(name, ctx, latest) if needed else None
    if kind == "ticker":
        found = ctx.facts.first(tickers)
        return found[0] if found else None
    if kind == "item":
        found = ctx.facts.first(rd.things)
        return found[0] if found else None
    if kind == "other" and needed and "string" in types and rd.quoted(latest) and len(rd.quoted(latest)[0].split()) <= 8:
        return rd.quoted(latest)[0]             # recipe and « quiche lorraine »: what the request names in quotes
    return None


def _count(name: str, text: str) -> int | None:
    """How many: the number that counts what the parameter's name means (adults and « 3 adultes »), or people
    for a count of people (party_size and « pour deux personnes »); never a number that counts something else."""
    meant = _mentions.name_meaning(name)
    people = bool(set(lex.words(name)) & lex.PEOPLE_NOUNS) or lex.fold(name) in lex.PEOPLE_COUNTS
    for number, noun in rd.counted(text):
        if _mentions.name_meaning(noun) & meant or (people and noun in lex.PEOPLE_NOUNS):
            return number
    if people:
        # « a table for two tomorrow », « pour 4 ce soir »: a party said without its noun.
        m = re.search(r"\b(?:for|pour)\s+(\d+)\b\s*(?:$|[,.;!?]|([A-Za-zÀ-ÿ]+))", rd.in_digits(text))
        if m and (m.group(2) is None or lex.fold(m.group(2)) in lex.WHEN_WORDS):
            return int(m.group(1))
    return None


def _is_number(value: object) -> bool:
    try:
        float(str(value).replace(",", "."))
    except ValueError:
        return False
    return True


ISO = re.compile(r"\d{4}-\d{2}-\d{2}")
TIME_UNITS = {"minutes": 1, "minute": 1, "min": 1, "mins": 1, "mn": 1, "hours": 60, "hour": 60, "heures": 60,
              "heure": 60, "hrs": 60, "h": 60, "seconds": 1 / 60, "secondes": 1 / 60, "sec": 1 / 60, "days": 1440,
              "jours": 1440, "day": 1440, "jour": 1440}


def _time_unit(name: str, spec: dict) -> float | None:
    """Minutes per unit of a parameter that holds a length of time, from its name or description
    (duration_minutes → 1, hours → 60, « durée en heures » → 60); None for any other parameter."""
    named = lex.words(name)
    unit = next((TIME_UNITS[w] for w in named if w in TIME_UNITS), None)
    if unit is None and set(named) & {"duration", "duree", "length", "delay", "delai"}:
        described = lex.words(spec.get("description") if isinstance(spec.get("description"), str) else "")
        unit = next((TIME_UNITS[w] for w in described if w in TIME_UNITS and len(w) > 3), None)
    return unit


PAIR_EXAMPLE = re.compile(r"[A-Z]{3}[/-]?[A-Z]{3}")
FLAG_PREFIXES = frozenset({"is", "has", "with", "use", "include", "enable", "avec", "est", "en", "mode"})
NEGATIONS = frozenset({"sans", "pas", "no", "not", "without", "non", "aucun", "aucune", "never", "jamais"})


def _flag(name: str, text: str) -> bool | None:
    """A boolean the request mentions by name (« en express », "express please" → true; « sans express »,
    "no express" → false); None when the request says nothing of it."""
    keys = {lex.stem(w) for w in lex.words(name) if w not in FLAG_PREFIXES and len(w) >= 4}
    tokens = lex.words(text)
    for i, token in enumerate(tokens):
        # The word itself, or its French/English cognate (« projecteur » for `projector`), as tools are chosen.
        if any(lex.stem(token) == k or (len(token) >= 5 and len(k) >= 5 and token[:5] == k[:5]) for k in keys):
            return not set(tokens[max(0, i - 2):i]) & NEGATIONS
    return None


def folded_name(name: str) -> str:
    return lex.fold(name)


def _typed(value: object, spec: dict) -> object:
    types = _types(spec)
    if value is None:
        return None
    if "string" in types and not isinstance(value, str):
        return _arith.fmt(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)
    if types & {"integer", "number"} and isinstance(value, str):
        try:
            value = float(value.replace(",", "."))
        except ValueError:
            return value
    if "integer" in types and isinstance(value, float) and value.is_integer():
        return int(value)
    if "number" in types and isinstance(value, float) and value.is_integer() and "integer" not in types:
        return int(value)
    return value


EXAMPLE = re.compile(r"(?:\be\.?\s?g\.|\bex\.|\bexemple\s*:|\bpar exemple\b|\bfor (?:example|instance)\b|\bsuch as\b|"
                     r"\bcomme\b|\blike\b)\s*:?\s*[«\"'“]?\s*([^,;»\"”()]+?)\s*(?:[,;»\"”()]|\.(?:\s|$)|$)", re.I)


def example(spec: dict) -> str | None:
    """The example a parameter's description gives (« The city, e.g. Paris » → "Paris")."""
    description = spec.get("description") if isinstance(spec, dict) else None
    m = EXAMPLE.search(description) if isinstance(description, str) else None
    return m.group(1).strip() if m and m.group(1).strip() else None


def fallback(spec: dict, latest: str, lang: str = "fr") -> object:
    """A schema-valid value for a forced call when the request names nothing that fits (what the API forces
    out): the schema's default, its first enum value, the description's example, else a neutral value —
    never a word of the request taken at random (« Bonjour » is not a city)."""
    if "default" in spec:
        return spec["default"]
    types = _types(spec)
    if "null" in types:
        return None                            # `X | None`: nothing said is null, not a made-up value
    if spec.get("enum"):
        return spec["enum"][0]
    if "object" in types and isinstance(spec.get("properties"), dict):
        return fill({"name": "objet", "input_schema": spec}, Context(rd.Facts(latest, [])), forced=True,
                    lang=lang).input
    if "string" in types:
        shown = example(spec)
        if shown:
            return shown
        if spec.get("format") == "email":
            return "inconnu@example.com" if lang == "fr" else "unknown@example.com"
        if spec.get("format") == "date":
            return "1970-01-01"
        return "inconnu" if lang == "fr" else "unknown"
    if "integer" in types:
        return int(spec.get("minimum", spec.get("exclusiveMinimum", -1) + 1))
    if "number" in types:
        return spec.get("minimum", spec.get("exclusiveMinimum", -1) + 1)
    if "boolean" in types:
        return False
    if "array" in types:
        return []
    return {}


def _pair_key(name: str, spec: dict) -> object:
    """What makes two parameters the two ends of one pair: the same enum, or the same kind of value."""
    if isinstance(spec.get("enum"), list):
        return tuple(map(str, spec["enum"]))
    return kind_of(name, spec)


def roles(tool: dict) -> dict[str, tuple[str, bool, str]]:
    """name → (role, paired, kind) for the parameters that are one end of a pair (from_currency / to_currency,
    origin / destination, start / end…). A bare end (« from », "quote") takes its partner's kind."""
    props = properties(tool)
    key = repr(props)
    found = _ROLES.get(key)
    if found is None:
        if len(_ROLES) > 512:
            _ROLES.clear()
        found = _ROLES[key] = _roles(props)
    return found


_ROLES: dict = {}


def _roles(props: dict) -> dict[str, tuple[str, bool, str]]:
    props = {n: (s if isinstance(s, dict) else {}) for n, s in props.items()}
    found = {n: (rd.role_of(n), _pair_key(n, s), kind_of(n, s)) for n, s in props.items()}
    out = {}
    for name, (role, key, kind) in found.items():
        if role is None:
            continue
        partners = [(k, kd) for other, (r, k, kd) in found.items()
                    if other != name and r and r != role and (k == key or "other" in (k, key))]
        if kind == "other" and partners:
            kind = next((kd for _, kd in partners if kd != "other"), kind)
        out[name] = (role, bool(partners), kind)
    return out


def _one_slot_per_quote(out: dict, text: str) -> None:
    """A quoted value fills one parameter: the one its cue names ("titled \"…\"" → title), else the first."""
    for value in rd.quoted(text):
        holders = [n for n, v in out.items() if v == value or v == [value]]
        if len(holders) < 2:
            continue
        cue = _mentions.quote_cue(text, value)
        keep = next((n for n in holders if _mentions.name_meaning(n) & cue), holders[0])
        for name in holders:
            if name != keep:
                del out[name]


def _subject(tool: dict) -> set[str]:
    """Stems and concepts of what a tool is about, from its name (get_recipe → recipe): its verbs left out."""
    words = [w for w in lex.words(str(tool.get("name", "")).rsplit("__", 1)[-1])
             if len(w) > 3 and w not in lex.WRITE_VERBS and w not in {"find", "search", "lookup", "fetch", "list"}]
    return {lex.stem(w) for w in words} | lex.concepts(words)


def _nested(name: str, spec: dict, ctx: Context, lang: str, forced: bool = False) -> dict | None:
    """An object parameter, filled like a tool's input from the part of the request that names it ("Author: John
    Doe (john@x.com)" for author: {name, email}); None when a required part of it is missing (unless forced: then
    what the part says, and the schema's neutral values for the rest)."""
    text = ctx.facts.latest
    segment = _mentions.labelled(name, text)
    facts = rd.Facts(segment, []) if segment else ctx.facts
    filled = fill({"name": name, "input_schema": spec}, Context(facts, results=ctx.results), lang=lang, forced=forced)
    if (filled.missing and not forced) or not filled.input:
        return None
    return filled.input


def _labelled_objects(items: dict, ctx: Context, lang: str, forced: bool) -> list[dict]:
    """Items of an array of objects that the text labels one by one with the values of one of their enums (« Payment
    clause: … Termination clause: … » for clause_type ∈ {payment, termination…}): one item per labelled segment,
    filled from its segment. An empty list when the text labels none."""
    props = items["properties"]
    for key, spec in props.items():
        values = tuple(v for v in spec.get("enum", []) if isinstance(v, str)) if isinstance(spec, dict) else ()
        segments = _mentions.labelled_items(values, ctx.facts.latest) if values else []
        if segments:
            out = []
            for value, segment in segments:
                filled = fill({"name": key, "input_schema": items}, Context(rd.Facts(segment, []), focus={key: value}),
                              lang=lang, forced=forced)
                if not filled.missing:
                    out.append(filled.input)
            return out
    return []


SCORE = re.compile(r"^(positive|negative|neutral|positif|negatif|neutre)_?(?:score|sentiment)?$")


def _analysed(name: str, spec: dict, text: str) -> object:
    """A reading of the text given to analyse, when the property asks for one: entities, a sentiment score, the
    categories among the labels the request lists (_analysis)."""
    given = _analysis.given_text(text)
    folded = lex.fold(name)
    score = SCORE.match(folded)
    if score and "number" in _types(spec):
        polarity = {"positif": "positive", "negatif": "negative", "neutre": "neutral"}.get(score.group(1),
                                                                                            score.group(1))
        return _analysis.sentiment(given)[polarity]
    items = spec.get("items") if isinstance(spec.get("items"), dict) else {}
    item_props = items.get("properties") if isinstance(items.get("properties"), dict) else {}
    if "array" in _types(spec) and {"name", "type"} <= set(item_props) and "entit" in folded + lex.fold(
            str(spec.get("description", ""))):
        found = _analysis.entities(given)
        return [{k: e[k] for k in item_props if k in e} for e in found] if found else None
    if "array" in _types(spec) and {"name", "score"} <= set(item_props):
        labels = _analysis.labels_named(text)
        return _analysis.categories(given, labels) if labels else None
    return None


def fill(tool: dict, ctx: Context, *, forced: bool = False, lang: str = "fr") -> Filled:
    """An input for `tool`: required properties always present (or reported missing), valid JSON schema."""
    props = properties(tool)
    needed = required(tool)
    operands = list(ctx.numbers) if ctx.numbers else rd.operands(ctx.facts.latest)
    pairs = roles(tool)
    out: dict = {}
    schema = schema_of(tool)
    if not props and schema.get("additionalProperties") not in (None, False):
        # An open object (« any number of inputs, the key is the characteristic's name »): what the given text says.
        given = _analysis.given_text(ctx.facts.latest)
        out = _analysis.attributes(given, rd.language(given))
    for name, spec in props.items():
        spec = spec if isinstance(spec, dict) else {}
        reading = _analysed(name, spec, ctx.facts.latest)
        if reading is not None:
            out[name] = reading
            continue
        types = _types(spec)
        if "array" in types and isinstance((spec.get("items") or {}).get("properties"), dict):
            found = _labelled_objects(spec["items"], ctx, lang, forced)
            if found or name in needed:
                out[name] = found
            continue
        if "array" in types:
            items = spec.get("items") if isinstance(spec.get("items"), dict) else {}
            said = _mentions.listed(name, ctx.facts.latest) if "string" in _types(items) else []
            if said:
                out[name] = [_typed(v, items) for v in said]
                continue
            values = (rd.places(ctx.facts.latest) or rd.identifiers(ctx.facts.latest) or rd.quoted(ctx.facts.latest)
                      if "string" in _types(items) else operands)
            if values or name in needed:
                out[name] = [_typed(v, items) for v in values]
            continue
        if "object" in types and isinstance(spec.get("properties"), dict):
            nested = _nested(name, spec, ctx, lang, forced and name in needed)
            if nested is not None:
                out[name] = nested
            continue
        role, paired, pair_kind = pairs.get(name, (None, False, None))
        value = _typed(_scalar(name, spec, ctx, operands, name in needed, role, paired, pair_kind), spec)
        if value is None and "enum" in spec and name in needed and ("default" in spec or kind_of(name, spec) == "unit"):
            value = spec.get("default", spec["enum"][0])
        if value is None and "boolean" in types and name in needed:
            value = bool(spec.get("default", False))
        if value is None and "default" in spec and name in needed:
            value = spec["default"]
        if value is None and name in needed and "string" in types and kind_of(name, spec) in ("other", "item"):
            value = _mentions.object_of(ctx.facts.latest, _subject(tool))    # get_recipe(dish): « recette de X »
        if value is not None:
            out[name] = value
    _one_slot_per_quote(out, ctx.facts.latest)
    missing = [name for name in needed if name not in out]
    errors = list(validator(schema_of(tool)).iter_errors(out))
    for error in errors:
        bad = error.path[0] if error.path else None
        if isinstance(bad, str) and bad in out:
            del out[bad]
            if bad in needed and bad not in missing:
                missing.append(bad)
    if forced:
        for name in missing:
            out[name] = fallback(props.get(name) if isinstance(props.get(name), dict) else {}, ctx.facts.latest, lang)
        missing = []
        for error in validator(schema_of(tool)).iter_errors(out):
            bad = error.path[0] if error.path else None       # only the field at fault takes its fallback
            if isinstance(bad, str) and isinstance(props.get(bad), dict):
                out[bad] = fallback(props[bad], ctx.facts.latest, lang)
        if list(validator(schema_of(tool)).iter_errors(out)):
            out = {n: fallback(props.get(n) if isinstance(props.get(n), dict) else {}, ctx.facts.latest, lang)
                   for n in needed}
    return Filled(out, missing)


def assign(tool: dict, facts: dict) -> dict:
    """An input for `tool` from facts a scenario holds under its own names (email, customer_id, amount…): each
    parameter takes the fact its name means — the same name, a synonym of one of its words (data: FIELD_SYNONYMS,
    « montant » for amount, « courriel » for email), or a name its words are part of (code → verification_code)."""
    given = {k: v for k, v in facts.items() if v is not None}
    out = {}
    for prop, spec in properties(tool).items():
        spec = spec if isinstance(spec, dict) else {}
        name = next((f for f in given if f == prop), None) or _same_field(prop, given)
        if name is None:
            continue
        value = given[name]
        if "string" in _types(spec) and isinstance(value, (dict, list)):
            value = json.dumps(value, ensure_ascii=False)
        out[prop] = _typed(value, spec)
    return out


def _field_words(name: str) -> set[str]:
    words = set(lex.words(name))
    for group in lex.FIELD_SYNONYMS:
        if words & set(group):
            words |= {"=" + group[0]}
    return words - {"id", "ids", "number", "numero", "no", "de", "du", "of"}


def _same_field(prop: str, facts: dict) -> str | None:
    mine = _field_words(prop)
    synonyms = {w for w in mine if w.startswith("=")}
    for fact in facts:                       # a synonym of one of its words: courriel / email, client_id / customer_id
        if synonyms & _field_words(fact):
            return fact
    words = set(lex.words(prop))
    for fact in facts:                       # a name its words are part of: id → order_id, code → verification_code
        if words and words <= set(lex.words(fact)):
            return fact
    return None


def main_property(tool: dict) -> tuple[str, str] | None:
    """The property that names *what* the call is about (a place, an id, a person), for one call per entity."""
    props = properties(tool)
    order = required(tool) + [p for p in props if p not in required(tool)]
    pairs = roles(tool)
    for name in order:
        spec = props.get(name) if isinstance(props.get(name), dict) else {}
        if "string" not in _types(spec) or "enum" in spec or pairs.get(name, (None, False, None))[1]:
            continue                # one end of a pair (origin / destination) is not « the » entity
        kind = kind_of(name, spec)
        if kind in ("place", "id", "person", "email", "ticker", "item", "url", "other"):
            return name, kind
    return None


def _enum_entities(tool: dict, text: str) -> list[tuple[str, str]]:
    """Several values of one enum the request names (« à Lille, Lyon et Marseille » for warehouse ∈ {Lille, Lyon,
    Marseille}): one call each. Not the two ends of a pair (from_currency / to_currency)."""
    pairs = roles(tool)
    for name, spec in properties(tool).items():
        if not isinstance(spec, dict) or not isinstance(spec.get("enum"), list) or pairs.get(name, (0, False))[1]:
            continue
        values = tuple(v for v in spec["enum"] if isinstance(v, str))
        named = list(dict.fromkeys(code for code, _cue in rd.coded_mentions(text, values))) if values else []
        if len(named) >= 2:
            return [(name, v) for v in named]
    return []


def entities(tool: dict, facts: rd.Facts) -> list[tuple[str, str]]:
    """(property, value) for each independent entity of the latest request the tool should be called on."""
    found = _main_entities(tool, facts)
    if len(found) < 2:
        return _enum_entities(tool, facts.latest) or found
    return found


def _main_entities(tool: dict, facts: rd.Facts) -> list[tuple[str, str]]:
    main = main_property(tool)
    if main is None:
        return []
    name, kind = main
    latest = facts.latest
    if kind == "id":
        values = rd.identifiers(latest) or [str(n) for n in rd.cued_numbers(latest) or _owned_numbers(name, latest)]
        others = list(properties(tool))       # « client C-1042 … commande ORD-1234 »: the order is not a customer
        values = [v for v in values if not _mentions.cued_elsewhere(name, v, latest, others)]
    elif kind == "email":
        values = rd.emails(latest)
    elif kind == "place":
        values = rd.place_names(latest)
    elif kind == "ticker":
        values = tickers(latest)
    elif kind == "item":
        values = rd.things(latest)
    elif kind == "url":
        values = rd.addresses(latest)
    else:
        values = rd.places(latest)
    return [(name, v) for v in values]
