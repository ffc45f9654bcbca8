"""Cours « Architecture d'agents avec Claude » : simulateur hors ligne, clients, widgets et vérifications."""
from ._meter import BudgetExceeded
from ._mode import KeyProblem, offline, use_key
from ._playbooks import Script, Step
from ._server import REJECTED_KEY, Simulator, known_models
from .clients import agent_options, banner, budget, cli_report, client, mode, model, simulator, trace, workspace
from .explain import explain, install_ipython_handler
from .hook_view import hook_view, record_hooks
from .loop_view import loop_view
from .narrate import describe
from .quiz import ask
from .verify import verify, verify_button

__all__ = [
    "ask", "hook_view", "loop_view", "record_hooks", "verify", "verify_button",
    "BudgetExceeded", "KeyProblem", "REJECTED_KEY", "Script", "Simulator", "Step",
    "agent_options", "banner", "budget", "cli_report", "client", "describe", "explain", "known_models", "mode", "model",
    "offline", "simulator", "trace", "use_key", "workspace",
]

install_ipython_handler()
