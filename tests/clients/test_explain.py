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


@pytest.mark.timeout(120)
@pytest.mark.parametrize("warm", [False, True], ids=["noyau ordinaire", "noyau préchauffé"])
def test_in_a_kernel_api_and_sdk_errors_are_explained_though_neither_is_imported_up_front(tmp_path, warm):
    """`import helpers` leaves `anthropic` and the Agent SDK unimported (3 s saved per ordinary kernel); their
    errors — and the budget's — are still explained in French: in the cell that first imports them, and in any
    later one. In a warm kernel (helpers/warm_kernel.py) both are there from the start, and explained the same."""
    import os

    import nbformat
    from nbclient import NotebookClient

    from helpers.kernel import warm as warm_kernel
    cells = ["import sys, helpers\nprint('anthropic' in sys.modules, 'claude_agent_sdk' in sys.modules)",
             "raise helpers.BudgetExceeded('Plafond de dépense atteint : 0,50 $')",      # the meter, imported here
             "c = helpers.client(max_retries=0)\nc.messages.create(model='claude-sonnet-5-5', max_tokens=10, "
             "messages=[])",
             "c.messages.create(model='claude-sonnet-5-5', max_tokens=10, messages=[])",
             "import claude_agent_sdk\nraise claude_agent_sdk.CLINotFoundError('absent')",
             "raise ValueError('une erreur du code de l’apprenant')"]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    client = NotebookClient(nb, timeout=60, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(tmp_path)}})
    env = {k: v for k, v in os.environ.items() if k != warm_kernel.OFF}
    if not warm:
        env[warm_kernel.OFF] = "1"
    with client.setup_kernel(env=env):
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
    outputs = [[o for o in cell.outputs] for cell in nb.cells]
    assert outputs[0][0]["text"].strip() == ("True True" if warm else "False False")
    for index in (1, 2, 3, 4):
        shown = " ".join(o.get("data", {}).get("text/html", "") for o in outputs[index])
        assert "Que se passe-t-il" in shown, (index, outputs[index])
    assert not any("Que se passe-t-il" in o.get("data", {}).get("text/html", "") for o in outputs[5])
    assert any(o.get("ename") == "ValueError" and len(o.get("traceback", [])) > 1 for o in outputs[5])


@pytest.mark.timeout(120)
def test_in_a_kernel_in_real_mode_the_banner_and_the_budget_load_without_a_circular_import(tmp_path):
    """Real mode: the banner reads the budget, whose meter imports `anthropic` — which the error handler's import
    watch notices in the middle of that import (the circle the browser test caught). The first call to an
    unreachable API is then explained in French."""
    import os

    import nbformat
    from nbclient import NotebookClient
    cells = ["import helpers\nhelpers.banner()",
             "helpers.client(max_retries=0).messages.create(model='claude-sonnet-5-5', max_tokens=10, "
             "messages=[{'role': 'user', 'content': 'Bonjour'}])"]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    client = NotebookClient(nb, timeout=60, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(tmp_path)}})
    env = dict(os.environ, ANTHROPIC_API_KEY="sk-ant-cle-factice-des-tests", ANTHROPIC_BASE_URL="http://127.0.0.1:9")
    env.pop("COURS_MODE", None)
    with client.setup_kernel(env=env):
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
    first, second = nb.cells[0].outputs, nb.cells[1].outputs
    assert not [o for o in first if o["output_type"] == "error"], first
    assert "Mode réel" in first[0]["data"]["text/plain"]
    assert any("Que se passe-t-il" in o.get("data", {}).get("text/html", "") for o in second), second


def test_the_api_s_400s_are_read_back_in_french_what_was_sent_and_which_rule():
    """A loop that goes on after stop_sequence sent an empty user message: the report quoted the API in English."""
    from helpers.explain import rejection
    assert rejection("messages.4: all messages must have non-empty content except for the optional final "
                     "assistant message").startswith("messages[4] est vide : seul le dernier message")
    assert "tool_use_id (toolu_9)" in rejection("messages.2.content.0: unexpected `tool_use_id` found in "
                                                "`tool_result` blocks: toolu_9. Each `tool_result` block must …")
    assert rejection("messages.3: Did not find 2 `tool_result` block(s) at the beginning of this message. …") \
        .startswith("messages[3] doit commencer par les 2 tool_result")
    assert rejection("max_tokens: Field required") == "le champ max_tokens manque"
    assert rejection("something new the API says") is None


def test_a_loop_that_goes_on_after_stop_sequence_is_told_in_french():
    from helpers.lessons.ts1_1.judge import _rejection
    from types import SimpleNamespace
    run = SimpleNamespace(exchanges=[SimpleNamespace(status=400, error_message=(
        "messages.4: all messages must have non-empty content except for the optional final assistant message"))])
    said = _rejection(run)
    assert said.startswith("l'API a refusé la requête (400) : messages[4] est vide") and "must" not in said


def test_the_plain_client_created_without_a_key_is_explained_and_other_type_errors_are_not(monkeypatch):
    import anthropic
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    with pytest.raises(TypeError) as caught:
        anthropic.Anthropic(base_url="http://127.0.0.1:9").messages.create(
            model="claude-sonnet-5-5", max_tokens=10, messages=[{"role": "user", "content": "x"}])
    said = helpers.explain(caught.value)
    assert "helpers.client()" in said and "ANTHROPIC_API_KEY" in said
    assert helpers.explain(TypeError("unsupported operand type(s) for +: 'int' and 'str'")) is None


def test_the_agent_sdks_error_result_is_read_in_french_with_its_cause():
    """« Claude Code returned an error result: … » (what 1.1 prints after an API failure) is explained in French."""
    from claude_agent_sdk import ResultError
    api = ResultError("Claude Code returned an error result: API Error: 500 Internal server error.",
                      data={"subtype": "success", "is_error": True, "api_error_status": 500, "errors": [],
                            "result": "API Error: 500 Internal server error."}, exit_code=1)
    text = helpers.explain(api).replace("\n", " ").replace("\u202f", " ")
    assert "« Claude Code returned an error result »" in text and "ResultMessage en erreur" in text
    assert "500" in text and "serveur" in text
    turns = ResultError("Claude Code returned an error result: error_max_turns",
                        data={"subtype": "error_max_turns", "is_error": True, "errors": []}, exit_code=1)
    assert "le plafond max_turns a été atteint" in helpers.explain(turns).replace("\n", " ")
