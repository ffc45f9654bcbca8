"""Task statement 1.3 — invoking subagents and passing them context: exercise 1.3.a (`synthesis_prompt`),
practice questions, and the graded check 1.3.q (its key lives only in the master notebook's hidden test).

play.py runs where learner code runs (the sandbox under grading); judge.py — the scenarios, their draws, the values
expected, the verdicts — runs on the trusted side only and is absent from the sandbox; checks.py pairs them in one
process for the tests. The registry below names both halves without importing either."""
from ..kit import Exercise
from .questions import QUESTIONS

EXERCISES = [
    Exercise("1.3.a", ("synthesis_prompt",), 6, __name__, seconds=1),
    Exercise("1.3.q", ("reponses_1_3",), 3, questions=("q1", "q2", "q3")),   # graded check: key in the master
]
__all__ = ["EXERCISES", "QUESTIONS"]
