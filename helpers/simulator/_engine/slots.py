"""Slots: what each property of a tool's input schema wants — its JSON type first, then the kinds of value its
format, pattern, name and description call for (the recognisers say which names they answer to).

`slots(tool)` resolves local `$ref`s and `anyOf`/`X | None`, and gives nested slots for objects and arrays.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache

from . import _lexicon as lex
from .recognisers import REGISTRY, fold, name_words, stem

# Kinds a JSON type accepts, with how well (the assignment's gate).
TYPE_KINDS = {
    "integer": {"number": 1.0, "money": 0.9, "percent": 0.8, "code": 0.2, "duration": 0.9},
    "number": {"number": 1.0, "money": 1.0, "percent": 1.0, "code": 0.1, "duration": 0.9},
    "string": {"name": 0.9, "quoted": 1.0, "tail": 0.3, "ticker": 0.5, "alias": 0.0, "labelled": 0.0, "code": 0.8, "email": 0.8, "url": 0.8, "date": 0.7, "time": 0.7,
               "phone": 0.8, "iban": 0.8, "expression": 0.5, "number": 0.3, "money": 0.3, "percent": 0.2,
               "phrase": 0.4, "language": 0.7, "datetime": 0.8, "duration": 0.2},
    "boolean": {},
}
PLAIN_STRING = {**TYPE_KINDS["string"], "name": 0.6, "phrase": 0.5}
CODED_SLOTS = frozenset(stem(w) for w in ("currency", "devise", "unit", "unite", "scale", "echelle", "lang", "language",
                                          "langue", "frequency", "frequence", "periodicity", "recurrence"))
CODED_STRING = {**TYPE_KINDS["string"], "alias": 1.0}
FORMATTED = frozenset({"email", "url", "iban", "phone"})
ROLE_WORDS = frozenset({"from", "to", "source", "target", "de", "vers", "src", "dst", "base", "quote"})
EXPRESSION_STRING = {"expression": 1.0, "quoted": 0.8}
WHEN_WORDS = frozenset(stem(w) for w in ("date", "day", "jour", "time", "heure", "when", "quand", "datetime",
                                          "timestamp", "deadline", "echeance", "birthday", "dob"))
DATE_STRING = {"date": 1.0, "datetime": 1.0, "time": 1.0, "quoted": 0.6, "code": 0.3, "number": 0.3, "duration": 0.2,
               "period": 0.8}
NAME_STRING = {"name": 1.0, "quoted": 0.9, "code": 0.4, "ticker": 0.5, "tail": 0.3, "language": 0.3}
CODE_STRING = {**TYPE_KINDS["string"], "code": 1.0, "number": 0.8, "name": 0.3, "phrase": 0.0}
# Slots that take a sentence (a title, a message, a query): what follows a colon is theirs first.
SENTENCE_SLOTS = frozenset(stem(w) for w in {"title", "titre", "subject", "sujet", "summary", "resume", "message", "body", "corps",
                            "description", "text", "texte", "content", "contenu", "note", "comment", "query", "question",
                            "prompt", "objet", "issue", "reason", "raison", "motif", "topic", "keywords", "terms", "search"})
# Words of a property that say nothing of what it wants (« the number of… », an id's « id »).
PLAIN = frozenset({"the", "of", "a", "an", "to", "for", "in", "is", "be", "and", "or", "which", "that", "this", "value",
                   "specified", "default", "given", "provided", "optional", "required", "le", "la", "les", "de", "du",
                   "des", "un", "une", "en", "et", "ou", "pour"})


@dataclass(frozen=True)
class Slot:
    path: str
    name: str
    type: str                      # integer, number, string, boolean, array, object
    required: bool
    words: frozenset[str]          # stems of the name
    described: frozenset[str]      # stems of the description's content words
    kinds: tuple[str, ...]         # specific kinds asked by format / pattern / name (email, date, code…)
    enum: tuple = ()
    default: object = None
    has_default: bool = False
    minimum: float | None = None
    maximum: float | None = None
    items: "Slot | None" = None
    children: tuple["Slot", ...] = ()
    examples: tuple[str, ...] = field(default=())     # values the description gives as examples (« such as villa »)
    description: str = ""

    @property
    def gate(self) -> dict[str, float]:
        if self.type == "string" and set(self.kinds) & FORMATTED:
            return {k: 1.0 for k in self.kinds if k in FORMATTED} | {"quoted": 0.3}   # an e-mail, not a name
        if self.type == "string" and (self.words & CODED_SLOTS or set(name_words(self.name)) <= ROLE_WORDS):
            return CODED_STRING           # a currency, a unit: the code the words name (« euros » EUR), also for a
            #                               bare « from » / « to » (a city there is a name: no code is said)
        if self.type == "string" and {"date", "time", "datetime"} & set(self.kinds) and \
                not {"name", "code"} & set(self.kinds) and self.words & WHEN_WORDS:
            return DATE_STRING            # a day or an hour, not a city (« near Berlin and Paris next Friday »)
        if self.type == "string" and "expression" in self.kinds:
            return EXPRESSION_STRING      # a formula, nothing else
        if self.type == "string" and "name" in self.kinds and not set(self.kinds) - {"name", "code"}:
            return NAME_STRING            # a city, a person, a company: a proper name, not a date or a number
        if self.type == "string" and "code" in self.kinds and "name" not in self.kinds:
            return CODE_STRING            # a train number, a serial: digits and codes, not a name
        if self.type == "string" and "name" not in self.kinds:
            return PLAIN_STRING           # a genre, a topic, a type: a proper name is not what it wants first
        return TYPE_KINDS.get(self.type, {})

    @property
    def words5(self) -> frozenset[str]:
        return frozenset(w[:5] for w in self.words if len(w) >= 5)

    @property
    def sentence(self) -> bool:
        return self.type == "string" and bool(self.words & SENTENCE_SLOTS)

    @property
    def meaning(self) -> frozenset[str]:
        return self.words | self.described

    def measures(self, code: str) -> bool:
        """A unit property takes a unit of the quantity its description's units measure ("Default is 'cm'": any
        length); not of a compound unit (km/h, kg/m³) nor of units of several quantities."""
        own = _quantity(self.description)
        return own is not None and QUANTITY_OF.get(code) == own


QUANTITY_OF = {code: quantity for quantity, codes in lex.UNIT_DIMENSIONS.items() for code in codes}


@lru_cache(maxsize=1024)
def _quantity(description: str) -> str | None:
    from .recognisers.values import alias_codes
    if "/" in description:
        return None
    said = {QUANTITY_OF.get(c) for w in name_words(description) for c in (alias_codes(w) or (w,))} - {None}
    return next(iter(said)) if len(said) == 1 else None


def _types(spec: dict) -> list[str]:
    kind = spec.get("type")
    kinds = kind if isinstance(kind, list) else [kind] if kind else []
    for option in spec.get("anyOf") or spec.get("oneOf") or []:
        if isinstance(option, dict) and option.get("type"):
            kinds += option["type"] if isinstance(option["type"], list) else [option["type"]]
    kinds = [k for k in kinds if k != "null"]
    if not kinds and "enum" in spec:
        kinds = ["string" if all(isinstance(v, str) for v in spec["enum"]) else "integer"]
    if not kinds and "properties" in spec:
        kinds = ["object"]
    return kinds or ["string"]


def inline(node: object, defs: dict, depth: int = 0) -> object:
    """A schema with its local `$ref`s replaced by their definitions (pydantic's `$defs`)."""
    if depth > 12:
        return {}
    if isinstance(node, list):
        return [inline(n, defs, depth + 1) for n in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        target = defs.get(ref.rsplit("/", 1)[-1], {})
        return inline({**target, **{k: v for k, v in node.items() if k != "$ref"}}, defs, depth + 1)
    out = {k: inline(v, defs, depth + 1) for k, v in node.items() if k not in ("$defs", "definitions")}
    options = [o for o in out.get("anyOf") or [] if isinstance(o, dict) and o.get("type") != "null"]
    if len(options) == 1 and "type" not in out:
        out = {**options[0], **{k: v for k, v in out.items() if k != "anyOf"}}
    return out


def schema_of(tool: dict) -> dict:
    schema = tool.get("input_schema") if isinstance(tool, dict) else None
    schema = schema if isinstance(schema, dict) else {}
    defs = {**(schema.get("definitions") or {}), **(schema.get("$defs") or {})}
    return inline(schema, defs) if defs or "$ref" in json.dumps(schema) else schema


def _meaningful(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in name_words(text) if len(w) >= 2 and w not in PLAIN and w not in lex.STOP_WORDS)


def _examples(description: str) -> tuple[str, ...]:
    """The values a description lists as examples: « such as villa, condo, apartment », « e.g. Paris », « ex. : en »,
    or gives in quotes ("('Celsius' or 'Fahrenheit')"), folded; `example()` gives the first as written."""
    from .recognisers import alone
    quoted = tuple(fold(str(v)) for v in alone("quoted", description) if 0 < len(str(v)) <= 24 and
                   len(name_words(str(v))) <= 3)
    return tuple(dict.fromkeys(quoted + _listed(description)))


def _listed(description: str) -> tuple[str, ...]:
    words = [w for w in name_words(description)]
    for cue in (("such", "as"), ("e", "g"), ("eg",), ("ex",), ("like",), ("par", "exemple"), ("for", "example"),
                ("for", "instance"), ("example",), ("exemple",), ("including",), ("allowed", "values"),
                ("possible", "values"), ("one", "of"), ("either",), ("options",), ("choices",),
                ("valeurs", "possibles"), ("au", "choix")):
        for i in range(len(words) - len(cue) + 1):
            if tuple(words[i:i + len(cue)]) == cue:
                return tuple(w for w in words[i + len(cue):i + len(cue) + 6] if w not in PLAIN and w != "etc")
    return ()


def example(s: "Slot") -> str | None:
    """The first example of the slot's description, as written (« e.g. Paris » → Paris)."""
    from .recognisers import tokens
    for t in tokens(s.description):
        if t.norm in s.examples:
            return t.text
    return None


def _kinds(name: str, spec: dict, description: str) -> tuple[str, ...]:
    own = set(name_words(name))
    fmt, pattern = spec.get("format"), spec.get("pattern")
    found = [r.kind for r in REGISTRY if r.wanted_by(own, fmt, pattern)]
    if not found:           # the description names the kind when the name does not (« the e-mail of the recipient »)
        said = set(name_words(description)[:6])
        found = [r.kind for r in REGISTRY if r.kind in ("email", "url", "date", "time", "phone", "expression", "code")
                 and r.wanted_by(said, None, None)]
    return tuple(found)


def slot(path: str, name: str, spec: dict, required: bool) -> Slot:
    spec = spec if isinstance(spec, dict) else {}
    kinds = _types(spec)
    kind = "number" if kinds == ["integer", "number"] else kinds[0]
    description = str(spec.get("description") or spec.get("title") or "")
    items = None
    children: tuple[Slot, ...] = ()
    if kind == "array" and isinstance(spec.get("items"), dict):
        items = slot(path + "[]", name, spec["items"], True)
    if kind == "object" or "properties" in spec:
        needed = set(spec.get("required") or [])
        children = tuple(slot(f"{path}.{k}", k, v, k in needed) for k, v in (spec.get("properties") or {}).items())
    return Slot(path=path, name=name, type=kind, required=required,
                words=frozenset(stem(w.rstrip("0123456789") or w) for w in name_words(name) if w not in PLAIN) |
                frozenset(stem(w) for w in name_words(name) if w not in PLAIN),
                described=_meaningful(description), kinds=_kinds(name, spec, description),
                enum=tuple(spec.get("enum") or ()), default=spec.get("default"), has_default="default" in spec,
                minimum=spec.get("minimum"), maximum=spec.get("maximum"), items=items, children=children,
                examples=_examples(description), description=description)


@lru_cache(maxsize=512)
def _slots(schema_json: str) -> tuple[Slot, ...]:
    schema = json.loads(schema_json)
    needed = set(schema.get("required") or [])
    return tuple(slot(k, k, v, k in needed) for k, v in (schema.get("properties") or {}).items())


_BY_ID: dict[int, tuple[dict, tuple[Slot, ...]]] = {}


def slots(tool: dict) -> tuple[Slot, ...]:
    """The slots of a tool's schema (kept per tool object: a request reads its tools many times)."""
    kept = _BY_ID.get(id(tool))
    if kept is not None and kept[0] is tool:
        return kept[1]
    found = _slots(json.dumps(schema_of(tool), default=str))      # its properties in their order
    if len(_BY_ID) > 1024:
        _BY_ID.clear()
    _BY_ID[id(tool)] = (tool, found)
    return found


@lru_cache(maxsize=256)
def _validator(schema_json: str):
    import jsonschema
    schema = json.loads(schema_json)
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema)


def validator(schema: dict):
    """A jsonschema validator for `schema` (kept per schema)."""
    return _validator(json.dumps(schema, sort_keys=True, default=str))
