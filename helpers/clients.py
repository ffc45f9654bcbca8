"""The clients every notebook uses: the real `anthropic` client and real Agent SDK options.

Offline they point at the process's simulator; in real mode they reach the API, metered and
capped. The code a learner writes is the same in both modes.
"""
from __future__ import annotations

import os
import re
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from . import _mode
from .simulator import RequestLog, Simulator

if TYPE_CHECKING:                     # the meter imports `anthropic` (1.5 s): loaded with the first client
    from ._meter import Budget

_lock = threading.Lock()
_simulator: Simulator | None = None
_budget: Budget | None = None
_real_trace = RequestLog()


def simulator() -> Simulator:
    """Le simulateur de ce processus (démarré à la première demande, arrêté à la sortie)."""
    global _simulator
    with _lock:
        if _simulator is None:
            _simulator = Simulator().start()
        return _simulator


def budget() -> Budget:
    """Le compteur de dépense du mode réel pour ce noyau (plafond : COURS_BUDGET_USD, 0,50 $ par défaut)."""
    global _budget
    with _lock:
        if _budget is None:
            from ._meter import Budget
            _budget = Budget.from_env()
        return _budget


def mode() -> str:
    """« hors-ligne » ou « réel »."""
    return _mode.mode()


def model() -> str:
    """L'identifiant du modèle utilisé par le cours (COURS_MODELE, sinon claude-sonnet-5-5)."""
    return _mode.model()


def banner() -> _mode.Banner:
    """Le bandeau qui dit dans quel mode s'exécute le notebook."""
    if mode() == _mode.OFFLINE:
        return _mode.Banner(_mode.OFFLINE, model(),
                            f"Simulateur local sur {simulator().base_url} : aucune clé, aucun coût, "
                            f"réponses déterministes.")
    return _mode.Banner(_mode.REAL, model(), f"API Anthropic · {budget()}")


def client(*, offline: bool = False, **overrides):
    """Un vrai `anthropic.Anthropic` : le simulateur hors ligne, l'API réelle (plafonnée) avec une clé.

    `offline=True` force le simulateur (c'est ce que font toujours les vérifications). La clé ne se
    passe pas ici : helpers.use_key() ou la variable ANTHROPIC_API_KEY.
    """
    import anthropic

    from ._meter import MeteredTransport
    if "api_key" in overrides:
        raise _mode.KeyProblem(
            "helpers.client() ne prend pas de clé en argument : une clé écrite dans une cellule reste dans le "
            "notebook enregistré. Exécutez helpers.use_key() (saisie masquée, rien n'est écrit sur disque) ou "
            "définissez ANTHROPIC_API_KEY avant de lancer JupyterLab, puis appelez helpers.client() sans clé.")
    if offline or mode() == _mode.OFFLINE:
        return anthropic.Anthropic(base_url=simulator().base_url, api_key=_mode.OFFLINE_KEY, **overrides)
    import httpx2
    transport = MeteredTransport(httpx2.HTTPTransport(), budget(), _real_trace)
    http_client = anthropic.DefaultHttpxClient(transport=transport)
    return anthropic.Anthropic(api_key=_mode.api_key(), http_client=http_client, **overrides)


def trace() -> RequestLog:
    """Le journal des échanges : celui du simulateur hors ligne, celui du client en mode réel."""
    return simulator().log if mode() == _mode.OFFLINE else _real_trace


def workspace() -> Path:
    """Le dossier de travail des agents du cours (et la configuration isolée de leur CLI)."""
    root = Path(os.environ.get("COURS_ATELIER") or Path.home() / ".cache" / "cours-agents-claude")
    (root / "atelier").mkdir(parents=True, exist_ok=True)
    (root / "claude").mkdir(parents=True, exist_ok=True)
    return root


class CliStderr:
    """Collects what the bundled CLI writes on stderr, so none of it spills into the cell."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, line: str) -> None:
        if len(self.lines) < 2000:
            self.lines.append(line)

    def summary(self) -> str | None:
        """A short French account of what went wrong, or None when nothing did."""
        text = "\n".join(self.lines)
        if not text.strip():
            return None
        hook = re.search(r"Error in hook callback (\w+)", text)
        if hook:
            return (f"Un hook a levé une exception ({hook.group(1)}). Par défaut, le CLI l'ignore et laisse passer "
                    f"l'appel d'outil (fail open) ; seul HookMatcher(on_failure=\"block\") le refuserait. Corrigez "
                    f"le hook ; pour refuser, renvoyez explicitement permissionDecision « deny ».")
        first = next((ln for ln in self.lines if ln.strip()), "")
        return f"Le CLI a signalé un problème : {first[:200]}"


_last_stderr: CliStderr | None = None

# Real mode: without network, or with a refused key, the CLI would retry for minutes (10 attempts,
# growing waits, 401s included). One retry and a 7 s wait for the API's first answer end a failed
# run in about 15 s at most; explain() then says why, in French, as for the Messages API.
FAIL_FAST = {"CLAUDE_CODE_MAX_RETRIES": "1", "API_TIMEOUT_MS": "7000"}


_key_checked: set[str] = set()
_key_refused: dict[str, str] = {}


def _refuse_a_rejected_key(key: str) -> None:
    """Real mode: a key the API refuses is said at once, in French, instead of after the CLI's ~20 s of retries.

    One GET /v1/models per key and kernel (no token, no cost). Only a 401 stops here: a network that does not
    answer, or anything else, is left to the CLI, whose report explain() translates as before."""
    if key in _key_refused:
        raise _mode.KeyProblem(_key_refused[key])
    if key in _key_checked:
        return
    _key_checked.add(key)          # asked once, whatever the answer: a network that does not answer costs 5 s once
    import anthropic
    try:
        anthropic.Anthropic(api_key=key, max_retries=0, timeout=5.0).models.list(limit=1)
    except anthropic.AuthenticationError as error:
        from .explain import explain
        _key_refused[key] = explain(error) or "Clé refusée par l'API (401)."
        raise _mode.KeyProblem(_key_refused[key]) from None
    except Exception:  # noqa: BLE001 - not a verdict on the key: the CLI will say what happens
        return


def cli_report() -> str | None:
    """Ce que le CLI a signalé lors de la dernière exécution (résumé en français), s'il a signalé quelque chose."""
    from .widgets.typography import french_message
    return french_message(_last_stderr.summary()) if _last_stderr else None


def agent_options(*, offline: bool = False, **kwargs):
    """De vraies `ClaudeAgentOptions` : le CLI parle au simulateur hors ligne, à l'API en mode réel.

    En mode réel, `max_budget_usd` vaut par défaut le plafond du cours. Les arguments donnés
    (hooks, mcp_servers, agents, resume…) passent tels quels.
    """
    global _last_stderr
    from claude_agent_sdk import ClaudeAgentOptions

    root = workspace()
    env = {
        "CLAUDE_CONFIG_DIR": str(root / "claude"),
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "ENABLE_TOOL_SEARCH": "false",      # otherwise MCP tools hide behind ToolSearch
        "DISABLE_AUTOUPDATER": "1",
    }
    real = not offline and mode() == _mode.REAL
    if real:
        env["ANTHROPIC_API_KEY"] = _mode.api_key()
        _refuse_a_rejected_key(env["ANTHROPIC_API_KEY"])
        env.update(FAIL_FAST)
        kwargs.setdefault("max_budget_usd", budget().cap_usd)
    else:
        env["ANTHROPIC_BASE_URL"] = simulator().base_url
        env["ANTHROPIC_API_KEY"] = _mode.OFFLINE_KEY
    env.update(kwargs.pop("env", {}) or {})
    kwargs.setdefault("model", model())
    kwargs.setdefault("cwd", str(root / "atelier"))
    if "stderr" not in kwargs:
        _last_stderr = CliStderr()
        kwargs["stderr"] = _last_stderr
    return ClaudeAgentOptions(env=env, **kwargs)
