"""Coordinator and subagents in the simulator (TS 1.2, 1.3): what is handed over decides what can be cited."""
from __future__ import annotations

import json

import anyio
import pytest
from claude_agent_sdk import ResultMessage, query

import helpers
from helpers.simulator._conversation import Conversation
from helpers.simulator._playbooks import research
from solutions.coordinators import AGENTS

MODEL = "claude-sonnet-5-5"


def test_a_background_report_is_read_from_its_task_notification():
    notification = ("<system-reminder>\n[SYSTEM NOTIFICATION]\n<task-notification>\n<task-id>a1</task-id>\n"
                    "<tool-use-id>toolu_1</tool-use-id>\n<status>completed</status>\n<summary>Agent fini</summary>\n"
                    "<note>peut notifier deux fois</note>\n<result>{\"findings\": []}</result>\n"
                    "</task-notification>\n</system-reminder>")
    conv = Conversation({"messages": [
        {"role": "user", "content": "Sujet"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "Agent", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1",
                                      "content": "Async agent launched successfully."}]},
        {"role": "assistant", "content": "J'attends."},
        {"role": "user", "content": [{"type": "text", "text": notification}]}]})
    assert research.reports(conv, "Agent") == {"toolu_1": '{"findings": []}'}


def test_a_synchronous_report_is_read_out_of_its_frame():
    framed = ("[Subagent hand-back] The text below is the final report. The report follows:\n  Ligne 1\n"
              "  {\"findings\": []}\nagentId: a40 (use SendMessage)\n<usage>subagent_tokens: 12</usage>")
    assert research.handback_report(framed) == 'Ligne 1\n{"findings": []}'


def test_findings_are_read_from_every_json_object_and_never_from_a_python_repr():
    text = ('Rapport A : {"findings": [{"claim": "x", "source_url": null}]} puis '
            '{"autre": 1} et B : {"findings": [{"claim": "y {accolade}"}]}')
    assert research.findings_in(text) == [{"claim": "x", "source_url": None}, {"claim": "y {accolade}"}]
    assert research.findings_in(str({"findings": [{"claim": "x", "source_url": None}]})) is None


def test_over_the_messages_api_a_subagent_returns_findings_and_a_synthesis_cites_them(client):
    ask = ("Sujet : la mobilité urbaine en 2030\nSous-thème : transports en commun\n"
           "Réponds par un objet JSON {\"findings\": [...]}.")
    found = client.messages.create(model=MODEL, max_tokens=800, messages=[{"role": "user", "content": ask}])
    findings = json.loads(found.content[0].text)["findings"]
    assert found.stop_reason == "end_turn" and len(findings) >= 2
    assert all({"claim", "source_url", "document_name", "page_number", "confidence"} <= set(f) for f in findings)

    whole = f"Rédige une synthèse sur « la mobilité urbaine » :\n{json.dumps({'findings': findings})}"
    report = client.messages.create(model=MODEL, max_tokens=800, messages=[{"role": "user", "content": whole}])
    for finding in findings:
        assert research.citation(finding) in report.content[0].text

    bare = "Rédige une synthèse sur « la mobilité urbaine » :\n" + "\n".join(f"- {f['claim']}" for f in findings)
    report = client.messages.create(model=MODEL, max_tokens=800, messages=[{"role": "user", "content": bare}])
    assert "exemple.org" not in report.content[0].text and "aucune" in report.content[0].text


def _text(response: dict) -> str:
    """A reply's text (the CLI asks for adaptive thinking: a thinking block may come first)."""
    return "".join(b.get("text", "") for b in response["content"] if b["type"] == "text")


def run(system_prompt: str) -> tuple[str, list]:
    async def go():
        options = helpers.agent_options(system_prompt=system_prompt, allowed_tools=["Agent"], agents=AGENTS)
        return [m async for m in query(prompt="Le recyclage des batteries lithium-ion", options=options)]
    mark = helpers.simulator().log.mark()
    messages = anyio.run(go)
    return [m for m in messages if isinstance(m, ResultMessage)][-1].result, helpers.simulator().log.since(mark)


@pytest.mark.cli
@pytest.mark.timeout(120)
def test_on_the_real_cli_complete_reports_keep_every_source_and_bare_claims_lose_them():
    cited, log = run("Tu coordonnes une recherche : transmets les rapports complets à la synthèse.")
    sources = {research.citation(f) for e in log if "cc_is_subagent=true" in json.dumps(e.request.get("system"))
               and e.ok for f in research.findings_in(_text(e.response)) or []}
    assert len(sources) >= 3 and all(s in cited for s in sources), cited
    launches = [b for b in log[0].response["content"] if b["type"] == "tool_use"]
    assert [b["name"] for b in launches] == ["Agent", "Agent"]

    lost, _ = run("Tu coordonnes une recherche. Ne transmets à la synthèse que les affirmations, sans les sources.")
    assert not any(s in lost for s in sources) and "aucune" in lost
