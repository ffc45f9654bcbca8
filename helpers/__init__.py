"""Cours « Architecture d'agents avec Claude » : simulateur hors ligne, clients, widgets et vérifications.

What a notebook calls, and nothing else. Where the rest lives:
  simulator/  the offline Messages API and the simulated model (imports nothing from the rest)
  clients.py  mode, clients, meter, French errors (with _mode.py, _meter.py, explain.py, narrate.py)
  widgets/    diagrams, questions, « Vérifier »
  progress/   the learner's private progress record and where they stand (standard library only)
  lessons/    one package per task statement (play.py sandboxed, judge.py trusted, questions) and the registry
  grading/    trusted/ (verdicts, nbgrader preprocessors, cohort), sandboxed/ (zygote, player), the sandbox
  instructor/ what instructors read once a cohort is graded: the dashboard (not in the learner edition)
  kernel/     the environment's kernels, forked from a process that has already imported the heavy packages
"""
import sys as _sys
import types as _types

# jsonschema (used by the simulated model and by the Agent SDK) imports rfc3987_syntax when it is installed,
# only to check the "iri" formats, and that import compiles grammars for about 1.8 s: a fifth of a notebook's
# budget. The course never validates an "iri"; in this process jsonschema simply goes without that check.
_sys.modules.setdefault("rfc3987_syntax", None)

# Each public name, and the module that defines it. Nothing is imported until a cell uses the name: `import helpers`
# (and `import helpers.simulator`, which runs this file first) loads neither widgets, nor lessons, nor anthropic.
_HOMES = {
    "._mode": ("KeyProblem", "offline", "use_key"),
    ".clients": ("agent_options", "banner", "budget", "cli_report", "client", "mode", "model", "simulator", "trace",
                 "workspace"),
    ".explain": ("explain",),
    ".lessons": ("ask", "ready", "verify", "verify_button"),
    ".lessons.catalogue": ("my_progress", "progress_summary"),
    ".narrate": ("describe",),
    ".simulator": ("REJECTED_KEY", "Script", "Simulator", "Step", "known_models"),
    ".widgets": ("gate_view", "hook_view", "hub_view", "loop_view", "record_hooks", "review_view", "session_tree"),
    "._meter": ("BudgetExceeded",),       # subclasses anthropic's error: anthropic is imported with it
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "ask", "gate_view", "hook_view", "hub_view", "loop_view", "my_progress", "progress_summary", "ready",
    "record_hooks", "review_view", "session_tree",
    "verify", "verify_button",
    "BudgetExceeded", "KeyProblem", "REJECTED_KEY", "Script", "Simulator", "Step",
    "agent_options", "banner", "budget", "cli_report", "client", "describe", "explain", "known_models", "mode", "model",
    "offline", "simulator", "trace", "use_key", "workspace",
]


def __getattr__(name: str):
    import importlib
    if name in _HOME:
        value = getattr(importlib.import_module(_HOME[name], __name__), name)
        globals()[name] = value
        return value
    try:                                  # a subpackage not imported yet: helpers.grading, helpers.instructor…
        return importlib.import_module(f".{name}", __name__)
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise
    raise AttributeError(f"module 'helpers' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(_types.ModuleType):
    """`helpers.simulator` and `helpers.explain` are the functions a notebook calls, as before: importing the
    subpackage or the module of the same name (sys.modules["helpers.simulator"]) does not put it in their place."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _HOME and isinstance(value, _types.ModuleType):
            return
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Package


def _in_a_kernel() -> None:
    """In a notebook's kernel (IPython is then already loaded): French errors, and the stub cells' notice."""
    ipython = _sys.modules.get("IPython")
    if ipython is None or ipython.get_ipython() is None:
        return
    from .explain import install_ipython_handler
    from .lessons._stubs import install
    install_ipython_handler()
    install()


_in_a_kernel()
