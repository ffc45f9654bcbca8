"""Task statement 1.4 — enforcement and handoff: exercises 1.4.a (`make_support_tools`, the prerequisite gate) and
1.4.b (`build_handoff`), practice questions, the graded check 1.4.q (its key lives only in the master notebook).

play.py runs where learner code runs (the sandbox under grading); judge.py — the scenarios, their draws, the values
expected, the verdicts — runs on the trusted side only and is absent from the sandbox; checks.py pairs them in one
process for the tests. The registry below names both halves without importing either."""
from ..kit import Exercise
from .questions import QUESTIONS

EXERCISES = [
    Exercise("1.4.a", ("make_support_tools",), 10, __name__, "judge_tools", seconds=5),
    Exercise("1.4.b", ("build_handoff",), 4, __name__, "judge_handoff", seconds=1),
    Exercise("1.4.q", ("reponses_1_4",), 3, questions=("q1", "q2", "q3")),   # graded check: key in the master
]
__all__ = ["EXERCISES", "QUESTIONS"]
