"""Task statement 1.7 — sessions: exercises 1.7.a (`fresh_session_prompt`) and 1.7.b (`explore_forks`, on the
real CLI), practice questions, the graded check 1.7.q (its key lives only in the master notebook's hidden test).

play.py runs where learner code runs (the sandbox under grading); judge.py — the scenarios, their draws, the values
expected, the verdicts — runs on the trusted side only and is absent from the sandbox; checks.py pairs them in one
process for the tests. The registry below names both halves without importing either."""
from ..kit import Exercise
from .questions import QUESTIONS

EXERCISES = [
    Exercise("1.7.a", ("fresh_session_prompt",), 4, __name__, "judge_prompt", seconds=1),
    Exercise("1.7.b", ("explore_forks",), 6, __name__, "judge_forks", seconds=6),
    Exercise("1.7.q", ("reponses_1_7",), 3, questions=("q1", "q2", "q3")),   # graded check: key in the master
]
__all__ = ["EXERCISES", "QUESTIONS"]
