"""The general simulated model: one pipeline that reads any request.

Reading (reading.py: the question, its language, the instructions, every value stated, read once) → Plan (plan.py:
which tools, how many calls, in what order) → Slots (slots.py: what each schema property wants) → Assignment
(assignment.py: one scoring over slots × mentions) → Answer (_answering.py: from the results, in the user's
language, in the form asked). Values are read out of text by the recognisers (recognisers/) only.

`tool_choice`, `disable_parallel_tool_use` and split histories are applied afterwards, to every playbook's reply,
by `constrain` (simulator/_constrain.py). The course's scenarios (_playbooks/) sit on top of it and take the same
Reading. Imports only _reply and _conversation of the simulator (never _model nor _constrain, which import it).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property

from .._conversation import Conversation, ToolCall
from .._reply import Reply, text
from .._words import words
from . import _answering as say, _arith, _facts, _lexicon as lex, plan as planning
from .assignment import fill, placeholder
from .reading import Reading, read
from .recognisers import all_of, first, mentions, operations as _operations
from .recognisers.arith import statistic, written_expression
from .recognisers.instructions import is_follow_up, is_question, reason as _reason, role_sentence, says, stated_name
from .slots import slots

__all__ = ["PLAYBOOK", "Engine", "first_number", "read"]


OPERATION_WORDS = {"+": "calculate sum add", "-": "calculate difference subtract", "*": "calculate product multiply",
                   "/": "calculate quotient divide"}


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
        self.reading: Reading = read(conv)

    # -- reading ------------------------------------------------------------------------------
    @cached_property
    def tools(self) -> dict[str, dict]:
        """The tools the model may call: the application's (Claude Code's built-ins are not for this model)."""
        return self.conv.app_tools

    @property
    def question(self) -> str:
        return self.reading.question

    @property
    def earlier(self) -> list[str]:
        return self.reading.earlier

    @property
    def rules(self):
        return self.reading.rules

    @property
    def lang(self) -> str:
        return self.reading.lang

    @property
    def episode(self) -> list[ToolCall]:
        return self.reading.episode

    def _fill(self, tool: dict, *, results: bool = False, forced: bool = False, extra: str = ""):
        """An input for `tool` from the question, then what the user said before, then (`results`) the tool
        results received, then `extra` (a refusal's reason)."""
        text, pool, own = self.reading.context(history=True, results=results)
        if extra:
            text, pool = text + "\n\n" + extra, mentions(text + "\n\n" + extra, self.lang)
            own = {id(m) for m in pool if self.question and m.text in self.question}
        return fill(tool, list(pool), text, forced=forced, priority=own)

    # -- planning -----------------------------------------------------------------------------
    @cached_property
    def plan(self) -> Plan:
        """The first-stage calls for the question (the same every turn: the model is stateless)."""
        tools, question = self.tools, self.question
        if not tools:
            return Plan()
        chooser = question
        expr = written_expression(question, self.lang) or statistic(question)
        if expr:                     # « 17 + 25 », "12 times 8": a computation, whatever words say it
            chooser = question + " " + " ".join(OPERATION_WORDS[c] for c in expr if c in OPERATION_WORDS)
        names = planning.relevant(tools, chooser, self.reading.pool)
        role = role_sentence(self.conv.system)
        if not names and role:
            chooser = f"{question} {role}"                       # « Tu es un service météo »
            names = planning.relevant(tools, chooser, self.reading.pool)
        if not names and is_follow_up(question):
            previous = next((t for t in reversed(self.earlier) if planning.relevant(tools, t)), None)
            if previous:
                chooser, names = f"{question} {previous}", planning.relevant(tools, previous)
        if not names and is_question(question) and self._knows_nothing:
            # Offline, the model knows nothing of the world: a question it cannot answer goes to a tool made to
            # find information (web_search, search_docs), whatever it is about, with the question as its query.
            for name in planning.searchers(tools)[:1]:
                needed = [s for s in slots(tools[name]) if s.required] or list(slots(tools[name]))[:1]
                if len(needed) == 1 and needed[0].sentence:
                    return Plan(calls=[(name, {needed[0].name: question.strip()})])
        if not names:
            return Plan()
        arithmetic = [n for n in names if planning.is_arithmetic(tools[n])]
        lookups = [n for n in names if n not in arithmetic]
        numbers = [m for m in self.reading.pool if m.kind in ("number", "money", "percent")]
        dependent: list[str] = []
        if arithmetic and lookups and len(numbers) < 2:
            dependent, names = arithmetic[:1], lookups     # a computation on what the lookups will return
        chosen = {n: tools[n] for n in names}
        planned = planning.plan(chosen, question, self.reading.pool, chooser=chooser)
        if expr and names == arithmetic and len({n for n, _ in planned.calls}) < 2:
            tool = tools[names[0]]       # a calculator takes the expression as written, an add(a, b) its operands
            operands = [float(v) for v in all_of("number", expr, "en")]
            computed = self._computation(tool, operands, expr)
            if computed.input:
                return Plan(calls=[(names[0], computed.input)])
        if planned.calls and not (planned.missing and self.reading.results):
            return Plan(calls=planned.calls, dependent=dependent)
        if self.reading.results:
            for waiting, lacking in planned.missing.items():   # a value the request lacks, given by a tool before
                if any(c.name == waiting and not c.is_error for c in self.episode):
                    continue                     # done already: not twice
                again = self._fill(tools[waiting], results=True)
                if not again.missing:
                    # Only what the request lacked comes from the results; the rest is what the user said.
                    said = {k: v for k, v in self._fill(tools[waiting]).input.items() if k not in lacking}
                    return Plan(calls=[(waiting, {**again.input, **said})], dependent=dependent, from_results=True)
            if planned.calls:
                return Plan(calls=planned.calls, dependent=dependent)
        name, missing = next(iter(planned.missing.items()), (names[0], []))
        if self.conv.user_texts[:-1]:
            again = self._fill(tools[name])
            if not again.missing:                # a value said in an earlier turn (« my order is ORD-1 », then…)
                return Plan(calls=[(name, again.input)], dependent=dependent)
            missing = again.missing
        provider = self._provider(name, missing) if missing and not self.reading.results else None
        if provider:
            return Plan(calls=[provider])        # first the tool that gives the missing value, then this one
        if not missing:
            return Plan()
        return Plan(ask=say.ask_for(name, missing, self.lang, self._described(name, missing)))

    def _described(self, name: str, missing: list[str]) -> dict[str, str]:
        out = {}
        for s in slots(self.tools[name]):
            if s.name not in missing:
                continue
            if s.description and says("example", s.description):
                out[s.name] = f"{s.name} ({s.description.strip()})"
            elif s.enum:
                out[s.name] = f"{s.name} ({say.choices(list(s.enum), self.lang)})"
        return out

    @cached_property
    def _knows_nothing(self) -> bool:
        """The text answer would be the notice: nothing in the conversation or the model's own skills answers."""
        return self._text_answer() == words()["say"][self.lang if self.lang in ("fr", "en") else "en"]["unknown"]

    def _provider(self, name: str, missing: list[str]) -> tuple[str, dict] | None:
        """Another tool that gives what `name` lacks (find_customer « renvoie son identifiant » for customer_id),
        callable now with what the request says: a chain's first step."""
        wanted = {w for s in slots(self.tools[name]) if s.name in missing for w in (*s.words, *s.kinds)} - \
            planning.GENERIC              # an e-mail address: the tool that gives one (find_contact)
        for other, tool in self.tools.items():
            if other == name or not wanted or planning.is_arithmetic(tool):
                continue
            if not wanted & planning.meaning(tool):
                continue
            filled = self._fill(tool)
            if not filled.missing and filled.input:
                return other, filled.input
        return None

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
                filled = self._fill(self.tools[target], results=True, forced=True, extra=reason)
                lead = say.refused(call.name, reason, self.lang, then=None).rstrip(".") + (
                    f" ; je fais donc appel à {say.short(target)}." if self.lang == "fr"
                    else f"; I am calling {say.short(target)} instead.")
                return self._calls([(target, filled.input)], lead)
        # A transient failure is retried once, with the same input.
        for call in last:
            if self._failure(call) is not None and says("transient", self._failure(call) or "") and \
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
                filled = self._computation(self.tools[name], numbers)
                lead = "J'ai les chiffres ; je fais le calcul." if self.lang == "fr" else "I have the numbers; computing."
                return self._calls([(name, filled.input)], lead)
        return self._finish(self._from_results(), data=self._final_data())

    def _computation(self, tool: dict, numbers: list[float], expr: str | None = None):
        """A computation: an expression for a calculator (as written, or combining the numbers the lookups
        returned), else the numbers in the order its parameters come."""
        from .assignment import Filled
        out = {}
        numeric = [s for s in slots(tool) if s.type in ("number", "integer")]
        for s in slots(tool):
            if s.type == "string":
                out[s.name] = expr or _arith.expression(self.question, numbers)
        for s, n in zip(numeric, numbers):
            out[s.name] = int(n) if s.type == "integer" else n
        for s in slots(tool):
            if s.required and s.name not in out:
                out[s.name] = placeholder(s)
        return Filled(out, [])

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
        if planning.is_arithmetic(tool):
            operation = next((c for c in ("sum", "product", "difference", "quotient")
                              if c in planning.concepts_of(tool)), None)
            return say.arithmetic(tool_input, data, operation, self.lang)
        ends = {planning.role_of_slot(s): s.name for s in slots(tool) if planning.role_of_slot(s) in ("from", "to")}
        source, target = ends.get("from"), ends.get("to")
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
        results = [(c.name, c.input, c.data() if planning.writes(self.tools.get(c.name) or {"name": c.name})
                    else _asked_fields(c.data(), self.question, c.name, c.input))       # a write: its receipt whole
                   for c in calls if c.answered and c not in failures]
        refused = [c for c in failures if c.is_error and says("refusal", c.result or "")]
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
        if says("asks_name", q):
            name = stated_name(self.earlier)
            if name:
                return f"Vous vous appelez {name}." if fr else f"Your name is {name}."
            return ("Vous ne m'avez pas encore dit votre nom." if fr else "You have not told me your name yet.")
        if says("asks_id", q):
            ids = next((all_of("code", t) for t in reversed(self.earlier) if all_of("code", t)), None)
            if ids:
                return (f"Votre numéro de commande est {ids[0]}." if fr else f"Your order number is {ids[0]}.")
        if says("recall", q):
            said = [t for t in self.conv.user_texts[:-1]]
            if not said:
                return ("Je n'ai aucun échange antérieur dans cette conversation : c'est notre premier message." if fr
                        else "There is nothing earlier in this conversation: this is our first message.")
            listed = " ; ".join(f"« {_quote(t)} »" for t in said)
            return (f"Plus tôt dans cette conversation, vous m'avez écrit : {listed}." if fr
                    else f"Earlier in this conversation you wrote: {listed}.")
        from .agents import context_answer            # issue 33: what CLAUDE.md or the system prompt says
        known = context_answer(self.conv, self.reading)
        if known:
            return known
        taught = _facts.answer(q, self.lang)          # « Qu'est-ce qu'un sous-agent ? »: the course's own subject
        if taught:
            return taught
        done = _operations.perform(q, self.lang) or _operations.translation(q)   # « Sort these lines… », « Traduis « merci » »
        if done:
            return done
        expr = statistic(q) or written_expression(q, self.lang)
        value = _arith.evaluate(expr) if expr else None
        if value is not None:                   # « Bonjour, combien font 3 fois 4 ? » asks for the product
            return f"{expr} = {_arith.fmt(value)}."
        persona = self.rules.persona
        said = words()["say"][self.lang if self.lang in ("fr", "en") else "en"]
        if says("thanks", q):
            return said["thanks"]
        if says("greeting", q) and not persona and any(c in q.lower() for c in words()["cues"]["how_are_you"]):
            return said["how_are_you"]
        if says("greeting", q) or says("who", q):
            return said["greeting_persona"].format(persona=persona) if persona else said["greeting"]
        if self.conv.tool_choice.get("type") == "none" and planning.relevant(self.conv.offered_tools, q):
            names = ", ".join(say.short(n) for n in planning.relevant(self.conv.offered_tools, q))
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
            ranked = planning.choices(pool or self.conv.tools, self.question)
            only = ranked[0].name if ranked else next(iter(pool or self.conv.tools), None)
        if only is None:
            return []
        tool = self.conv.tools.get(only) or {}
        filled = self._fill(tool, results=True, forced=True)
        return [(only, filled.input)]


    def _ask_for_best(self, pool: dict[str, dict], besides: str) -> str | None:
        """The question the model asks when the tool that fits the request lacks values (« which username? »)."""
        ranked = [c.name for c in planning.choices(pool, self.question) if c.name != besides]
        if not ranked:
            return None
        name = ranked[0]
        filled = self._fill(pool[name], results=True)
        return say.ask_for(name, filled.missing, self.lang, {}) if filled.missing else None

    def _batched(self, calls: list[tuple[str, dict]]) -> tuple[str, dict] | None:
        """Several independent calls sent through a tool made to invoke other tools at once (a « batch_tool »
        whose items name a tool and its arguments), when the application offers one."""
        for name, tool in self.tools.items():
            words = set(lex.words(str(tool.get("description") or "")))
            if not (words & lex.BATCH_WORDS and words & {"tool", "tools", "outil", "outils"}):
                continue
            for s in slots(tool):
                fields = {c.name: c for c in (s.items.children if s.items else ())}
                named = next((f for f in fields if lex.fold(f) in ("name", "tool", "tool_name", "nom")), None)
                args = next((f for f in fields if lex.fold(f) in ("arguments", "args", "input", "parameters",
                                                                  "params")), None)
                if named and args:
                    as_text = fields[args].type == "string"
                    return name, {s.name: [{named: n, args: json.dumps(i, ensure_ascii=False) if as_text else i}
                                           for n, i in calls]}
        return None

    def _reply_tool(self, pool: dict[str, dict]) -> tuple[str, str] | None:
        """(name, text parameter) of a tool whose job is to send the model's words to the user."""
        for name, tool in pool.items():
            words = set(lex.words(name)) | set(lex.words(str(tool.get("description") or "")))
            texts = [s.name for s in slots(tool) if s.type == "string"]
            if len(texts) == 1 and words & lex.SPEAKER_VERBS and words & lex.SPEAKER_AUDIENCE:
                return name, texts[0]
        return None




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
        found = [v for v in all_of("number", value) + all_of("money", value) if isinstance(v, (int, float))]
        return float(found[0]) if found else None
    return None


def _quote(s: str, limit: int = 80) -> str:
    s = " ".join(s.split())
    return s if len(s) <= limit else s[:limit - 1] + "…"


def _asked_fields(data: object, question: str, name: str, tool_input: dict) -> object:
    """The fields of a record the question asks for (« the email address for customer C1 » → email), or the whole
    record when it names none. Words that only name what the call is about ask for no field, and a field that
    repeats an input is no answer."""
    if not isinstance(data, dict) or len(data) < 2:
        return data
    about = {lex.stem(w) for w in lex.words(name) + [w for k in tool_input for w in lex.words(str(k))]}
    asked = {lex.stem(w) for w in lex.words(question) if len(w) >= 3} - about
    inputs = {str(v) for v in tool_input.values()}
    named = {k: v for k, v in data.items() if str(v) not in inputs
             and {lex.stem(w) for w in lex.words(str(k)) if len(w) >= 3} & asked}
    return named if named and len(named) < len(data) else data


class _GeneralPlaybook:
    """The engine as the last playbook: it always answers."""
    name = "modèle général"

    def respond(self, conv: Conversation) -> Reply:
        return Engine(conv).reply()


PLAYBOOK = _GeneralPlaybook()
