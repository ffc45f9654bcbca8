"""Claude inside the Agent SDK's CLI: delegation to subagents, the system prompt's order of calls, structured output.

The CLI's own system prompt, notes and built-in tools are context, not the user's intent (`Conversation.app_tools`
keeps the application's MCP tools; `clean` drops the CLI's markup). On top of the general engine, as the playbook
`PLAYBOOK` (the course's own coordinator, _playbooks/research.py, is asked before it):

- delegation: with the Agent (or Task) tool and agent types the application defined, the agents the user names, else
  the one whose description fits the request (the plan's own tool scoring, over their descriptions), every fitting
  one when the prompt asks for them at once, none when the system prompt or a CLAUDE.md answers. The subagent's
  prompt is the task itself; the launch waits for its report (the answer depends on it), which is then the answer;
- « always call X first » in the system prompt: X before the engine's own calls;
- `StructuredOutput` (the CLI's tool for `output_format`): the answer goes through it, filled by the one assignment.
"""
from __future__ import annotations

from .._conversation import Conversation, clean
from .._reply import Reply, text
from . import _answering as say, plan as planning
from .assignment import fill
from .reading import Reading, read
from .recognisers import cli
from .recognisers.instructions import is_question
from .recognisers.words import name_words, tokens

STRUCTURED = "StructuredOutput"
GENERIC = frozenset({"agent", "agents", "subagent", "sub", "bot", "assistant"})   # words of agent names that say nothing
MIN_SHARED = 2            # content words a sentence of CLAUDE.md or the system prompt shares with the question…
SHARED_PART = 0.66        # …and the part of the question's content words they make
ADDRESSED = frozenset({"you", "your", "yours", "tu", "toi", "vous", "ton", "ta", "tes", "votre", "vos"})


def _content(text: str) -> set[str]:
    return {t.stem for t in tokens(text) if t.content and len(t.norm) >= 3}


def context_answer(conv: Conversation, reading: Reading) -> str | None:
    """The sentence of a CLAUDE.md, or of the system prompt, that answers the question, else None."""
    if not is_question(reading.question):
        return None
    asked = _content(reading.question)
    if len(asked) < MIN_SHARED:
        return None
    fr = reading.lang == "fr"
    where = [(doc, " (d'après CLAUDE.md)" if fr else " (according to CLAUDE.md)")
             for doc in cli.claude_md(conv.raw_user_texts)] + [(conv.system, "")]
    best, best_shared, suffix = None, 0, ""
    for doc, note in where:
        for sentence in cli.sentences(doc):
            if ADDRESSED & {t.norm for t in tokens(sentence)}:
                continue                               # an instruction to the assistant (« Tu es… »), not a fact
            shared = len(asked & _content(sentence))
            if shared > best_shared and shared >= MIN_SHARED and shared >= SHARED_PART * len(asked) \
                    and not is_question(sentence):
                best, best_shared, suffix = sentence, shared, note
    if best is None:
        return None
    return best.rstrip(".") + suffix + "."


def _names(agent: str, question: str, exactly: bool = False) -> bool:
    """The question names the agent: each word of its name (« traducteur », "web researcher") stands in it, or
    (unless `exactly`) a word of the same stem or the same first five letters."""
    said = {t.norm for t in tokens(question)} | ({t.stem for t in tokens(question)} if not exactly else set())
    words = [w for w in name_words(agent.replace("-", "_").replace(".", "_")) if len(w) >= 3 and w not in GENERIC]
    return bool(words) and all(w in said or (not exactly and any(s.startswith(w[:5]) for s in said if len(w) >= 5))
                               for w in words)


def chosen_agents(agents: dict[str, str], reading: Reading, system: str = "") -> list[str]:
    """The agents a request goes to: those it names, else the best fitting one (every fitting one when it asks for
    them at once), else none."""
    named = [name for name in agents if _names(name, reading.question)]
    if named:
        return named
    # Scored as tools named by the words of their names (« meteo-agent » → meteo), described by their descriptions.
    keys = {"_".join(w for w in name.replace("-", "_").replace(".", "_").split("_") if w.lower() not in GENERIC)
            or name: name for name in agents}
    profiles = {key: {"name": key, "description": agents[name], "input_schema": {"type": "object"}}
                for key, name in keys.items()}
    ranked = [keys[c.name] for c in planning.choices(profiles, reading.question, reading.pool)]
    if cli.at_once(system) or cli.at_once(reading.question):
        return ranked or list(agents)
    return ranked[:1]


def _joined(names: list[str], lang: str) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + (" et " if lang == "fr" else " and ") + names[-1]


def _task(question: str, agent: str) -> str:
    """The task itself: without the words that hand it to the agent (« Utilise seulement le traducteur : … »)."""
    cuts = sorted((question.find(mark), len(mark)) for mark in (":", ". ") if mark in question)
    for at, size in cuts:                              # the shortest head that names the agent
        if question[at + size:].strip() and _names(agent, question[:at], exactly=True):
            return question[at + size:].strip()
    return question


def _launch(conv: Conversation, reading: Reading, launcher: str, names: list[str]) -> Reply:
    props = (conv.tools[launcher].get("input_schema") or {}).get("properties") or {}
    lead = (f"Je confie cette demande à l'agent {_joined(names, 'fr')}." if len(names) == 1 else
            f"Je confie cette demande aux agents {_joined(names, 'fr')}, en parallèle.") if reading.lang == "fr" else \
        (f"I'll hand this to the {names[0]} agent." if len(names) == 1 else
         f"I'll hand this to the {_joined(names, 'en')} agents, in parallel.")
    reply = Reply().say(lead)
    for name in names:
        prompt = _task(reading.question, name)
        task = {"description": " ".join(prompt.split()[:5])[:60] or name, "subagent_type": name, "prompt": prompt}
        if "run_in_background" in props:
            task["run_in_background"] = False          # the answer depends on its report
        reply.call(launcher, task)
    return reply


def _relay(conv: Conversation, reading: Reading, launches: list) -> Reply:
    """The agents' reports as the answer (a synchronous launch's tool_result, or the CLI's notification)."""
    noticed = cli.notifications(conv.raw_user_texts)
    reports, pending = [], []
    for call in launches:
        name = str(call.input.get("subagent_type") or "agent")
        if call.id in noticed:
            status, result = noticed[call.id]
            reports.append((name, clean(result) if status == "completed" else None))
        elif call.answered and cli.LAUNCHED not in (call.result or ""):
            reports.append((name, None if call.is_error else clean(cli.handback(call.result or ""))))
        else:
            pending.append(name)
    fr = reading.lang == "fr"
    if pending:
        return text((f"J'attends le rapport de {_joined(pending, 'fr')} pour vous répondre." if fr else
                     f"I am waiting for the report of {_joined(pending, 'en')} to answer you."))
    failed = [name for name, report in reports if not report]
    done = [(name, report) for name, report in reports if report]
    parts = [(f"Selon l'agent {name} : {report}" if fr else f"According to the {name} agent: {report}")
             if len(done) == 1 else (f"{name} : {report}" if fr else f"{name}: {report}") for name, report in done]
    if failed:
        parts.append((f"L'agent {_joined(failed, 'fr')} n'a pas pu terminer." if fr else
                      f"The {_joined(failed, 'en')} agent could not finish."))
    return text("\n\n".join(parts))


def _delegation(conv: Conversation, reading: Reading) -> Reply | None:
    launcher = conv.tool("Agent", "Task")
    agents = cli.agent_types(conv.notes) if launcher and not conv.is_subagent else {}
    if not agents:
        return None
    launches = [c for c in reading.episode if c.name == launcher]
    if launches:
        return _relay(conv, reading, launches)
    if conv.last_turn_results or context_answer(conv, reading):
        return None                                    # the main agent answers itself
    names = chosen_agents(agents, reading, conv.system)
    return _launch(conv, reading, launcher, names) if names else None


def _first_call(conv: Conversation, reading: Reading) -> Reply | None:
    """« Always call X first »: X before the engine's own calls, then those."""
    from . import Engine
    tools = conv.app_tools
    first = cli.first_call(conv.system, list(tools))
    if first is None:
        return None
    made = [c.name for c in reading.episode]
    planned = [(n, i) for n, i in Engine(conv).plan.calls if n != first]
    if not planned:
        return None
    if not made:
        context, pool, own = reading.context(history=True)
        filled = fill(tools[first], list(pool), context, forced=True, priority=own)
        return Reply().say(say.intro([(first, filled.input)], reading.lang)).call(first, filled.input)
    if set(made) == {first} and conv.last_turn_results:
        reply = Reply().say(say.intro(planned, reading.lang))
        for name, tool_input in planned:
            reply.call(name, tool_input)
        return reply
    if first in made and conv.last_turn_results:
        return Engine(_without(conv, first)).reply()   # the rule's call is bookkeeping: the answer is the others'
    return None


def _without(conv: Conversation, name: str) -> Conversation:
    """The conversation without the calls of `name` and their results (the turns left empty dropped)."""
    ids = {c.id for c in conv.calls if c.name == name}
    messages = []
    for message in conv.body.get("messages") or []:
        content = message.get("content")
        if not isinstance(content, list):
            messages.append(message)
            continue
        kept = [b for b in content if not (isinstance(b, dict) and (b.get("id") in ids or b.get("tool_use_id") in ids))]
        if len(kept) < len(content) and all(isinstance(b, dict) and b.get("type") == "text" for b in kept):
            continue                                   # only its call (and the sentence before it) was there
        messages.append({**message, "content": kept})
    return Conversation({**conv.body, "messages": messages}, conv.betas)


def _structured(conv: Conversation, reading: Reading) -> Reply | None:
    """The final answer as a call of the CLI's StructuredOutput tool, its input from the one assignment."""
    from . import Engine
    tool = conv.tools.get(STRUCTURED)
    if tool is None or any(c.name == STRUCTURED for c in reading.episode):
        return None
    if any(b["type"] == "tool_use" for b in Engine(conv).reply().blocks):
        return None                                    # the engine's calls first
    context, pool, own = reading.context(history=True, results=True)
    return Reply().call(STRUCTURED, fill(tool, list(pool), context, forced=True, priority=own).input)


class _AgentSdk:
    name = "agent sdk"

    def respond(self, conv: Conversation) -> Reply | None:
        if not conv.from_cli:
            return None
        reading = read(conv)
        return _delegation(conv, reading) or _first_call(conv, reading) or _structured(conv, reading)


PLAYBOOK = _AgentSdk()
