"""What every course widget shares: a readable static rendering where no widget front-end runs."""
from __future__ import annotations

import html
import re
import threading
import time

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

# Read by screen readers, not shown (the usual « visually hidden » pattern).
VISUALLY_HIDDEN = ("position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
                   "clip:rect(0,0,0,0);white-space:nowrap;border:0")
# A focus ring that shows on every course control reached with the keyboard (WCAG 2.4.7), ≥ 3:1 on white.
FOCUS_STYLE = ("<style>.cours-widget button:focus-visible,.cours-widget a:focus-visible,"
               ".cours-widget input:focus-visible,.cours-widget [tabindex='-1']:focus-visible"
               "{outline:3px solid #1a4f99!important;outline-offset:2px}</style>")


def readable(html: str) -> str:
    """Normal line spacing inside an HTML widget (ipywidgets sets a 28 px line height), French as the language of
    the text (screen readers read it in French), and French typography (no-break spaces before « ; : ! ? », inside
    guillemets, in numbers) in its text, never in its code."""
    return f'<div lang="fr" style="line-height:1.45;font-size:14px">{french_html(html)}</div>'


def badge(passed: bool) -> str:
    """✅/❌ plus a word: readable even where no emoji font is installed, and never a colour alone."""
    if passed:
        return '<span style="color:#1e6b2f;font-weight:bold;white-space:nowrap"><span aria-hidden="true">✅</span> réussi</span>'
    return '<span style="color:#b3261e;font-weight:bold;white-space:nowrap"><span aria-hidden="true">❌</span> à revoir</span>'


def strip_tags(markup: str) -> str:
    """The text of some HTML, SVG left out (a drawing's words are said by its text alternative)."""
    markup = re.sub(r"<svg\b.*?</svg>", " ", markup, flags=re.S)
    markup = re.sub(r"</(li|p|div|tr)>|<br\s*/?>", " ; ", markup)
    text = html.unescape(re.sub(r"<[^>]+>", " ", markup))
    text = re.sub(r"\s*(;\s*)+", " ; ", " ".join(text.split()))
    return text.strip(" ;")


class Stepper(WithFallback):
    """Précédent / Suivant / Lecture through a list of steps; subclasses say how a step is drawn and said.

    Every control is a real button (reached with Tab, pressed with Entrée or Espace, named by its words alone: an
    icon font's glyph would enter the accessible name as a private-use character); the
    drawing is preceded by its text alternative, a status region that screen readers announce at each step.
    """

    empty = "<em>Rien à montrer pour cette exécution.</em>"
    interval_ms = 1400
    label = "Schéma pas à pas"          # what a screen reader calls the diagram

    def __init__(self, steps: list) -> None:
        self.steps = steps
        self.position = 0
        self.previous = widgets.Button(description="Précédent", layout=BUTTON_LAYOUT,
                                       tooltip="Étape précédente")
        self.next = widgets.Button(description="Suivant", layout=BUTTON_LAYOUT,
                                   tooltip="Étape suivante")
        self.playing = widgets.ToggleButton(value=False, description="Lecture", layout=BUTTON_LAYOUT,
                                            tooltip=f"Avancer seul, une étape toutes les {self.interval_ms / 1000:g} s".replace(".", ","))
        self.drawing = widgets.HTML()
        self.previous.on_click(lambda _: self.go(self.position - 1))
        self.next.on_click(lambda _: self.go(self.position + 1))
        self.playing.observe(self._toggled, names="value")
        super().__init__([self.drawing, widgets.HBox([self.previous, self.next, self.playing])])
        self.add_class("cours-widget")
        self.draw()

    def render(self, step, position: int, total: int) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def describe(self, step) -> str:
        """The diagram's state at this step, in one French sentence (its text alternative); by default, the words
        drawn with it."""
        return strip_tags(self.render(step, self.position + 1, len(self.steps)))

    @property
    def step(self) -> int:
        return self.position

    def go(self, index: int) -> None:
        self.position = max(0, min(len(self.steps) - 1, index))
        self.draw()

    # -- « Lecture »: the kernel moves one step per interval until the end or « Pause » -------------------------
    def _toggled(self, change) -> None:
        self.playing.description = "Pause" if change["new"] else "Lecture"
        if change["new"]:
            if self.position >= len(self.steps) - 1:
                self.go(0)
            threading.Thread(target=self._play, daemon=True).start()

    def _play(self) -> None:
        while self.playing.value:
            time.sleep(self.interval_ms / 1000)
            if not self.playing.value:
                return
            if self.position >= len(self.steps) - 1:
                self.playing.value = False
                return
            self.go(self.position + 1)

    def alternative(self) -> str:
        """The status region: position and state, announced by screen readers when the step changes."""
        step = self.steps[self.position]
        return f"{self.label}, étape {self.position + 1} sur {len(self.steps)} : {self.describe(step)}"

    def draw(self) -> None:
        if not self.steps:
            self.drawing.value = (f'<div class="cours-etape-vide" lang="fr" role="group" aria-label="{self.label}">'
                                  f'{self.empty}</div>')
            self.previous.disabled = self.next.disabled = self.playing.disabled = True
            return
        drawn = self.render(self.steps[self.position], self.position + 1, len(self.steps))
        # The SVG is said by the status region just before it: hidden from assistive technology, not duplicated.
        drawn = re.sub(r"<svg\b", '<svg aria-hidden="true" focusable="false"', drawn, count=1)
        self.drawing.value = (f'{FOCUS_STYLE}<div class="cours-schema" lang="fr" role="group" '
                              f'aria-label="{html.escape(self.label)}"><p class="cours-alternative" role="status" '
                              f'aria-live="polite" aria-atomic="true" style="{VISUALLY_HIDDEN}">'
                              f'{html.escape(french_html(self.alternative()), quote=False)}</p>{drawn}</div>')
        self.previous.disabled = self.position == 0
        self.next.disabled = self.position >= len(self.steps) - 1
