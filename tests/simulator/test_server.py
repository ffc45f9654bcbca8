"""The server: one per process, loopback only, fault injection, a request log, a clean shutdown."""
from __future__ import annotations

import time

import anthropic
import httpx
import pytest

import helpers
from conftest import MODEL

HELLO = [{"role": "user", "content": "Bonjour"}]


def test_listens_on_loopback_only_on_a_free_port(sim):
    assert sim.base_url.startswith("http://127.0.0.1:")
    other = helpers.Simulator().start()
    try:
        assert other.base_url != sim.base_url
    finally:
        other.stop()


def test_the_process_wide_simulator_is_started_once():
    assert helpers.simulator() is helpers.simulator()
    assert helpers.simulator().running


def test_stop_closes_the_port():
    s = helpers.Simulator().start()
    url = s.base_url
    s.stop()
    with pytest.raises(httpx.ConnectError):
        httpx.get(url + "/v1/models", headers={"x-api-key": "k"}, timeout=1)


def test_sdk_retry_honours_retry_after_on_429(sim):
    sim.inject("rate_limit", retry_after=0.6)
    retrying = anthropic.Anthropic(base_url=sim.base_url, api_key="k", max_retries=2)
    started = time.monotonic()
    message = retrying.messages.create(model=MODEL, max_tokens=50, messages=HELLO)
    waited = time.monotonic() - started
    assert message.stop_reason == "end_turn"
    assert 0.55 <= waited < 3, waited
    statuses = [e.status for e in sim.log.since(0)]
    assert statuses == [429, 200]


def test_429_carries_retry_after_and_rate_limit_headers(sim, client):
    sim.inject("rate_limit", retry_after=7)
    with pytest.raises(anthropic.RateLimitError) as caught:
        client.messages.create(model=MODEL, max_tokens=50, messages=HELLO)
    headers = caught.value.response.headers
    assert headers["retry-after"] == "7"
    assert headers["anthropic-ratelimit-requests-remaining"] == "0"
    assert "anthropic-ratelimit-output-tokens-reset" in headers


@pytest.mark.parametrize("kind,error,status", [("overloaded", anthropic.InternalServerError, 529),
                                               ("server_error", anthropic.InternalServerError, 500)])
def test_server_side_faults(sim, client, kind, error, status):
    sim.inject(kind)
    with pytest.raises(error) as caught:
        client.messages.create(model=MODEL, max_tokens=50, messages=HELLO)
    assert caught.value.status_code == status
    assert client.messages.create(model=MODEL, max_tokens=50, messages=HELLO).stop_reason == "end_turn"


def test_a_stream_cut_mid_message_fails_in_the_client(sim, client):
    """The body is chunked like the real API's: a dropped connection is an incomplete read, not an end."""
    import httpx2
    sim.inject("cut_stream", after_events=3)
    with pytest.raises(httpx2.RemoteProtocolError, match="incomplete chunked read"):
        with client.messages.stream(model=MODEL, max_tokens=200, messages=HELLO) as stream:
            stream.get_final_message()


@pytest.mark.parametrize("stream", [False, True], ids=["create", "stream"])
def test_a_connection_dropped_before_any_answer_is_an_api_connection_error(sim, client, stream):
    """The « disconnect » fault closes the connection without a byte of answer: the SDK raises APIConnectionError
    (retryable, as a timeout is) at once; the log keeps the request, status 0, and the next request is answered."""
    sim.inject("disconnect")
    mark = sim.log.mark()
    started = time.monotonic()
    with pytest.raises(anthropic.APIConnectionError) as caught:
        if stream:
            with client.messages.stream(model=MODEL, max_tokens=50, messages=HELLO) as s:
                s.get_final_message()
        else:
            client.messages.create(model=MODEL, max_tokens=50, messages=HELLO)
    assert not isinstance(caught.value, anthropic.APIStatusError) and time.monotonic() - started < 1
    [dropped] = sim.log.since(mark)
    assert (dropped.status, dropped.fault, dropped.ok, dropped.messages) == (0, "disconnect", False, HELLO)
    assert client.messages.create(model=MODEL, max_tokens=50, messages=HELLO).stop_reason == "end_turn"


def test_an_error_event_mid_stream_raises(sim, client):
    sim.inject("stream_error", after_events=3)
    with pytest.raises(anthropic.APIStatusError, match="Overloaded"):
        with client.messages.stream(model=MODEL, max_tokens=200, messages=HELLO) as stream:
            stream.get_final_message()


def test_cleared_faults_never_fire(sim, client):
    sim.inject("overloaded", times=3)
    sim.clear_faults()
    assert client.messages.create(model=MODEL, max_tokens=50, messages=HELLO).stop_reason == "end_turn"


def test_unknown_fault_is_refused_in_french(sim):
    with pytest.raises(ValueError, match="panne inconnue"):
        sim.inject("meteor")


def test_the_log_records_requests_and_responses_in_order(sim, client):
    mark = sim.log.mark()
    client.messages.create(model=MODEL, max_tokens=50, messages=HELLO)
    with pytest.raises(anthropic.BadRequestError):
        client.messages.create(model=MODEL, max_tokens=50, messages=[{"role": "assistant", "content": "x"}])
    first, second = sim.log.since(mark)
    assert first.request["messages"] == HELLO and first.status == 200 and first.playbook == "modèle général"
    assert first.response["content"][0]["type"] == "text"
    assert second.status == 400 and "first message" in second.error_message
    assert "x-api-key" not in first.headers


def test_the_log_hands_out_its_frozen_exchanges_and_keeps_no_body_of_a_refused_request(sim, client):
    """Readers get the exchanges themselves (a deep copy per reader doubled a grader's memory), frozen; a request
    the simulator refused keeps its status and error, not its body (hostile bodies of `[{},…]` swelled the
    grader by hundreds of megabytes)."""
    import dataclasses
    mark = sim.log.mark()
    client.messages.create(model=MODEL, max_tokens=50, messages=HELLO)
    with pytest.raises(anthropic.BadRequestError):
        client.messages.create(model=MODEL, max_tokens=50, messages=[{}] * 1000)
    kept, refused = sim.log.since(mark)
    assert kept is sim.log.since(mark)[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        kept.request = {}
    assert refused.status == 400 and refused.request is None and refused.error_message
    assert sim.log.accepted(mark) == [kept]


def test_the_body_of_a_refused_request_is_kept_apart_for_maintainers_bounded(sim, client):
    """Why was it refused? The last refused requests keep their body as sent in `log.refusals()` (the exchange itself
    still has none, for the graders); a body above the bound, or beyond the last few, is not kept."""
    from helpers.simulator._log import REFUSALS_KEPT
    mark = sim.log.mark()
    wrong = [{"role": "user", "content": "Bonjour"}, {"role": "system", "content": "note"}]
    with pytest.raises(anthropic.BadRequestError):
        client.messages.create(model="claude-opus-4-6", max_tokens=50, messages=wrong)
    refused = sim.log.since(mark)[-1]
    assert refused.request is None
    kept = sim.log.refusals()[-1]
    assert kept.index == refused.index and kept.status == 400 and "messages.1.role" in kept.error
    assert kept.body["messages"] == wrong and kept.body["model"] == "claude-opus-4-6"
    with pytest.raises(anthropic.BadRequestError):
        client.messages.create(model=MODEL, max_tokens=50, messages=[{"role": "user", "content": "x" * 300_000},
                                                                     {"role": "assistant", "content": []},
                                                                     {"role": "user", "content": "y"}])
    assert sim.log.refusals()[-1].index == refused.index          # too big: status and error only
    for _ in range(REFUSALS_KEPT + 3):
        with pytest.raises(anthropic.BadRequestError):
            client.messages.create(model=MODEL, max_tokens=50, messages=[{}])
    assert len(sim.log.refusals()) == REFUSALS_KEPT


def test_a_body_above_32_mb_gets_the_real_413_without_being_read(sim):
    """API errors page: "request_too_large: Request exceeds the maximum allowed number of bytes. The
    maximum request size is 32 MB for standard API endpoints." The simulator answers before reading
    the body and discards it in small chunks: a 256 MB upload does not grow the process."""
    import resource

    def body():
        block = b"x" * (1 << 20)
        for _ in range(256):
            yield block
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    response = httpx.post(f"{sim.base_url}/v1/messages", content=body(), timeout=60,
                          headers={"x-api-key": "k", "content-length": str(256 << 20)})
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert response.status_code == 413
    assert response.json()["error"] == {"type": "request_too_large",
                                        "message": "Request exceeds the maximum allowed number of bytes."}
    assert response.headers["request-id"].startswith("req_")
    assert grown_mb < 64, grown_mb
    assert sim.log.since(0, messages_only=False)[-1].status == 413
    ok = httpx.post(f"{sim.base_url}/v1/messages", headers={"x-api-key": "k"},
                    json={"model": MODEL, "max_tokens": 20, "messages": HELLO})
    assert ok.status_code == 200


def test_with_latency_concurrent_requests_overlap_in_the_log_and_sequential_ones_do_not():
    """What 1.2's checks rely on: each exchange says when it arrived and when its answer was ready."""
    from concurrent.futures import ThreadPoolExecutor
    sim = helpers.Simulator(latency=0.2).start()
    try:
        client = anthropic.Anthropic(base_url=sim.base_url, api_key="sk-ant-test", max_retries=0)

        def ask(text):
            return client.messages.create(model="claude-sonnet-5-5", max_tokens=50,
                                          messages=[{"role": "user", "content": text}])
        ask("un"), ask("deux")
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(ask, ["trois", "quatre"]))
        first, second, third, fourth = sim.log.since(0)
        assert first.answered - first.received >= 0.2
        assert second.received >= first.answered                      # one after the other
        assert max(third.received, fourth.received) < min(third.answered, fourth.answered)   # at the same time
    finally:
        sim.stop()


def test_known_models_read_from_source_are_the_installed_sdks_literal():
    """The simulator reads the model IDs from anthropic's source without importing it (1.5 s saved where only
    the simulator runs); the list must be exactly the package's ModelParam literal, in order."""
    import typing

    from anthropic.types.model_param import ModelParam
    literal = next(a for a in typing.get_args(ModelParam) if typing.get_origin(a) is typing.Literal)
    assert helpers.known_models() == list(typing.get_args(literal))
