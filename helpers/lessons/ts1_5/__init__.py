"""Task statement 1.5 — Agent SDK hooks: exercises 1.5.a–c (route heavy parcels, normalise amounts, wire on
the real CLI), practice questions, the graded check 1.5.q (its key lives only in the master notebook's hidden test).

play.py runs where learner code runs (the sandbox under grading); judge.py — the scenarios, their draws, the values
expected, the verdicts — runs on the trusted side only and is absent from the sandbox; checks.py pairs them in one
process for the tests. The registry below names both halves without importing either."""
from ..kit import Exercise
from .questions import QUESTIONS

EXERCISES = [
    Exercise("1.5.a", ("MAX_PARCEL_KG", "route_heavy_parcels"), 4, __name__, "judge_parcels", seconds=1.5),
    Exercise("1.5.b", ("normalize_amounts",), 4, __name__, "judge_amounts", seconds=1),
    Exercise("1.5.c", ("HOOKS",), 4, __name__, "judge_end_to_end", seconds=7),
    Exercise("1.5.q", ("reponses_1_5",), 3, questions=("q1", "q2", "q3")),   # graded check: key in the master
]
__all__ = ["EXERCISES", "QUESTIONS"]
