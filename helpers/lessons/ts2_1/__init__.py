"""Companion 2.1 — the mock exam (« Examen blanc ») across task statements 1.1–1.7.

Two parts: a self-paced rehearsal (`examen_blanc()`: 30 questions drawn from the 60 of bank.toml, timed,
instant feedback, another draw on a second attempt), and a graded exam 2.1.q of 8 other questions whose
key lives only in the master notebook's hidden test. GRADED_TS says which task statement each graded
question tests (not a secret), so the instructor dashboard can show results per task statement.
"""
from ..kit import Exercise
from .bank import BANK

GRADED_TS = {"q1": "1.1", "q2": "1.2", "q3": "1.3", "q4": "1.4", "q5": "1.5", "q6": "1.6", "q7": "1.7", "q8": "1.2"}

EXERCISES = [Exercise("2.1.q", ("reponses_examen",), len(GRADED_TS), questions=tuple(GRADED_TS))]
QUESTIONS = list(BANK)


def examen_blanc(size: int = 30, minutes: float = 60, seed: int | None = None):
    """L'examen blanc : `size` questions tirées de la banque, un compte à rebours de `minutes` minutes."""
    from ...widgets.exam import ExamState, ExamView
    return ExamView(ExamState(tuple(BANK), size=size, minutes=minutes, seed=seed))


__all__ = ["BANK", "EXERCISES", "GRADED_TS", "QUESTIONS", "examen_blanc"]
