"""Cours « Architecture d'agents avec Claude » : simulateur hors ligne, clients, widgets et vérifications.

What a notebook calls, and nothing else. Where the rest lives:
  simulator/  the offline Messages API and the simulated model (imports nothing from the rest)
  clients.py  mode, clients, meter, French errors (with _mode.py, _meter.py, explain.py, narrate.py)
  widgets/    diagrams, questions, « Vérifier »
  progress/   the learner's private progress record and where they stand (standard library only)
  lessons/    one package per task statement (checks, questions, scenario data) and the exercise registry
  grading/    the trusted side: verdicts, nbgrader preprocessors, sandbox, cohort
  instructor/ what instructors read once a cohort is graded: the dashboard (not in the learner edition)
  kernel/     the environment's kernels, forked from a process that has already imported the heavy packages
"""
import sys as _sys

# jsonschema (used by the simulated model and by the Agent SDK) imports rfc3987_syntax when it is installed,
# only to check the "iri" formats, and that import compiles grammars for about 1.8 s: a fifth of a notebook's
# budget. The course never validates an "iri"; in this process jsonschema simply goes without that check.
_sys.modules.setdefault("rfc3987_syntax", None)
from ._mode import KeyProblem, offline, use_key
from .clients import agent_options, banner, budget, cli_report, client, mode, model, simulator, trace, workspace
from .explain import explain, install_ipython_handler
from .lessons import ask, ready, verify, verify_button
from .lessons.catalogue import my_progress, progress_summary
from .lessons._stubs import install as _install_stub_notice
from .narrate import describe
from .simulator import REJECTED_KEY, Script, Simulator, Step, known_models
from .widgets import gate_view, hook_view, hub_view, loop_view, record_hooks, review_view, session_tree

__all__ = [
    "ask", "gate_view", "hook_view", "hub_view", "loop_view", "my_progress", "progress_summary", "ready", "record_hooks", "review_view", "session_tree",
    "verify", "verify_button",
    "BudgetExceeded", "KeyProblem", "REJECTED_KEY", "Script", "Simulator", "Step",
    "agent_options", "banner", "budget", "cli_report", "client", "describe", "explain", "known_models", "mode", "model",
    "offline", "simulator", "trace", "use_key", "workspace",
]

install_ipython_handler()
_install_stub_notice()


def __getattr__(name: str):
    # `helpers.BudgetExceeded` subclasses anthropic's error: imported on first use, so that `import helpers`
    # alone (the instructor's dashboard) does not pay for `anthropic`.
    if name == "BudgetExceeded":
        from ._meter import BudgetExceeded
        return BudgetExceeded
    raise AttributeError(f"module 'helpers' has no attribute {name!r}")
