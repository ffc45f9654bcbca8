"""The form a request asks its answer in (JSON and its keys, tags, a verdict's options, a word limit, a rounding, the
opening words), read from its words (data/form.toml [cues]); the tasks it lists and the passage it gives to summarise."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..._words import words
from .text import given_text, sentences

TAG = re.compile(r"<([A-Za-z_][\w\-]*)>")
WORD_LIMIT = re.compile(r"(?:in|under|at most|no more than|within|maximum of|fewer than)\s+(\d+)\s+words|"
                        r"en\s+(\d+)\s+mots|(\d+)\s+mots\s+maximum|moins de\s+(\d+)\s+mots", re.I)
FALLBACK = re.compile(r"(?:if you (?:cannot|can't|are unable to)|if unable|si (?:tu ne peux|vous ne pouvez) pas)"
                      r"[^.\n]*?(?:return|answer|respond|output|write|renvoie|réponds|répondez)\s+(?:with\s+)?"
                      r"<(\w+)>([^<\n]+)</\1>", re.I)
OPTIONS = re.compile(r"(?:options?|categories|catégories|choices|choix|one of|parmi|can be|peuvent être|among)"
                     r"\s*(?:are|sont|:)?\s*(\[[^\]\n]+\]|[^.\n]+)", re.I)
KEYS_LIST = r"((?:[`\"'«]?\s*[A-Za-z_][\w\-]*\s*[`\"'»]?)(?:\s*(?:,|and|et|&|ou|or)\s*[`\"'«]?\s*[A-Za-z_][\w\-]*" \
            r"\s*[`\"'»]?)+)"
DECIMALS = re.compile(r"(?:round(?:ed)?|arrondi[es]*)\s+(?:\w+\s+){0,2}?(?:to|à)\s+(\d+|one|two|three|une|deux|trois)\s+"
                      r"(?:decimal|décimale)", re.I)
RESULT = re.compile(r"=\s*(-?[\d\u202f\u00a0,.]+(?:e[-+]?\d+)?)\s*\.?\s*$")
# « Always start with "Billing Support Response:" », « Commence par « Bonjour » »: the words the answer opens with.
LEAD = re.compile(r"(?:start|begin|open)(?:s|ing)?\s+(?:(?:your|each|the|every)\s+(?:response|answer|reply|message)\s+)?"
                  r"with\s*[\"“«]\s*([^\"”»\n]{2,80}?)\s*[\"”»]|"
                  r"(?:commence|commencez|débute|débutez)(?:r)?\s+(?:toujours\s+)?(?:(?:ta|votre|chaque)\s+(?:réponse|message)\s+)?"
                  r"par\s*[\"“«]\s*([^\"”»\n]{2,80}?)\s*[\"”»]", re.I)
JSON_ASKED = re.compile(r"(?:give|return|respond|answer|output|reply|format|provide|write|as|in|en|au format|"
                        r"renvoie|réponds|donne|produis)\b[^.\n]{0,40}\bjson\b|\bjson\s+(?:dict|object|objet|only|"
                        r"uniquement|format)", re.I)
SUMMARY_ASKED = re.compile(r"(?i)\b(?:summar\w*|résum\w*|synthès\w*|synthétis\w*)\b[^.\n]{0,40}\b(?:text|texte|article|"
                           r"document|passage|report|rapport|following|suivant)")


def has_any(text: str, entries: list[str]) -> bool:
    """Whether the text says one of the entries as a whole word (« en une phrase », "as a bulleted list")."""
    return bool(_alternation(tuple(entries)).search(text.lower()))


@lru_cache(maxsize=64)
def _alternation(entries: tuple[str, ...]) -> re.Pattern:
    """One pattern for a list of words (each a whole word): read once, not once per word and per request."""
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(e) for e in sorted(entries, key=len, reverse=True)) + r")(?!\w)")


def named_keys(text: str, cues: list[str]) -> list[str]:
    """The keys a JSON answer must have (« avec les clés nom et âge », « la clé ml », "fields: name, age", {"a": …})."""
    keys: list[str] = []
    for word in cues:
        for m in re.finditer(r"(?<!\w)" + re.escape(word) + r"\s*(?:named|called|nommées?|:|«)?\s*" + KEYS_LIST,
                             text, re.I):
            found = re.findall(r"[A-Za-z_][\w\-]*", m.group(1))
            keys += [k for k in found if k.lower() not in ("and", "et", "ou", "or")]
    for word in ("key", "field", "clé", "cle", "champ"):
        for m in re.finditer(r"(?<!\w)" + word + r"(?!\w)\s*(?:named|called|nommée?|:|«)?\s*[`\"'«]?\s*([A-Za-z_][\w\-]*)",
                             text, re.I):
            if not keys and m.group(1).lower() not in ("and", "et", "ou", "or", "de", "of"):
                keys.append(m.group(1))
    for m in re.finditer(r"\{[^{}]{3,400}\}", text):
        keys += re.findall(r"\"([A-Za-z_][\w\-]*)\"\s*:", m.group(0))
    return list(dict.fromkeys(keys))


def options(text: str, template: str) -> list[str]:
    """The words a verdict is chosen among (a template « PASS | FAIL », « parmi : oui, non », "one of: A, B")."""
    source = template if re.search(r",|\bor\b|\bou\b|/|\|", template) else ""
    if not source:
        m = OPTIONS.search(text)
        source = m.group(1) if m else ""
    found = re.findall(r"[A-Za-zÀ-ÿ_][\wÀ-ÿ\-]*", source)
    stop = {"or", "ou", "and", "et", "the", "le", "la", "les", "a", "an", "un", "une", "one", "of", "these", "ces"}
    return list(dict.fromkeys(w for w in found if w.lower() not in stop))[:12]


def marked_input(text: str) -> str:
    """What follows the last « Input: / Texte : / Ticket : » line, else the passage the text gives (a tagged one)."""
    marked = re.split(r"\n\s*(?:input|entrée|text|texte|ticket|message)\s*:", text, flags=re.I)
    return marked[-1] if len(marked) > 1 else given_text(text)


def tasks(text: str, template: str) -> str:
    """The tasks a request lists, one item each (« réserve, paie puis confirme », "book, pay and then confirm")."""
    if TAG.search(template):
        return template                                    # the prompt's own items: the model follows its example
    latest = text.rsplit("\n", 1)[-1]
    parts = [p.strip(" .") for p in re.split(r",|;|\band\b|\bet\b|\bthen\b|\bpuis\b", latest) if len(p.strip()) > 3]
    return "\n".join(f"- {p}" for p in parts[:5]) or f"- {latest.strip()}"


def given_summary(text: str, count: int = 2) -> str:
    """The first sentences of the longest passage the prompt gives to read (a tagged document, else a paragraph)."""
    passages = [m.group(2) for m in re.finditer(r"<(\w+)>(.{200,}?)</\1>", text, re.S)] or (
        [p for p in re.split(r"\n\s*\n", text) if len(p) > 200] if SUMMARY_ASKED.search(text) else [])
    # A long question is not a text given to summarise: a summary of *steps* with none taken says so.
    if not passages:
        return ""
    return " ".join(sentences(max(passages, key=len).strip())[:count])


@dataclass
class Form:
    lang: str = "fr"
    prefill: str = ""
    json: bool = False
    keys: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)          # the answer's tags, in the order the prompt gives them
    templates: dict[str, str] = field(default_factory=dict)  # what the prompt shows inside each tag
    fallback: dict[str, str] = field(default_factory=dict)   # « if you cannot…, return <tag>X</tag> »
    options: list[str] = field(default_factory=list)       # words a verdict is chosen among
    bare: bool = False
    sentence: bool = False
    word_limit: int | None = None
    bullets: bool = False
    revision: bool = False                                  # the request carries feedback on an earlier version
    text: str = ""                                          # the prompt's words (system + latest user text)
    options_positive: bool = False                          # the verdict options hold a pass (an evaluator)
    lead: str = ""                                          # the words the answer must open with
    decimals: int | None = None                             # « rounded to 2 decimal places »
    number_only: bool = False                               # « provide just the number »

    @property
    def shaped(self) -> bool:
        return bool(self.json or self.tags or self.prefill or self.bare or self.sentence or self.word_limit
                    or self.bullets or self.revision or self.lead or self.decimals is not None or self.number_only)


def format_tags(text: str) -> tuple[list[str], dict[str, str]]:
    """Tags the prompt names as the answer's form: a format cue shortly before their first mention, or right after
    another such tag (a template of several); a tag that wraps a long text (data given to read) is not one. Tags
    nested in another belong to their parent's template."""
    cues = words()["cues"]["format"]
    spans: list[tuple[int, int]] = []
    found: list[tuple[str, int, int, str]] = []
    for match in TAG.finditer(text):
        name = match.group(1)
        if any(n == name for n, *_ in found) or any(a < match.start() < b for a, b in spans):
            continue
        close = text.find(f"</{name}>", match.end())
        inside = text[match.end():close] if close >= 0 else ""
        if close >= 0:
            spans.append((match.end(), close))
        found.append((name, match.start(), close + len(name) + 3 if close >= 0 else match.end(), inside))
    named: list[str] = []
    templates: dict[str, str] = {}
    previous_end = None
    for name, start, end, inside in found:
        cued = has_any(text[max(0, start - 160):start], cues)
        if len(inside) > 400 and not cued:
            previous_end = None
            continue                                       # a document, an input: data, not form
        if len(inside) > 400:
            inside, end = "", start + len(name) + 2        # « wrapped in <response> tags »: named, not shown
        follows = previous_end is not None and len(text[previous_end:start].strip()) < 40
        if cued or follows:
            named.append(name)
            templates[name] = inside.strip()
            previous_end = end
        else:
            previous_end = None
    return named, templates


def read(system: str, latest: str, prefill: str, lang: str) -> Form:
    """The form the system prompt and the latest user text ask for (a prefilled assistant turn opens it)."""
    text = (system + "\n" + latest).strip()
    cues = words()["cues"]
    named, templates = format_tags(text)
    keys = named_keys(text, cues["keys"]) if has_any(text, cues["json"]) else []
    limit = WORD_LIMIT.search(text)
    rounded = DECIMALS.search(text)
    places = rounded.group(1).lower() if rounded else None
    form = Form(
        lang=lang, prefill=prefill, tags=named, templates=templates, text=text,
        json=bool(re.search(r"\bjson\b", text, re.I)) and bool(JSON_ASKED.search(text)) or prefill.rstrip().endswith("{"),
        keys=keys, bare=has_any(text, cues["bare"]), sentence=has_any(text, cues["sentence"]),
        word_limit=int(next(g for g in limit.groups() if g)) if limit else None,
        bullets=has_any(text, cues["list"]), revision=has_any(latest, cues["revision"]),
        fallback={m.group(1): m.group(2).strip() for m in FALLBACK.finditer(text)},
        lead=next((g for m in LEAD.finditer(text) for g in m.groups() if g), ""),
        decimals=None if places is None else int(places) if places.isdigit() else {"one": 1, "une": 1, "two": 2, "deux": 2, "three": 3, "trois": 3}[places],
        number_only=has_any(text, cues["number_only"]),
    )
    verdict = next((t for t in named if role(t) == "verdict"), None)
    if verdict:
        form.options = options(text, templates.get(verdict, ""))
    return form


def numeric(form: Form, answer: str) -> str:
    """A computed answer (« … = 7.6130929 ») rounded as asked, and alone when the prompt wants just the number."""
    found = RESULT.search(answer.strip())
    if not found or (form.decimals is None and not form.number_only):
        return answer
    raw = found.group(1).replace("\u202f", "").replace("\u00a0", "").rstrip(".,")
    raw = raw.replace(",", "") if form.lang == "en" or "." in raw else raw.replace(",", ".")
    try:
        value = float(raw)
    except ValueError:
        return answer
    shown = f"{value:.{form.decimals}f}" if form.decimals is not None else (
        str(int(value)) if value.is_integer() else repr(value))
    if form.number_only:
        return shown
    return answer.strip()[:found.start(1)] + shown + "."


def continued(prefill: str, full: str) -> str:
    """What follows the prefilled text: the reply without what the prefill already wrote."""
    head = prefill.rstrip()
    if head.endswith("{") and full.lstrip().startswith("{"):
        return full.lstrip()[1:]
    opened = TAG.findall(head)
    if opened and head.endswith(f"<{opened[-1]}>"):
        position = full.find(f"<{opened[-1]}>")
        if position >= 0:
            return full[position + len(opened[-1]) + 2:]
    if full.startswith(head):
        return full[len(head):]
    return full if prefill[-1:].isspace() or not prefill else " " + full if not full.startswith("\n") else full


def role(tag: str) -> str:
    name = tag.lower()
    for kind, names in words()["tags"].items():
        if name in names or any(part in names for part in name.replace("-", "_").split("_")):
            return kind
    return "answer"
