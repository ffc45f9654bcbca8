"""« Vérifier » : run an exercise's checks on the learner's current code and show the report."""
from __future__ import annotations

import html
import re
from typing import Callable

import ipywidgets as widgets

from ._base import BUTTON_LAYOUT, FOCUS_STYLE, WithFallback, readable
from .typography import french_message


class Undefined:
    """Stands for a name the kernel does not hold yet (its cell was not run, or is still the stub)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name} non défini>"


# name → why the last cell that defines it did not run (a SyntaxError: nothing of that cell ran, so the kernel still
# holds the previous definition, or none). Filled by an IPython post_run_cell hook, cleared when such a cell runs.
_NOT_RUN: dict[str, str] = {}
_WATCHING: set[int] = set()


def _defines(source: str, name: str) -> bool:
    pattern = rf"^[ \t]*(?:(?:async[ \t]+)?def[ \t]+{re.escape(name)}\b|{re.escape(name)}[ \t]*(?::[^=\n]*)?=(?!=))"
    return re.search(pattern, source, re.M) is not None


def _after_cell(result) -> None:
    source = getattr(getattr(result, "info", None), "raw_cell", "") or ""
    error = getattr(result, "error_before_exec", None)
    for name in [n for n in _WATCHED_NAMES if _defines(source, n)]:
        if isinstance(error, SyntaxError):
            line = f", ligne {error.lineno}" if error.lineno else ""
            _NOT_RUN[name] = f"{type(error).__name__}{line} : {error.msg}"
        else:
            _NOT_RUN.pop(name, None)


_WATCHED_NAMES: set[str] = set()


def watch(names: tuple[str, ...]) -> None:
    """Note, from now on, whether the cells that define `names` ran (a SyntaxError stops a whole cell)."""
    _WATCHED_NAMES.update(names)
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover
        return
    shell = get_ipython()
    if shell is not None and id(shell) not in _WATCHING:
        shell.events.register("post_run_cell", _after_cell)
        _WATCHING.add(id(shell))


def not_run_warning(names: tuple[str, ...]) -> str:
    """A French warning when the last cell that defines one of `names` did not run; "" otherwise."""
    broken = [(n, _NOT_RUN[n]) for n in names if n in _NOT_RUN]
    if not broken:
        return ""
    parts = "; ".join(f"la cellule qui définit {n} n'a pas été exécutée ({why})" for n, why in broken)
    return (f"Attention : {parts}. Rien de cette cellule n'a tourné : la vérification porte sur la définition "
            f"précédente, si le noyau en a une. Corrigez l'erreur, exécutez la cellule, puis cliquez de nouveau.")


def _lookup(names: tuple[str, ...]) -> list:
    from IPython import get_ipython
    shell = get_ipython()
    namespace = shell.user_ns if shell is not None else {}
    return [namespace[n] if n in namespace else Undefined(n) for n in names]


class VerifyButton(WithFallback):
    """A button that reads `names` from the kernel at each click and shows what `checker` reports."""

    def __init__(self, exercise: str, names: tuple[str, ...], checker: Callable) -> None:
        self.exercise, self.names, self.checker = exercise, tuple(names), checker
        self.button = widgets.Button(description="Vérifier", button_style="success",
                                     layout=BUTTON_LAYOUT)
        self.output = widgets.HTML()
        self.button.on_click(lambda _: self.run())
        watch(self.names)
        label = " et ".join(f"<code>{html.escape(n)}</code>" for n in self.names)
        defined = "tel qu'il est défini" if len(self.names) == 1 else "tels qu'ils sont définis"
        super().__init__([widgets.HTML(FOCUS_STYLE + readable(f"<em>Exercice {html.escape(exercise)} : vérifie {label} "
                                                f"{defined} maintenant dans le noyau.</em>")),
                          self.button, self.output])
        self.add_class("cours-widget")

    def run(self):
        self.button.disabled = True
        self.output.value = '<em role="status" lang="fr">Vérification en cours…</em>'
        try:
            report = self.checker(self.exercise, *_lookup(self.names))
        finally:
            self.button.disabled = False
        warning = not_run_warning(self.names)
        # A status region: a screen reader says the report when it arrives (the focus stays on the button).
        self.output.value = '<div role="status" lang="fr">' + (
            f'<div class="cours-avertissement" style="border-left:6px solid #b36b00;background:#fff4e5;'
            f'padding:6px 10px;margin-bottom:6px;font-family:sans-serif">{html.escape(french_message(warning))}</div>'
            if warning else "") + report._repr_html_() + "</div>"
        return report

    def static_text(self) -> str:
        return f"[Vérification {self.exercise}] appelez helpers.verify({self.exercise!r}, …) pour le rapport."

    def static_html(self) -> str:
        return f"<p><em>Bouton « Vérifier » de l'exercice {html.escape(self.exercise)} (widget).</em></p>"
