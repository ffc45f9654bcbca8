"""Exam-style scenario questions: four options, one answer, an explanation for every option.

`Question` is data (the banks live with their lesson, in helpers/lessons/); `Ask` is its widget, which shows the
options in the order it is given (helpers/widgets/shuffle.py: per learner, stable on reload) and judges in the
original letters. Answers are stored as salted hashes, so the key is not readable at a glance.
"""
from __future__ import annotations

import hashlib
import html
from dataclasses import dataclass

import ipywidgets as widgets

from .. import progress
from ._base import BUTTON_LAYOUT, FOCUS_STYLE, WithFallback, readable
from .shuffle import LETTERS
_SALT = "cours-agents-claude/quiz"


def key(question_id: str, letter: str) -> str:
    """The stored form of an answer (maintainers: run this to write a bank entry)."""
    return hashlib.sha256(f"{_SALT}:{question_id}:{letter.strip().upper()}".encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Question:
    id: str                      # "1.1.q1"
    title: str                   # a few words, for the dashboard
    stem: str
    options: dict[str, str]      # A..D → text
    why: dict[str, str]          # A..D → why this option is right or wrong
    answer_key: str              # key(id, correct letter)

    def is_correct(self, letter: object) -> bool:
        return isinstance(letter, str) and letter.strip().upper() in LETTERS and key(self.id, letter) == self.answer_key

    def right_letter(self) -> str:
        return next(letter for letter in LETTERS if self.is_correct(letter))


def shown_as(order: tuple[str, ...], original: str) -> str:
    """The letter under which the original option `original` is shown (order: original letters as shown)."""
    return LETTERS[order.index(original)]


class Ask(WithFallback):
    """The question, its four options, A–D buttons and a « Vérifier » that explains every option."""

    def __init__(self, q: Question, order: tuple[str, ...] = LETTERS) -> None:
        self.q = q
        self.order = tuple(order)        # original letters, in the order shown under A, B, C, D
        # Each letter's button carries its option's text as its description (title): a screen reader says
        # « C, <the option> » on reaching it with Tab, without going back to the list above.
        self.choice = widgets.ToggleButtons(options=list(LETTERS), value=None, description="Votre choix\u202f:",
                                            tooltips=[q.options[o] for o in self.order],
                                            style={"button_width": "44px", "description_width": "initial"})
        self.button = widgets.Button(description="Vérifier", button_style="primary", layout=BUTTON_LAYOUT)
        self.feedback = widgets.HTML()
        # ipywidgets marks the chosen letter by a shade only, and tells assistive technology nothing (no aria-pressed):
        # the choice is also said in words, in a status region.
        self.chosen = widgets.HTML()
        self.button.on_click(lambda _: self.reveal())
        self.choice.observe(lambda change: self._say_choice(change["new"]), names="value")
        super().__init__([widgets.HTML(FOCUS_STYLE + readable(self.static_html())), self.choice, self.chosen,
                          self.button, self.feedback])
        self.add_class("cours-widget")

    def reveal(self) -> None:
        if self.choice.value is None:
            self.feedback.value = readable("<em role='status'>Choisissez d'abord une réponse (A, B, C ou D).</em>")
            return
        chosen = self.choice.value
        right = self.q.is_correct(self.original(chosen))
        progress.practice_answer(self.q.id, right)
        verdict = (f"<span aria-hidden='true'>✅</span> Vous avez choisi {chosen} : c'est la bonne réponse." if right
                   else f"<span aria-hidden='true'>❌</span> Vous avez choisi {chosen} : ce n'est pas la bonne réponse.")
        lines = "".join(f"<li><strong>{k}.</strong> {html.escape(self.q.why[o])}</li>" for k, o in self.shown())
        # A status region: read out when it appears, while the focus stays on « Vérifier ».
        self.feedback.value = readable(f"<div class='cours-feedback' role='status'><p><strong>{verdict}</strong> Pourquoi chaque "
                                       f"option est juste ou fausse :</p><ul>{lines}</ul></div>")

    def _say_choice(self, letter: str | None) -> None:
        self.chosen.value = readable(f"<p role='status' style='margin:2px 0'>Réponse choisie : <strong>{letter}</strong>"
                                     "</p>") if letter else ""

    def shown(self) -> list[tuple[str, str]]:
        """(letter shown, original letter), in the order shown."""
        return list(zip(LETTERS, self.order))

    def original(self, shown: str) -> str:
        return self.order[LETTERS.index(shown)]

    def static_text(self) -> str:
        options = "\n".join(f"  {k}. {self.q.options[o]}" for k, o in self.shown())
        return f"{self.q.id} — {self.q.stem}\n{options}"

    def static_html(self) -> str:
        options = "".join(f"<li style='margin:2px 0'><strong>{k}.</strong> {html.escape(self.q.options[o])}</li>"
                          for k, o in self.shown())
        return (f"<div class='cours-question'><p><strong>{html.escape(self.q.id)}</strong> — "
                f"{html.escape(self.q.stem)}</p><ul style='list-style:none;padding-left:8px'>{options}</ul></div>")
