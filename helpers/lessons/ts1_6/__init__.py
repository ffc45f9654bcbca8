"""Task statement 1.6 — decomposing complex work: exercise 1.6.a (`review_pull_request`), practice questions,
and the graded check 1.6.q (its key lives only in the master notebook's hidden test).

play.py runs where learner code runs (the sandbox under grading); judge.py — the scenarios, their draws, the values
expected, the verdicts — runs on the trusted side only and is absent from the sandbox; checks.py pairs them in one
process for the tests. The registry below names both halves without importing either."""
from ..kit import Exercise
from .questions import QUESTIONS

EXERCISES = [
    Exercise("1.6.a", ("review_pull_request",), 10, __name__, seconds=3),
    Exercise("1.6.q", ("reponses_1_6",), 3, questions=("q1", "q2", "q3")),   # graded check: key in the master
]
__all__ = ["EXERCISES", "QUESTIONS"]
