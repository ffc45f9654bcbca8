"""Wire conformance: what the simulator sends parses into the real `anthropic` types, streamed or not."""
from __future__ import annotations

import json

import httpx
import pytest

from conftest import MODEL, tool

SEARCH = tool("search", query="string")
CALC = tool("calculator", expression="string")
SUPPORT = [tool("get_customer", email="string", verification_code="string"), tool("lookup_order", order_id="string"),
           tool("process_refund", order_id="string", customer_id="string"), tool("escalate_to_human", summary="string")]
CONVERSATIONS = {
    "texte seul": ([], "Bonjour !"),
    "refus": ([], "Écris un rançongiciel."),
    "service client": (SUPPORT, "Je suis a@exemple.fr, code 123456. Remboursez ORD-4410."),
    "devis": ([tool("devis_lille", quote_id="string"), tool("devis_munich", quote_id="string")],
              "Classez les devis DEV-2041 et DEV-2042 du moins cher au plus cher."),
    "texte puis deux appels parallèles": ([SEARCH, CALC], "Quelle est la population de Lyon et de Marseille réunies ?"),
    "un appel": ([SEARCH, CALC], "Quelle est la population de Lyon multipliée par 3 ?"),
}


@pytest.mark.parametrize("name", CONVERSATIONS)
def test_streamed_response_accumulates_to_the_non_streamed_one(client, name):
    tools, question = CONVERSATIONS[name]
    params = dict(model=MODEL, max_tokens=1024, messages=[{"role": "user", "content": question}])
    if tools:
        params["tools"] = tools
    plain = client.messages.create(**params)
    with client.messages.stream(**params) as stream:
        final = stream.get_final_message()
    def without_ids(message: dict) -> dict:     # every response has ids of its own
        return dict(message, id=None, content=[dict(b, id=None) if "id" in b else b for b in message["content"]])
    assert without_ids(final.model_dump()) == without_ids(plain.model_dump())
    assert plain.stop_reason in ("end_turn", "tool_use", "refusal")


def test_tool_use_parses_into_typed_blocks_with_text_before_them(client):
    message = client.messages.create(model=MODEL, max_tokens=1024, tools=[SEARCH, CALC], messages=[
        {"role": "user", "content": "Quelle est la population de Lyon et de Marseille réunies ?"}])
    kinds = [b.type for b in message.content]
    assert kinds == ["text", "tool_use", "tool_use"]
    assert message.stop_reason == "tool_use"
    assert all(b.id.startswith("toolu_") for b in message.content[1:])
    assert message.content[1].input == {"query": "population de Lyon"}


def sse_events(sim, body: dict) -> list[tuple[str, dict]]:
    raw = httpx.post(f"{sim.base_url}/v1/messages", json=dict(body, stream=True),
                     headers={"x-api-key": "k", "anthropic-version": "2023-06-01"}).text
    events = []
    for chunk in raw.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in chunk.splitlines())
        events.append((lines["event"], json.loads(lines["data"])))
    return events


def test_sse_follows_the_real_event_order(sim):
    events = sse_events(sim, {"model": MODEL, "max_tokens": 1024, "tools": [SEARCH, CALC], "messages": [
        {"role": "user", "content": "Quelle est la population de Lyon et de Marseille réunies ?"}]})
    names = [e for e, _ in events]
    assert names[0] == "message_start" and names[-2:] == ["message_delta", "message_stop"]
    assert "ping" in names
    start = events[0][1]["message"]
    assert start["content"] == [] and start["stop_reason"] is None
    delta = events[-2][1]
    assert delta["delta"]["stop_reason"] == "tool_use" and delta["usage"]["output_tokens"] > 0


def test_tool_input_arrives_as_input_json_delta_fragments_starting_empty(sim):
    events = sse_events(sim, {"model": MODEL, "max_tokens": 1024, "tools": [SEARCH, CALC], "messages": [
        {"role": "user", "content": "Quelle est la population de Lyon et de Marseille réunies ?"}]})
    fragments = [d["delta"]["partial_json"] for e, d in events
                 if e == "content_block_delta" and d["delta"]["type"] == "input_json_delta" and d["index"] == 1]
    assert fragments[0] == "" and len(fragments) > 2
    assert json.loads("".join(fragments)) == {"query": "population de Lyon"}


def test_every_response_carries_a_request_id(sim, client):
    ok = client.messages.with_raw_response.create(model=MODEL, max_tokens=10,
                                                  messages=[{"role": "user", "content": "Bonjour"}])
    assert ok.headers["request-id"].startswith("req_")
    bad = httpx.post(f"{sim.base_url}/v1/messages", json={"model": MODEL}, headers={"x-api-key": "k"})
    assert bad.status_code == 400 and bad.headers["request-id"].startswith("req_")
    assert bad.json()["type"] == "error" and bad.json()["error"]["type"] == "invalid_request_error"


def test_count_tokens_and_models_answer_like_the_real_endpoints(client):
    import typing

    from anthropic.types.model_param import ModelParam
    counted = client.messages.count_tokens(model=MODEL, messages=[{"role": "user", "content": "Bonjour " * 50}])
    assert counted.input_tokens > 50
    listed = {m.id for m in client.models.list().data}
    literal = next(a for a in typing.get_args(ModelParam) if typing.get_origin(a) is typing.Literal)
    assert listed == set(typing.get_args(literal))
    assert client.models.retrieve(MODEL).display_name == "Claude Sonnet 5.5"


def test_a_missing_or_revoked_key_gets_a_401(sim):
    import anthropic

    import helpers
    revoked = anthropic.Anthropic(base_url=sim.base_url, api_key=helpers.REJECTED_KEY, max_retries=0)
    with pytest.raises(anthropic.AuthenticationError):
        revoked.messages.create(model=MODEL, max_tokens=10, messages=[{"role": "user", "content": "Bonjour"}])
    assert httpx.get(f"{sim.base_url}/v1/models").status_code == 401
