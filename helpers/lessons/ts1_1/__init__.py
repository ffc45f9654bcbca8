"""Task statement 1.1 — agentic loops: exercise 1.1.a (`run_agent`) and the scenario questions."""
from .._kit import Exercise
from . import checks
from .questions import QUESTIONS

EXERCISES = [
    Exercise("1.1.a", ("run_agent",), 10, play=checks.play, judge=checks.judge),
    Exercise("1.1.q", ("reponses_1_1",), 4, questions=("1.1.q1", "1.1.q2", "1.1.q3", "1.1.q4")),
]
__all__ = ["EXERCISES", "QUESTIONS"]
