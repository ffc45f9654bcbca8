"""Task statement 1.2 — coordinator and subagents: exercise 1.2.a (`coordinate`), practice questions,
and the graded check 1.2.q (its key lives only in the master notebook's hidden test)."""
from ..kit import Exercise
from .questions import QUESTIONS

EXERCISES = [
    Exercise("1.2.a", ("coordinate",), 10, __name__),
    Exercise("1.2.q", ("reponses_1_2",), 3, questions=("q1", "q2", "q3")),   # graded check: key in the master
]
__all__ = ["EXERCISES", "QUESTIONS"]
