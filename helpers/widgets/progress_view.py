"""« Mon parcours »: where the learner stands, drawn from a `Standing` (helpers/progress/standing.py).

The view reads its state through `load()` (a standing and the record) and only draws it: a table per task
statement (the text alternative of the plot), a plot, what to review next with links into the lessons, the
readiness for the exam's domain 1, and two buttons for Binder: export the record as a file, import it back.
"""
from __future__ import annotations

import base64
import html
import io
from typing import Callable

import ipywidgets as widgets

from ..progress.record import RecordError
from ..progress.standing import DONE, NOT_STARTED, STARTED, WEAK, Standing, Task
from ._base import BUTTON_LAYOUT, FOCUS_STYLE, WithFallback, readable

# A word and a shape for each status: never colour alone (WCAG 1.4.1); colours keep ≥ 4.5:1 on white.
STATUS = {DONE: ("✔", "#1e6b2f"), WEAK: ("⚠", "#a3340f"), STARTED: ("◐", "#1a4f99"), NOT_STARTED: ("○", "#4d5156")}
# Okabe–Ito colours (told apart with any colour vision) plus a hatch per series, and a label on every bar.
SERIES = (("exercices", "#0072B2", ""), ("entraînement", "#E69F00", "//"), ("examen blanc", "#009E73", ".."))
LINK = "color:#1a5fb4;text-decoration:underline"


def _pct(share: float | None) -> str:
    return "—" if share is None else f"{round(100 * share)} %"


def status_html(status: str) -> str:
    mark, colour = STATUS[status]
    return f'<span style="color:{colour};font-weight:bold;white-space:nowrap"><span aria-hidden="true">{mark}</span> {status}</span>'


def _cells(task: Task) -> tuple[str, str, str]:
    ex = task.exercises
    exercises = (f"{sum(e.passed for e in ex)} / {len(ex)} réussi{'s' if len(ex) > 1 else ''}" if ex else "—")
    practice = (f"{task.first_right} / {task.answered} justes du premier coup"
                + (f" ({len(task.lesson.practice) - task.answered} sans réponse)"
                   if task.answered < len(task.lesson.practice) else "") if task.answered
                else f"0 / {len(task.lesson.practice)} faites")
    exam = f"{task.exam[0]} / {task.exam[1]}" if task.exam else "—"
    return exercises, practice, exam


def table_html(found: Standing) -> str:
    head = "".join(f'<th scope="col" style="text-align:left;padding:3px 8px">{h}</th>' for h in
                   ("Énoncé", "Exercices (« Vérifier »)", "Questions d'entraînement", "Examen blanc", "État"))
    rows = []
    for t in found.tasks:
        title = html.escape(f"{t.lesson.ts} — {t.lesson.title}")
        name = f"<a href='{html.escape(t.lesson.href)}' style='{LINK}'>{title}</a>" if t.lesson.href else title
        cells = "".join(f'<td style="padding:3px 8px">{html.escape(c)}</td>' for c in _cells(t))
        weak = f'<br><span style="color:#4d5156;font-size:90%">{html.escape(" ; ".join(t.weak))}</span>' if t.weak else ""
        rows.append(f'<tr><th scope="row" style="text-align:left;padding:3px 8px;font-weight:normal">{name}</th>'
                    f'{cells}<td style="padding:3px 8px">{status_html(t.status)}{weak}</td></tr>')
    return (f'<table class="cours-parcours-tableau" style="border-collapse:collapse;margin:4px 0">'
            f'<caption style="text-align:left;font-weight:bold;padding:4px 0">Où vous en êtes, énoncé par énoncé'
            f'</caption><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def reviews_html(found: Standing) -> str:
    if not found.reviews:
        return "<p>Rien à revoir pour l'instant : tout ce que vous avez fait est réussi.</p>"
    items = "".join(f"<li>{html.escape(r.ts)} · " + (f"<a href='{html.escape(r.href)}' style='{LINK}'>"
                                                     f"{html.escape(r.text)}</a>" if r.href else html.escape(r.text))
                    + "</li>" for r in found.reviews)
    return f"<ol class='cours-parcours-a-revoir'>{items}</ol>"


def plot_alt(found: Standing) -> str:
    """The plot said in words (its alt text): each task statement's three shares, then the mock-exam attempts."""
    parts = []
    for t in found.tasks:
        shares = t.shares
        parts.append(f"{t.lesson.ts} : " + ", ".join(f"{name} {_pct(shares[name])}" for name, _c, _h in SERIES))
    attempts = found.readiness.attempts
    exams = ("; examens blancs : " + ", ".join(f"tentative {a.number} {round(100 * a.share)} %" for a in attempts)
             if attempts else "; pas encore d'examen blanc")
    return "Graphique de votre parcours. " + " ; ".join(parts) + exams + "."


def plot_png(found: Standing) -> bytes:
    """Grouped bars per task statement (labelled, hatched) and the mock-exam attempts against the pass mark."""
    from matplotlib.figure import Figure
    figure = Figure(figsize=(9.5, 4.2), dpi=96)
    bars, exams = figure.subplots(1, 2, width_ratios=(3, 2))
    figure.subplots_adjust(left=0.05, right=0.99, bottom=0.12, top=0.92, wspace=0.18)   # fixed: a layout engine costs 0.3 s
    names = [t.lesson.ts for t in found.tasks]
    height = 0.26
    for k, (series, colour, hatch) in enumerate(SERIES):
        values = [t.shares[series] for t in found.tasks]
        ys = [i + (k - 1) * height for i in range(len(names))]
        drawn = bars.barh(ys, [100 * (v or 0) for v in values], height=height, color=colour, hatch=hatch,
                          edgecolor="#202124", linewidth=0.5, label=series)
        bars.bar_label(drawn, labels=["" if v is None else _pct(v) for v in values], padding=2, fontsize=7)
    bars.axvline(70, color="#202124", linestyle="--", linewidth=1, label="seuil « à revoir » (70 %)")
    bars.set_yticks(range(len(names)), names)
    bars.invert_yaxis()
    bars.set_xlim(0, 112)
    bars.set_xlabel("réussite (%)")
    bars.set_title("Par énoncé de tâche", fontsize=10)
    bars.legend(loc="lower right", fontsize=7, framealpha=0.9)
    attempts = found.readiness.attempts
    if attempts:
        xs = [a.number for a in attempts]
        exams.plot(xs, [100 * a.share for a in attempts], marker="o", color="#0072B2", label="votre score")
        for a in attempts:
            exams.annotate(f"{round(100 * a.share)} %", (a.number, 100 * a.share), textcoords="offset points",
                           xytext=(0, 6), ha="center", fontsize=8)
        exams.set_xticks(xs)
        exams.set_xlim(0.5, max(xs) + 0.5)
    else:
        exams.text(0.5, 0.5, "pas encore d'examen blanc", ha="center", va="center", transform=exams.transAxes)
        exams.set_xticks([])
    exams.axhline(72, color="#202124", linestyle="--", linewidth=1, label="seuil réel (720 / 1 000)")
    exams.axhline(80, color="#202124", linestyle=":", linewidth=1, label="marge visée (80 %)")
    exams.set_ylim(0, 105)
    exams.set_xlabel("tentative")
    exams.set_ylabel("score (%)")
    exams.set_title("Examens blancs", fontsize=10)
    exams.legend(loc="lower right", fontsize=7, framealpha=0.9)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


def page_html(found: Standing, *, with_plot: bool = True) -> str:
    last = found.last.replace("T", " à ")[:19] if found.last else None
    intro = (f"<p>{found.events} activité{'s' if found.events > 1 else ''} enregistrée{'s' if found.events > 1 else ''}"
             + (f", la dernière le {html.escape(last)} (UTC)" if last else "") + ".</p>") if found.events else (
        "<p>Aucune activité enregistrée pour l'instant : cliquez sur « Vérifier » dans un exercice, répondez aux "
        "questions d'entraînement ou passez l'examen blanc, puis revenez ici (bouton « Actualiser »).</p>")
    plot = ""
    if with_plot:
        data = base64.b64encode(plot_png(found)).decode()
        plot = (f'<figure style="margin:8px 0"><img src="data:image/png;base64,{data}" alt="{html.escape(plot_alt(found))}"'
                f' style="max-width:100%"><figcaption style="color:#4d5156;font-size:90%">Barres : part de réussite par '
                f'énoncé (le tableau ci-dessus dit les mêmes chiffres) ; courbe : vos examens blancs.</figcaption></figure>')
    return (f'<div class="cours-parcours" lang="fr"><h2 style="margin-top:0">Mon parcours</h2>{intro}'
            f"{table_html(found)}{plot}<h3>À revoir ensuite</h3>{reviews_html(found)}"
            f"<h3>Préparation à l'examen (domaine 1)</h3><p class='cours-parcours-preparation'>"
            f"{html.escape(found.readiness.sentence)}</p></div>")


class ProgressView(WithFallback):
    """« Mon parcours »: the standing drawn as an output (links open in the lab), « Actualiser », export, import."""

    def __init__(self, load: Callable) -> None:
        self.load = load
        self.page = widgets.Output()
        self.refresh = widgets.Button(description="Actualiser", layout=BUTTON_LAYOUT,
                                      tooltip="Relire votre parcours (après un « Vérifier » dans une autre leçon)")
        self.export = widgets.HTML()
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False, icon="",
                                         description="Importer un parcours", layout=widgets.Layout(width="auto"))
        self.message = widgets.HTML()
        self.refresh.on_click(lambda _: self.draw())
        self.upload.observe(self._uploaded, names="value")
        super().__init__([self.page, widgets.HBox([self.refresh, self.export, self.upload]), self.message])
        self.add_class("cours-widget")
        self.draw()

    def draw(self) -> None:
        self.standing, self.record = self.load()
        self.html = readable(page_html(self.standing))
        self.page.outputs = ({"output_type": "display_data", "metadata": {},
                              "data": {"text/html": self.html, "text/plain": self.static_text()}},)
        data = base64.b64encode(self.record.export_bytes()).decode()
        # One click downloads the record: a link with `download`, drawn like a button (a widget button cannot download);
        # a link, not role=button: Entrée follows it, as a keyboard user expects of a link.
        self.export.value = FOCUS_STYLE + (f'<a class="cours-parcours-export" download="{self.record.export_name()}" '
                             f'href="data:application/json;base64,{data}" style="display:inline-block;'
                             'padding:4px 12px;margin:2px 4px;border:1px solid #1a4f99;border-radius:3px;color:#1a4f99;'
                             'background:#fff;text-decoration:none;font-family:sans-serif;font-size:13px">'
                             '⬇ Exporter mon parcours</a>')

    def import_file(self, content: bytes) -> str:
        """Adds an exported record's events to this one; says what happened, in French."""
        try:
            said = str(self.record.import_bytes(content))
            ok = True
        except RecordError as error:
            said, ok = f"Import refusé : {error}. Votre parcours n'a pas changé.", False
        self.draw()
        colour = "#1e6b2f" if ok else "#a3340f"
        self.message.value = readable(f'<p role="status" style="color:{colour}"><strong>{"✔" if ok else "⚠"} '
                                      f'{html.escape(said)}</strong></p>')
        return said

    def _uploaded(self, change) -> None:
        files = change["new"]
        if files:
            self.import_file(bytes(files[0]["content"]))
            self.upload.value = ()       # the same file may be chosen again

    def static_text(self) -> str:
        t = self.standing
        lines = [f"{x.lesson.ts} — {x.lesson.title} : {x.status}" for x in t.tasks]
        return "Mon parcours\n" + "\n".join(lines) + "\n" + t.readiness.sentence

    def static_html(self) -> str:
        return readable(page_html(self.standing, with_plot=False))


class SummaryLine:
    """The one-line summary at the end of a lesson (plain HTML, no widget)."""

    def __init__(self, task: Task, companion: str) -> None:
        self.task, self.companion = task, companion

    def details(self) -> str:
        exercises, practice, exam = _cells(self.task)
        return f"exercices {exercises}, questions {practice}, examen blanc {exam}"

    def text(self) -> str:
        return f"Votre parcours en {self.task.lesson.ts} : {self.task.status} — {self.details()}."

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return readable(f'<p class="cours-parcours-ligne" lang="fr">Votre parcours en {self.task.lesson.ts} : '
                        f'{status_html(self.task.status)} — {html.escape(self.details())}. '
                        f'<a href="{html.escape(self.companion)}" style="{LINK}">Voir « Mon parcours »</a></p>')
