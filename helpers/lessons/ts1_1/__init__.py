"""Task statement 1.1 — agentic loops: exercise 1.1.a (`run_agent`), practice questions,
and the graded check 1.1.q (its key lives only in the master notebook's hidden test).

play.py runs where learner code runs (the sandbox under grading); judge.py — the scenarios, their draws, the values
expected, the verdicts — runs on the trusted side only and is absent from the sandbox; checks.py pairs them in one
process for the tests. The registry below names both halves without importing either."""
from ..kit import Exercise
from .questions import QUESTIONS

EXERCISES = [
    Exercise("1.1.a", ("run_agent",), 10, __name__, seconds=2.5),
    Exercise("1.1.q", ("reponses_1_1",), 3, questions=("q1", "q2", "q3")),   # graded check: key in the master
]
__all__ = ["EXERCISES", "QUESTIONS"]
