"""French explanations: what happened and what to do, for every error a learner can meet."""
from __future__ import annotations

import anthropic
import pytest

import helpers

HELLO = [{"role": "user", "content": "Bonjour"}]


def raised(call):
    with pytest.raises(Exception) as caught:
        call()
    return caught.value


def explained(exc) -> str:
    """The explanation, its line breaks (wrapping for the output area) read as spaces."""
    text = helpers.explain(exc)
    return " ".join(text.split()) if text else text


def test_a_rejected_key(sim):
    c = anthropic.Anthropic(base_url=sim.base_url, api_key=helpers.REJECTED_KEY, max_retries=0)
    text = explained(raised(lambda: c.messages.create(model="claude-sonnet-5-5", max_tokens=9, messages=HELLO)))
    assert "Clé refusée" in text and "Que faire" in text and "request-id" in text


@pytest.mark.parametrize("kind,words", [("rate_limit", "retry-after"), ("overloaded", "surchargée"),
                                        ("server_error", "côté serveur")])
def test_retryable_faults(sim, client, kind, words):
    sim.inject(kind, retry_after=3)
    text = explained(raised(lambda: client.messages.create(model="claude-sonnet-5-5", max_tokens=9,
                                                                 messages=HELLO)))
    assert words in text


def test_a_malformed_conversation_quotes_the_api_and_says_not_to_retry(client):
    text = explained(raised(lambda: client.messages.create(
        model="claude-sonnet-5-5", max_tokens=9, messages=[{"role": "assistant", "content": "x"}])))
    assert "first message must use" in text and "réessayer ne servira à rien" in text


def test_an_unknown_model(client):
    text = explained(raised(lambda: client.messages.create(model="claude-x", max_tokens=9, messages=HELLO)))
    assert "modèle" in text and "helpers.model()" in text


def test_no_connection():
    c = anthropic.Anthropic(base_url="http://127.0.0.1:9", api_key="k", max_retries=0)
    text = explained(raised(lambda: c.messages.create(model="claude-sonnet-5-5", max_tokens=9, messages=HELLO)))
    assert "Connexion impossible" in text


def test_other_errors_are_left_alone():
    assert helpers.explain(ZeroDivisionError()) is None


def test_the_explanation_of_a_429_says_whether_the_sdk_retried(sim):
    """With max_retries=0 nothing was retried: the text must not claim otherwise."""
    sim.inject("rate_limit", retry_after=0.01)
    quick = anthropic.Anthropic(base_url=sim.base_url, api_key="k", max_retries=0)
    text = explained(raised(lambda: quick.messages.create(model="claude-sonnet-5-5", max_tokens=9, messages=HELLO)))
    assert "sans nouvelle tentative (max_retries=0)" in text and "malgré" not in text
    sim.inject("rate_limit", times=2, retry_after=0.01)
    patient = anthropic.Anthropic(base_url=sim.base_url, api_key="k", max_retries=1)
    text = explained(raised(lambda: patient.messages.create(model="claude-sonnet-5-5", max_tokens=9, messages=HELLO)))
    assert "malgré 1 nouvelle(s) tentative(s) automatique(s) du SDK" in text
