"""The general simulated model: a deterministic policy engine that reads any request.

It reads the system prompt, the tools and the history the way a careful model does, then
decides: which tools to call (by meaning, French or English), with which inputs (valid against
each tool's `input_schema`), in parallel when the entities are independent, or in text when no
tool fits or a required value is missing; once results are back, it answers from them, reports
errors honestly, follows a refusal that names another tool, and runs dependent steps across
turns. `tool_choice`, `disable_parallel_tool_use` and split histories are applied afterwards,
to every playbook's reply, by `constrain` (simulator/_constrain.py).

Modules: _lexicon (words and synonyms), _reading (language, instructions, values in text),
_choosing (tool relevance), _filling (inputs, jsonschema), _arith, _answering (what it writes). The course's
scenarios (_playbooks/) sit on top of it. Imports only _reply and _conversation of the simulator (never _model
nor _constrain, which import it).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property

from .._conversation import CLI_TOOLS, Conversation, ToolCall
from .._reply import Reply, text
from .._words import words
from . import _answering as say, _arith, _choosing, _facts, _filling, _lexicon as lex, _operations, _reading as rd

__all__ = ["PLAYBOOK", "Engine", "first_number"]

RECALL = re.compile(r"rappelle-(?:moi|nous) (?:ce que|ce qu'|de quoi)|de quoi (?:avons|a-t-on)|qu'est-ce que je (?:t'|vous )?ai demandé|précédemment|"
                    r"plus tôt|avant cela|what did i (?:ask|say)|earlier|remind me", re.I)
ASKS_NAME = re.compile(r"comment je m'appelle|quel est mon (?:nom|prénom)|what(?:'s| is) my name|who am i\b", re.I)
ASKS_ID = re.compile(r"(?:quel est |c'est quoi )?mon (?:numéro|num|n°) de commande|my order (?:number|id)|"
                     r"quel(?:le)? (?:est )?(?:ma|mon) (?:commande|référence)", re.I)
GREETING = re.compile(r"^\W*(?:bonjour|salut|hello|hi|hey|coucou)\b", re.I)
THANKS = re.compile(r"^\W*(?:merci|thanks|thank you|thx|cheers)\b[^?]*$", re.I)
WHO = re.compile(r"qui es-tu|qui êtes-vous|présente-toi|présentez-vous|who are you|introduce yourself", re.I)
REFUSAL_WORDS = re.compile(r"deny|denied|refus|refused|not allowed|non autoris|interdit|forbidden|blocked|bloqu|"
                           r"permission|hook|politique|policy", re.I)
TRANSIENT = re.compile(r"timeout|timed out|délai|temporair|temporar|indisponible|unavailable|503|429|réessay|"
                       r"try again|retry", re.I)
TOPIC = re.compile(r"^Sujet : (.*)$", re.M)
ROLE_SENTENCE = re.compile(r"(?i)\b(?:tu es|vous êtes|you are|your role is|ton rôle est)\b[^.\n]{3,120}")
ROLE = re.compile(r"^Ton volet : (.*)$", re.M)
# A parameter's description worth quoting when asking for it: it shows an example or a format.
EXAMPLE = re.compile(r"\b(?:e\.g\.|ex\.|exemple|example|format|such as|comme|par exemple)|\d", re.I)


def _key(name: str, tool_input: dict) -> str:
    return name + json.dumps(tool_input, sort_keys=True, ensure_ascii=False)


@dataclass
class Plan:
    calls: list[tuple[str, dict]] = field(default_factory=list)
    ask: str | None = None                      # a question to the user instead of calls
    dependent: list[str] = field(default_factory=list)   # arithmetic tools waiting for lookup results
    from_results: bool = False                  # its calls take values earlier results gave (a chain's next step)


class Engine:
    """One request, read once: `reply()` is the model's decision."""

    def __init__(self, conv: Conversation) -> None:
        self.conv = conv

    # -- reading ------------------------------------------------------------------------------
    @cached_property
    def tools(self) -> dict[str, dict]:
        """The tools the model may call: the application's (Claude Code's built-ins are not for this model)."""
        return self.conv.app_tools

    @cached_property
    def question_turn(self) -> int:
        """Index (in conv.turns) of the latest user turn that asks something (not only tool results)."""
        turns = self.conv.turns
        for index in range(len(turns) - 1, -1, -1):
            turn = turns[index]
            if turn["role"] != "user" or any(b.get("type") == "tool_result" for b in turn["content"]):
                continue
            if any(rd_text(b) for b in turn["content"] if b.get("type") == "text"):
                return index
        return 0

    @cached_property
    def question(self) -> str:
        turn = self.conv.turns[self.question_turn] if self.conv.turns else {"content": []}
        asked = "\n".join(t for t in (rd_text(b) for b in turn["content"] if b.get("type") == "text") if t)
        if self.conv.is_subagent:
            topic = TOPIC.search(asked)      # a subagent launched by the simulated coordinator
            if topic:
                return topic.group(1)
        return asked

    @cached_property
    def earlier(self) -> list[str]:
        """Earlier user texts and assistant texts, oldest first (facts stated before the question)."""
        out = []
        for turn in self.conv.turns[:self.question_turn]:
            for b in turn["content"]:
                t = rd_text(b) if b.get("type") == "text" else ""
                if t:
                    out.append(t)
        return out

    @cached_property
    def rules(self) -> rd.Instructions:
        return rd.instructions(self.conv.system)

    @cached_property
    def lang(self) -> str:
        return self.rules.language or rd.language(self.question)

    @cached_property
    def facts(self) -> rd.Facts:
        return rd.Facts(self.question, self.earlier, self.conv.user_texts[:-1])

    @cached_property
    def episode(self) -> list[ToolCall]:
        """Calls made since the question, with their results."""
        before = sum(1 for t in self.conv.turns[:self.question_turn] if t["role"] == "assistant")
        return [c for c in self.conv.calls if c.turn >= before]

    # -- planning -----------------------------------------------------------------------------
    @cached_property
    def plan(self) -> Plan:
        """The first-stage calls for the question (the same every turn: the model is stateless)."""
        text = self.question
        names = _choosing.relevant(self.tools, text) if self.tools else []
        role = ROLE_SENTENCE.search(self.conv.system or "")
        if not names and self.tools and role:
            names = _choosing.relevant(self.tools, f"{text} {role.group(0)}")   # « Tu es un service météo »
        if not names and self.tools and rd.is_follow_up(text):
            previous = next((t for t in reversed(self.earlier) if _choosing.relevant(self.tools, t)), None)
            names = _choosing.relevant(self.tools, previous) if previous else []
        if not names and self.tools and rd.is_question(text) and self._knows_nothing:
            # The model knows nothing of the world offline: a question it cannot answer goes to a tool made to
            # find information (web_search, search_docs), whatever the question is about.
            names = _choosing.searchers(self.tools)[:1]
        if not names:
            return Plan()
        arithmetic = [n for n in names if _choosing.is_arithmetic(self.tools[n])]
        lookups = [n for n in names if n not in arithmetic]
        plan = Plan()
        if arithmetic and lookups and len(rd.operands(text)) < 2:
            plan.dependent = arithmetic[:1]
            chosen = lookups
        elif arithmetic and not lookups:
            chosen = arithmetic[:1]
        else:
            chosen = lookups
        assignments = self._assign(chosen)
        results = self._data()
        for name in chosen:
            tool = self.tools[name]
            targets = assignments.get(name) or [None]
            for target in targets:
                ctx = _filling.Context(self.facts, focus=dict([target]) if target else {})
                filled = _filling.fill(tool, ctx)
                if filled.missing and results:
                    # A value the request lacks, given by a tool called before (customer_id from find_customer).
                    with_results = _filling.fill(tool, _filling.Context(self.facts, focus=ctx.focus, results=results))
                    if len(with_results.missing) < len(filled.missing):
                        filled, plan.from_results = with_results, True
                if filled.missing and name != chosen[0]:
                    break                   # a secondary tool the request does not fully describe: not now
                provider = self._provider(name, filled.missing) if filled.missing and not results else None
                if provider:
                    return Plan(calls=[provider])   # first the tool that gives the missing value, then this one
                if filled.missing:
                    props = _filling.properties(tool)
                    described = {m: f"{m} ({props[m]['description'].strip()})" for m in filled.missing
                                 if isinstance(props.get(m), dict)
                                 and EXAMPLE.search(str(props[m].get("description") or ""))}
                    described.update({m: f"{m} ({say.choices(props[m]['enum'], self.lang)})" for m in filled.missing
                                      if m not in described and isinstance(props.get(m), dict)
                                      and isinstance(props[m].get("enum"), list)})
                    return Plan(ask=say.ask_for(name, filled.missing, self.lang, described))
                if (name, filled.input) not in plan.calls:
                    plan.calls.append((name, filled.input))
        return plan

    @cached_property
    def _knows_nothing(self) -> bool:
        """The text answer would be the notice: nothing in the conversation or the model's own skills answers."""
        return self._text_answer() == words()["say"][self.lang if self.lang in ("fr", "en") else "en"]["unknown"]

    def _provider(self, name: str, missing: list[str]) -> tuple[str, dict] | None:
        """Another tool that gives what `name` lacks (find_customer « renvoie son identifiant » for customer_id),
        callable now with what the request says: a chain's first step."""
        wanted = {w for m in missing for w in _filling.owner_words(m)}
        for other, tool in self.tools.items():
            if other == name or not wanted or _choosing.is_arithmetic(tool):
                continue
            if not wanted & _choosing.meaning(tool):
                continue
            filled = _filling.fill(tool, _filling.Context(self.facts))
            if not filled.missing and filled.input:
                return other, filled.input
        return None

    def _assign(self, chosen: list[str]) -> dict[str, list[tuple[str, str]]]:
        """Entities per tool: one call per independent entity; with several tools, each entity goes to the
        tool its part of the sentence is about (« la météo à Paris et l'heure à Tokyo »)."""
        per_tool = {name: _filling.entities(self.tools[name], self.facts) for name in chosen}
        if len(chosen) < 2:
            return per_tool
        segments = [s for s in re.split(r"\s*(?:,|;|\bet\b|\band\b|\bpuis\b)\s*", self.question) if s.strip()]
        out: dict[str, list] = {name: [] for name in chosen}
        previous = chosen[0]
        for name in chosen:
            for prop, value in per_tool[name]:
                segment = next((s for s in segments if value in s), self.question)
                scores = [(_choosing.score(self.tools[n], segment), -i, n) for i, n in enumerate(chosen)]
                best = max(scores)
                owner = best[2] if best[0] > 0 else previous
                previous = owner
                if owner == name and (prop, value) not in out[name]:
                    out[name].append((prop, value))
        return out

    # -- deciding -----------------------------------------------------------------------------
    def reply(self) -> Reply:
        if self.conv.last_turn_results and self.episode:
            return self._after_results()
        plan = self.plan
        if plan.ask:
            asked = self._finish(plan.ask)
            asked.substance = "ask"
            return asked
        if plan.calls:
            batched = self._batched(plan.calls) if len(plan.calls) > 1 else None
            return self._calls([batched] if batched else plan.calls)
        return self._finish(self._text_answer())

    def _calls(self, calls: list[tuple[str, dict]], lead: str | None = None) -> Reply:
        reply = Reply().say(lead or say.intro(calls, self.lang))
        for name, tool_input in calls:
            reply.call(name, tool_input)
        return reply

    def _after_results(self) -> Reply:
        episode = self.episode
        done = {_key(c.name, c.input) for c in episode}
        last = self.conv.last_turn_results
        available = {say.short(n): n for n in self.tools}
        # A refusal that names another tool: call that one (a hook's deny pointing to escalate_to_human…).
        for call in last:
            if not call.is_error:
                continue
            reason = _reason(call.result)
            target = next((full for short_name, full in available.items() if short_name in reason
                           and full != call.name and not any(c.name == full for c in episode)), None)
            if target:
                ctx = _filling.Context(self.facts, results=self._data(), note=reason)
                filled = _filling.fill(self.tools[target], ctx, forced=True)
                lead = say.refused(call.name, reason, self.lang, then=None).rstrip(".") + (
                    f" ; je fais donc appel à {say.short(target)}." if self.lang == "fr"
                    else f"; I am calling {say.short(target)} instead.")
                return self._calls([(target, filled.input)], lead)
        # A transient failure is retried once, with the same input.
        for call in last:
            if self._failure(call) is not None and TRANSIENT.search(self._failure(call) or "") and \
                    sum(1 for c in episode if _key(c.name, c.input) == _key(call.name, call.input)) == 1:
                lead = ("L'outil n'a pas répondu à temps : je réessaie une fois." if self.lang == "fr"
                        else "The tool did not answer in time: I am trying once more.")
                return self._calls([(call.name, call.input)], lead)
        # First-stage calls still to make (after a one-call-per-turn history, or disable_parallel_tool_use).
        # Only when the history follows this plan (some planned call already made): calls made otherwise
        # (a script, another prompt) are the model's past, not a plan to complete.
        remaining = [(n, i) for n, i in self.plan.calls if _key(n, i) not in done]
        if remaining and (len(remaining) < len(self.plan.calls) or self.plan.from_results):
            lead = "Je continue." if self.lang == "fr" else "Next one."
            return self._calls(remaining, lead)
        # A dependent step: compute on the numbers the lookups returned.
        if self.plan.dependent and not any(c.name in self.plan.dependent for c in episode):
            numbers = [first_number(c.data()) for c in episode if self._failure(c) is None]
            numbers = [n for n in numbers if n is not None]
            if numbers and not any(self._failure(c) is not None for c in episode):
                name = self.plan.dependent[0]
                filled = _filling.fill(self.tools[name], _filling.Context(self.facts, numbers=numbers), forced=True)
                lead = "J'ai les chiffres ; je fais le calcul." if self.lang == "fr" else "I have the numbers; computing."
                return self._calls([(name, filled.input)], lead)
        return self._finish(self._from_results(), data=self._final_data())

    def _data(self) -> list:
        return [c.data() for c in self.episode if c.answered and not c.is_error]

    def _final_data(self) -> list:
        return [{"tool": say.short(c.name), "input": c.input, "result": c.data()}
                for c in self.episode if c.answered and not c.is_error]

    def _failure(self, call: ToolCall) -> str | None:
        """What went wrong with a call: an is_error result, or a result whose data reports an error."""
        if call.is_error:
            return call.result or ""
        return say.failure_in(call.data()) if call.answered else None

    def _describe(self, name: str, tool_input: dict, data: object) -> str | None:
        """A result in the form its tool's kind calls for: a computation, a conversion (else None)."""
        tool = self.tools.get(name) or self.conv.offered_tools.get(name) or {}
        if _choosing.is_arithmetic(tool):
            operation = next((c for c in ("sum", "product", "difference", "quotient")
                              if c in _choosing.profile(tool)[0] | _choosing.profile(tool)[1]), None)
            return say.arithmetic(tool_input, data, operation, self.lang)
        ends = [n for n, (role, paired, _) in _filling.roles(tool).items() if paired]
        source = next((n for n in ends if _filling.roles(tool)[n][0] == "from"), None)
        target = next((n for n in ends if _filling.roles(tool)[n][0] == "to"), None)
        if source and target and isinstance(tool_input.get(source), str) and isinstance(tool_input.get(target), str):
            said = say.conversion(tool_input, data, (source, target), self.lang)
            return said or say.summarise(name, tool_input, data, self.lang,
                                         subject=f"{tool_input[source]} → {tool_input[target]}")
        return None

    def _from_results(self) -> str:
        latest: dict[str, ToolCall] = {}
        for call in self.episode:                      # a retried call counts once: its latest result
            latest[_key(call.name, call.input)] = call
        calls = list(latest.values())
        failures = [c for c in calls if self._failure(c) is not None]
        results = [(c.name, c.input, c.data() if _choosing.writes(self.tools.get(c.name) or {"name": c.name})
                    else _asked_fields(c.data(), self.question, c.name, c.input))       # a write: its receipt whole
                   for c in calls if c.answered and c not in failures]
        refused = [c for c in failures if c.is_error and REFUSAL_WORDS.search(c.result or "")]
        parts = []
        for c in refused:
            followed = next((o.name for o in calls if o.turn > c.turn and say.short(o.name) in (c.result or "")), None)
            parts.append(say.refused(c.name, _reason(c.result), self.lang, then=followed))
        others = [(c.name, c.input, self._failure(c) or "") for c in failures if c not in refused]
        body = say.answer(results, others, self.lang, self._describe) if results or others else ""
        return " ".join(p for p in parts + [body] if p).strip()

    def _text_answer(self) -> str:
        q = self.question
        fr = self.lang == "fr"
        if ASKS_NAME.search(q):
            name = rd.stated_name(self.earlier)
            if name:
                return f"Vous vous appelez {name}." if fr else f"Your name is {name}."
            return ("Vous ne m'avez pas encore dit votre nom." if fr else "You have not told me your name yet.")
        if ASKS_ID.search(q):
            ids = next((rd.identifiers(t) for t in reversed(self.earlier) if rd.identifiers(t)), None)
            if ids:
                return (f"Votre numéro de commande est {ids[0]}." if fr else f"Your order number is {ids[0]}.")
        if RECALL.search(q):
            said = [t for t in self.conv.user_texts[:-1]]
            if not said:
                return ("Je n'ai aucun échange antérieur dans cette conversation : c'est notre premier message." if fr
                        else "There is nothing earlier in this conversation: this is our first message.")
            listed = " ; ".join(f"« {_quote(t)} »" for t in said)
            return (f"Plus tôt dans cette conversation, vous m'avez écrit : {listed}." if fr
                    else f"Earlier in this conversation you wrote: {listed}.")
        taught = _facts.answer(q, self.lang)          # « Qu'est-ce qu'un sous-agent ? »: the course's own subject
        if taught:
            return taught
        done = _operations.perform(q, self.lang) or _operations.translation(q)   # « Sort these lines… », « Traduis « merci » »
        if done:
            return done
        expr = _arith.statistic(q) or _arith.written_expression(q, self.lang)
        value = _arith.evaluate(expr) if expr else None
        if value is not None:                   # « Bonjour, combien font 3 fois 4 ? » asks for the product
            return f"{expr} = {_arith.fmt(value)}."
        persona = self.rules.persona
        said = words()["say"][self.lang if self.lang in ("fr", "en") else "en"]
        if THANKS.search(q):
            return said["thanks"]
        if GREETING.search(q) and not persona and any(c in q.lower() for c in words()["cues"]["how_are_you"]):
            return said["how_are_you"]
        if GREETING.search(q) or WHO.search(q):
            return said["greeting_persona"].format(persona=persona) if persona else said["greeting"]
        if self.conv.tool_choice.get("type") == "none" and _choosing.relevant(self.conv.offered_tools, q):
            names = ", ".join(say.short(n) for n in _choosing.relevant(self.conv.offered_tools, q))
            return (f"Je ne peux appeler aucun outil pour cette réponse (tool_choice « none ») : sans {names}, je "
                    f"n'ai pas l'information demandée." if fr else
                    f"I may not call any tool for this answer (tool_choice \"none\"): without {names} I do not have "
                    f"the information you asked for.")
        return words()["say"][self.lang if self.lang in ("fr", "en") else "en"]["unknown"]

    def _finish(self, message: str, data: object = None) -> Reply:
        return text(say.finish(message, self.lang, self.rules, data))

    # -- forced calls (tool_choice any / tool) ------------------------------------------------
    def forced_calls(self, only: str | None = None) -> list[tuple[str, dict]]:
        """Calls the API forces out: the planned ones when they fit, else the best tool, filled as well as it can."""
        pool = self.tools if (only is None or only in self.tools) else self.conv.tools
        planned = [(n, i) for n, i in self.plan.calls if only is None or n == only]
        if planned:
            return planned
        if only is None:
            speaker = self._reply_tool(pool)
            if speaker:
                # A tool that sends text to the user, with `any`: what the model would have said goes through it
                # (a greeting answered, a missing value asked for) rather than a lookup filled with guesses.
                name, field = speaker
                return [(name, {field: self.plan.ask or self._ask_for_best(pool, name) or self._text_answer()})]
            ranked = _choosing.ranked(pool, self.question) if pool else _choosing.ranked(self.conv.tools,
                                                                                           self.question)
            only = ranked[0][1] if ranked else None
        if only is None:
            return []
        tool = self.conv.tools.get(only) or {}
        filled = _filling.fill(tool, _filling.Context(self.facts, results=self._data()), forced=True,
                               lang=self.lang)
        return [(only, filled.input)]


    def _ask_for_best(self, pool: dict[str, dict], besides: str) -> str | None:
        """The question the model asks when the tool that fits the request lacks values (« which username? »)."""
        ranked = [(sc, n) for sc, n in _choosing.ranked(pool, self.question) if n != besides and sc >= 1.0]
        if not ranked:
            return None
        name = ranked[0][1]
        filled = _filling.fill(pool[name], _filling.Context(self.facts, results=self._data()), lang=self.lang)
        return say.ask_for(name, filled.missing, self.lang, {}) if filled.missing else None

    def _batched(self, calls: list[tuple[str, dict]]) -> tuple[str, dict] | None:
        """Several independent calls sent through a tool made to invoke other tools at once (a « batch_tool »
        whose items name a tool and its arguments), when the application offers one."""
        for name, tool in self.tools.items():
            words = set(lex.words(str(tool.get("description") or "")))
            if not (words & lex.BATCH_WORDS and words & {"tool", "tools", "outil", "outils"}):
                continue
            for prop, spec in _filling.properties(tool).items():
                items = spec.get("items") if isinstance(spec, dict) and isinstance(spec.get("items"), dict) else {}
                fields = items.get("properties") if isinstance(items.get("properties"), dict) else {}
                named = next((f for f in fields if lex.fold(f) in ("name", "tool", "tool_name", "nom")), None)
                args = next((f for f in fields if lex.fold(f) in ("arguments", "args", "input", "parameters",
                                                                  "params")), None)
                if named and args:
                    as_text = (fields[args].get("type") or fields[args].get("types") or "string") == "string"
                    return name, {prop: [{named: n, args: json.dumps(i, ensure_ascii=False) if as_text else i}
                                         for n, i in calls]}
        return None

    def _reply_tool(self, pool: dict[str, dict]) -> tuple[str, str] | None:
        """(name, text parameter) of a tool whose job is to send the model's words to the user."""
        for name, tool in pool.items():
            words = set(lex.words(name)) | set(lex.words(str(tool.get("description") or "")))
            props = _filling.properties(tool)
            texts = [p for p, spec in props.items() if isinstance(spec, dict) and spec.get("type") == "string"]
            if len(texts) == 1 and words & lex.SPEAKER_VERBS and words & lex.SPEAKER_AUDIENCE:
                return name, texts[0]
        return None


HOOK_PREFIX = re.compile(r"^\s*\w+:\S+ hook error:\s*")


def _reason(result: str | None) -> str:
    """A refusal's reason, without the CLI's « PreToolUse:<tool> hook error: » prefix."""
    return HOOK_PREFIX.sub("", result or "").strip()


def rd_text(block: dict) -> str:
    from .._conversation import _REMINDER
    return _REMINDER.sub("", block.get("text", "") or "").strip()


def _quote(s: str, limit: int = 80) -> str:
    s = " ".join(s.split())
    return s if len(s) <= limit else s[:limit - 1] + "…"


def _asked_fields(data: object, question: str, name: str, tool_input: dict) -> object:
    """The fields of a record the question asks for (« the email address for customer C1 » → email), or the whole
    record when it names none. Words that only name what the call is about (the tool's and its inputs' nouns:
    « ticket » for get_ticket(ticket_id)) ask for no field, and a field that repeats an input is no answer."""
    if not isinstance(data, dict) or len(data) < 2:
        return data
    about = {lex.stem(w) for w in lex.words(name) + [w for k in tool_input for w in lex.words(str(k))]}
    asked = {lex.stem(w) for w in lex.words(question) if len(w) >= 3} - about
    inputs = {str(v) for v in tool_input.values()}
    named = {k: v for k, v in data.items() if str(v) not in inputs
             and {lex.stem(w) for w in lex.words(str(k)) if len(w) >= 3} & asked}
    return named if named and len(named) < len(data) else data


def first_number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, dict):
        preferred = ("resultat", "résultat", "result", "valeur", "value", "total", "population", "habitants",
                     "montant", "amount", "sum", "somme")
        keys = sorted((k for k in value if str(k).lower() not in say.ECHO), key=lambda k: str(k).lower() not in preferred)
        for k in keys:
            n = first_number(value[k])
            if n is not None:
                return n
        return None
    if isinstance(value, list):
        return next((n for n in map(first_number, value) if n is not None), None)
    if isinstance(value, str):
        numbers = rd.numbers(value)
        return numbers[0] if numbers else None
    return None


class _GeneralPlaybook:
    """The engine as the last playbook: it always answers."""
    name = "modèle général"

    def respond(self, conv: Conversation) -> Reply:
        return Engine(conv).reply()


PLAYBOOK = _GeneralPlaybook()
