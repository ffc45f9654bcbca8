"""Task statement 1.1 — agentic loops: exercise 1.1.a (`run_agent`), practice questions,
and the graded check 1.1.q (its key lives only in the master notebook's hidden test)."""
from ..kit import Exercise
from .questions import QUESTIONS

EXERCISES = [
    Exercise("1.1.a", ("run_agent",), 10, __name__),
    Exercise("1.1.q", ("reponses_1_1",), 3, questions=("q1", "q2", "q3")),   # graded check: key in the master
]
__all__ = ["EXERCISES", "QUESTIONS"]
