"""The mock exam (« Examen blanc »): 30 questions drawn from a bank, a countdown, then a score per task
statement, every option explained, and a link to the lesson section to revisit for each miss.

`ExamState` is the exam as plain data (draw, answer, submit, a second attempt draws other questions); the draw
and the order of each question's options are the same for a learner and an attempt, on every reload
(helpers/widgets/shuffle.py). Answers are kept in the bank's original letters; `ExamView` only draws them in the
order shown. The bank itself lives with its lesson (helpers/lessons/ts2_1/).
"""
from __future__ import annotations

import html
import json
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

import ipywidgets as widgets

from .. import progress
from . import shuffle
from ._base import FOCUS_STYLE, WithFallback, readable
from .quiz import LETTERS, Question, shown_as


@dataclass(frozen=True)
class ExamQuestion(Question):
    """A bank question, tagged with its task statement and the lesson section to revisit."""
    ts: str = ""                 # "1.3"
    section: str = ""            # the lesson's heading, e.g. "2. L'outil qui lance un sous-agent"
    scenario: str = ""           # one of the exam's scenarios (support client, CI…)
    link: str = ""               # relative link to that heading in the student notebook


@dataclass
class Outcome:
    """What one submission gives: right answers per task statement, and every question's verdict."""
    per_ts: "OrderedDict[str, tuple[int, int]]"     # ts -> (right, asked)
    verdicts: list[tuple[ExamQuestion, str | None, bool]]   # (question, letter chosen, right?)
    seconds: float
    timed_out: bool
    orders: dict[str, tuple[str, ...]] = field(default_factory=dict)   # id -> original letters, as shown

    def shown(self, q: "ExamQuestion", original: str | None) -> str | None:
        """The letter the learner saw for the original option `original`."""
        return original and shown_as(self.orders.get(q.id, LETTERS), original)

    @property
    def score(self) -> int:
        return sum(right for _q, _l, right in self.verdicts)

    @property
    def misses(self) -> list[ExamQuestion]:
        return [q for q, _l, right in self.verdicts if not right]


@dataclass
class ExamState:
    bank: tuple[ExamQuestion, ...]
    size: int = 30
    minutes: float = 60
    seed: int | None = None
    learner: str | None = None           # None: the JupyterHub or system account (shuffle.learner())
    attempt: int = 0
    seen: set[str] = field(default_factory=set)
    drawn: list[ExamQuestion] = field(default_factory=list)
    answers: dict[str, str] = field(default_factory=dict)         # id -> original letter
    orders: dict[str, tuple[str, ...]] = field(default_factory=dict)   # id -> original letters, as shown
    started: float | None = None
    outcome: Outcome | None = None

    def start(self, now: float | None = None) -> list[ExamQuestion]:
        """Draw a new exam: questions not seen in earlier attempts first, every task statement represented, each
        question's options shuffled so that the right answers are balanced over the draw, with no pattern."""
        who = self.learner or shuffle.learner()
        rng = shuffle.draw_rng(self.seed, who, self.attempt)
        fresh = [q for q in self.bank if q.id not in self.seen]
        if len(fresh) < self.size:          # the bank is used up: start again from the whole bank
            self.seen.clear()
            fresh = list(self.bank)
        by_ts: dict[str, list[ExamQuestion]] = {}
        for q in fresh:
            by_ts.setdefault(q.ts, []).append(q)
        for group in by_ts.values():
            rng.shuffle(group)
        picked: list[ExamQuestion] = []
        while len(picked) < min(self.size, len(fresh)):   # round robin over task statements
            for ts in sorted(by_ts):
                if by_ts[ts] and len(picked) < self.size:
                    picked.append(by_ts[ts].pop())
        rng.shuffle(picked)
        self.attempt += 1
        self.drawn = picked
        self.orders = shuffle.layout([(q.id, q.right_letter()) for q in picked], f"{self.seed}|{who}", self.attempt)
        self.seen |= {q.id for q in picked}
        self.answers = {}
        self.outcome = None
        self.started = time.monotonic() if now is None else now
        return picked

    def answer(self, question_id: str, letter: str | None) -> None:
        """Record an answer, given in the bank's original letters (the view translates the letter shown)."""
        if self.outcome is None and letter in LETTERS:
            self.answers[question_id] = letter

    def original(self, question_id: str, shown: str) -> str:
        return self.orders.get(question_id, LETTERS)[LETTERS.index(shown)]

    def remaining(self, now: float | None = None) -> float:
        if self.started is None:
            return self.minutes * 60
        now = time.monotonic() if now is None else now
        return max(0.0, self.minutes * 60 - (now - self.started))

    def submit(self, now: float | None = None) -> Outcome:
        if self.outcome is not None:
            return self.outcome
        now = time.monotonic() if now is None else now
        per_ts: OrderedDict[str, tuple[int, int]] = OrderedDict()
        verdicts = []
        for q in sorted(self.drawn, key=lambda q: (q.ts, q.id)):
            chosen = self.answers.get(q.id)
            right = q.is_correct(chosen)
            verdicts.append((q, chosen, right))
            got, asked = per_ts.get(q.ts, (0, 0))
            per_ts[q.ts] = (got + right, asked + 1)
        per_ts = OrderedDict(sorted(per_ts.items()))
        self.outcome = Outcome(per_ts, verdicts, now - (self.started or now), self.remaining(now) <= 0,
                               dict(self.orders))
        return self.outcome


PASS_MARK = 720     # the real exam: 60 scenario questions, a score out of 1 000, pass mark 720


def exam_scale_html(score: int, total: int) -> str:
    """How a rehearsal score reads against the real exam's pass mark, with what the comparison is worth."""
    scaled = round(1000 * score / total) if total else 0
    verdict = "au-dessus du seuil" if scaled >= PASS_MARK else "en dessous du seuil"
    return (f"<p>Rapporté à 1 000 : <strong>{scaled}</strong>, {verdict} de réussite de l'examen réel "
            f"({PASS_MARK} sur 1 000). L'examen réel compte 60 questions à scénarios sur tous les domaines, "
            "dont celui-ci ne fait que 27 % ; sa note est mise à l'échelle selon une règle qui n'est pas publiée. "
            "Cette règle de trois n'est donc qu'un repère : visez au moins 80 % ici pour garder une marge, et "
            "revoyez chaque énoncé marqué « à revoir ».</p>")


LINK_STYLE = "color:#1a5fb4;text-decoration:underline"


def _title(text: str) -> str:
    """A lesson heading as HTML: escaped, `code` spans shown as code (not as raw backticks)."""
    parts = html.escape(text).split("`")
    return "".join(f"<code>{part}</code>" if i % 2 else part for i, part in enumerate(parts))


def revisit_link(q: ExamQuestion) -> str:
    """A link to the lesson's section. No target: in JupyterLab, a relative link in an output opens the notebook
    in the same JupyterLab (a new tab of the lab, not of the browser) and scrolls to the heading."""
    return f"<a href='{html.escape(q.link)}' style='{LINK_STYLE}'>{q.ts} · {_title(q.section)}</a>"


ACQUIRED = "<span aria-hidden='true'>✅</span> acquis"      # a word with each mark: never a colour or an emoji alone
TO_REVIEW = "<span aria-hidden='true'>❌</span> à revoir"


def results_html(outcome: Outcome, total: int) -> str:
    """The score per task statement, then every question: answer, explanation of each option, link if missed."""
    rows = "".join(
        f"<tr><td style='padding:2px 10px'>{ts}</td><td style='padding:2px 10px'>{got} / {asked}</td>"
        f"<td style='padding:2px 10px'>{ACQUIRED if got >= 0.7 * asked else TO_REVIEW}</td></tr>"
        for ts, (got, asked) in outcome.per_ts.items())
    minutes, seconds = divmod(int(outcome.seconds), 60)
    late = " (temps écoulé : copie rendue automatiquement)" if outcome.timed_out else ""
    parts = [f"<h3>Résultat : {outcome.score} / {total}</h3>",
             f"<p>Durée : {minutes} min {seconds:02d} s{late}.</p>",
             exam_scale_html(outcome.score, total),
             "<table><tr><th scope='col'>Énoncé de tâche</th><th scope='col'>Bonnes réponses</th><th scope='col'>Bilan</th></tr>" + rows + "</table>"]
    if outcome.misses:
        links = "".join(f"<li>{html.escape(q.id)} ({q.ts}) — {revisit_link(q)}</li>" for q in outcome.misses)
        parts.append(f"<h4>À revoir</h4><ul>{links}</ul>")
    for q, chosen, right in outcome.verdicts:
        mark = "<span aria-hidden='true'>✅</span> juste" if right else "<span aria-hidden='true'>❌</span> faux"
        good = outcome.shown(q, q.right_letter())
        said = f"vous avez choisi {outcome.shown(q, chosen)}" if chosen else "pas de réponse"
        order = outcome.orders.get(q.id, LETTERS)
        why = "".join(f"<li><strong>{k}.</strong> {html.escape(q.options[o])}<br><em>{html.escape(q.why[o])}</em>"
                      f"</li>" for k, o in zip(LETTERS, order))
        revisit = "" if right else f"<p>À revoir : {revisit_link(q)}</p>"
        parts.append(f"<div class='cours-examen-corrige' style='margin:10px 0;border-top:1px solid #ccc'>"
                     f"<p>{mark} <strong>{html.escape(q.id)}</strong> ({q.ts}, {html.escape(q.scenario)}) — "
                     f"{html.escape(q.stem)}</p><p>{said} ; la bonne réponse est {good}.</p><ul>{why}</ul>"
                     f"{revisit}</div>")
    return "".join(parts)


# Run by JupyterLab where the results show (an Output widget's outputs are trusted): focus an element once it is drawn
# and visible, and only once (a cell drawn again must not take the focus back). ipywidgets can focus a control, not an
# output, and its focus message can arrive before the control's container is shown again.
FOCUS_SCRIPT = """(function (selector, once, tries) {
  const done = (window.coursFocus = window.coursFocus || {});
  if (done[once]) { return; }
  (function attempt() { const e = document.querySelector(selector);
    if (e && e.offsetParent !== null) { done[once] = true; e.focus(); }
    else if (tries-- > 0) { setTimeout(attempt, 50); } })();
})(%s, %s, 100);"""


def _button(description: str, **kwargs) -> widgets.Button:
    # A layout of its own: hiding one button must not hide every button sharing a layout.
    return widgets.Button(description=description, layout=widgets.Layout(width="auto", min_width="120px"), **kwargs)


class ExamView(WithFallback):
    """One question at a time, a countdown, « Terminer l'examen », then the results and « Nouvelle tentative »."""

    def __init__(self, state: ExamState, *, clock: bool = True) -> None:
        self.state = state
        self.position = 0
        self.timer = widgets.HTML()
        self.progress = widgets.HTML()
        self.question = widgets.HTML()
        self.choice = widgets.ToggleButtons(options=list(LETTERS), value=None, description="Votre réponse\u202f:",
                                            style={"button_width": "44px", "description_width": "initial"})
        self.previous = _button("Précédente")
        self.next = _button("Suivante")
        self.finish = _button("Terminer l'examen", button_style="primary")
        self.again = _button("Nouvelle tentative")
        # Asked before handing in a paper with unanswered questions (the countdown hands it in without asking).
        self.confirm_text = widgets.HTML()
        self.confirm_yes = _button("Oui, rendre ma copie", button_style="danger")   # not white on orange (< 4,5:1)
        self.confirm_no = _button("Continuer l'examen")
        self.confirm = widgets.VBox([self.confirm_text, widgets.HBox([self.confirm_yes, self.confirm_no])])
        self.confirm_yes.on_click(lambda _: self.submit())
        self.confirm_no.on_click(lambda _: self._ask(False))
        # The results are an output (rendered by JupyterLab's rendermime, which opens relative links in the lab
        # itself and scrolls to their heading); results_html keeps the same HTML as text.
        self.results = widgets.Output()
        self.results_html = ""
        self.choice.observe(self._chosen, names="value")
        self.previous.on_click(lambda _: self.go(self.position - 1))
        self.next.on_click(lambda _: self.go(self.position + 1))
        self.finish.on_click(lambda _: self.finish_clicked())
        self.again.on_click(lambda _: self.restart())
        self.exam_box = widgets.VBox([self.progress, self.question, self.choice,
                                      widgets.HBox([self.previous, self.next, self.finish]), self.confirm])
        super().__init__([self.timer, self.exam_box, self.results, self.again])
        self.add_class("cours-widget")
        self._name = f"cours-examen-{id(self):x}"      # names this exam's elements for the focus script
        self.choice.add_class(f"{self._name}-choix")
        self._recorded = 0
        self._clock = clock
        self.restart()

    # -- actions -----------------------------------------------------------------------------------
    def restart(self) -> None:
        again = self.state.outcome is not None      # « Nouvelle tentative » pressed: that button is about to hide
        self.state.start()
        self.position = 0
        # The new paper's first answer takes the focus from the hidden button, not the top of the page.
        self._show_results("", focus=f".{self._name}-choix button" if again else "")
        self._ask(False)
        self.exam_box.layout.display = None
        self.again.layout.display = "none"
        self.draw()
        if self._clock:
            threading.Thread(target=self._tick, args=(self.state.attempt,), daemon=True).start()

    def go(self, index: int) -> None:
        self.position = max(0, min(len(self.state.drawn) - 1, index))
        self.draw()

    def finish_clicked(self) -> Outcome | None:
        """« Terminer l'examen »: at once when every question has an answer, otherwise after a confirmation."""
        missing = len(self.state.drawn) - len(self.state.answers)
        if missing > 0:
            self._ask(True, missing)
            return None
        return self.submit()

    def _ask(self, shown: bool, missing: int = 0) -> None:
        self.confirm.layout.display = None if shown else "none"
        # « Terminer l'examen » stays enabled while the confirmation shows: disabling the focused button would drop
        # a keyboard user's focus to the top of the page (a second press asks again).
        self.confirm_text.value = readable(
            f"<strong>{missing} question{'s' if missing > 1 else ''} sans réponse</strong> sur {len(self.state.drawn)} : "
            f"{'elles compteront' if missing > 1 else 'elle comptera'} comme fausse{'s' if missing > 1 else ''}. "
            f"Rendre la copie maintenant ?") if shown else ""

    def _show_results(self, text: str, focus: str = "") -> None:
        """The results (or nothing), and the element to focus once they are drawn (a CSS selector)."""
        # Set as the output's data, not captured with `with self.results:` — the countdown hands the paper in from
        # its own thread, where a capture would land in whatever cell ran last.
        self.results_html = text
        shown = [{"output_type": "display_data", "metadata": {},
                  "data": {"text/html": text, "text/plain": "Résultats de l'examen blanc"}}] if text else []
        if focus:
            once = f"{self._name}-{self.state.attempt}-{'resultats' if text else 'copie'}"
            shown.append({"output_type": "display_data", "metadata": {},
                          "data": {"application/javascript": FOCUS_SCRIPT % (json.dumps(focus), json.dumps(once)),
                                   "text/plain": ""}})
        self.results.outputs = tuple(shown)

    def submit(self) -> Outcome:
        outcome = self.state.submit()
        if self._recorded != self.state.attempt:     # the countdown and « Oui » may both hand the paper in
            self._recorded = self.state.attempt
            progress.exam_attempt(self.state.attempt, outcome.per_ts, outcome.seconds, outcome.timed_out,
                                  [(q.id, q.ts, q.section) for q in outcome.misses])
        self._ask(False)
        self.exam_box.layout.display = "none"
        self.again.layout.display = None
        self.timer.value = readable(f"<p role='status' style='margin:0'><strong>Examen terminé</strong> (tentative "
                                    f"{self.state.attempt}) : {outcome.score} / {len(self.state.drawn)}. Le détail "
                                    "suit ; il compte aussi dans « Mon parcours ».</p>")
        # The button pressed hides with the paper: the focus goes to the results' heading (reached by the script,
        # not by Tab), never back to the top of the page (WCAG 2.4.3). ipywidgets can focus a control, not an output.
        anchor = f"{self._name}-resultat-{self.state.attempt}"
        shown = results_html(outcome, len(self.state.drawn)).replace("<h3>", f"<h3 id='{anchor}' tabindex='-1'>", 1)
        self._show_results(readable(shown), focus=f"#{anchor}")
        return outcome

    def _chosen(self, change) -> None:
        if change["new"] is not None and self.state.drawn:
            qid = self.state.drawn[self.position].id
            self.state.answer(qid, self.state.original(qid, change["new"]))
            self._draw_progress()

    def _tick(self, attempt: int) -> None:
        while self.state.attempt == attempt and self.state.outcome is None:
            if self.state.remaining() <= 0:
                self.submit()
                return
            self._draw_timer()
            time.sleep(1)

    # -- drawing -----------------------------------------------------------------------------------
    def _draw_timer(self) -> None:
        left = int(self.state.remaining())
        self.timer.value = readable(f"⏱ Temps restant : <strong>{left // 60} min {left % 60:02d} s</strong> "
                                    f"(tentative {self.state.attempt})")

    def _draw_progress(self) -> None:
        done = len(self.state.answers)
        total = len(self.state.drawn)
        q = self.state.drawn[self.position]
        chosen = self.state.answers.get(q.id)
        # The chosen letter in words (ipywidgets shows it by a shade only and tells assistive technology nothing).
        mine = (f" — votre réponse : <strong>{shown_as(self.state.orders.get(q.id, LETTERS), chosen)}</strong>"
                if chosen else " — pas encore de réponse")
        self.progress.value = readable(f"<span role='status'>Question {self.position + 1} / {total}{mine} ; "
                                       f"{done} réponse(s) donnée(s)"
                                       + ("" if done == total else f", {total - done} sans réponse") + "</span>")

    def draw(self) -> None:
        if not self.state.drawn:
            return
        q = self.state.drawn[self.position]
        order = self.state.orders.get(q.id, LETTERS)
        options = "".join(f"<li style='margin:3px 0'><strong>{k}.</strong> {html.escape(q.options[o])}</li>"
                          for k, o in zip(LETTERS, order))
        self.question.value = FOCUS_STYLE + readable(f"<p><em>Scénario : {html.escape(q.scenario)}</em></p>"
                                       f"<p>{html.escape(q.stem)}</p>"
                                       f"<ul style='list-style:none;padding-left:8px'>{options}</ul>")
        self.choice.unobserve(self._chosen, names="value")
        chosen = self.state.answers.get(q.id)
        self.choice.value = shown_as(order, chosen) if chosen else None
        self.choice.tooltips = [q.options[o] for o in order]      # each letter's button says its option
        self.choice.observe(self._chosen, names="value")
        self.previous.disabled = self.position == 0
        self.next.disabled = self.position >= len(self.state.drawn) - 1
        self._draw_progress()
        self._draw_timer()

    def static_text(self) -> str:
        return (f"Examen blanc : {len(self.state.drawn)} questions tirées d'une banque de {len(self.state.bank)}, "
                f"{self.state.minutes:g} minutes. Ouvrez ce notebook dans JupyterLab pour le passer.")

    def static_html(self) -> str:
        return f"<p>{html.escape(self.static_text())}</p>"
