"""Strictness: each malformed conversation the real API refuses gets its 400 (or 404), with its wording."""
from __future__ import annotations

import anthropic
import pytest

from conftest import MODEL, tool

SEARCH = tool("search", query="string")
ASK = {"role": "user", "content": "Cherche deux choses."}
TWO_CALLS = {"role": "assistant", "content": [
    {"type": "text", "text": "Je consulte…"},
    {"type": "tool_use", "id": "toolu_A", "name": "search", "input": {"query": "a"}},
    {"type": "tool_use", "id": "toolu_B", "name": "search", "input": {"query": "b"}},
]}


def result(tool_use_id: str, text: str = "ok") -> dict:
    return {"type": "tool_result", "tool_use_id": tool_use_id, "content": text}


def send(client, messages, **extra):
    params = dict(model=MODEL, max_tokens=100, tools=[SEARCH], messages=messages)
    params.update(extra)
    return client.messages.create(**params)


def test_both_results_in_one_user_message_are_accepted(client):
    reply = send(client, [ASK, TWO_CALLS, {"role": "user", "content": [result("toolu_A"), result("toolu_B")]}])
    assert reply.stop_reason == "end_turn"


def test_results_split_over_two_user_messages_are_accepted_as_one_turn(client, sim):
    """The Messages API documents: "Consecutive `user` or `assistant` turns in your request will be
    combined into a single turn." Two user messages holding the results of one assistant turn are
    therefore one turn: accepted (the old simulator wrongly refused them with a 400). The docs still
    ask for ONE message ("Send multiple tool_result blocks in ONE user message, not one per turn"):
    the simulated model then stops calling tools in parallel (see test_battery)."""
    reply = send(client, [ASK, TWO_CALLS, {"role": "user", "content": [result("toolu_A")]},
                          {"role": "user", "content": [result("toolu_B")]}])
    assert reply.stop_reason == "end_turn"
    assert sim.log.since(0)[-1].status == 200


def test_text_after_the_results_is_accepted(client):
    send(client, [ASK, TWO_CALLS, {"role": "user", "content": [result("toolu_A"), result("toolu_B"),
                                                                {"type": "text", "text": "Merci"}]}])


CASES = {
    "tool_result dont l'id ne correspond à aucun tool_use": (
        [ASK, TWO_CALLS, {"role": "user", "content": [result("toolu_A"), result("toolu_B"), result("toolu_Z")]}],
        "messages.2.content.2: unexpected `tool_use_id` found in `tool_result` blocks: toolu_Z"),
    "un tool_use sans son résultat": (
        [ASK, TWO_CALLS, {"role": "user", "content": [result("toolu_A")]}],
        "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_B"),
    "un résultat manquant même après fusion des messages user": (
        [ASK, TWO_CALLS, {"role": "user", "content": [result("toolu_A")]},
         {"role": "user", "content": [{"type": "text", "text": "Voilà."}]}],
        "immediately after: toolu_B"),
    "du texte entre deux messages de résultats fusionnés": (
        [ASK, TWO_CALLS, {"role": "user", "content": [result("toolu_A"), {"type": "text", "text": "et"}]},
         {"role": "user", "content": [result("toolu_B")]}],
        "Did not find 2 `tool_result` block(s) at the beginning of this message"),
    "tool_choice qui nomme un outil absent": (
        ("tool_choice", {"type": "tool", "name": "meteo"}), "Tool 'meteo' not found in provided tools"),
    "tool_choice d'un type inconnu": (
        ("tool_choice", {"type": "required"}), "Input tag 'required' found using 'type' does not match"),
    "du texte avant les tool_result": (
        [ASK, TWO_CALLS, {"role": "user", "content": [{"type": "text", "text": "Voici"}, result("toolu_A"),
                                                      result("toolu_B")]}],
        "messages.2: Did not find 2 `tool_result` block(s) at the beginning of this message"),
    "un tool_result dans un tour assistant": (
        [ASK, {"role": "assistant", "content": [result("toolu_A")]}],
        "messages.1.content.0: `tool_result` blocks are only allowed in `user` messages"),
    "premier message qui n'est pas user": (
        [{"role": "assistant", "content": "Bonjour"}, ASK],
        'messages: first message must use the "user" role'),
    "résultat d'outil sans tools définis": (
        "no-tools", "Requests which include `tool_use` or `tool_result` blocks must define tools."),
    "un rôle inconnu": (
        [{"role": "system", "content": "Tu es…"}, ASK], "messages.0.role: Input should be 'user' or 'assistant'"),
    "un message vide": (
        [{"role": "user", "content": []}], "messages.0: all messages must have non-empty content"),
}


@pytest.mark.parametrize("case", CASES)
def test_malformed_conversation_is_a_bad_request_with_the_real_wording(client, case):
    messages, wording = CASES[case]
    with pytest.raises(anthropic.BadRequestError) as caught:
        if isinstance(messages, tuple):
            send(client, [ASK], **dict([messages]))
        elif messages == "no-tools":
            client.messages.create(model=MODEL, max_tokens=100, messages=[ASK, TWO_CALLS, {
                "role": "user", "content": [result("toolu_A"), result("toolu_B")]}])
        else:
            send(client, messages)
    assert wording in caught.value.body["error"]["message"]
    assert caught.value.body["error"]["type"] == "invalid_request_error"


def test_an_unknown_model_is_a_404(client):
    with pytest.raises(anthropic.NotFoundError) as caught:
        client.messages.create(model="claude-sonnet-9", max_tokens=10, messages=[ASK])
    assert caught.value.body["error"]["message"] == "model: claude-sonnet-9"


def test_max_tokens_is_required_and_bounded(sim):
    import httpx
    missing = httpx.post(f"{sim.base_url}/v1/messages", headers={"x-api-key": "k"},
                         json={"model": MODEL, "messages": [ASK]})
    assert missing.status_code == 400 and missing.json()["error"]["message"] == "max_tokens: Field required"
    too_many = httpx.post(f"{sim.base_url}/v1/messages", headers={"x-api-key": "k"},
                          json={"model": MODEL, "max_tokens": 500_000, "messages": [ASK]})
    assert too_many.status_code == 400 and "maximum allowed number of output tokens" in too_many.text


def test_duplicate_tool_names_are_refused(client):
    with pytest.raises(anthropic.BadRequestError, match="Tool names must be unique"):
        client.messages.create(model=MODEL, max_tokens=10, tools=[SEARCH, SEARCH], messages=[ASK])


def test_a_system_turn_after_the_user_passes_on_models_from_opus_4_8_on_without_any_beta(client):
    """Mid-conversation system messages (docs: build-with-claude/mid-conversation-system-messages; « What's new in
    Claude Opus 4.8 »: no beta header is required) are accepted from Claude Opus 4.8 on: the pinned CLI sends one at
    the start of every session, to every model it does not know to be older than claude-opus-4-8 (claude-sonnet-5
    included, with no beta header at all). Older models refuse the role, in the wording the CLI itself recognises."""
    messages = [ASK, {"role": "system", "content": "notes d'environnement"}]
    for model in ("claude-sonnet-5", "claude-sonnet-5-5", "claude-opus-4-8", "claude-haiku-5-5"):
        assert client.messages.create(model=model, max_tokens=50, messages=messages).stop_reason == "end_turn"
    for model in ("claude-opus-4-6", "claude-sonnet-4-6", "claude-haiku-4-5"):
        with pytest.raises(anthropic.BadRequestError, match="messages.1.role: Input should be 'user' or 'assistant'"):
            client.messages.create(model=model, max_tokens=50, messages=messages)
    reply = client.messages.create(model="claude-opus-4-6", max_tokens=50, messages=messages,
                                   extra_headers={"anthropic-beta": "per-turn-control-2026-07-01"})
    assert reply.stop_reason == "end_turn"


def test_an_effort_only_system_message_is_accepted_and_an_empty_one_is_not(client):
    """Per-message effort (docs, « Per-message effort »): `{"role": "system", "content": [], "output_config":
    {"effort": "low"}}` is valid; what Claude Code sends in its simple mode (CLAUDE_CODE_SIMPLE=1, `--bare`)."""
    beta = {"anthropic-beta": "mid-conversation-output-config-2026-07-01"}
    effort = {"role": "system", "content": [], "output_config": {"effort": "low"}}
    reply = client.messages.create(model=MODEL, max_tokens=50, messages=[ASK, effort], extra_headers=beta)
    assert reply.stop_reason == "end_turn"
    for empty in ({"role": "system", "content": []}, {"role": "system", "content": [], "output_config": {}}):
        with pytest.raises(anthropic.BadRequestError, match="non-empty content"):
            client.messages.create(model=MODEL, max_tokens=50, messages=[ASK, empty], extra_headers=beta)


EPHEMERAL = {"type": "ephemeral"}
HOUR = {"type": "ephemeral", "ttl": "1h"}


def cached(text: str, control: dict) -> dict:
    return {"type": "text", "text": text, "cache_control": control}


def test_four_cache_breakpoints_pass_and_a_fifth_is_refused_with_the_real_wording(client):
    four = [cached(f"bloc {i}", EPHEMERAL) for i in range(3)] + [{"type": "text", "text": "question"}]
    client.messages.create(model=MODEL, max_tokens=10, tools=[dict(SEARCH, cache_control=EPHEMERAL)],
                           messages=[{"role": "user", "content": four}])
    five = [cached(f"bloc {i}", EPHEMERAL) for i in range(4)]
    with pytest.raises(anthropic.BadRequestError) as caught:
        client.messages.create(model=MODEL, max_tokens=10, tools=[dict(SEARCH, cache_control=EPHEMERAL)],
                               messages=[{"role": "user", "content": five}])
    assert caught.value.body["error"]["message"] == "A maximum of 4 blocks with cache_control may be provided. Found 5."


def test_longer_cache_ttls_come_first_in_processing_order_tools_system_messages(client):
    # 1 h then 5 min (explicit or by default): accepted.
    client.messages.create(model=MODEL, max_tokens=10, tools=[dict(SEARCH, cache_control=HOUR)],
                           system=[cached("guide", HOUR)],
                           messages=[{"role": "user", "content": [cached("docs", EPHEMERAL), {"type": "text", "text": "q"}]}])
    # 5 min on the tools, then 1 h in the messages: refused, and the path names the offending block.
    with pytest.raises(anthropic.BadRequestError) as caught:
        client.messages.create(model=MODEL, max_tokens=10, tools=[dict(SEARCH, cache_control=EPHEMERAL)],
                               messages=[{"role": "user", "content": [{"type": "text", "text": "q"}, cached("docs", HOUR)]}])
    message = caught.value.body["error"]["message"]
    assert message.startswith("messages.0.content.1.cache_control.ttl: a ttl='1h' cache_control block must not come "
                              "after a ttl='5m' cache_control block.")
    assert "`tools`, `system`, `messages`" in message


# -- manual extended thinking: the documented constraints, in the API's words -----------------------------------
THINK = {"type": "enabled", "budget_tokens": 2000}
ONE_CALL = {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_A", "name": "search", "input": {"query": "a"}}]}
THOUGHT_CALL = {"role": "assistant", "content": [
    {"type": "thinking", "thinking": "Je cherche.", "signature": "sig"},
    {"type": "tool_use", "id": "toolu_A", "name": "search", "input": {"query": "a"}}]}


@pytest.mark.parametrize("extra,message", [
    ({"thinking": {"type": "enabled", "budget_tokens": 500}, "max_tokens": 4000},
     "budget_tokens: Input should be greater than or equal to 1024"),
    ({"thinking": THINK, "max_tokens": 2000}, "`max_tokens` must be greater than `thinking.budget_tokens`"),
    ({"thinking": THINK, "max_tokens": 4000, "tool_choice": {"type": "any"}},
     "Thinking may not be enabled when tool_choice forces tool use."),
])
def test_manual_thinking_is_refused_where_the_api_refuses_it(client, extra, message):
    with pytest.raises(anthropic.BadRequestError, match=message.replace("`", ".").replace("(", ".").replace(")", ".")):
        send(client, [ASK], **extra)


def test_a_tool_loop_with_thinking_on_must_pass_the_thinking_block_back(client):
    with pytest.raises(anthropic.BadRequestError, match=r"messages\.1\.content\.0\.type: Expected `thinking` or "
                                                        r"`redacted_thinking`, but found `tool_use`"):
        send(client, [ASK, ONE_CALL, {"role": "user", "content": [result("toolu_A")]}], thinking=THINK,
             max_tokens=4000)
    reply = send(client, [ASK, THOUGHT_CALL, {"role": "user", "content": [result("toolu_A")]}], thinking=THINK,
                 max_tokens=4000)
    assert reply.stop_reason == "end_turn"


def test_adaptive_thinking_has_none_of_these_constraints(client):
    adaptive = {"type": "adaptive"}
    send(client, [ASK], thinking=adaptive, tool_choice={"type": "any"})
    send(client, [ASK, ONE_CALL, {"role": "user", "content": [result("toolu_A")]}], thinking=adaptive)


def test_the_interleaved_thinking_beta_lets_the_budget_exceed_max_tokens(client):
    reply = client.beta.messages.create(model=MODEL, max_tokens=1500, tools=[SEARCH], messages=[ASK],
                                        thinking={"type": "enabled", "budget_tokens": 4000},
                                        betas=["interleaved-thinking-2025-05-14"])
    assert reply.content[0].type == "thinking"
