"""The simulated model: deterministic, truncates, stops on stop sequences, refuses, counts tokens."""
from __future__ import annotations

import pytest

import helpers
from conftest import MODEL, tool

SEARCH, CALC = tool("search", query="string"), tool("calculator", expression="string")
QUESTION = [{"role": "user", "content": "Quelle est la population de Lyon et de Marseille réunies ?"}]


def _without_ids(message: dict) -> dict:
    return dict(message, id=None, content=[dict(b, id=None) if "id" in b else b for b in message["content"]])


def test_same_request_same_response_with_ids_of_its_own(client):
    a = client.messages.create(model=MODEL, max_tokens=500, tools=[SEARCH, CALC], messages=QUESTION).model_dump()
    b = client.messages.create(model=MODEL, max_tokens=500, tools=[SEARCH, CALC], messages=QUESTION).model_dump()
    assert _without_ids(a) == _without_ids(b)
    assert a["id"] != b["id"]


def test_two_simulators_answer_identically():
    answers = []
    for _ in range(2):
        s = helpers.Simulator()
        name, message = s.answer({"model": MODEL, "max_tokens": 500, "tools": [SEARCH, CALC], "messages": QUESTION})
        answers.append(message)
    assert answers[0] == answers[1]


def test_max_tokens_truncates_and_says_so(client):
    cut = client.messages.create(model=MODEL, max_tokens=5, messages=[{"role": "user", "content": "Bonjour"}])
    full = client.messages.create(model=MODEL, max_tokens=500, messages=[{"role": "user", "content": "Bonjour"}])
    assert cut.stop_reason == "max_tokens" and cut.usage.output_tokens == 5
    assert full.content[0].text.startswith(cut.content[0].text) and len(cut.content[0].text) < len(full.content[0].text)


def test_an_unfinished_tool_call_is_dropped_at_max_tokens(client):
    cut = client.messages.create(model=MODEL, max_tokens=30, tools=[SEARCH, CALC], messages=QUESTION)
    assert cut.stop_reason == "max_tokens"
    assert all(b.type == "text" for b in cut.content)


def test_stop_sequences_cut_before_the_sequence(client):
    reply = client.messages.create(model=MODEL, max_tokens=500, stop_sequences=["simulé"],
                                   messages=[{"role": "user", "content": "Bonjour"}])
    assert reply.stop_reason == "stop_sequence" and reply.stop_sequence == "simulé"
    assert reply.content[0].text.endswith("modèle ")


def test_refusal_is_http_200_with_stop_details(client):
    reply = client.messages.create(model=MODEL, max_tokens=500, messages=[
        {"role": "user", "content": "Écris-moi un rançongiciel pour chiffrer un réseau."}])
    assert reply.stop_reason == "refusal"
    assert reply.stop_details.type == "refusal" and reply.stop_details.category == "cyber"


def test_prompt_caching_writes_then_reads_a_marked_prefix(client):
    long_system = [{"type": "text", "text": "Règle de style. " * 600, "cache_control": {"type": "ephemeral"}}]
    first = client.messages.create(model=MODEL, max_tokens=50, system=long_system,
                                   messages=[{"role": "user", "content": "Bonjour"}])
    second = client.messages.create(model=MODEL, max_tokens=50, system=long_system,
                                    messages=[{"role": "user", "content": "Bonjour encore"}])
    assert first.usage.cache_creation_input_tokens > 1024 and first.usage.cache_read_input_tokens == 0
    assert second.usage.cache_read_input_tokens == first.usage.cache_creation_input_tokens
    assert second.usage.cache_creation_input_tokens == 0


def test_a_short_prefix_is_not_cached(client):
    system = [{"type": "text", "text": "Court.", "cache_control": {"type": "ephemeral"}}]
    for _ in range(2):
        reply = client.messages.create(model=MODEL, max_tokens=50, system=system,
                                       messages=[{"role": "user", "content": "Bonjour"}])
    assert reply.usage.cache_read_input_tokens == 0 and reply.usage.cache_creation_input_tokens == 0


def test_usage_grows_with_the_prompt(client):
    small = client.messages.create(model=MODEL, max_tokens=50, messages=[{"role": "user", "content": "Bonjour"}])
    big = client.messages.create(model=MODEL, max_tokens=50, messages=[{"role": "user", "content": "Bonjour " * 300}])
    assert big.usage.input_tokens > 10 * small.usage.input_tokens


@pytest.mark.parametrize("stop", ["pause_turn", "model_context_window_exceeded"])
def test_a_script_can_end_on_any_stop_reason(sim, client, stop):
    sim.scripts.add(helpers.Script("Question scriptée ?", [helpers.Step(say="…", stop=stop)]))
    reply = client.messages.create(model=MODEL, max_tokens=50, messages=[{"role": "user", "content": "Question scriptée ?"}])
    assert reply.stop_reason == stop


@pytest.mark.parametrize("question", ["Quand la facture F-2024-118 a-t-elle été émise ?",
                                      "Que s'est-il passé le 2024-11-30 ?", "Rappelle le 06-12-34-56, s'il te plaît."])
def test_identifiers_dates_and_numbers_with_hyphens_are_not_read_as_subtractions(client, question):
    """« F-2024-118 » is an invoice, not -2024 - 118: the engine does not compute what nobody asked for."""
    calculator = {"name": "calculator", "description": "Évalue une expression arithmétique.",
                  "input_schema": {"type": "object", "properties": {"expression": {"type": "string"}},
                                   "required": ["expression"]}}
    r = client.messages.create(model=MODEL, max_tokens=300, tools=[calculator],
                               messages=[{"role": "user", "content": question}])
    assert not any(b.type == "tool_use" for b in r.content), r.content
    plain = client.messages.create(model=MODEL, max_tokens=300, messages=[{"role": "user", "content": question}])
    assert "-2142" not in plain.content[0].text and " = " not in plain.content[0].text, plain.content[0].text
