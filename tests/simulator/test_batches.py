"""Message Batches through the real `anthropic` client: create, poll, list, cancel, results, delete."""
from __future__ import annotations

import anthropic
import httpx
import pytest
from anthropic.types.messages import MessageBatch, MessageBatchIndividualResponse

from conftest import MODEL


def item(custom_id: str, text: str = "Bonjour", **params) -> dict:
    body = {"model": MODEL, "max_tokens": 200, "messages": [{"role": "user", "content": text}]}
    return {"custom_id": custom_id, "params": {**body, **params}}


def poll_until_ended(client, batch_id: str, limit: int = 10) -> MessageBatch:
    for _ in range(limit):
        batch = client.messages.batches.retrieve(batch_id)
        if batch.processing_status == "ended":
            return batch
    raise AssertionError("le batch ne s'est jamais terminé")


def test_create_returns_a_message_batch_in_progress_with_every_request_processing(client):
    batch = client.messages.batches.create(requests=[item("a"), item("b"), item("c")])
    assert isinstance(batch, MessageBatch)
    assert batch.id.startswith("msgbatch_") and batch.type == "message_batch"
    assert batch.processing_status == "in_progress"
    assert batch.request_counts.processing == 3 and batch.request_counts.succeeded == 0
    assert batch.results_url is None and batch.ended_at is None
    assert (batch.expires_at - batch.created_at).total_seconds() == 24 * 3600


def test_the_batch_ends_on_the_configured_retrieval_then_offers_results(sim, client):
    sim.batch_polls = 3
    batch = client.messages.batches.create(requests=[item("a"), item("b")])
    statuses = [client.messages.batches.retrieve(batch.id).processing_status for _ in range(4)]
    assert statuses == ["in_progress", "in_progress", "ended", "ended"]
    ended = client.messages.batches.retrieve(batch.id)
    assert ended.request_counts.succeeded == 2 and ended.request_counts.processing == 0
    assert ended.results_url.endswith(f"/v1/messages/batches/{batch.id}/results")
    assert ended.ended_at is not None


def test_results_are_jsonl_matched_by_custom_id_and_answered_like_messages(sim, client):
    ids = [f"doc-{n}" for n in range(6)]
    batch = client.messages.batches.create(requests=[item(i, f"Résume le document {i}.") for i in ids])
    poll_until_ended(client, batch.id)
    results = list(client.messages.batches.results(batch.id))
    assert all(isinstance(r, MessageBatchIndividualResponse) for r in results)
    assert sorted(r.custom_id for r in results) == ids
    assert [r.custom_id for r in results] != ids, "l'ordre des résultats ne doit pas être garanti"
    for r in results:
        assert r.result.type == "succeeded"
        direct = client.messages.create(**item(r.custom_id, f"Résume le document {r.custom_id}.")["params"])
        assert r.result.message.content[0].text == direct.content[0].text


def test_an_invalid_request_errors_alone_instead_of_rejecting_the_batch(client):
    bad_model = item("modele", model="claude-inexistant")
    bad_turns = item("tours", messages=[{"role": "assistant", "content": "x"},
                                        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1",
                                                                      "content": "ok"}]}])
    batch = client.messages.batches.create(requests=[item("ok"), item("zero", max_tokens=0), bad_model, bad_turns])
    ended = poll_until_ended(client, batch.id)
    assert ended.request_counts.succeeded == 1 and ended.request_counts.errored == 3
    by_id = {r.custom_id: r.result for r in client.messages.batches.results(batch.id)}
    assert by_id["ok"].type == "succeeded"
    assert by_id["zero"].type == "errored"
    assert by_id["zero"].error.error.type == "invalid_request_error"
    assert "max_tokens" in by_id["zero"].error.error.message
    assert by_id["modele"].error.error.type == "not_found_error"
    assert by_id["tours"].error.error.type == "invalid_request_error"


def test_a_malformed_batch_is_rejected_whole_with_a_400(client):
    with pytest.raises(anthropic.BadRequestError):
        client.messages.batches.create(requests=[item("same"), item("same")])
    with pytest.raises(anthropic.BadRequestError):
        client.messages.batches.create(requests=[])
    with pytest.raises(anthropic.BadRequestError):
        client.messages.batches.create(requests=[item("espace interdit")])


def test_cancel_goes_through_canceling_and_unprocessed_requests_are_canceled(sim, client):
    sim.batch_polls = 2
    batch = client.messages.batches.create(requests=[item(f"r{n}") for n in range(4)])
    client.messages.batches.retrieve(batch.id)            # half of the requests are processed
    canceling = client.messages.batches.cancel(batch.id)
    assert canceling.processing_status == "canceling" and canceling.cancel_initiated_at is not None
    ended = client.messages.batches.retrieve(batch.id)
    assert ended.processing_status == "ended"
    assert (ended.request_counts.succeeded, ended.request_counts.canceled) == (2, 2)
    kinds = {r.custom_id: r.result.type for r in client.messages.batches.results(batch.id)}
    assert kinds == {"r0": "succeeded", "r1": "succeeded", "r2": "canceled", "r3": "canceled"}


def test_expire_ends_the_batch_with_expired_results(sim, client):
    batch = client.messages.batches.create(requests=[item("x"), item("y")])
    sim.batches.expire(batch.id)
    ended = client.messages.batches.retrieve(batch.id)
    assert ended.request_counts.expired == 2
    assert {r.result.type for r in client.messages.batches.results(batch.id)} == {"expired"}


def test_results_before_the_end_are_refused(sim, client):
    batch = client.messages.batches.create(requests=[item("x")])
    with pytest.raises(anthropic.AnthropicError, match="results_url"):
        client.messages.batches.results(batch.id)         # the SDK itself checks results_url first
    raw = httpx.get(f"{sim.base_url}/v1/messages/batches/{batch.id}/results", headers={"x-api-key": "k"})
    assert raw.status_code == 400


def test_list_is_newest_first_and_paginates_with_after_id(client):
    made = [client.messages.batches.create(requests=[item(f"n{n}")]).id for n in range(5)]
    page = client.messages.batches.list(limit=2)
    assert [b.id for b in page.data] == made[::-1][:2]
    assert page.has_more and page.last_id == made[3]
    assert [b.id for b in client.messages.batches.list(limit=2)] == made[::-1]   # auto-pagination
    back = client.messages.batches.list(limit=2, before_id=made[1])
    assert [b.id for b in back.data] == [made[3], made[2]]


def test_delete_only_once_ended_then_the_batch_is_gone(client):
    batch = client.messages.batches.create(requests=[item("x")])
    with pytest.raises(anthropic.BadRequestError):
        client.messages.batches.delete(batch.id)
    poll_until_ended(client, batch.id)
    deleted = client.messages.batches.delete(batch.id)
    assert (deleted.id, deleted.type) == (batch.id, "message_batch_deleted")
    with pytest.raises(anthropic.NotFoundError):
        client.messages.batches.retrieve(batch.id)


def test_batch_exchanges_are_logged_but_not_as_messages(sim, client):
    batch = client.messages.batches.create(requests=[item("x")])
    client.messages.batches.retrieve(batch.id)
    assert sim.log.since(0) == []
    paths = [e.path for e in sim.log.since(0, messages_only=False)]
    assert paths == ["/v1/messages/batches", f"/v1/messages/batches/{batch.id}"]


def test_async_client_walks_the_same_lifecycle(sim):
    import asyncio

    async def run():
        client = anthropic.AsyncAnthropic(base_url=sim.base_url, api_key="k", max_retries=0)
        batch = await client.messages.batches.create(requests=[item("a"), item("b")])
        while (await client.messages.batches.retrieve(batch.id)).processing_status != "ended":
            pass
        return [r.custom_id async for r in await client.messages.batches.results(batch.id)]

    assert sorted(asyncio.run(run())) == ["a", "b"]
