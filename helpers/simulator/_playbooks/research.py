"""Coordinator and subagents (TS 1.2, 1.3), as the real CLI runs them.

Coordinator: launches one subagent per specialised agent type, all in ONE response (parallel), waits
while they run in the background (Claude Code sends their reports back as task notifications), hands
every finding to a synthesis agent when there is one, then writes the final answer from the reports
it actually received. Subagent: sees only its own definition and the prompt it was given, and
answers with structured findings that keep their sources.
"""
from __future__ import annotations

import json
import re

from .._conversation import Conversation
from .._model import Reply, playbook, text

BUILT_IN_AGENTS = {"claude", "Explore", "general-purpose", "Plan", "statusline-setup", "fork"}
AGENT_LINE = re.compile(r"^- ([\w.-]+): (.*?)(?: \(Tools: (.*)\))?$", re.M)
NOTIFICATION = re.compile(r"<task-notification>(.*?)</task-notification>", re.S)
NOTIFIED = {field: re.compile(rf"<{field}>(.*?)</{field}>", re.S) for field in ("tool-use-id", "status", "result")}
SYNTHESIS = re.compile(r"synth|rédig|redig|rapport final|writer", re.I)
LAUNCHED = "Async agent launched"


def agent_types(conv: Conversation) -> dict[str, str]:
    """name → description of the agents the application defined (built-in ones left out)."""
    section = conv.notes.split("Available agent types", 1)
    if len(section) < 2:
        return {}
    found = {}
    for name, description, _tools in AGENT_LINE.findall(section[1].split("\n\n", 1)[0]):
        if name not in BUILT_IN_AGENTS:
            found[name] = description
    return found


def reports(conv: Conversation, launcher: str) -> dict[str, str]:
    """tool_use id of each launch → the report that came back (synchronously or as a notification)."""
    got = {}
    for call in conv.calls_to(launcher):
        if call.answered and not call.is_error and LAUNCHED not in (call.result or ""):
            got[call.id] = call.result or ""
        elif call.is_error:
            got[call.id] = f"ÉCHEC : {call.result}"
    for raw in conv.raw_user_texts:
        for notification in NOTIFICATION.findall(raw):
            # Each field read on its own: an optional <result> after <status> is never skipped.
            tool_use_id, status, result = (m.group(1) if m else "" for m in
                                           (NOTIFIED[f].search(notification) for f in ("tool-use-id", "status",
                                                                                        "result")))
            got[tool_use_id] = result.strip() if status == "completed" else f"ÉCHEC ({status})"
    return got


@playbook("coordinator")
def COORDINATOR(conv: Conversation) -> Reply | None:
    launcher = conv.tool("Agent", "Task")
    agents = agent_types(conv)
    if conv.is_subagent or not launcher or not agents:
        return None
    topic = conv.first_user_text
    researchers = [n for n, d in agents.items() if not SYNTHESIS.search(n + " " + d)]
    synthesizers = [n for n, d in agents.items() if SYNTHESIS.search(n + " " + d)]
    launches = conv.calls_to(launcher)
    if not launches:
        reply = Reply().say(f"Je répartis le sujet entre {len(researchers)} subagents, lancés en parallèle.")
        for name in researchers or list(agents):
            reply.call(launcher, {"description": f"{name} : volet du sujet"[:60], "subagent_type": name,
                                  "prompt": f"Sujet : {topic}\nTon volet : {agents[name]}\n"
                                            "Rends des findings structurés : claim, source_url, document_name, "
                                            "page_number, confidence. N'invente aucune source."})
        return reply
    got = reports(conv, launcher)
    pending = [c for c in launches if c.id not in got]
    if pending:
        names = ", ".join(c.input.get("subagent_type", "?") for c in pending)
        return text(f"Les subagents travaillent en arrière-plan ({names}) ; j'attends leurs rapports.")
    research = [c for c in launches if c.input.get("subagent_type") not in synthesizers]
    synthesis = [c for c in launches if c.input.get("subagent_type") in synthesizers]
    if synthesizers and not synthesis:
        findings = "\n\n".join(f"RAPPORT de {c.input.get('subagent_type')} :\n{got[c.id]}" for c in research)
        return Reply().say("Tous les rapports sont là ; je les transmets en entier à la synthèse.").call(
            launcher, {"description": "synthèse", "subagent_type": synthesizers[0],
                       "prompt": f"Sujet : {topic}\nRédige la synthèse à partir de ces findings, en gardant "
                                 f"chaque source.\n\n{findings}"})
    final = got[synthesis[-1].id] if synthesis else "\n".join(
        f"- {c.input.get('subagent_type')} : {got[c.id]}" for c in research)
    failed = [c.input.get("subagent_type") for c in research if got[c.id].startswith("ÉCHEC")]
    note = f"\n\nNon couvert (subagent en échec) : {', '.join(failed)}." if failed else ""
    return text(f"Synthèse sur « {topic} » :\n{final}{note}")


@playbook("subagent")
def SUBAGENT(conv: Conversation) -> Reply | None:
    if not conv.is_subagent:
        return None
    task = conv.first_user_text
    search = next((n for n in conv.tools if n.startswith("mcp__") and re.search(r"search|cherch|find", n)), None)
    if search is None:
        from .._engine import Engine
        engine = Engine(conv)
        if engine.tools and (engine.plan.calls or engine.plan.ask or engine.episode):
            return None      # a subagent with its own tools: the general engine uses them and reports
    if search and not conv.calls:
        return Reply().say("Je cherche des sources sur mon volet.").call(search, {"query": task.splitlines()[0][:200]})
    if "findings" in task.lower() and "RAPPORT de" in task:
        # Synthesis: only what was handed over can be cited.
        sources = re.findall(r'"source_url":\s*"([^"]+)"', task)
        body = "Synthèse des constats reçus." + (
            " Sources : " + ", ".join(dict.fromkeys(sources)) + "." if sources
            else " Aucune source n'accompagnait les constats reçus : je ne peux rien citer.")
        return text(body)
    results = [c.data() for c in conv.calls if c.answered and not c.is_error]
    if results:
        findings = results[0] if isinstance(results[0], list) else [results[0]]
        return text(json.dumps({"findings": findings}, ensure_ascii=False))
    subject = task.splitlines()[0].removeprefix("Sujet : ")
    role = re.search(r"Ton volet : (.*)", task)
    slug = re.sub(r"[^a-z0-9]+", "-", subject.lower())[:40].strip("-") or "sujet"
    return text(json.dumps({"findings": [{
        "claim": f"Constat simulé sur « {subject} »" + (f" ({role.group(1)})" if role else ""),
        "source_url": f"https://exemple.org/{slug}", "document_name": None, "page_number": None,
        "confidence": "medium"}]}, ensure_ascii=False))

