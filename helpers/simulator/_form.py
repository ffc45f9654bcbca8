"""The form a request asks for, applied to whatever a playbook decided: prefill, JSON, tags, bare answers.

Read from the system prompt, the latest user text and a prefilled assistant turn, in French and English, with
the words of data/form.toml:
- **prefill**: when the request ends on an assistant turn, the reply continues it (its text is not repeated)
  and completes what it opened — `{` the rest of a JSON object, `<tag>` that tag's content and its closing tag;
- **JSON** by instruction: the keys the prompt names (values read from the conversation and the tool results as
  for a tool input, `null` where unknown), else `{"answer": …}`; JSON only, no prose around it;
- **tags** the prompt names as the answer's form (not those wrapping data it gives to read), each closed, with
  what a reader expects in it: a verdict among the words offered, a reasoning, the tasks, a summary, the answer.
  An evaluator/optimizer loop ends by a fixed rule: a version written after feedback says so (« revised after
  feedback ») and an evaluator passes such a version, and only such a version;
- **bare** answers (« only respond with… », « sans explication »): no words before a tool call;
- one sentence, a word limit, a bulleted list, the words an answer must open with (« Always start with "…" »).
The substance stays the playbook's: this layer only puts it in the form asked. Scripted conversations (the
graders') are left exactly as written.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache

from ._conversation import Conversation, block_text
from ._reply import Reply
from ._words import words

TAG = re.compile(r"<([A-Za-z_][\w\-]*)>")
NOTICE = re.compile(r"^\((?:Réponse simulée|Simulated answer)\)")
WORD_LIMIT = re.compile(r"(?:in|under|at most|no more than|within|maximum of|fewer than)\s+(\d+)\s+words|"
                        r"en\s+(\d+)\s+mots|(\d+)\s+mots\s+maximum|moins de\s+(\d+)\s+mots", re.I)
FALLBACK = re.compile(r"(?:if you (?:cannot|can't|are unable to)|if unable|si (?:tu ne peux|vous ne pouvez) pas)"
                      r"[^.\n]*?(?:return|answer|respond|output|write|renvoie|réponds|répondez)\s+(?:with\s+)?"
                      r"<(\w+)>([^<\n]+)</\1>", re.I)
OPTIONS = re.compile(r"(?:options?|categories|catégories|choices|choix|one of|parmi|can be|peuvent être|among)"
                     r"\s*(?:are|sont|:)?\s*(\[[^\]\n]+\]|[^.\n]+)", re.I)
KEYS_LIST = r"((?:[`\"'«]?\s*[A-Za-z_][\w\-]*\s*[`\"'»]?)(?:\s*(?:,|and|et|&|ou|or)\s*[`\"'«]?\s*[A-Za-z_][\w\-]*" \
            r"\s*[`\"'»]?)+)"
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
DECIMALS = re.compile(r"(?:round(?:ed)?|arrondi[es]*)\s+(?:\w+\s+){0,2}?(?:to|à)\s+(\d+|one|two|three|une|deux|trois)\s+"
                      r"(?:decimal|décimale)", re.I)
RESULT = re.compile(r"=\s*(-?[\d\u202f\u00a0,.]+(?:e[-+]?\d+)?)\s*\.?\s*$")
# « Always start with "Billing Support Response:" », « Commence par « Bonjour » »: the words the answer opens with.
LEAD = re.compile(r"(?:start|begin|open)(?:s|ing)?\s+(?:(?:your|each|the|every)\s+(?:response|answer|reply|message)\s+)?"
                  r"with\s*[\"“«]\s*([^\"”»\n]{2,80}?)\s*[\"”»]|"
                  r"(?:commence|commencez|débute|débutez)(?:r)?\s+(?:toujours\s+)?(?:(?:ta|votre|chaque)\s+(?:réponse|message)\s+)?"
                  r"par\s*[\"“«]\s*([^\"”»\n]{2,80}?)\s*[\"”»]", re.I)


def _has(text: str, entries: list[str]) -> bool:
    return bool(_alternation(tuple(entries)).search(text.lower()))


@lru_cache(maxsize=64)
def _alternation(entries: tuple[str, ...]) -> re.Pattern:
    """One pattern for a list of words (each a whole word): read once, not once per word and per request."""
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(e) for e in sorted(entries, key=len, reverse=True)) + r")(?!\w)")


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


def _format_tags(text: str) -> tuple[list[str], dict[str, str]]:
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
    tags: list[str] = []
    templates: dict[str, str] = {}
    previous_end = None
    for name, start, end, inside in found:
        cued = _has(text[max(0, start - 160):start], cues)
        if len(inside) > 400 and not cued:
            previous_end = None
            continue                                       # a document, an input: data, not form
        if len(inside) > 400:
            inside, end = "", start + len(name) + 2        # « wrapped in <response> tags »: named, not shown
        follows = previous_end is not None and len(text[previous_end:start].strip()) < 40
        if cued or follows:
            tags.append(name)
            templates[name] = inside.strip()
            previous_end = end
        else:
            previous_end = None
    return tags, templates


def _named_keys(text: str) -> list[str]:
    keys: list[str] = []
    for word in words()["cues"]["keys"]:
        for m in re.finditer(r"(?<!\w)" + re.escape(word) + r"\s*(?:named|called|nommées?|:|«)?\s*" + KEYS_LIST,
                             text, re.I):
            found = re.findall(r"[A-Za-z_][\w\-]*", m.group(1))
            keys += [k for k in found if k.lower() not in ("and", "et", "ou", "or")]
    for word in ("key", "field", "clé", "cle", "champ"):          # « avec la clé ml », "with the key total"
        for m in re.finditer(r"(?<!\w)" + word + r"(?!\w)\s*(?:named|called|nommée?|:|«)?\s*[`\"'«]?\s*([A-Za-z_][\w\-]*)",
                             text, re.I):
            if not keys and m.group(1).lower() not in ("and", "et", "ou", "or", "de", "of"):
                keys.append(m.group(1))
    for m in re.finditer(r"\{[^{}]{3,400}\}", text):
        keys += re.findall(r"\"([A-Za-z_][\w\-]*)\"\s*:", m.group(0))
    return list(dict.fromkeys(keys))


def _options(text: str, template: str) -> list[str]:
    source = template if re.search(r",|\bor\b|\bou\b|/|\|", template) else ""
    if not source:
        m = OPTIONS.search(text)
        source = m.group(1) if m else ""
    found = re.findall(r"[A-Za-zÀ-ÿ_][\wÀ-ÿ\-]*", source)
    stop = {"or", "ou", "and", "et", "the", "le", "la", "les", "a", "an", "un", "une", "one", "of", "these", "ces"}
    return list(dict.fromkeys(w for w in found if w.lower() not in stop))[:12]


def read(conv: Conversation, lang: str) -> Form:
    messages = conv.body.get("messages") or []
    last = messages[-1] if messages else {}
    prefill = block_text(last.get("content")) if last.get("role") == "assistant" else ""
    latest = conv.last_user_text or ""
    text = (conv.system + "\n" + latest).strip()
    cues = words()["cues"]
    tags, templates = _format_tags(text)
    keys = _named_keys(text) if _has(text, cues["json"]) else []
    limit = WORD_LIMIT.search(text)
    form = Form(
        lang=lang, prefill=prefill, tags=tags, templates=templates, text=text,
        json=bool(re.search(r"\bjson\b", text, re.I)) and bool(
            re.search(r"(?:give|return|respond|answer|output|reply|format|provide|write|as|in|en|au format|"
                      r"renvoie|réponds|donne|produis)\b[^.\n]{0,40}\bjson\b|\bjson\s+(?:dict|object|objet|only|"
                      r"uniquement|format)", text, re.I)) or prefill.rstrip().endswith("{"),
        keys=keys, bare=_has(text, cues["bare"]), sentence=_has(text, cues["sentence"]),
        word_limit=int(next(g for g in limit.groups() if g)) if limit else None,
        bullets=_has(text, cues["list"]), revision=_has(latest, cues["revision"]),
        fallback={m.group(1): m.group(2).strip() for m in FALLBACK.finditer(text)},
        lead=next((g for m in LEAD.finditer(text) for g in m.groups() if g), ""),
        decimals=_decimals(text), number_only=_has(text, cues["number_only"]),
    )
    verdict = next((t for t in tags if _role(t) == "verdict"), None)
    if verdict:
        form.options = _options(text, templates.get(verdict, ""))
    return form


def _decimals(text: str) -> int | None:
    found = DECIMALS.search(text)
    if not found:
        return None
    said = found.group(1).lower()
    return int(said) if said.isdigit() else {"one": 1, "une": 1, "two": 2, "deux": 2, "three": 3, "trois": 3}[said]


def _numeric(form: Form, answer: str) -> str:
    """A computed answer (« … = 7.6130929 ») rounded as asked, and alone when the prompt wants just the number."""
    found = RESULT.search(answer.strip())
    if not found or (form.decimals is None and not form.number_only):
        return answer
    raw = re.sub(r"[\u202f\u00a0]", "", found.group(1)).rstrip(".,")
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


def _role(tag: str) -> str:
    name = tag.lower()
    for role, names in words()["tags"].items():
        if name in names or any(part in names for part in re.split(r"[_\-]", name)):
            return role
    return "answer"


def _say(lang: str, key: str, **values) -> str:
    table = words()["say"]
    return table.get(lang, table["en"])[key].format(**values)


# -- the pieces of an answer ---------------------------------------------------------------------------------
def _json_answer(form: Form, answer: str, unknown: bool, conv: Conversation) -> str:
    if not unknown and _is_json(answer):
        return answer                        # the playbook already answered in JSON: its text, untouched
    found = _embedded_json(answer)
    if isinstance(found, dict) and all(k in found for k in form.keys) and (form.keys or not unknown):
        return json.dumps(found, ensure_ascii=False, indent=2)
    if form.keys:
        values = _values_for(form.keys, conv)
        number = _engine_number(answer)
        if len(values) == 1 and None in values.values() and number is not None:
            values = {form.keys[0]: number}  # one key asked for, one number found: « {"ml": 3500} »
        return json.dumps(values, ensure_ascii=False, indent=2)
    key = "answer" if form.lang == "en" else "reponse"
    return json.dumps({key: answer}, ensure_ascii=False, indent=2)


def _engine_number(answer: str) -> float | int | None:
    """The one number an answer's result gives (its last: « 3,5 l = 3500 ml » → 3500), else None."""
    from ._engine.recognisers import all_of
    found = all_of("number", answer, "fr") or all_of("number", answer, "en")
    return found[-1] if found else None


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _embedded_json(text: str) -> object:
    start = text.find("{")
    if start < 0:
        return None
    try:
        return json.loads(text[start:text.rfind("}") + 1])
    except ValueError:
        return None


def _values_for(keys: list[str], conv: Conversation) -> dict:
    """Values for the keys the prompt names, read like a tool's input (same reader, same habits); null if unknown."""
    from ._engine import Engine
    schema = {"type": "object", "properties": {k: {"type": ["string", "number", "null"]} for k in keys}}
    filled = Engine(conv)._fill({"name": "json", "input_schema": schema}, results=True)
    return {k: filled.input.get(k) for k in keys}


def _choose(form: Form) -> str:
    """A verdict among the words offered. An evaluator passes a version written after feedback (it says so) and
    asks for another version otherwise; a router picks the option whose words the input uses most."""
    options = form.options
    if not options:
        return ""
    verdicts = words()["verdicts"]
    positive = [o for o in options if o.lower() in verdicts["positive"]]
    revise = [o for o in options if o.lower().replace("_", " ") in verdicts["revise"] or o.lower() in verdicts["revise"]]
    if positive:
        revised = any(_say(lang, "revised") in form.text for lang in ("en", "fr"))
        if revised:
            return positive[0]
        others = [o for o in options if o not in positive]
        return (revise or others or positive)[0]
    return _best_option(options, form.text)


def _best_option(options: list[str], text: str) -> str:
    """The option the input is about: the category lexicon on the input's words (after « Input: » when the
    prompt marks it), then the words of the options' names."""
    from ._engine import _analysis, plan
    marked = re.split(r"\n\s*(?:input|entrée|text|texte|ticket|message)\s*:", text, flags=re.I)
    given = marked[-1] if len(marked) > 1 else _analysis.given_text(text)
    ranked = _analysis.categories(given, options)
    if ranked and ranked[0]["score"] > ranked[-1]["score"]:
        return ranked[0]["name"]
    tools = {o: {"name": o, "description": o.replace("_", " ")} for o in options}
    ranked = plan.choices(tools, given)
    return ranked[0].name if ranked else options[0]


def _tasks(form: Form, template: str) -> str:
    if TAG.search(template):
        return template                                    # the prompt's own items: the model follows its example
    latest = form.text.rsplit("\n", 1)[-1]
    parts = [p.strip(" .") for p in re.split(r",|;|\band\b|\bet\b|\bthen\b|\bpuis\b", latest) if len(p.strip()) > 3]
    return "\n".join(f"- {p}" for p in parts[:5]) or f"- {latest.strip()}"


def _summary(conv: Conversation, form: Form, unknown: bool = False) -> str:
    """Steps taken (the tool calls and what came back), else the first sentences of the text given."""
    steps = [f"{c.name}({json.dumps(c.input, ensure_ascii=False)}) → {(c.result or '').strip()[:120]}"
             for c in conv.calls if c.answered]
    if steps:
        lead = "Steps:" if form.lang == "en" else "Étapes :"
        return lead + "\n" + "\n".join(f"{n}. {s}" for n, s in enumerate(steps, 1))
    return given_summary(conv.last_user_text or "") or _say(form.lang, "no_steps_unknown" if unknown else "no_steps")


def given_summary(text: str, sentences: int = 2) -> str:
    """The first sentences of the longest passage the prompt gives to read (a tagged document, else a paragraph)."""
    tagged = [m.group(2) for m in re.finditer(r"<(\w+)>(.{200,}?)</\1>", text, re.S)]
    asked = re.search(r"(?i)\b(?:summar\w*|résum\w*|synthès\w*|synthétis\w*)\b[^.\n]{0,40}\b(?:text|texte|article|"
                      r"document|passage|report|rapport|following|suivant)", text)
    passages = tagged or ([p for p in re.split(r"\n\s*\n", text) if len(p) > 200] if asked else [])
    # A long question is not a text given to summarise: a summary of *steps* with none taken says so.
    if not passages:
        return ""
    chosen = max(passages, key=len).strip()
    return " ".join(SENTENCE_END.split(" ".join(chosen.split()))[:sentences])


def _tag_content(tag: str, form: Form, answer: str, unknown: bool, conv: Conversation, verdict: str) -> str:
    role = _role(tag)
    template = form.templates.get(tag, "")
    if role == "verdict":
        return verdict or answer
    if role == "reasoning":
        return _say(form.lang, "chose", option=verdict) if verdict and not form.options_positive else \
            _say(form.lang, "reasoning")
    if role == "feedback":
        if verdict:
            positive = verdict.lower() in words()["verdicts"]["positive"]
            return _say(form.lang, "no_changes") if positive else _say(form.lang, "first_version")
        return _tool_feedback(conv, form.lang)
    if role == "tasks":
        return _tasks(form, template)
    if role == "summary":
        return _summary(conv, form, unknown)
    if unknown and tag in form.fallback:
        return form.fallback[tag]
    return _numeric(form, answer)


def _tool_feedback(conv: Conversation, lang: str) -> str:
    """Feedback on the tools offered, read from their definitions: a missing description, an undocumented
    parameter (what a model can say of tools without guessing how they behave)."""
    notes = []
    for name, tool in (conv.tools or {}).items():
        if not str(tool.get("description") or "").strip():
            notes.append(_say(lang, "tool_no_description", tool=name))
        schema = tool.get("input_schema") if isinstance(tool.get("input_schema"), dict) else {}
        props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
        notes += [_say(lang, "param_no_description", param=p) for p, spec in props.items()
                  if isinstance(spec, dict) and not str(spec.get("description") or "").strip()]
    if not conv.tools:
        return _say(lang, "tool_feedback")
    return "\n".join(f"- {n}" for n in notes) if notes else _say(lang, "tools_fine")


def _wrap(tag: str, content: str) -> str:
    """A one-line content stays on the tag's line (<evaluation>PASS</evaluation>), a longer one on lines of its own."""
    content = content.strip()
    return f"<{tag}>{content}</{tag}>" if "\n" not in content and len(content) < 60 else f"<{tag}>\n{content}\n</{tag}>"


def _plain(form: Form, answer: str) -> str:
    answer = _numeric(form, answer)
    if form.sentence:
        answer = SENTENCE_END.split(answer.strip(), maxsplit=1)[0]
    if form.bullets and not answer.lstrip().startswith(("-", "*", "1.")):
        parts = [p for p in SENTENCE_END.split(answer.strip()) if p]
        head, _sep, items = answer.strip().rstrip(".").partition(" : " if " : " in answer else ": ")
        listed = [i.strip() for i in items.split(";") if i.strip()] if items else []
        if len(parts) == 1 and len(listed) > 1:            # « Trail : A (115) ; B (109). » → a heading, one item each
            answer = head + " :\n" + "\n".join(f"- {i}" for i in listed)
        elif len(parts) > 1:
            answer = "\n".join(f"- {p}" for p in parts)
    if form.word_limit:
        cut = answer.split()
        if len(cut) > form.word_limit:
            answer = " ".join(cut[:form.word_limit]).rstrip(",;:") + "…"
    return answer


def _continue(prefill: str, full: str) -> str:
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


# -- applying the form ---------------------------------------------------------------------------------------
def shape(conv: Conversation, reply: Reply, lang: str) -> Reply:
    from ._constrain import output_schema
    if reply.stop_reason == "refusal" or output_schema(conv) is not None:
        return reply                                       # structured outputs: the schema is the form
    form = read(conv, lang)
    if not form.shaped:
        return _short_notice(reply, lang)
    calls = [b for b in reply.blocks if b["type"] == "tool_use"]
    if calls:
        if form.bare or form.tags or form.json:
            return Reply(blocks=calls, stop_reason=reply.stop_reason, stop_details=reply.stop_details)
        return reply
    answer = " ".join(b["text"] for b in reply.blocks if b["type"] == "text").strip()
    unknown = bool(NOTICE.match(answer)) or not answer or reply.substance != "answer"
    if reply.substance == "ask" and not (form.tags or form.json):
        return reply                                       # a question back keeps its own words
    if unknown and reply.substance != "ask":
        answer = _say(lang, "unknown")
    if form.revision and not (form.options and form.tags):
        answer = f"{answer}\n{_say(lang, 'revised')}"
    if form.json and not form.tags and not form.prefill and not unknown and _is_json(answer):
        return reply                                       # already in the form asked
    body = _json_answer(form, answer, unknown, conv) if form.json else answer
    if form.tags:
        verdict = _choose(form)
        form.options_positive = bool(verdict) and any(
            o.lower() in words()["verdicts"]["positive"] for o in form.options)
        parts = [_wrap(t, _tag_content(t, form, body, unknown, conv, verdict)) for t in form.tags]
        full = "\n\n".join(parts)
    elif form.json:
        full = body
    else:
        full = _plain(form, body)
    if form.lead and not full.lstrip().startswith(form.lead) and not form.json:
        full = f"{form.lead}\n\n{full}"
    out = _continue(form.prefill, full) if form.prefill else full
    return Reply(blocks=[{"type": "text", "text": out}], stop_reason=reply.stop_reason,
                 stop_details=reply.stop_details)


def _short_notice(reply: Reply, lang: str) -> Reply:
    blocks = [dict(b, text=_say(lang, "unknown")) if b["type"] == "text" and NOTICE.match(b["text"]) else b
              for b in reply.blocks]
    return Reply(blocks=blocks, stop_reason=reply.stop_reason, stop_details=reply.stop_details)
