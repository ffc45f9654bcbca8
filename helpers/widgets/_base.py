"""What every course widget shares: a readable static rendering where no widget front-end runs."""
from __future__ import annotations

import ipywidgets as widgets

from .typography import french_html


class WithFallback(widgets.VBox):
    """A VBox whose display bundle also carries static HTML and text.

    JupyterLab renders the live widget; nbconvert, nbgrader feedback or a plain terminal show the
    static version instead of « VBox(children=…) ».
    """

    def static_html(self) -> str:  # pragma: no cover - overridden
        return ""

    def static_text(self) -> str:  # pragma: no cover - overridden
        return ""

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = self.static_text()
        data["text/html"] = self.static_html()
        return bundle


BUTTON_LAYOUT = widgets.Layout(width="auto", min_width="120px", align_self="flex-start")


def readable(html: str) -> str:
    """Normal line spacing inside an HTML widget (ipywidgets sets a 28 px line height), and French typography
    (no-break spaces before « ; : ! ? », inside guillemets, in numbers) in its text, never in its code."""
    return f'<div style="line-height:1.45;font-size:14px">{french_html(html)}</div>'


def badge(passed: bool) -> str:
    """✅/❌ plus a word: readable even where no emoji font is installed."""
    if passed:
        return '<span style="color:#1e6b2f;font-weight:bold;white-space:nowrap">✅ réussi</span>'
    return '<span style="color:#b3261e;font-weight:bold;white-space:nowrap">❌ à revoir</span>'


class Stepper(WithFallback):
    """Précédent / Suivant / Lecture through a list of steps; subclasses say how a step is drawn."""

    empty = "<em>Rien à montrer pour cette exécution.</em>"
    interval_ms = 1400

    def __init__(self, steps: list) -> None:
        self.steps = steps
        self.play = widgets.Play(value=0, min=0, max=max(1, len(steps)) - 1, step=1, interval=self.interval_ms,
                                 description="Lecture", show_repeat=False)
        self.previous = widgets.Button(description="Précédent", icon="arrow-left", layout=BUTTON_LAYOUT)
        self.next = widgets.Button(description="Suivant", icon="arrow-right", layout=BUTTON_LAYOUT)
        self.drawing = widgets.HTML()
        self.previous.on_click(lambda _: self.go(self.play.value - 1))
        self.next.on_click(lambda _: self.go(self.play.value + 1))
        self.play.observe(lambda change: self.draw(), names="value")
        super().__init__([self.drawing, widgets.HBox([self.previous, self.next, widgets.Label("Lecture :"),
                                                      self.play])])
        self.draw()

    def render(self, step, position: int, total: int) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    @property
    def step(self) -> int:
        return self.play.value

    def go(self, index: int) -> None:
        self.play.value = max(0, min(len(self.steps) - 1, index))

    def draw(self) -> None:
        if not self.steps:
            self.drawing.value = f'<div class="cours-etape-vide">{self.empty}</div>'
            self.previous.disabled = self.next.disabled = self.play.disabled = True
            return
        self.drawing.value = self.render(self.steps[self.step], self.step + 1, len(self.steps))
        self.previous.disabled = self.step == 0
        self.next.disabled = self.step >= len(self.steps) - 1
