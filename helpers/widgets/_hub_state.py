"""A coordinator run read back as plain data: its spokes (what each subagent saw, what it sent back) and its moments.

Three sources, one result (`HubRun`):
- a run of the real CLI in the request log: the coordinator's requests and its subagents' (Claude Code
  marks the latter `cc_is_subagent=true`); a subagent is tied to the launch whose prompt it received
  (or, for a fork, whose tool_use id its history answers);
- a Messages API run in the request log (the learner's `coordinate`): every request is a subagent's,
  the hub is the learner's code, retries of the same prompt belong to the same spoke;
- the Agent SDK's message stream, when the CLI talked to the real API (no log to read): launches,
  task notifications, and the messages marked with `parent_tool_use_id`.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

LAUNCHERS = ("Agent", "Task")
SUBAGENT_MARK = "cc_is_subagent=true"
CLI_NOTES = "\n\nMessages from the agent that launched you"
REMINDER = re.compile(r"<system-reminder>.*?</system-reminder>", re.S)
NOTIFICATION = re.compile(r"<task-notification>(.*?)</task-notification>", re.S)


@dataclass(frozen=True)
class Spoke:
    key: str
    name: str
    prompt: str                          # what crossed the boundary, hub → spoke
    context: dict                        # everything the subagent received (see _context)
    report: str | None = None            # what came back, spoke → hub
    ok: bool = False
    attempts: int = 1


@dataclass(frozen=True)
class Moment:
    kind: str                            # "tâche", "lancement", "rapport", "nouvelle tentative", "fin"
    title: str
    lines: tuple[str, ...] = ()
    lit: tuple[str, ...] = ()            # spokes lit at this moment (several: launched together)
    states: tuple[tuple[str, str], ...] = ()   # spoke key → "attente", "en cours", "rapport", "échec"
    warning: bool = False
    tries: tuple[tuple[str, int], ...] = ()    # spoke key → requests sent to it so far (Messages API runs)

    def state(self, key: str) -> str:
        return dict(self.states).get(key, "attente")

    def tried(self, key: str) -> int:
        return dict(self.tries).get(key, 0)


@dataclass(frozen=True)
class HubRun:
    source: str                          # "cli", "api" or "flux"
    hub: str                             # what sits in the centre
    task: str
    spokes: tuple[Spoke, ...] = ()
    moments: tuple[Moment, ...] = ()
    hub_system: str = ""                 # the coordinator's own system prompt (never sent to a subagent)
    hub_messages: int = 0                # how many messages the coordinator's last request carried

    def spoke(self, key: str) -> Spoke:
        return next(s for s in self.spokes if s.key == key)


# -- small readers ---------------------------------------------------------------------------------

def short(value: object, limit: int = 110) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def block_text(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(b.get("text", "")) if isinstance(b, dict) and b.get("type") == "text"
                         else block_text(b.get("content")) if isinstance(b, dict) and b.get("type") == "tool_result"
                         else "" for b in content).strip()
    return ""


def system_text(request: dict) -> str:
    return block_text(request.get("system")) if request.get("system") is not None else ""


def is_subagent(exchange) -> bool:
    return isinstance(exchange.request, dict) and SUBAGENT_MARK in system_text(exchange.request)


def is_cli(exchange) -> bool:
    return isinstance(exchange.request, dict) and "cc_version=" in system_text(exchange.request)


def first_user_text(request: dict) -> str:
    for message in request.get("messages") or []:
        if isinstance(message, dict) and message.get("role") == "user":
            text = REMINDER.sub("", block_text(message.get("content"))).strip()
            if text:
                return text
    return ""


def response_text(exchange) -> str:
    if not exchange.ok or not isinstance(exchange.response, dict):
        return ""
    return "\n".join(b.get("text", "") for b in exchange.response.get("content", []) if b.get("type") == "text")


def system_blocks(request: dict) -> list[str]:
    system = request.get("system")
    if isinstance(system, str):
        return [system]
    return [str(b.get("text", "")) for b in system or [] if isinstance(b, dict)]


def own_system(request: dict) -> str:
    """The system prompt the application wrote: without Claude Code's billing header and identity line."""
    return "\n".join(b for b in system_blocks(request) if not b.startswith("x-anthropic-billing-header")
                     and not b.startswith("You are a Claude agent"))


def definition(request: dict) -> str:
    """A CLI subagent's own definition: its system text before Claude Code's notes to subagents."""
    return next((b.split(CLI_NOTES, 1)[0] for b in system_blocks(request) if CLI_NOTES in b), "")


def _context(exchange) -> dict:
    """Everything one request gave the model: system, tools, model, every message as sent."""
    request = exchange.request if isinstance(exchange.request, dict) else {}
    system = system_text(request)
    tools = [t.get("name") for t in request.get("tools") or [] if isinstance(t, dict)]
    messages = [{"role": m.get("role"), "text": block_text(m.get("content"))}
                for m in request.get("messages") or [] if isinstance(m, dict)]
    return {"model": request.get("model"), "system": system, "definition": definition(request), "tools": tools,
            "messages": messages, "max_tokens": request.get("max_tokens")}


def _states(keys: list[str], launched: set[str], done: dict[str, bool]) -> tuple[tuple[str, str], ...]:
    return tuple((k, ("rapport" if done[k] else "échec") if k in done else "en cours" if k in launched else "attente")
                 for k in keys)


# -- a CLI run in the request log ------------------------------------------------------------------

@dataclass
class _Launch:
    id: str
    name: str
    prompt: str
    description: str
    at: float
    requests: list = field(default_factory=list)


def _raw_texts(message: dict) -> list[str]:
    content = message.get("content")
    if isinstance(content, str):
        return [content]
    return [str(b.get("text", "")) for b in content or [] if isinstance(b, dict) and b.get("type") == "text"]


def _notification_reports(exchanges: list) -> dict[str, tuple[str, bool]]:
    """tool_use id → (report, completed) from the task notifications the coordinator received."""
    got = {}
    for exchange in exchanges:
        for message in exchange.messages:
            if message.get("role") != "user":
                continue
            for raw in (n for text in _raw_texts(message) for n in NOTIFICATION.findall(text)):
                tid = re.search(r"<tool-use-id>(.*?)</tool-use-id>", raw)
                status = re.search(r"<status>(.*?)</status>", raw)
                result = re.search(r"<result>(.*?)</result>", raw, re.S)
                if tid:
                    got[tid.group(1)] = ((result.group(1).strip() if result else ""),
                                         bool(status and status.group(1) == "completed"))
    return got


def from_cli(exchanges: list) -> HubRun:
    main = [e for e in exchanges if not is_subagent(e)]
    subs = [e for e in exchanges if is_subagent(e)]
    launches: list[_Launch] = []
    for exchange in main:
        if not exchange.ok:
            continue
        for block in exchange.response.get("content", []):
            if block.get("type") == "tool_use" and block.get("name") in LAUNCHERS:
                tool_input = block.get("input") or {}
                launches.append(_Launch(block.get("id"), str(tool_input.get("subagent_type") or "general-purpose"),
                                        str(tool_input.get("prompt") or ""), str(tool_input.get("description") or ""),
                                        exchange.answered))
    for exchange in subs:
        answered_ids = {b.get("tool_use_id") for m in exchange.messages if isinstance(m.get("content"), list)
                        for b in m["content"] if isinstance(b, dict) and b.get("type") == "tool_result"}
        first = first_user_text(exchange.request)
        launch = next((la for la in launches if la.id in answered_ids and la.name == "fork"), None) or next(
            (la for la in launches if la.prompt.strip() == first), None)
        if launch is not None:
            launch.requests.append(exchange)
    notified = _notification_reports(main)
    spokes = []
    for launch in launches:
        last = launch.requests[-1] if launch.requests else None
        report, ok = notified.get(launch.id, (None, False))
        if report is None and last is not None:
            report, ok = response_text(last), last.ok and last.stop_reason == "end_turn"
        context = _context(launch.requests[0]) if launch.requests else {"messages": [], "tools": [], "system": "",
                                                                          "definition": "", "model": None}
        spokes.append(Spoke(launch.id, launch.name, launch.prompt, context, report or None, bool(ok and report),
                            len(launch.requests)))
    task = first_user_text(main[0].request) if main else ""
    hub_system = own_system(main[0].request) if main else ""
    events = []
    for launch in launches:
        events.append((launch.at, 0, "lancement", launch))
    for launch, spoke in zip(launches, spokes):
        if launch.requests:
            events.append((launch.requests[-1].answered, 1, "rapport", launch))
    events.sort(key=lambda e: (e[0], e[1]))
    keys = [s.key for s in spokes]
    by_key = {s.key: s for s in spokes}
    moments = [Moment("tâche", "Le coordinateur reçoit la tâche", (f"demande : « {short(task, 140)} »",
                                                                   f"{len(launches)} sous-agent(s) lancé(s) au total"),
                      states=_states(keys, set(), {}))]
    launched: set[str] = set()
    done: dict[str, bool] = {}
    index = 0
    while index < len(events):
        at, _, kind, launch = events[index]
        if kind == "lancement":
            together = [e[3] for e in events[index:] if e[2] == "lancement" and e[0] == at]
            index += len(together)
            launched.update(la.id for la in together)
            title = (f"{len(together)} sous-agents lancés dans la même réponse : ils travaillent en parallèle"
                     if len(together) > 1 else f"Lancement de {together[0].name}")
            lines = tuple(f"{la.name} reçoit : « {short(la.prompt, 150)} »" for la in together)
            moments.append(Moment("lancement", title, lines, tuple(la.id for la in together),
                                  _states(keys, launched, done)))
            continue
        index += 1
        spoke = by_key[launch.id]
        done[launch.id] = spoke.ok
        moments.append(Moment("rapport", f"Rapport de {spoke.name} : retour au coordinateur",
                              report_lines(spoke.report), (launch.id,), _states(keys, launched, done),
                              warning=not spoke.ok))
    final = next((response_text(e) for e in reversed(main) if e.ok and e.stop_reason == "end_turn"), "")
    if final:
        moments.append(Moment("fin", "Le coordinateur rédige la réponse finale", (f"« {short(final, 260)} »",),
                              states=_states(keys, launched, done)))
    return HubRun("cli", "Coordinateur", task, tuple(spokes), tuple(moments), hub_system,
                  len(main[-1].messages) if main else 0)


# -- a Messages API run in the request log -----------------------------------------------------------

def report_lines(text: str | None, limit: int = 3) -> tuple[str, ...]:
    """A report as the hub reads it: each finding with its source when the report is JSON, else its text."""
    if not text:
        return ("(rien)",)
    start = text.find("{")
    try:
        data = json.loads(text[start:]) if start != -1 else None
    except ValueError:
        data = None
    findings = data.get("findings") if isinstance(data, dict) else None
    if not isinstance(findings, list):
        return (f"« {short(text, 220)} »",)
    lines = [f"{len(findings)} constat(s) en JSON, chacun avec ses métadonnées :"]
    for finding in findings[:limit]:
        if isinstance(finding, dict):
            source = finding.get("source_url") or finding.get("document_name")
            page = f", p. {finding['page_number']}" if finding.get("page_number") not in (None, "") else ""
            lines.append(f"« {short(finding.get('claim'), 90)} » — source : {source}{page}" if source
                         else f"« {short(finding.get('claim'), 90)} » — sans source")
    if len(findings) > limit:
        lines.append(f"… et {len(findings) - limit} autre(s)")
    return tuple(lines)


def _reply_verdict(exchange) -> tuple[bool, str]:
    if not exchange.ok:
        return False, f"erreur {exchange.status} ({short(exchange.error_message or '', 60)})"
    text = response_text(exchange)
    if exchange.stop_reason != "end_turn":
        return False, f"réponse coupée (stop_reason = {exchange.stop_reason})"
    try:
        data = json.loads(text)
    except ValueError:
        return False, "réponse en prose, pas du JSON"
    if isinstance(data, dict) and isinstance(data.get("findings"), list):
        return True, f"{len(data['findings'])} finding(s) en JSON"
    return True, "JSON reçu"


def from_api(exchanges: list, names: list[str] | None = None, hub: str = "Votre code") -> HubRun:
    """Every request is a subagent's; one spoke per prompt (a retry repeats the prompt: same spoke)."""
    spokes_requests: dict[str, list] = {}
    labels: dict[str, str] = {}
    for exchange in exchanges:
        prompt = block_text(next((m.get("content") for m in exchange.messages if m.get("role") == "user"), ""))
        key = prompt
        if key not in spokes_requests:
            spokes_requests[key] = []
            label = next((n for n in names or [] if n in prompt), None)
            labels[key] = label or f"sous-agent {len(labels) + 1}"
        spokes_requests[key].append(exchange)
    spokes = []
    keys = {}
    # Spokes in the order of `names` when given (the subtopics' order), else in the order they were sent.
    ranked = sorted(spokes_requests.items(), key=lambda item: (
        names.index(labels[item[0]]) if names and labels[item[0]] in names else len(names or []),
        min(e.received for e in item[1])))
    for n, (prompt, requests) in enumerate(ranked, start=1):
        key = f"s{n}"
        keys[prompt] = key
        ok, _ = _reply_verdict(requests[-1])
        spokes.append(Spoke(key, labels[prompt], prompt, _context(requests[0]), response_text(requests[-1]) or None,
                            ok, len(requests)))
    order = [s.key for s in spokes]
    events = []
    for exchange in exchanges:
        prompt = block_text(next((m.get("content") for m in exchange.messages if m.get("role") == "user"), ""))
        events.append((exchange.received, 0, exchange, keys[prompt]))
        events.append((exchange.answered, 1, exchange, keys[prompt]))
    events.sort(key=lambda e: (e[0], e[1]))
    by_key = {s.key: s for s in spokes}
    moments = [Moment("tâche", f"{hub} répartit le travail entre {len(spokes)} sous-agent(s)",
                      (f"{len(exchanges)} requête(s) au total",), states=_states(order, set(), {}))]
    launched: set[str] = set()
    done: dict[str, bool] = {}
    consumed: set[int] = set()
    tries: dict[str, int] = {}

    def sent() -> tuple[tuple[str, int], ...]:
        return tuple(sorted(tries.items()))

    for index, (_, kind, exchange, key) in enumerate(events):
        if index in consumed:
            continue
        if kind == 0 and key not in launched:
            # First requests sent before any good answer came back: launched together, whatever failed at once.
            group = []
            for later, (_, k2, e2, key2) in enumerate(events[index:], start=index):
                if k2 == 1 and _reply_verdict(e2)[0]:
                    break
                if k2 == 0 and key2 not in launched and key2 not in group:
                    group.append(key2)
                    consumed.add(later)
            group.sort(key=order.index)
            launched.update(group)
            tries.update({k: 1 for k in group})
            title = (f"{len(group)} requêtes parties ensemble : les sous-agents travaillent en parallèle"
                     if len(group) > 1 else f"Lancement de {by_key[group[0]].name}")
            lines = tuple(f"{by_key[k].name} reçoit : « {short(by_key[k].prompt, 150)} »" for k in group)
            moments.append(Moment("lancement", title, lines, tuple(group), _states(order, launched, done),
                                  tries=sent()))
            continue
        if kind == 0:
            done.pop(key, None)
            tries[key] = tries.get(key, 0) + 1
            moments.append(Moment("nouvelle tentative", f"Nouvelle tentative pour {by_key[key].name}, dans une "
                                  f"requête neuve", (f"{by_key[key].name} reçoit de nouveau : "
                                                     f"« {short(by_key[key].prompt, 150)} »",), (key,),
                                  _states(order, launched, done), tries=sent()))
            continue
        ok, verdict = _reply_verdict(exchange)
        done[key] = ok
        text = response_text(exchange)
        lines = report_lines(text) if ok else ((f"« {short(text, 220)} »",) if text else ())
        moments.append(Moment("rapport", f"Réponse de {by_key[key].name} : {verdict}", lines, (key,),
                              _states(order, launched, done), warning=not ok, tries=sent()))
    return HubRun("api", hub, "", tuple(spokes), tuple(moments), "", 0)


# -- the Agent SDK's message stream (real mode) -------------------------------------------------------

def from_messages(messages: list, agents: dict | None = None) -> HubRun:
    from claude_agent_sdk import AssistantMessage, ResultMessage, SystemMessage, UserMessage
    from claude_agent_sdk.types import TextBlock, ToolUseBlock
    launches: dict[str, dict] = {}
    events: list[tuple[str, str]] = []
    reports: dict[str, tuple[str, bool]] = {}
    final = ""
    for message in messages:
        parent = getattr(message, "parent_tool_use_id", None)
        if isinstance(message, AssistantMessage) and parent is None:
            for block in message.content:
                if isinstance(block, ToolUseBlock) and block.name in LAUNCHERS:
                    launches[block.id] = dict(block.input, at=len(events))
                    events.append(("lancement", block.id))
                elif isinstance(block, TextBlock):
                    final = block.text
        elif isinstance(message, AssistantMessage) and parent in launches:
            text = "".join(b.text for b in message.content if isinstance(b, TextBlock))
            if text:
                reports.setdefault(parent, (text, True))
        elif isinstance(message, SystemMessage) and message.subtype == "task_notification":
            data = message.data or {}
            tid = data.get("tool_use_id")
            if tid in launches:
                reports[tid] = (str(data.get("summary") or ""), data.get("status") == "completed")
                events.append(("rapport", tid))
        elif isinstance(message, UserMessage) and parent in launches and "received" not in launches[parent]:
            launches[parent]["received"] = message.content if isinstance(message.content, str) else block_text(
                [{"type": "text", "text": getattr(b, "text", "")} for b in message.content])
        elif isinstance(message, ResultMessage) and message.result:
            final = message.result
    spokes = []
    for tid, launch in launches.items():
        name = str(launch.get("subagent_type") or "general-purpose")
        spec = (agents or {}).get(name)
        prompt = str(launch.get("prompt") or "")
        context = {"model": getattr(spec, "model", None), "system": "", "definition": getattr(spec, "prompt", "") or "",
                   "tools": list(getattr(spec, "tools", None) or []), "max_tokens": None,
                   "messages": [{"role": "user", "text": launch.get("received", prompt)}], "rebuilt": True}
        report, ok = reports.get(tid, (None, False))
        spokes.append(Spoke(tid, name, prompt, context, report or None, ok and bool(report)))
    keys = [s.key for s in spokes]
    by_key = {s.key: s for s in spokes}
    moments = [Moment("tâche", "Le coordinateur reçoit la tâche", (f"{len(spokes)} sous-agent(s) lancé(s)",),
                      states=_states(keys, set(), {}))]
    launched: set[str] = set()
    done: dict[str, bool] = {}
    index = 0
    while index < len(events):
        kind, tid = events[index]
        if kind == "lancement":
            together = []
            while index < len(events) and events[index][0] == "lancement":
                together.append(events[index][1])
                index += 1
            launched.update(together)
            title = (f"{len(together)} sous-agents lancés ensemble : ils travaillent en parallèle" if len(together) > 1
                     else f"Lancement de {by_key[together[0]].name}")
            moments.append(Moment("lancement", title, tuple(f"{by_key[t].name} reçoit : « {short(by_key[t].prompt, 150)} »"
                                                             for t in together), tuple(together),
                                  _states(keys, launched, done)))
            continue
        index += 1
        done[tid] = by_key[tid].ok
        moments.append(Moment("rapport", f"Rapport de {by_key[tid].name} : retour au coordinateur",
                              report_lines(by_key[tid].report), (tid,), _states(keys, launched, done),
                              warning=not by_key[tid].ok))
    if final:
        moments.append(Moment("fin", "Le coordinateur rédige la réponse finale", (f"« {short(final, 260)} »",),
                              states=_states(keys, launched, done)))
    return HubRun("flux", "Coordinateur", "", tuple(spokes), tuple(moments))


def read_run(exchanges: list | None = None, *, messages: list | None = None, agents: dict | None = None,
             names: list[str] | None = None) -> HubRun:
    """The run as plain data: from the request log when it holds it, else from the message stream."""
    exchanges = [e for e in exchanges or [] if getattr(e, "is_message", True) and isinstance(e.request, dict)]
    if exchanges and any(is_cli(e) for e in exchanges):
        return from_cli([e for e in exchanges if is_cli(e)])
    if messages:
        return from_messages(messages, agents)
    return from_api(exchanges, names)
