"""« Vérifier » : run an exercise's checks on the learner's current code and show the report."""
from __future__ import annotations

import html
from typing import Callable

import ipywidgets as widgets

from ._base import BUTTON_LAYOUT, WithFallback, readable


class Undefined:
    """Stands for a name the kernel does not hold yet (its cell was not run, or is still the stub)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name} non défini>"


def _lookup(names: tuple[str, ...]) -> list:
    from IPython import get_ipython
    shell = get_ipython()
    namespace = shell.user_ns if shell is not None else {}
    return [namespace[n] if n in namespace else Undefined(n) for n in names]


class VerifyButton(WithFallback):
    """A button that reads `names` from the kernel at each click and shows what `checker` reports."""

    def __init__(self, exercise: str, names: tuple[str, ...], checker: Callable) -> None:
        self.exercise, self.names, self.checker = exercise, tuple(names), checker
        self.button = widgets.Button(description="Vérifier", icon="check", button_style="success",
                                     layout=BUTTON_LAYOUT)
        self.output = widgets.HTML()
        self.button.on_click(lambda _: self.run())
        label = " et ".join(f"<code>{html.escape(n)}</code>" for n in self.names)
        defined = "tel qu'il est défini" if len(self.names) == 1 else "tels qu'ils sont définis"
        super().__init__([widgets.HTML(readable(f"<em>Exercice {html.escape(exercise)} : vérifie {label} "
                                                f"{defined} maintenant dans le noyau.</em>")),
                          self.button, self.output])

    def run(self):
        self.button.disabled = True
        self.output.value = "<em>Vérification en cours…</em>"
        try:
            report = self.checker(self.exercise, *_lookup(self.names))
        finally:
            self.button.disabled = False
        self.output.value = report._repr_html_()
        return report

    def static_text(self) -> str:
        return f"[Vérification {self.exercise}] appelez helpers.verify({self.exercise!r}, …) pour le rapport."

    def static_html(self) -> str:
        return f"<p><em>Bouton « Vérifier » de l'exercice {html.escape(self.exercise)} (widget).</em></p>"
