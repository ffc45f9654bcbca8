"""Coordinator and subagents (TS 1.2, 1.3), as the real CLI runs them, and the same roles over the Messages API.

Coordinator: launches one subagent per specialised agent type, all in ONE response (parallel), waits
while they run in the background (Claude Code sends their reports back as task notifications, or in
the tool_result when the launch was synchronous), hands the reports to a synthesis agent when there
is one, then writes the final answer from the reports it actually received. What it hands over
follows its system prompt: complete reports by default, bare claims if told to keep only those, the claims and,
apart, a list of sources if told to (every source arrives, none tied to its claim).
Subagent: sees only its own definition and the prompt it was given; a researcher answers with
structured findings that keep their sources, a synthesis agent cites what it was handed — and
cannot cite what it was not.
Direct (Messages API, no tools): a request asking for findings as JSON gets them; a request asking
for a synthesis of findings gets one, citing each source it was given.
"""
from __future__ import annotations

import hashlib
import json
import re
import unicodedata

from .._conversation import Conversation
from .._engine.recognisers import cli
from .._reply import Reply, playbook, text
from .research_corpus import CORPUS

SYNTHESIS = re.compile(r"synth|rédig|redig|rapport final|writer|[ée]cri(?:s|re|t)\s+(?:le|un|ton)\s+rapport", re.I)
LAUNCHED = cli.LAUNCHED
handback_report = cli.handback
# The definition's own prompt comes first in a subagent's system text; Claude Code's notes follow it.
CLI_NOTES = "\n\nMessages from the agent that launched you"
# A coordinator told to hand over the claims alone (the lost-citations diagnostic of TS 1.3).
CLAIMS_ONLY = re.compile(r"(?:uniquement|seulement|only|juste)\s+(?:les\s+|the\s+)?(?:affirmations|claims|constats|"
                         r"conclusions)|sans\s+(?:les\s+|leurs\s+)?(?:sources|métadonnées|metadonnees|urls?|références)|"
                         r"(?:strip|drop|without)\s+(?:the\s+)?(?:metadata|sources)", re.I)
# A coordinator told to hand the claims over in one list and the sources apart, as a bibliography: every source
# reaches the synthesis, but no longer tied to the claim it supports (TS 1.3, § 4).
DETACHED = re.compile(r"bibliograph|(?:liste|list)\s+(?:à\s+part|séparée|separate)|sources?\s+(?:à\s+part|séparément)",
                      re.I)
SOURCES_HEADING = re.compile(r"^\s*(?:sources?\s+consultées|bibliographie)\s*:?\s*$", re.I | re.M)
WEB_TOOLS = {"WebSearch", "WebFetch"}
DOC_TOOLS = {"Read", "Grep", "Glob"}
SUBTOPIC = re.compile(r"(?:sous[- ]th[èe]me|sous[- ]sujet|volet|subtopic|aspect)\s*:\s*(.+)", re.I)
TOPIC = re.compile(r"(?:^|\n)\s*(?:sujet|th[èe]me|topic)\s*:\s*(.+)", re.I)


# -- reading what came back from subagents ---------------------------------------------------------

def agent_types(conv: Conversation) -> dict[str, str]:
    """name → description of the agents the application defined (built-in ones left out)."""
    return cli.agent_types(conv.notes)


def reports(conv: Conversation, launcher: str) -> dict[str, str]:
    """tool_use id of each launch → the report that came back (synchronously or as a notification)."""
    got = {}
    for call in conv.calls_to(launcher):
        if call.answered and not call.is_error and LAUNCHED not in (call.result or ""):
            got[call.id] = cli.handback(call.result or "")
        elif call.is_error:
            got[call.id] = f"ÉCHEC : {call.result}"
    for tool_use_id, (status, result) in cli.notifications(conv.raw_user_texts).items():
        got[tool_use_id] = result if status == "completed" else f"ÉCHEC ({status})"
    return got


def definition_prompt(conv: Conversation) -> str:
    """A subagent's own definition (its AgentDefinition prompt), without Claude Code's notes."""
    for block in conv.body.get("system") or []:
        body = block.get("text", "") if isinstance(block, dict) else ""
        if CLI_NOTES in body:
            return body.split(CLI_NOTES, 1)[0]
    return ""


# -- findings: structured content, metadata kept apart -----------------------------------------------

def findings_in(text: str) -> list[dict] | None:
    """Every finding of every JSON object with a "findings" list in the text; None if there is none."""
    decoder = json.JSONDecoder()
    found: list[dict] | None = None
    position = text.find("{")
    while position != -1:
        try:
            value, end = decoder.raw_decode(text, position)
        except ValueError:
            position = text.find("{", position + 1)
            continue
        if isinstance(value, dict) and isinstance(value.get("findings"), list):
            found = (found or []) + [f for f in value["findings"] if isinstance(f, dict)]
            position = text.find("{", end)
        else:
            position = text.find("{", position + 1)
    return found


def claims_in(text: str) -> list[str]:
    """Claims written as a list, one per line (« - … » or « * … »)."""
    return [m.strip() for m in re.findall(r"^\s*[-*•]\s+(.+)$", text, re.M)]


def citation(finding: dict) -> str | None:
    """Where a finding comes from, as a report cites it; None when nothing says so."""
    url, document, page = finding.get("source_url"), finding.get("document_name"), finding.get("page_number")
    if isinstance(url, str) and url:
        return url
    if isinstance(document, str) and document:
        return f"{document}, p. {page}" if page not in (None, "") else document
    return None


def synthesis(topic: str, handed_over: str) -> str:
    """The synthesis of what was handed over: every claim, each with its source when it came with one."""
    findings = findings_in(handed_over)
    heading = f"Synthèse sur « {topic} »" if topic else "Synthèse"
    detached = SOURCES_HEADING.search(handed_over)
    if findings is None and detached:
        # Claims in one list, sources in another: which source backs which claim is no longer said.
        claims = claims_in(handed_over[:detached.start()])
        sources = claims_in(handed_over[detached.end():])
        return (f"{heading} :\n" + "\n".join(f"- {c}" for c in claims)
                + "\n\nSources consultées, d'après le coordinateur :\n" + "\n".join(f"- {x}" for x in sources)
                + f"\n\nJe ne peux rattacher aucune de ces {len(claims)} phrases à sa source : la liste ne dit pas "
                  "laquelle appuie laquelle.")
    if findings:
        lines, cited = [], 0
        for finding in findings:
            source = citation(finding)
            cited += source is not None
            lines.append(f"- {finding.get('claim', '(constat sans texte)')} "
                         + (f"[source : {source}]" if source else "[source manquante]"))
        note = (f"{cited} constat(s) sur {len(findings)} accompagné(s) de leur source." if cited
                else "Aucune source n'accompagnait ces constats : je ne peux en citer aucune.")
        return f"{heading} :\n" + "\n".join(lines) + f"\n\n{note}"
    claims = claims_in(handed_over)
    if claims:
        return (f"{heading} :\n" + "\n".join(f"- {c}" for c in claims)
                + "\n\nAucune source ne m'a été transmise avec ces constats : je ne peux en citer aucune.")
    return f"{heading} : je n'ai reçu aucun constat à synthétiser."


def _slug(words: str) -> str:
    plain = unicodedata.normalize("NFKD", words.lower()).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain)[:40].strip("-") or "sujet"


def _pick(subject: str, kind: str) -> list[dict]:
    """Findings for a subject from the corpus (subtopic words first); kind: "web", "documents" or "tous"."""
    lowered = subject.lower()
    for words, entries in CORPUS:
        if any(re.search(r"\b" + re.escape(w), lowered) for w in words):
            found = [{"claim": c, "source_url": u, "document_name": d, "page_number": p, "confidence": k}
                     for c, u, d, p, k in entries]
            if kind == "web":
                found = [f for f in found if f["source_url"]] or found
            elif kind == "documents":
                found = [f for f in found if f["document_name"]] or found
            return found
    return []


def simulated_findings(topic: str, subtopic: str, kind: str = "tous") -> list[dict]:
    """What a research subagent finds on one subtopic: the corpus's entries, or findings built from its words."""
    found = _pick(subtopic, kind) or _pick(topic, kind)
    if found:
        return found
    subject = subtopic or topic or "le sujet"
    slug = _slug(subject)
    page = int(hashlib.sha256(subject.encode()).hexdigest()[:4], 16) % 60 + 2
    web = {"claim": f"Constat simulé sur « {subject} » (source publique).",
           "source_url": f"https://exemple.org/{slug}", "document_name": None, "page_number": None,
           "confidence": "medium"}
    internal = {"claim": f"Constat simulé sur « {subject} » (document interne).", "source_url": None,
                "document_name": f"{slug}.pdf", "page_number": page, "confidence": "low"}
    return {"web": [web], "documents": [internal]}.get(kind, [web, internal])


def _synthesis_topic(task: str) -> str:
    """The topic a synthesis request names: « Sujet : … », else the first «…» or "…" quotation."""
    labelled = TOPIC.search(task)
    if labelled:
        return labelled.group(1).strip()
    quoted = re.search(r"«\s*(.+?)\s*»|“(.+?)”", task)
    return next((g for g in quoted.groups() if g), "") if quoted else ""


def _subject(task: str) -> tuple[str, str]:
    """(topic, subtopic) as a prompt names them (« Sujet : … », « Sous-thème : … »), else its first line."""
    topic = TOPIC.search(task)
    sub = SUBTOPIC.search(task)
    first = next((line.strip() for line in task.splitlines() if line.strip()), "")
    return (topic.group(1).strip() if topic else first), (sub.group(1).strip() if sub else "")


# -- the playbooks ---------------------------------------------------------------------------------

@playbook("coordinator")
def COORDINATOR(conv: Conversation) -> Reply | None:
    launcher = conv.tool("Agent", "Task")
    agents = agent_types(conv)
    if conv.is_subagent or not launcher or not agents or not cli.course_coordinator(conv.system):
        return None          # the course's scenario only: any other request is delegated as Claude does (agents.py)
    topic = conv.first_user_text
    researchers = [n for n, d in agents.items() if not SYNTHESIS.search(n + " " + d)]
    synthesizers = [n for n, d in agents.items() if SYNTHESIS.search(n + " " + d)]
    launches = conv.calls_to(launcher)
    if not launches:
        reply = Reply().say(f"Je répartis le sujet entre {len(researchers)} sous-agents, lancés en parallèle.")
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
        return text(f"Les sous-agents travaillent en arrière-plan ({names}) ; j'attends leurs rapports.")
    research = [c for c in launches if c.input.get("subagent_type") not in synthesizers]
    synthesis_calls = [c for c in launches if c.input.get("subagent_type") in synthesizers]
    if synthesizers and not synthesis_calls:
        if DETACHED.search(conv.system):
            # Told to put the sources apart: all of them are handed over, none tied to its claim any more.
            found = [f for c in research for f in findings_in(got[c.id]) or []]
            sources = list(dict.fromkeys(s for s in (citation(f) for f in found) if s))
            handed = ("Constats à synthétiser :\n" + "\n".join(f"- {f.get('claim')}" for f in found)
                      + "\n\nSources consultées :\n" + "\n".join(f"- {s}" for s in sources))
            say = "Tous les rapports sont là ; je transmets les affirmations, puis la liste des sources à part."
        elif CLAIMS_ONLY.search(conv.system):
            # Told to keep only the claims: the sources stay behind, in the reports.
            claims = [str(f.get("claim")) for c in research for f in findings_in(got[c.id]) or []]
            handed = "Constats à synthétiser :\n" + "\n".join(f"- {c}" for c in claims)
            say = "Tous les rapports sont là ; je ne transmets que les affirmations à la synthèse."
        else:
            handed = "\n\n".join(f"RAPPORT de {c.input.get('subagent_type')} :\n{got[c.id]}" for c in research)
            say = "Tous les rapports sont là ; je les transmets en entier à la synthèse."
        return Reply().say(say).call(
            launcher, {"description": "synthèse", "subagent_type": synthesizers[0],
                       "prompt": f"Sujet : {topic}\nRédige la synthèse de ces constats, en gardant chaque "
                                 f"source.\n\n{handed}"})
    failed = [c.input.get("subagent_type") for c in research if got[c.id].startswith("ÉCHEC")]
    note = f"\n\nNon couvert (sous-agent en échec) : {', '.join(failed)}." if failed else ""
    if synthesis_calls:
        writer = synthesis_calls[-1].input.get("subagent_type")
        return text(f"Rapport final (rédigé par {writer}) :\n\n{got[synthesis_calls[-1].id]}{note}")
    final = "\n".join(f"- {c.input.get('subagent_type')} : {got[c.id]}" for c in research)
    return text(f"Synthèse sur « {topic} » :\n{final}{note}")


@playbook("subagent")
def SUBAGENT(conv: Conversation) -> Reply | None:
    if not conv.is_subagent:
        return None
    task = conv.first_user_text
    definition = definition_prompt(conv)
    if not (TOPIC.search(task) or "findings" in (definition + task).lower() or SYNTHESIS.search(definition)):
        return None          # not one of the course's researchers: the general engine does the task it was given
    topic, subtopic = _subject(task)
    if SYNTHESIS.search(definition) or (not definition and SYNTHESIS.search(task.split("\n", 2)[-1][:200])):
        return text(synthesis(_synthesis_topic(task), task))
    search = next((n for n in conv.tools if n.startswith("mcp__") and re.search(r"search|cherch|find", n)), None)
    if search is None:
        from .._engine import Engine
        engine = Engine(conv)
        if engine.tools and (engine.plan.calls or engine.plan.ask or engine.episode):
            return None      # a subagent with its own tools: the general engine uses them and reports
    if search and not conv.calls:
        return Reply().say("Je cherche des sources sur mon volet.").call(search, {"query": task.splitlines()[0][:200]})
    results = [c.data() for c in conv.calls if c.answered and not c.is_error]
    if results:
        findings = results[0] if isinstance(results[0], list) else [results[0]]
        return text(json.dumps({"findings": findings}, ensure_ascii=False))
    tools = set(conv.tools)
    kind = "web" if tools & WEB_TOOLS else "documents" if tools & DOC_TOOLS else "tous"
    return text(json.dumps({"findings": simulated_findings(topic, subtopic, kind)}, ensure_ascii=False))


@playbook("recherche directe")
def DIRECT(conv: Conversation) -> Reply | None:
    """A plain Messages API request playing a subagent: one user turn, no tools, findings or a synthesis asked."""
    if conv.is_subagent or conv.tools or conv.assistant_turns or len(conv.user_texts) != 1:
        return None
    task = conv.first_user_text
    if SYNTHESIS.search(task) and (findings_in(task) is not None or claims_in(task)):
        return text(synthesis(_synthesis_topic(task), task))
    topic, subtopic = _subject(task)
    if "findings" in task.lower() and "json" in task.lower():
        return text(json.dumps({"findings": simulated_findings(topic, subtopic)}, ensure_ascii=False))
    return None
