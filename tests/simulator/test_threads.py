"""Message threads (beta): the server holds the conversation, so the SDK's tool runner sends only the new turn."""
from __future__ import annotations

import json
from typing import Literal

from anthropic import beta_tool

from conftest import MODEL

ran: list[dict] = []


@beta_tool
def get_weather(location: str, units: Literal["c", "f"]) -> str:
    """Lookup the weather for a given city in either celsius or fahrenheit

    Args:
        location: The city and state, e.g. San Francisco, CA
        units: Unit for the output, either 'c' for celsius or 'f' for fahrenheit
    """
    ran.append({"location": location, "units": units})
    return json.dumps({"location": location, "temperature": "20°C" if units == "c" else "68°F", "condition": "Sunny"})


def run_the_tool_runner(client) -> list:
    runner = client.beta.messages.tool_runner(max_tokens=1024, model=MODEL, tools=[get_weather],
                                              messages=[{"role": "user", "content": "What is the weather in SF?"}])
    return list(runner)


def test_the_sdks_tool_runner_continues_its_thread_and_answers_from_the_result(sim, client):
    """anthropic's examples/tools_runner.py, as written but for the model: its second request is a `continue` with
    the tool_result alone (no tools, no history). The server holds them; without threads it got « must define
    tools »."""
    ran.clear()
    mark = sim.log.mark()
    messages = run_the_tool_runner(client)
    log = sim.log.since(mark)
    assert [e.status for e in log] == [200, 200], [e.error_message for e in log]
    assert log[1].headers.get("anthropic-beta", "").count("message-threads") == 1
    assert ran and ran[0]["location"].startswith("S")
    assert messages[-1].stop_reason == "end_turn"
    final = " ".join(b.text for b in messages[-1].content if b.type == "text")
    assert "Sunny" in final or "20" in final, final


def test_a_thread_the_simulator_no_longer_holds_is_replayed_whole_by_the_sdk(sim, client):
    """`thread_not_found`: the SDK sends the whole history again under a new thread, and the run goes on."""
    ran.clear()
    original = sim.threads.keep
    sim.threads.keep = lambda *args: None          # nothing is held: every continue finds no thread
    try:
        mark = sim.log.mark()
        messages = run_the_tool_runner(client)
    finally:
        sim.threads.keep = original
    statuses = [e.status for e in sim.log.since(mark)]
    assert statuses == [200, 404, 200], statuses
    assert messages[-1].stop_reason == "end_turn"
