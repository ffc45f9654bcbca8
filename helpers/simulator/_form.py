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

from ._conversation import Conversation, block_text
from ._engine.recognisers import form as asked
from ._engine.recognisers.text import categories, sentences
from ._reply import Reply
from ._words import words

NOTICES = ("(Réponse simulée)", "(Simulated answer)")


def _say(lang: str, key: str, **values) -> str:
    table = words()["say"]
    return table.get(lang, table["en"])[key].format(**values)


# -- the pieces of an answer ---------------------------------------------------------------------------------
def _json_answer(form: asked.Form, answer: str, unknown: bool, conv: Conversation) -> str:
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


def _choose(form: asked.Form) -> str:
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
    from ._engine import plan
    given = asked.marked_input(text)
    ranked = categories(given, options)
    if ranked and ranked[0]["score"] > ranked[-1]["score"]:
        return ranked[0]["name"]
    tools = {o: {"name": o, "description": o.replace("_", " ")} for o in options}
    ranked = plan.choices(tools, given)
    return ranked[0].name if ranked else options[0]


def _summary(conv: Conversation, form: asked.Form, unknown: bool = False) -> str:
    """Steps taken (the tool calls and what came back), else the first sentences of the text given."""
    steps = [f"{c.name}({json.dumps(c.input, ensure_ascii=False)}) → {(c.result or '').strip()[:120]}"
             for c in conv.calls if c.answered]
    if steps:
        lead = "Steps:" if form.lang == "en" else "Étapes :"
        return lead + "\n" + "\n".join(f"{n}. {s}" for n, s in enumerate(steps, 1))
    return asked.given_summary(conv.last_user_text or "") or _say(form.lang, "no_steps_unknown" if unknown else "no_steps")


def _tag_content(tag: str, form: asked.Form, answer: str, unknown: bool, conv: Conversation, verdict: str) -> str:
    role = asked.role(tag)
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
        return asked.tasks(form.text, template)
    if role == "summary":
        return _summary(conv, form, unknown)
    if unknown and tag in form.fallback:
        return form.fallback[tag]
    return asked.numeric(form, answer)


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


def _plain(form: asked.Form, answer: str) -> str:
    answer = asked.numeric(form, answer)
    if form.sentence:
        answer = sentences(answer.strip(), 1, spaced=False)[0]
    if form.bullets and not answer.lstrip().startswith(("-", "*", "1.")):
        parts = [p for p in sentences(answer.strip(), spaced=False) if p]
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


# -- applying the form ---------------------------------------------------------------------------------------
def shape(conv: Conversation, reply: Reply, lang: str) -> Reply:
    from ._constrain import output_schema
    if reply.stop_reason == "refusal" or output_schema(conv) is not None:
        return reply                                       # structured outputs: the schema is the form
    messages = conv.body.get("messages") or []
    last = messages[-1] if messages else {}
    prefill = block_text(last.get("content")) if last.get("role") == "assistant" else ""
    form = asked.read(conv.system, conv.last_user_text or "", prefill, lang)
    if not form.shaped:
        return _short_notice(reply, lang)
    calls = [b for b in reply.blocks if b["type"] == "tool_use"]
    if calls:
        if form.bare or form.tags or form.json:
            return Reply(blocks=calls, stop_reason=reply.stop_reason, stop_details=reply.stop_details)
        return reply
    answer = " ".join(b["text"] for b in reply.blocks if b["type"] == "text").strip()
    unknown = bool(answer.startswith(NOTICES)) or not answer or reply.substance != "answer"
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
    out = asked.continued(form.prefill, full) if form.prefill else full
    return Reply(blocks=[{"type": "text", "text": out}], stop_reason=reply.stop_reason,
                 stop_details=reply.stop_details)


def _short_notice(reply: Reply, lang: str) -> Reply:
    blocks = [dict(b, text=_say(lang, "unknown")) if b["type"] == "text" and b["text"].startswith(NOTICES) else b
              for b in reply.blocks]
    return Reply(blocks=blocks, stop_reason=reply.stop_reason, stop_details=reply.stop_details)
