"""Task statement 1.5 — Agent SDK hooks: exercises 1.5.a–c (deny, normalise, wire on the real CLI), practice questions,
the graded check 1.5.q (its key lives only in the master notebook's hidden test)."""
from ..kit import Exercise
from .questions import QUESTIONS

EXERCISES = [
    Exercise("1.5.a", ("REFUND_LIMIT", "block_large_refunds"), 4, __name__, "judge_refunds"),
    Exercise("1.5.b", ("normalize_dates",), 4, __name__, "judge_dates"),
    Exercise("1.5.c", ("HOOKS",), 4, __name__, "judge_end_to_end"),
    Exercise("1.5.q", ("reponses_1_5",), 3, questions=("q1", "q2", "q3")),   # graded check: key in the master
]
__all__ = ["EXERCISES", "QUESTIONS"]
