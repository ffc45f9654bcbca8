"""Scenario questions of notebook 1.2 (coordinator and subagents). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS: list[Question] = []
