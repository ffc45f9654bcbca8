"""Exam-style scenario questions: four options, one answer, an explanation for every option.

`Question` is data (the banks live with their lesson, in helpers/lessons/); `Ask` is its widget.
Answers are stored as salted hashes, so the key is not readable at a glance.
"""
from __future__ import annotations

import hashlib
import html
from dataclasses import dataclass

import ipywidgets as widgets

from .. import progress
from ._base import BUTTON_LAYOUT, WithFallback, readable

LETTERS = ("A", "B", "C", "D")
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


class Ask(WithFallback):
    """The question, its four options, A–D buttons and a « Vérifier » that explains every option."""

    def __init__(self, q: Question) -> None:
        self.q = q
        self.choice = widgets.ToggleButtons(options=list(LETTERS), value=None, description="Votre choix\u202f:",
                                            style={"button_width": "44px", "description_width": "initial"})
        self.button = widgets.Button(description="Vérifier", button_style="primary", layout=BUTTON_LAYOUT)
        self.feedback = widgets.HTML()
        self.button.on_click(lambda _: self.reveal())
        super().__init__([widgets.HTML(readable(self.static_html())), self.choice, self.button, self.feedback])

    def reveal(self) -> None:
        if self.choice.value is None:
            self.feedback.value = readable("<em>Choisissez d'abord une réponse (A, B, C ou D).</em>")
            return
        chosen = self.choice.value
        right = self.q.is_correct(chosen)
        progress.practice_answer(self.q.id, right)
        verdict = (f"✅ Vous avez choisi {chosen} : c'est la bonne réponse." if right
                   else f"❌ Vous avez choisi {chosen} : ce n'est pas la bonne réponse.")
        lines = "".join(f"<li><strong>{k}.</strong> {html.escape(self.q.why[k])}</li>" for k in LETTERS)
        self.feedback.value = readable(f"<div class='cours-feedback'><p><strong>{verdict}</strong> Pourquoi chaque "
                                       f"option est juste ou fausse :</p><ul>{lines}</ul></div>")

    def static_text(self) -> str:
        options = "\n".join(f"  {k}. {v}" for k, v in self.q.options.items())
        return f"{self.q.id} — {self.q.stem}\n{options}"

    def static_html(self) -> str:
        options = "".join(f"<li style='margin:2px 0'><strong>{k}.</strong> {html.escape(v)}</li>"
                          for k, v in self.q.options.items())
        return (f"<div class='cours-question'><p><strong>{html.escape(self.q.id)}</strong> — "
                f"{html.escape(self.q.stem)}</p><ul style='list-style:none;padding-left:8px'>{options}</ul></div>")
