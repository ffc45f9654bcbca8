"""The offline Claude inside the Agent SDK's CLI (issue 33): delegation as Claude does it, the CLI's system prompt and
built-in tools as context, answers without the CLI's markup and in the user's language, structured output through the
one assignment. Requests are built the way the pinned CLI writes them; the last tests run the real CLI."""
from __future__ import annotations

import json

import anyio
import pytest
from claude_agent_sdk import (AgentDefinition, AssistantMessage, HookMatcher, ResultMessage, ToolUseBlock,
                              create_sdk_mcp_server, query, tool)
from hypothesis import HealthCheck, given, settings, strategies as st

import helpers
from conftest import MODEL

BILLING = {"type": "text", "text": "x-anthropic-billing-header: cc_version=2.1.332.abc; cc_entrypoint=sdk-py;"}
REMINDER = "<system-reminder>\nAttribution for git commits: end them with Co-Authored-By.\n</system-reminder>\n"
BUILT_INS = ["Agent", "Bash", "Edit", "Read", "Write", "WebSearch", "TaskCreate", "TaskList", "TaskUpdate", "TodoWrite",
             "Workflow", "Skill", "SendMessage"]
MARKUP = ("<system-reminder", "</system-reminder", "<task-notification", "[structured-output-enforce]",
          "<local-command", "<command-name")

# Agents of our own: (name, description, requests that fit it), in French and in English.
AGENTS = {
    "meteo": ("Donne la météo d'une ville pour les jours à venir.",
              ["Quel temps fera-t-il à {city} demain ?", "Va-t-il pleuvoir à {city} ce week-end ?"]),
    "weather": ("Answers weather forecasts for a city.",
                ["What's the weather forecast for {city} tomorrow?", "Will it rain in {city} this weekend?"]),
    "traducteur": ("Traduit un texte du français vers l'anglais.",
                   ["Traduis en anglais : « la réunion est reportée »", "Peux-tu traduire « bon appétit » en anglais ?"]),
    "comptable": ("Vérifie les notes de frais et leurs montants.",
                  ["Ma note de frais de {n} € pour {city} est-elle correcte ?", "Vérifie cette note de frais : {n} €."]),
    "recruiter": ("Screens job candidates and summarises their resumes.",
                  ["Screen this candidate's resume for the {city} job.", "Summarise the resume of our candidate."]),
    "planner": ("Plans travel itineraries between cities.",
                ["Plan my trip itinerary to {city} next month.", "Plan a travel itinerary from Paris to {city}."]),
}
CITIES = ["Lyon", "Boston", "Nantes", "Osaka", "Lisbonne", "Denver"]


def agents_note(names: list[str]) -> str:
    lines = ["- claude: Catch-all for any task that doesn't fit a more specific agent. (Tools: *)"]
    lines += [f"- {name}: {AGENTS[name][0]} (Tools: *)" for name in names]
    return ("# Environment\nYou have been invoked in the following environment:\n - Platform: linux\n\n"
            "Available agent types for the Agent tool:\n" + "\n".join(lines) + "\n\nMore notes.")


def schema(**props) -> dict:
    return {"type": "object", "properties": {k: {"type": v} for k, v in props.items()}, "required": list(props)}


AGENT_TOOL = {"name": "Agent", "description": "Launch a new agent.", "input_schema": schema(
    description="string", prompt="string", subagent_type="string") | {"required": ["description", "prompt"]}}


def cli_body(question: str, *, names=(), tools=(), system: str = "You are a Claude agent.", extra_user=(),
             messages_after=()) -> dict:
    defined = [AGENT_TOOL] + [{"name": n, "description": f"Claude Code's {n}.", "input_schema": schema(x="string")}
                              for n in BUILT_INS if n != "Agent"] + list(tools)
    return {"model": MODEL, "max_tokens": 4000, "system": [BILLING, {"type": "text", "text": system}],
            "tools": defined,
            "messages": [{"role": "user", "content": [{"type": "text", "text": REMINDER}, *extra_user,
                                                      {"type": "text", "text": question}]},
                         {"role": "system", "content": [{"type": "text", "text": agents_note(list(names))}]},
                         *messages_after]}


def send(client, body: dict) -> dict:
    """Sent as the CLI sends it to claude-sonnet-5-5 (its betas include per-turn control)."""
    return client.messages.create(**body, extra_headers={"anthropic-beta": "per-turn-control-2026-07-01"}).model_dump()


def launches(reply: dict) -> list[dict]:
    return [b["input"] for b in reply["content"] if b["type"] == "tool_use" and b["name"] == "Agent"]


def text_of(reply: dict) -> str:
    return " ".join(b["text"] for b in reply["content"] if b["type"] == "text")


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(data=st.data())
def test_the_subagent_chosen_is_the_one_whose_description_fits(client, data):
    """Two or three agents; a request written for one of them goes to it alone, with the request as its prompt
    (before: every request went to every agent, with a fixed research template)."""
    names = data.draw(st.lists(st.sampled_from(sorted(AGENTS)), min_size=2, max_size=3, unique=True)
                      .filter(lambda ns: not {"meteo", "weather"} <= set(ns)))
    wanted = data.draw(st.sampled_from(names))
    question = data.draw(st.sampled_from(AGENTS[wanted][1])).format(city=data.draw(st.sampled_from(CITIES)),
                                                                     n=data.draw(st.integers(5, 900)))
    launched = launches(send(client, cli_body(question, names=names)))
    assert [l["subagent_type"] for l in launched] == [wanted], (question, names, launched)
    assert launched[0]["prompt"] == question


@SETTINGS
@given(data=st.data())
def test_a_named_subagent_is_the_only_one_launched(client, data):
    names = data.draw(st.lists(st.sampled_from(sorted(AGENTS)), min_size=2, max_size=3, unique=True))
    wanted = data.draw(st.sampled_from(names))
    other = next(n for n in AGENTS if n not in names)
    task = data.draw(st.sampled_from(AGENTS[other][1])).format(city="Lyon", n=12)
    question = data.draw(st.sampled_from([f"Utilise seulement l'agent {wanted} : {task}",
                                          f"Use only the {wanted} agent. {task}",
                                          f"Demande au {wanted} : {task}"]))
    launched = launches(send(client, cli_body(question, names=names)))
    assert [l["subagent_type"] for l in launched] == [wanted], (question, launched)
    assert launched[0]["prompt"] == task                # the task itself, without the words that hand it over


def test_a_question_claude_md_answers_is_answered_without_any_subagent(client):
    claude_md = ("<system-reminder>\nCodebase and user instructions are shown below.\n\nContents of /w/CLAUDE.md "
                 "(project instructions, checked into the codebase):\n\n# Projet Héron\nLe serveur de recette "
                 "s'appelle vega-2. Les notes de frais se déposent avant le 5 du mois.\n</system-reminder>\n")
    for question, fact in (("Comment s'appelle le serveur de recette ?", "vega-2"),
                           ("Avant quel jour se déposent les notes de frais ?", "5 du mois")):
        reply = send(client, cli_body(question, names=["meteo", "comptable"],
                                      extra_user=[{"type": "text", "text": claude_md}]))
        assert not launches(reply) and fact in text_of(reply), reply


def test_a_request_no_agent_fits_is_answered_by_the_main_agent(client):
    reply = send(client, cli_body("Bonjour ! Comment vas-tu ?", names=["meteo", "comptable", "recruiter"]))
    assert not launches(reply) and text_of(reply)


def test_the_report_of_a_synchronous_launch_is_the_answer(client):
    question = "Quel temps fera-t-il à Nantes demain ?"
    first = send(client, cli_body(question, names=["meteo", "comptable"]))
    call = next(b for b in first["content"] if b["type"] == "tool_use")
    report = "Demain à Nantes : averses le matin, 14 °C l'après-midi."
    framed = f"[Subagent hand-back] The report follows:\n  {report}\nagentId: a1 (use SendMessage)\n<usage>x</usage>"
    after = [{"role": "assistant", "content": first["content"]},
             {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call["id"], "content": framed}]}]
    reply = send(client, cli_body(question, names=["meteo", "comptable"], messages_after=after))
    assert text_of(reply) == f"Selon l'agent meteo : {report}" and reply["stop_reason"] == "end_turn"


EXPENSE = {"name": "mcp__frais__get_expense", "description": "Montant et statut d'une note de frais (NF-123).",
           "input_schema": schema(expense_id="string")}


@SETTINGS
@given(code=st.from_regex(r"NF-[1-9][0-9]{3}", fullmatch=True), fr=st.booleans(),
       note=st.sampled_from(["Rappel : ne pas divulguer.", "Note: this file looks benign.", "Tâches : aucune"]))
def test_no_cli_markup_in_any_answer_and_built_in_tools_are_left_alone(client, code, fr, note):
    """The CLI's reminders, in the user's turn and appended to a tool result, are context: the model calls the
    application's MCP tool (never TaskList, TodoWrite… for an expense question) and its answer carries none of them."""
    question = f"Où en est ma note de frais {code} ?" if fr else f"What is the status of expense report {code}?"
    body = cli_body(question, tools=[EXPENSE])
    first = send(client, body)
    calls = [b for b in first["content"] if b["type"] == "tool_use"]
    assert [c["name"] for c in calls] == ["mcp__frais__get_expense"] and calls[0]["input"] == {"expense_id": code}
    result = json.dumps({"expense_id": code, "amount": 182.4, "status": "pending"}) + \
        f"\n\n<system-reminder>\n{note}\n</system-reminder>"
    body["messages"] += [{"role": "assistant", "content": first["content"]},
                         {"role": "user", "content": [{"type": "tool_result", "tool_use_id": calls[0]["id"],
                                                       "content": result}, {"type": "text", "text": REMINDER}]}]
    answer = text_of(send(client, body))
    assert code in answer and ("182" in answer or "pending" in answer)
    assert not any(m in answer for m in MARKUP) and note not in answer, answer


FRENCH_FRAMES = ("Je ", "je consulte", "Je confie", "d'après", "Selon", "Synthèse", "Voici")
ENGLISH_FRAMES = ("Let me", "I'll", "According to", "according to", "Here is", "Summary")


@SETTINGS
@given(data=st.data())
def test_the_answer_is_in_the_language_of_the_prompt(client, data):
    """Frames (the sentence before a call, a delegation, a relayed answer) in the prompt's language: an English
    prompt got « Je consulte… » and « Synthèse sur … »."""
    fr = data.draw(st.booleans())
    city = data.draw(st.sampled_from(CITIES))
    kind = data.draw(st.sampled_from(["delegate", "tool", "greeting"]))
    if kind == "delegate":
        names = ["meteo", "comptable"] if fr else ["weather", "recruiter"]
        question = AGENTS[names[0]][1][0].format(city=city)
        reply = send(client, cli_body(question, names=names))
    elif kind == "tool":
        question = f"Où en est ma note de frais NF-{len(city)}42 ?" if fr else f"Where is expense report NF-{len(city)}42?"
        reply = send(client, cli_body(question, tools=[EXPENSE]))
    else:
        question = "Bonjour, tu vas bien ?" if fr else "Hi there, how are you doing?"
        reply = send(client, cli_body(question))
    said = text_of(reply)
    frames = ENGLISH_FRAMES if fr else FRENCH_FRAMES
    assert said and not any(f in said for f in frames), (question, said)


# -- the real CLI --------------------------------------------------------------------------------------------------

def run(prompt: str, **options) -> tuple[list, list]:
    async def go():
        return [m async for m in query(prompt=prompt, options=helpers.agent_options(**options))]
    mark = helpers.simulator().log.mark()
    messages = anyio.run(go)
    return messages, helpers.simulator().log.since(mark)


def calls_in(messages: list) -> list[tuple[str, dict]]:
    return [(b.name, b.input) for m in messages if isinstance(m, AssistantMessage) for b in m.content
            if isinstance(b, ToolUseBlock)]


def result_of(messages: list) -> ResultMessage:
    return [m for m in messages if isinstance(m, ResultMessage)][-1]


executed: list[str] = []


@tool("get_expense", "Montant et statut d'une note de frais, d'après son numéro (NF-123).", {"expense_id": str})
async def get_expense(args):
    executed.append("get_expense")
    return {"content": [{"type": "text", "text": json.dumps({"expense_id": args["expense_id"], "amount": 182.4,
                                                             "status": "en attente"})}]}


@tool("log_access", "Journalise l'accès, avec sa raison.", {"reason": str})
async def log_access(args):
    executed.append("log_access")
    return {"content": [{"type": "text", "text": json.dumps({"logged": True})}]}


FRAIS = ["mcp__frais__get_expense", "mcp__frais__log_access"]
TEAM = {
    "meteo": AgentDefinition(description="Donne la météo d'une ville.", prompt="Tu réponds sur la météo.", tools=[]),
    "traducteur": AgentDefinition(description="Traduit un texte du français vers l'anglais.", prompt="Tu traduis.",
                                  tools=[]),
    "comptable": AgentDefinition(description="Vérifie les notes de frais et leurs montants.",
                                 prompt="Tu vérifies les notes de frais.", tools=FRAIS),
}
pytestmark_cli = [pytest.mark.cli, pytest.mark.timeout(120)]


@pytest.mark.cli
@pytest.mark.timeout(120)
def test_on_the_real_cli_a_team_of_three_delegates_as_claude_does():
    work = helpers.workspace() / "atelier-agents"
    work.mkdir(parents=True, exist_ok=True)
    (work / "CLAUDE.md").write_text("# Projet Héron\nLe serveur de recette s'appelle vega-2.\n")
    server = create_sdk_mcp_server("frais", tools=[get_expense, log_access])
    options = dict(agents=TEAM, allowed_tools=["Agent", *FRAIS], mcp_servers={"frais": server}, cwd=str(work),
                   setting_sources=["project"])
    messages, _ = run("Quel temps fera-t-il à Lyon demain ?", **options)
    assert [i["subagent_type"] for n, i in calls_in(messages) if n == "Agent"] == ["meteo"]
    assert "arrière-plan" not in result_of(messages).result
    messages, _ = run("Utilise seulement le traducteur : « Bonne journée à tous »", **options)
    assert [i["subagent_type"] for n, i in calls_in(messages) if n == "Agent"] == ["traducteur"]
    messages, _ = run("Comment s'appelle le serveur de recette ?", **options)
    assert not calls_in(messages) and "vega-2" in result_of(messages).result


@pytest.mark.cli
@pytest.mark.timeout(120)
def test_on_the_real_cli_the_system_prompts_first_tool_is_called_first_and_a_deny_is_said_in_english():
    executed.clear()
    server = create_sdk_mcp_server("frais", tools=[get_expense, log_access])
    messages, _ = run("Where is my expense report NF-2231?", mcp_servers={"frais": server}, allowed_tools=FRAIS,
                      system_prompt="Always call log_access first, before any other tool.")
    assert executed == ["log_access", "get_expense"]
    answer = result_of(messages).result
    assert "NF-2231" in answer and "182" in answer and not any(m in answer for m in MARKUP)

    async def deny(input_data, tool_use_id, context):
        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                       "permissionDecisionReason": "Expense reports are frozen tonight."}}
    executed.clear()
    messages, _ = run("Where is my expense report NF-2231?", mcp_servers={"frais": server}, allowed_tools=FRAIS,
                      hooks={"PreToolUse": [HookMatcher(matcher="mcp__frais__get_expense", hooks=[deny])]})
    answer = result_of(messages).result
    assert "get_expense" not in executed and "frozen tonight" in answer
    assert not any(f in answer for f in FRENCH_FRAMES), answer


@pytest.mark.cli
@pytest.mark.timeout(120)
def test_on_the_real_cli_a_forced_structured_output_is_filled_from_the_prompt():
    """output_format: the CLI offers its StructuredOutput tool and insists until it is called. Filled by the one
    assignment: the city from the prompt, a confidence within its bounds and never a stray digit of the prompt."""
    wanted = {"type": "object", "properties": {
        "city": {"type": "string"}, "nights": {"type": "integer", "description": "number of nights"},
        "confidence": {"type": "number", "minimum": 0, "maximum": 1}}, "required": ["city", "nights", "confidence"]}
    messages, log = run("I need a hotel room in Porto for 4 nights.",
                        output_format={"type": "json_schema", "schema": wanted})
    result = result_of(messages)
    assert result.subtype == "success", result
    out = result.structured_output
    assert out["city"] == "Porto" and out["nights"] == 4 and 0 <= out["confidence"] <= 1 and out["confidence"] != 4
    assert len(log) == 1                       # called at once, not after the CLI's reminder


def test_a_fact_of_the_system_prompt_answers_and_an_instruction_to_the_assistant_does_not(client):
    """Over the plain Messages API too: the main agent answers from its system prompt when a sentence of it states the
    answer; a sentence addressed to the assistant (« Tu es… », "You answer…") is an instruction, never the answer."""
    system = "Tu es l'assistant de l'équipe Héron. Le serveur de recette s'appelle vega-2."
    said = client.messages.create(model=MODEL, max_tokens=200, system=system, messages=[
        {"role": "user", "content": "Comment s'appelle le serveur de recette ?"}]).content[0].text
    assert "vega-2" in said
    said = client.messages.create(model=MODEL, max_tokens=200, system=system, messages=[
        {"role": "user", "content": "Qui est l'assistant de l'équipe Héron ?"}]).content[0].text
    assert "Tu es" not in said
