"""Choosing tools from meaning: the request against each tool's name, description and parameters.

A tool scores by the concepts it shares with the request (the synonym table: « météo » and
"weather" are one concept) and by shared meaningful words. Its name counts most, then its
description, then its parameters. No tool above the threshold: the model answers in text.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

from . import _lexicon as lex, _mentions, _reading as rd

THRESHOLD = 2.0
# Words that ask to compute only next to two numbers (« plus », "more", "left": "tell me more" computes nothing).
AMBIGUOUS = frozenset({"plus", "total", "fois", "times", "moins", "minus", "produit", "product", "+", "-", "*", "/",
                       "×", "÷", "combien", "more", "another", "additional", "extra", "fewer", "less", "left", "reste"})
ARITHMETIC = frozenset({"sum", "product", "difference", "quotient", "calc"})


OPERATIONS = frozenset({"sum", "product", "difference", "quotient"})
# « combien de temps », "how long": a duration, not the weather (« temps »).
DURATION = re.compile(r"\b(?:en\s+)?combien de temps\b|\bhow long\b|\btemps de (?:trajet|parcours|route)\b", re.I)
NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


@lru_cache(maxsize=512)
def _profile(name: str, description: str, params: str) -> tuple[frozenset, frozenset, frozenset, frozenset]:
    short = name.rsplit("__", 1)[-1]           # mcp__server__tool → tool
    name_tokens, desc_tokens, param_tokens = lex.words(short), lex.words(description), lex.words(params)
    others = lex.concepts(desc_tokens) | lex.concepts(param_tokens)
    if (lex.concepts(name_tokens) | others) & OPERATIONS:
        others.add("calc")                     # an add / multiply tool is a tool to compute with
    return (frozenset(lex.concepts(name_tokens)), frozenset(others),
            frozenset(lex.meaningful(name_tokens)), frozenset(lex.meaningful(desc_tokens + param_tokens)))


@lru_cache(maxsize=512)
def _sentence_words(description: str) -> frozenset:
    return frozenset(lex.meaningful(lex.words(description)))


def profile(tool: dict) -> tuple[frozenset, frozenset, frozenset, frozenset]:
    schema = tool.get("input_schema") or {}
    props = schema.get("properties") or {} if isinstance(schema, dict) else {}
    params = " ".join(f"{k} {v.get('description', '')}" if isinstance(v, dict) else str(k) for k, v in props.items())
    return _profile(str(tool.get("name", "")), str(tool.get("description") or ""), params)


@lru_cache(maxsize=512)
def request_profile(text: str) -> tuple[frozenset, frozenset]:
    tokens = lex.words(DURATION.sub(" durée ", text))
    found = lex.concepts(tokens)
    text = rd.in_digits(text)                  # "four and 2 more" holds two numbers
    if not any(ch.isdigit() for ch in text):
        # « plus », « fois », "times" without numbers are just words; « additionne », "add" still ask to compute.
        found = lex.concepts([t for t in tokens if t not in AMBIGUOUS])
    elif len(NUMBER.findall(text)) < 2:
        # « combien de commandes depuis 2023 ? » asks to count, not to compute: one number is no operation.
        found = lex.concepts([t for t in tokens if t != "combien"])
    if found & OPERATIONS:
        found.add("calc")
    return frozenset(found), frozenset(lex.meaningful(tokens))


@lru_cache(maxsize=4096)
def _cognates(said: frozenset, words: frozenset) -> int:
    """Request words that share a long beginning with a tool word without being it (« qualité » / "quality",
    « statut » / "status"): French and English cognates."""
    return sum(1 for r in said - words if len(r) >= 5 and any(len(w) >= 5 and w[:5] == r[:5] for w in words))


@lru_cache(maxsize=512)
def _telling_pattern(pattern: str) -> re.Pattern | None:
    """A parameter's `pattern` that says something (« ^ORD-[0-9]+$ », "^INV-\\d{4}"), unanchored; None for
    patterns any text would match."""
    literal = re.sub(r"\\.|\[[^\]]*\]|\{[^}]*\}", "", pattern)
    if not re.search(r"[A-Za-z]{2}", literal):
        return None
    try:
        return re.compile(pattern.lstrip("^").rstrip("$"))
    except re.error:
        return None


def _fits_a_value(tool: dict, text: str) -> bool:
    """The request holds a value one of the tool's parameters is made for: a match of its `pattern`
    (INV-2024-001 for ^INV-…), or a company the lexicon knows for a ticker parameter."""
    schema = tool.get("input_schema") if isinstance(tool.get("input_schema"), dict) else {}
    props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    for name, spec in props.items():
        pattern = _telling_pattern(spec["pattern"]) if isinstance(spec, dict) and isinstance(
            spec.get("pattern"), str) else None
        if pattern and any(len(m.group(0)) >= 4 for m in pattern.finditer(text)):
            return True
        if lex.fold(str(name)) in lex.PROPERTY_KINDS["ticker"] and set(lex.words(text)) & lex.TICKERS.keys():
            return True
    return False


def _enum_values_named(tool: dict, text: str) -> set:
    """The values of the tool's enums the request names, directly or in words (« livres en kilos » → lb, kg;
    « à Lille et à Lyon » → Lille, Lyon): two of them say the tool is made for this request."""
    schema = tool.get("input_schema") if isinstance(tool.get("input_schema"), dict) else {}
    props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    values = tuple(dict.fromkeys(v for spec in props.values() if isinstance(spec, dict)
                                 and isinstance(spec.get("enum"), list) for v in spec["enum"] if isinstance(v, str)))
    return {code for code, _cue in rd.coded_mentions(text, values)} if values else set()


def score(tool: dict, text: str, sentence: bool = False) -> float:
    """How relevant a tool is: shared concepts (name 3, elsewhere 2), shared words (name 2, elsewhere 0.5),
    cognates (name 1), and a value of the request that fits one of its patterns (2.5). `sentence` (only to find a
    tool when none stands out otherwise): words shared with the description count double, and two values of its
    enums named by the request count 2.5."""
    asked, said = request_profile(text)
    name_concepts, other_concepts, name_words, other_words = profile(tool)
    tool_ops = (name_concepts | other_concepts) & OPERATIONS
    if tool_ops and asked & OPERATIONS and not (asked & tool_ops) and not (name_concepts | other_concepts) - (
            OPERATIONS | {"calc"}):
        return 0.0                             # a multiply tool for « 17 + 25 »: the model adds by itself
    points = 3.0 * len(asked & name_concepts) + 2.0 * len(asked & (other_concepts - name_concepts))
    points += 2.0 * len(said & name_words) + 0.5 * len(said & (other_words - name_words))
    if sentence:
        # The tool's own sentence weighs more than its parameters' notes: « Prolonge mon emprunt » and « Prolonge
        # un emprunt de livre » say the same thing, whatever the tool's English name.
        points += 0.5 * len(said & (_sentence_words(str(tool.get("description") or "")) - name_words))
        if len(_enum_values_named(tool, text)) >= 2:
            points += 2.5                      # « 12 livres en kilos » for units ∈ {kg, lb…}: made for it
    points += 1.0 * _cognates(said, name_words)
    if _fits_a_value(tool, text) or _all_stated(tool, text):
        points += 2.5
    if points < THRESHOLD and _names_a_pair(tool, text):
        points += 2.5                          # no word of the tool, but the two ends it converts between
    return points


def _names_a_pair(tool: dict, text: str) -> bool:
    """The tool converts between two ends (from_unit / to_unit, source / target currency) and the request names
    two units or two currencies: "How many kilometers is 26.2 miles?" is a conversion, said without « convert »."""
    from . import _filling
    pairs = [role for role, paired, _kind in _filling.roles(tool).values() if paired]
    if not ({"from", "to"} <= set(pairs)):
        return False
    units = {code for code, _ in rd.coded_mentions(text, _filling.UNIT_CODES)}
    currencies = {code for code, _ in rd.coded_mentions(text, lex.CURRENCY_CODES)}
    return len(units) >= 2 or len(currencies) >= 2


def _all_stated(tool: dict, text: str) -> bool:
    """Every required parameter is a value the request states under its name ("My username is jenny76")."""
    schema = tool.get("input_schema") if isinstance(tool.get("input_schema"), dict) else {}
    needed = [n for n in schema.get("required") or [] if isinstance(n, str)]
    return bool(needed) and all(_mentions.for_parameter(n, "other", text) is not None for n in needed)


def ranked(tools: dict[str, dict], text: str) -> list[tuple[float, str]]:
    """(score, name) of every tool, best first; ties keep the order the tools were given in."""
    scored = [(score(tool, text), index, name) for index, (name, tool) in enumerate(tools.items())]
    return [(s, name) for s, _, name in sorted(scored, key=lambda x: (-x[0], x[1]))]


def relevant(tools: dict[str, dict], text: str) -> list[str]:
    """The tools worth calling for this request, best first: above the threshold and close to the best."""
    order = ranked(tools, text)
    if order and order[0][0] < THRESHOLD:
        # Nothing stands out by name or concept: the tool whose description says what the request says, if one.
        closest = max(((score(tool, text, sentence=True), -i, name) for i, (name, tool) in enumerate(tools.items())))
        return [closest[2]] if closest[0] >= THRESHOLD else []
    if not order:
        return []
    best = order[0][0]
    asked, said = request_profile(text)
    chosen = []
    for s, name in order:
        if s < THRESHOLD:
            continue
        name_concepts, _, name_words, _ = profile(tools[name])
        by_name = bool(asked & name_concepts or said & name_words)
        if not chosen or (s >= best * 0.6 and by_name) or ("calc" in asked and is_arithmetic(tools[name])):
            chosen.append(name)
    return [n for n in chosen if not writes(tools[n]) or asks_for_action(tools[n], text)]


def writes(tool: dict) -> str | None:
    """The action verb of a tool that changes something (cancel_order, crm_add_note, send_email), else None."""
    if is_arithmetic(tool):
        return None                            # add(a, b) computes: nothing changes
    words = lex.words(str(tool.get("name", "")).rsplit("__", 1)[-1])
    if len(words) > 1 and len(words[0]) <= 3 and words[0] not in lex.WRITE_VERBS:
        words = words[1:]                      # crm_add_note, api_send_…: a prefix, then the verb
    return words[0] if words and words[0] in lex.WRITE_VERBS else None


def asks_for_action(tool: dict, text: str) -> bool:
    """The request asks for what the tool does: its verb, a word of the same concept (« annule » for cancel,
    « remboursement » for refund), or the same stem (« ajoute » / add is the sum concept: stems decide)."""
    verb = writes(tool)
    if verb is None:
        return True
    tokens = lex.words(text)
    concepts = lex.concepts([verb]) - {"sum"}
    if concepts & lex.concepts(tokens):
        return True
    stem = lex.stem(verb)
    return any(lex.stem(t) == stem or (len(t) >= 5 and t[:5] == verb[:5]) for t in tokens) or any(
        lex.stem(t) == lex.stem(w) for t in tokens for w in lex.SAME_ACTION.get(verb, ()))


def meaning(tool: dict) -> frozenset:
    """Stems and concepts of a tool's name and description (what it is about)."""
    name_concepts, other_concepts, name_words, _ = profile(tool)
    return name_concepts | other_concepts | name_words | _sentence_words(str(tool.get("description") or ""))


def is_arithmetic(tool: dict) -> bool:
    """A tool to compute with: arithmetic words, and nothing but numbers (or an expression) to give it. « Calcule
    le tarif de stationnement » with a zone is a lookup that computes, not a calculator."""
    name_concepts, other_concepts, _, _ = profile(tool)
    if not (name_concepts | other_concepts) & ARITHMETIC or name_concepts - ARITHMETIC:
        return False
    schema = tool.get("input_schema") if isinstance(tool.get("input_schema"), dict) else {}
    props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    return not any(_wants_words(name, spec) for name, spec in props.items())


def _wants_words(name: str, spec: object) -> bool:
    """A parameter that takes words, not a number or an expression: a zone, a city, an enum of names."""
    if not isinstance(spec, dict):
        return False
    kind = spec.get("type")
    kinds = set(kind) if isinstance(kind, list) else {kind} if kind else set()
    words_enum = isinstance(spec.get("enum"), list) and any(isinstance(v, str) for v in spec["enum"])
    return (words_enum or "string" in kinds) and lex.fold(str(name)) not in lex.PROPERTY_KINDS["expression"]


def searchers(tools: dict[str, dict]) -> list[str]:
    """Tools made to find information from a free-text query (search in their name, every required parameter a
    query or a text): what a model with no knowledge of its own calls for a question about the world."""
    from . import _filling
    out = []
    for name, tool in tools.items():
        if "search" not in profile(tool)[0] or writes(tool):
            continue
        props = _filling.properties(tool)
        needed = _filling.required(tool) or list(props)[:1]
        if needed and all(isinstance(props.get(n), dict) and _filling.kind_of(n, props[n]) == "text" for n in needed):
            out.append(name)
    return out


def is_lookup(tool: dict) -> bool:
    name_concepts, other_concepts, _, _ = profile(tool)
    return "search" in name_concepts or "population" in (name_concepts | other_concepts)


def describe(tool: dict) -> str:
    return json.dumps(tool.get("name"))
