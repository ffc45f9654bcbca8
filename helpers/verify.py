"""« Vérifier » : run an exercise's checks on the learner's current code and show the report."""
from __future__ import annotations

import html

import ipywidgets as widgets

from ._widgets import BUTTON_LAYOUT, WithFallback, readable
from .grading import Report


def verify(exercise: str, *objects) -> Report:
    """Vérifie l'exercice avec les objets donnés (votre fonction…) et renvoie le rapport détaillé."""
    from .verdicts import check
    return check(exercise, *objects)


def _lookup(names: str | tuple[str, ...]):
    from IPython import get_ipython
    shell = get_ipython()
    namespace = shell.user_ns if shell is not None else {}
    wanted = (names,) if isinstance(names, str) else names
    missing = [n for n in wanted if n not in namespace]
    if missing:
        raise NameError(", ".join(missing))
    return [namespace[n] for n in wanted]


class VerifyButton(WithFallback):
    def __init__(self, exercise: str) -> None:
        self.exercise = exercise
        from .verdicts import EXERCISES
        if exercise not in EXERCISES:
            raise KeyError(f"exercice inconnu : {exercise!r}")
        self.names = EXERCISES[exercise].names
        self.button = widgets.Button(description="Vérifier", icon="check", button_style="success",
                                     layout=BUTTON_LAYOUT)
        self.output = widgets.HTML()
        self.button.on_click(lambda _: self.run())
        names = (self.names,) if isinstance(self.names, str) else tuple(self.names)
        label = " et ".join(f"<code>{html.escape(n)}</code>" for n in names)
        defined = "tel qu'il est défini" if len(names) == 1 else "tels qu'ils sont définis"
        super().__init__([widgets.HTML(readable(f"<em>Exercice {html.escape(exercise)} : vérifie {label} "
                                                f"{defined} maintenant dans le noyau.</em>")),
                          self.button, self.output])

    def run(self) -> Report | None:
        self.button.disabled = True
        self.output.value = "<em>Vérification en cours…</em>"
        try:
            objects = _lookup(self.names)
        except NameError as missing:
            self.output.value = (f"<div class='cours-verification'>❌ À définir d'abord : <code>{html.escape(str(missing))}"
                                 f"</code> (exécutez la cellule de votre solution).</div>")
            return None
        finally:
            self.button.disabled = False
        report = verify(self.exercise, *objects)
        self.output.value = report._repr_html_()
        return report

    def static_text(self) -> str:
        return f"[Vérification {self.exercise}] appelez helpers.verify({self.exercise!r}, …) pour le rapport."

    def static_html(self) -> str:
        return f"<p><em>Bouton « Vérifier » de l'exercice {html.escape(self.exercise)} (widget).</em></p>"


def verify_button(exercise: str) -> VerifyButton:
    """Le bouton « Vérifier » d'un exercice : il lit votre code actuel dans le noyau à chaque clic."""
    return VerifyButton(exercise)
