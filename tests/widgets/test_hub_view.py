"""The hub-and-spoke diagram, drawn from real runs: the CLI's coordinator, a Messages API coordinator, the stream."""
from __future__ import annotations

import json

import anthropic
import anyio
import pytest
from claude_agent_sdk import query

import helpers
from helpers.widgets._hub_state import read_run, report_lines
from helpers.widgets.hub_view import HubView, isolation, render_context
from solutions import coordinators
from solutions.coordinators import AGENTS

MODEL = "claude-sonnet-5-5"
COORDINATOR = "Tu coordonnes une recherche ; consigne interne du coordinateur n° 4417."
SUBTOPICS = ["transports en commun", "autopartage", "logistique urbaine"]


@pytest.fixture(scope="module")
def cli_run(tmp_path_factory):
    """One real coordinator run of the CLI, offline: (its request log, its message stream)."""
    async def go():
        options = helpers.agent_options(system_prompt=COORDINATOR, allowed_tools=["Agent"], agents=AGENTS)
        return [m async for m in query(prompt="Le recyclage des batteries lithium-ion", options=options)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COURS_ATELIER", str(tmp_path_factory.mktemp("atelier")))
        mark = helpers.simulator().log.mark()
        messages = anyio.run(go)
    return helpers.simulator().log.since(mark), messages


def api_run(latency: float, fault: bool = False, sequential: bool = False):
    sim = helpers.Simulator(latency=latency).start()
    try:
        if fault:
            sim.inject("overloaded", times=1, retry_after=0)
        client = anthropic.Anthropic(base_url=sim.base_url, api_key="sk-ant-test", max_retries=0)
        fn = coordinators.sequential if sequential else coordinators.coordinate
        fn(client, "la mobilité urbaine en 2030", SUBTOPICS, model=MODEL)
        return sim.log.since(0)
    finally:
        sim.stop()


@pytest.mark.cli
@pytest.mark.timeout(120)
def test_a_cli_run_has_one_spoke_per_subagent_and_the_launches_of_one_response_are_lit_together(cli_run):
    log, _ = cli_run
    run = read_run(log)
    assert run.source == "cli" and sorted(s.name for s in run.spokes) == ["doc-analyst", "synthesizer",
                                                                          "web-researcher"]
    kinds = [m.kind for m in run.moments]
    assert kinds[0] == "tâche" and kinds[-1] == "fin"
    first_launch = next(m for m in run.moments if m.kind == "lancement")
    lit = {run.spoke(k).name for k in first_launch.lit}
    assert lit == {"doc-analyst", "web-researcher"}
    assert all(first_launch.state(k) == "en cours" for k in first_launch.lit)
    order = [(m.kind, run.spoke(m.lit[0]).name) for m in run.moments if m.lit]
    assert order[-2:] == [("lancement", "synthesizer"), ("rapport", "synthesizer")]
    assert [name for kind, name in order[1:3]] and all(kind == "rapport" for kind, _ in order[1:3])


@pytest.mark.cli
@pytest.mark.timeout(120)
def test_a_spoke_shows_exactly_what_its_subagent_received_and_nothing_of_the_hub(cli_run):
    log, _ = cli_run
    run = read_run(log)
    web = next(s for s in run.spokes if s.name == "web-researcher")
    request = next(e.request for e in log if "cc_is_subagent=true" in json.dumps(e.request.get("system"))
                   and "Tu cherches des sources publiques" in json.dumps(e.request.get("system"), ensure_ascii=False))
    assert [m["role"] for m in web.context["messages"]] == [m["role"] for m in request["messages"]]
    assert web.context["definition"] == AGENTS["web-researcher"].prompt
    assert web.context["tools"] == ["WebSearch", "WebFetch"]
    assert "4417" in run.hub_system and "4417" not in json.dumps(web.context, ensure_ascii=False)
    assert dict(isolation(run, web))["le system prompt du coordinateur"] == "absent"
    synthesizer = next(s for s in run.spokes if s.name == "synthesizer")
    statuses = dict(isolation(run, synthesizer))
    assert statuses["le rapport de web-researcher"] == "transmis"      # copied into its prompt by the hub
    page = render_context(run, web)
    assert "Tu cherches des sources publiques" in page and "✅ absent" in page and "WebSearch" in page


@pytest.mark.cli
@pytest.mark.timeout(120)
def test_from_the_message_stream_alone_the_same_launches_and_reports_are_read(cli_run):
    log, messages = cli_run
    from_log, from_stream = read_run(log), read_run([], messages=messages, agents=AGENTS)
    assert from_stream.source == "flux"
    assert [s.name for s in from_stream.spokes] == [s.name for s in from_log.spokes]
    assert [m.kind for m in from_stream.moments] == [m.kind for m in from_log.moments]
    assert from_stream.spokes[0].context["rebuilt"] and from_stream.spokes[0].context["tools"]


def test_requests_sent_together_are_lit_together_and_sequential_ones_one_by_one():
    together = read_run(api_run(0.6), names=SUBTOPICS)      # room for threads started late on a loaded machine
    launches = [m for m in together.moments if m.kind == "lancement"]
    assert len(launches) == 1 and len(launches[0].lit) == 3
    assert [s.name for s in together.spokes] == SUBTOPICS and all(s.ok for s in together.spokes)
    one_by_one = read_run(api_run(0.05, sequential=True), names=SUBTOPICS)
    assert [len(m.lit) for m in one_by_one.moments if m.kind == "lancement"] == [1, 1, 1]


def test_a_retry_is_the_same_spoke_tried_twice_and_the_failure_is_shown():
    run = read_run(api_run(0.1, fault=True), names=SUBTOPICS)
    retried = [s for s in run.spokes if s.attempts == 2]
    assert len(retried) == 1 and retried[0].ok
    failed = [m for m in run.moments if m.kind == "rapport" and m.warning]
    assert len(failed) == 1 and "529" in failed[0].title
    retry = next(i for i, m in enumerate(run.moments) if m.kind == "nouvelle tentative")
    key = retried[0].key
    assert run.moments[retry - 1].tried(key) == 1 and run.moments[retry].tried(key) == 2   # counted as it happens


def test_a_report_in_json_is_read_as_findings_with_their_sources():
    report = json.dumps({"findings": [{"claim": "A", "source_url": "https://exemple.org/a"},
                                      {"claim": "B", "document_name": "b.pdf", "page_number": 3},
                                      {"claim": "C", "source_url": None}]})
    assert report_lines(report) == ("3 constat(s) en JSON, chacun avec ses métadonnées :",
                                    "« A » — source : https://exemple.org/a", "« B » — source : b.pdf, p. 3",
                                    "« C » — sans source")
    assert report_lines("Synthèse en prose.") == ("« Synthèse en prose. »",)


def test_the_widget_steps_through_the_moments_and_outlines_the_chosen_spoke():
    run = read_run(api_run(0.05), names=SUBTOPICS)
    view = HubView(run)
    assert 'data-etape="1"' in view.drawing.value and view.previous.disabled
    view.go(1)
    assert 'data-etape="2"' in view.drawing.value
    assert "Choisissez un sous-agent" in view.context.value
    chosen = run.spokes[1]
    view.chooser.value = chosen.key
    assert view.selected == chosen.key and "autopartage" in view.context.value
    assert 'stroke="#e37400"' in view.drawing.value                 # the chosen spoke is outlined
    assert "un historique\u202f: sa requête ne porte qu" in view.context.value  # French typography


def test_without_a_front_end_the_run_still_reads_and_an_empty_run_says_so():
    view = HubView(read_run(api_run(0.0), names=SUBTOPICS))
    assert "transports en commun" in view.static_html() and "1." in view.static_text()
    empty = HubView(read_run([]))
    assert empty.steps == [] and "Aucun sous-agent" in empty.drawing.value and empty.next.disabled
    assert empty.chooser.options == ()
