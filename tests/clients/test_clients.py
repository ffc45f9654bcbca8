"""Clients: offline by default, the real API with a key (metered, capped), the same code either way."""
from __future__ import annotations

import anthropic
import httpx2
import pytest

import helpers
from helpers.simulator import RequestLog
from helpers._meter import Budget, MeteredTransport, cost_usd

HELLO = [{"role": "user", "content": "Bonjour"}]


def test_without_a_key_the_client_is_the_real_sdk_pointed_at_the_simulator():
    c = helpers.client()
    assert isinstance(c, anthropic.Anthropic)
    assert str(c.base_url).rstrip("/") == helpers.simulator().base_url
    assert helpers.mode() == "hors-ligne"
    assert c.messages.create(model=helpers.model(), max_tokens=50, messages=HELLO).stop_reason == "end_turn"


def test_with_a_key_the_client_goes_to_the_real_api(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-exemple")
    c = helpers.client()
    assert helpers.mode() == "réel"
    assert "api.anthropic.com" in str(c.base_url)
    assert helpers.client(offline=True).base_url != c.base_url


def test_offline_can_be_forced_even_with_a_key(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-exemple")
    monkeypatch.setenv("COURS_MODE", "hors-ligne")
    assert helpers.mode() == "hors-ligne"


def test_banner_names_the_mode_and_the_model(monkeypatch):
    offline = helpers.banner()
    assert offline.title == "Mode hors ligne — réponses simulées" and "127.0.0.1" in offline._repr_html_()
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-exemple")
    real = helpers.banner()
    assert real.title == "Mode réel — claude-sonnet-5-5" and "plafond" in repr(real)


def test_the_banner_amounts_are_never_typeset_as_latex(monkeypatch):
    """JupyterLab typesets $…$ in HTML outputs (« 0,00 $ dépensés … 0,50 $ » became math): the banner opts
    out (the browser test looks at the page itself)."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-exemple")
    html = helpers.banner()._repr_html_()
    assert "$" in html and "mathjax_ignore" in html.split(">", 1)[0]


def test_a_key_passed_to_client_is_refused_in_french_not_with_a_type_error():
    with pytest.raises(helpers.KeyProblem, match="helpers.use_key()"):
        helpers.client(api_key="sk-ant-api03-exemple")


def test_the_model_is_configurable_but_only_to_a_known_id(monkeypatch):
    monkeypatch.setenv("COURS_MODELE", "claude-haiku-5-5")
    assert helpers.model() == "claude-haiku-5-5"
    monkeypatch.setenv("COURS_MODELE", "gpt-quelque-chose")
    assert helpers.model() == "claude-sonnet-5-5"


def test_a_malformed_key_is_refused_in_french(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "ma-cle")
    with pytest.raises(helpers.KeyProblem, match="ne ressemble pas à une clé Anthropic"):
        helpers.client()


def test_real_mode_without_a_key_is_explained(monkeypatch):
    monkeypatch.setenv("COURS_MODE", "réel")
    from helpers._mode import api_key
    with pytest.raises(helpers.KeyProblem, match="aucune clé"):
        api_key()


def test_use_key_switches_modes_and_an_empty_answer_stays_offline(monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    assert helpers.use_key("") == "hors-ligne"
    assert helpers.use_key("sk-ant-api03-exemple") == "réel" and helpers.mode() == "réel"
    helpers.offline()
    assert helpers.mode() == "hors-ligne"


def test_agent_options_point_the_cli_at_the_simulator_offline():
    options = helpers.agent_options(max_turns=3)
    assert options.env["ANTHROPIC_BASE_URL"] == helpers.simulator().base_url
    assert options.env["ENABLE_TOOL_SEARCH"] == "false"
    assert options.env["CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC"] == "1"
    assert options.max_turns == 3 and options.model == "claude-sonnet-5-5" and options.max_budget_usd is None
    assert callable(options.stderr)


def test_agent_options_in_real_mode_keep_the_api_and_set_a_budget(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-exemple")
    options = helpers.agent_options()
    assert "ANTHROPIC_BASE_URL" not in options.env
    assert options.max_budget_usd == 0.50
    assert helpers.agent_options(max_budget_usd=0.1).max_budget_usd == 0.1


def test_cli_stderr_is_captured_and_summarised_in_french():
    from helpers.clients import CliStderr
    captured = CliStderr()
    captured("Error in hook callback hook_0:  6 | import{Be}from\"/$bunfs/root/chunk.js\";…")
    assert "Un hook a levé une exception" in captured.summary()
    assert CliStderr().summary() is None


def metered(sim, cap=1.0):
    budget, trace = Budget(cap_usd=cap), RequestLog()
    http = httpx2.Client(transport=MeteredTransport(httpx2.HTTPTransport(), budget, trace))
    return anthropic.Anthropic(base_url=sim.base_url, api_key="k", http_client=http, max_retries=0), budget, trace


def test_the_meter_prices_plain_and_streamed_responses_alike(sim):
    c, budget, trace = metered(sim)
    plain = c.messages.create(model="claude-sonnet-5-5", max_tokens=100, messages=HELLO)
    with c.messages.stream(model="claude-sonnet-5-5", max_tokens=100, messages=HELLO) as s:
        streamed = s.get_final_message()
    one = cost_usd("claude-sonnet-5-5", plain.usage.model_dump())
    assert budget.requests == 2 and budget.spent_usd == pytest.approx(2 * one)
    assert [e.response["content"][0]["text"] for e in trace.since(0)] == [plain.content[0].text] * 2
    assert streamed.content[0].text == plain.content[0].text


def test_the_cap_stops_requests_before_they_are_sent(sim):
    c, budget, _ = metered(sim, cap=0.0)
    mark = sim.log.mark()
    with pytest.raises(helpers.BudgetExceeded, match="Plafond de dépense atteint"):
        c.messages.create(model="claude-sonnet-5-5", max_tokens=100, messages=HELLO)
    assert sim.log.since(mark) == []


def test_cost_counts_cache_writes_and_reads():
    base = cost_usd("claude-sonnet-5-5", {"input_tokens": 1_000_000})
    assert base == pytest.approx(2.0)
    assert cost_usd("claude-sonnet-5-5", {"cache_read_input_tokens": 1_000_000}) == pytest.approx(0.2)
    assert cost_usd("claude-sonnet-5-5", {"cache_creation_input_tokens": 1_000_000}) == pytest.approx(2.5)
    assert cost_usd("modele-inconnu", {"output_tokens": 1_000_000}) >= 50


def test_real_mode_agent_options_give_up_fast(monkeypatch):
    """Without network or with a refused key, the CLI would retry for minutes: one retry, a 7 s wait."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-exemple")
    options = helpers.agent_options()
    assert options.env["CLAUDE_CODE_MAX_RETRIES"] == "1" and options.env["API_TIMEOUT_MS"] == "7000"
    assert "CLAUDE_CODE_MAX_RETRIES" not in helpers.agent_options(offline=True).env
    assert helpers.agent_options(env={"CLAUDE_CODE_MAX_RETRIES": "4"}).env["CLAUDE_CODE_MAX_RETRIES"] == "4"


def _failing_query(monkeypatch, base_url: str, key: str):
    """A real-mode query() whose API is `base_url` (the simulator, or a closed port): time and exception."""
    import time

    import anyio
    from claude_agent_sdk import query
    monkeypatch.setenv("ANTHROPIC_API_KEY", key if key.startswith("sk-ant-") else "sk-ant-" + key)
    options = helpers.agent_options(max_turns=1, env={"ANTHROPIC_BASE_URL": base_url})
    assert options.env["CLAUDE_CODE_MAX_RETRIES"] == "1"

    async def go():
        async for _ in query(prompt="Bonjour", options=options):
            pass
    started = time.monotonic()
    with pytest.raises(Exception) as caught:
        anyio.run(go)
    return time.monotonic() - started, caught.value


@pytest.mark.cli
@pytest.mark.timeout(60)
def test_a_refused_key_stops_the_agent_sdk_within_seconds_in_french(monkeypatch, sim):
    took, error = _failing_query(monkeypatch, sim.base_url, helpers.REJECTED_KEY)
    assert took < 15, took
    text = " ".join(helpers.explain(error).split())
    assert "Clé refusée" in text and "Que faire" in text


@pytest.mark.cli
@pytest.mark.timeout(60)
def test_no_network_stops_the_agent_sdk_within_seconds_in_french(monkeypatch):
    took, error = _failing_query(monkeypatch, "http://127.0.0.1:9", "sk-ant-api03-exemple")
    assert took < 15, took
    assert "Connexion impossible" in helpers.explain(error)


def test_an_interrupt_is_one_french_line():
    import asyncio
    for interrupt in (KeyboardInterrupt(), asyncio.CancelledError()):
        assert "Exécution interrompue" in helpers.explain(interrupt)


def test_the_narration_names_retries_and_api_failures():
    from claude_agent_sdk import AssistantMessage, SystemMessage
    from claude_agent_sdk.types import TextBlock
    retry = SystemMessage(subtype="api_retry", data={"attempt": 1, "max_retries": 1, "error_status": 401,
                                                     "error": "authentication_failed"})
    assert "nouvelle tentative 1/1" in helpers.describe(retry)
    failed = AssistantMessage(content=[TextBlock(text="Invalid API key · Fix external API key")], model="<synthetic>",
                              error="authentication_failed")
    assert "l'API a échoué" in helpers.describe(failed)


def test_importing_helpers_spares_jsonschema_its_slowest_import():
    """The kernel's first cell stays fast: after `import helpers`, jsonschema loads without rfc3987_syntax
    (about 1.8 s of grammar compiling, for "iri" formats the course never checks) and still validates."""
    import subprocess
    import sys
    code = ("import sys, helpers, jsonschema\n"
            "jsonschema.validate({'a': 1}, {'type': 'object', 'properties': {'a': {'type': 'integer'}}})\n"
            "print(sys.modules.get('rfc3987_syntax'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "None"


def test_every_process_of_the_course_environment_starts_without_rfc3987_syntax():
    """`./cours` writes a .pth into .venv: nbgrader, JupyterLab and the tests' subprocesses import jsonschema
    before `helpers`, and each paid 2.7 s for a parser of "iri" formats (measured: `import nbgrader.apps` 5.2 s →
    2.3 s). The hint is part of the environment `./cours` builds; a venv made another way is told how to get it."""
    import subprocess
    import sys
    import sysconfig
    from pathlib import Path
    pth = Path(sysconfig.get_paths()["purelib"]) / "cours-demarrage.pth"
    assert pth.exists(), "environnement qui n'a pas été préparé par ./cours : lancez ./cours preparer"
    code = "import sys, jsonschema\nprint(sys.modules.get('rfc3987_syntax'))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd="/")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "None"


def test_the_meter_says_what_it_counts_with_french_plurals(monkeypatch):
    """Offline, « 0 requête(s) » after several requests looked broken; « 1 requêtes » was wrong French."""
    from helpers._meter import Budget
    monkeypatch.setenv("COURS_MODE", "hors-ligne")
    assert str(Budget(cap_usd=0.5)).startswith("0 requête du mode réel, 0,0000 $ dépensés sur un plafond de 0,50 $")
    assert "requêtes au simulateur sont gratuites" in str(Budget(cap_usd=0.5))
    monkeypatch.setenv("COURS_MODE", "réel")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    assert str(Budget(cap_usd=0.5, requests=1)) == "1 requête du mode réel, 0,0000 $ dépensés sur un plafond de 0,50 $"
    assert str(Budget(cap_usd=0.5, requests=3)).startswith("3 requêtes du mode réel")


def test_real_mode_with_a_refused_key_says_so_before_the_agent_sdk_starts(monkeypatch):
    """A bad key made Agent SDK cells wait ~20 s (the CLI's retries) then print « fin : success »: now
    agent_options() asks the API once (GET /v1/models, no token) and a 401 is said at once, in French."""
    import time
    from helpers import clients
    from helpers._mode import KeyProblem
    from helpers.simulator import REJECTED_KEY, Simulator
    sim = Simulator().start()
    try:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", sim.base_url)
        monkeypatch.setenv("COURS_MODE", "réel")
        monkeypatch.setenv("ANTHROPIC_API_KEY", REJECTED_KEY)
        monkeypatch.setattr(clients, "_key_checked", set())
        monkeypatch.setattr(clients, "_key_refused", {})
        started = time.monotonic()
        with pytest.raises(KeyProblem, match="Clé refusée par l'API"):
            clients.agent_options()
        with pytest.raises(KeyProblem, match="Clé refusée par l'API"):
            clients.agent_options()                                     # said again, without asking again
        assert time.monotonic() - started < 5
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-une-cle-acceptee")
        assert clients.agent_options().env["ANTHROPIC_API_KEY"] == "sk-ant-une-cle-acceptee"
        assert "sk-ant-une-cle-acceptee" in clients._key_checked          # asked once per key and kernel
    finally:
        sim.stop()


def test_a_run_that_ended_on_an_api_error_is_not_narrated_as_a_success():
    from claude_agent_sdk import ResultMessage
    from helpers.narrate import describe
    failed = ResultMessage(subtype="success", duration_ms=1, duration_api_ms=1, is_error=True, num_turns=1,
                           session_id="abcdef0123456789", api_error_status=401)
    assert "fin EN ERREUR : clé refusée (401)" in describe(failed) and "fin : success" not in describe(failed)
    ok = ResultMessage(subtype="success", duration_ms=1, duration_api_ms=1, is_error=False, num_turns=2,
                       session_id="abcdef0123456789")
    assert "fin : success" in describe(ok)
