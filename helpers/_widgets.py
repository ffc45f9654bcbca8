"""What every course widget shares: a readable static rendering where no widget front-end runs."""
from __future__ import annotations

import ipywidgets as widgets


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
    """Normal line spacing inside an HTML widget (ipywidgets sets a 28 px line height)."""
    return f'<div style="line-height:1.45;font-size:14px">{html}</div>'


def badge(passed: bool) -> str:
    """✅/❌ plus a word: readable even where no emoji font is installed."""
    if passed:
        return '<span style="color:#1e6b2f;font-weight:bold;white-space:nowrap">✅ réussi</span>'
    return '<span style="color:#b3261e;font-weight:bold;white-space:nowrap">❌ à revoir</span>'
