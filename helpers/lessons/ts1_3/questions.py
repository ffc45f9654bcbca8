"""Scenario questions of notebook 1.3 (passing context to subagents). Answers are keys: see helpers.widgets.quiz.key()."""
from ...widgets.quiz import Question

QUESTIONS: list[Question] = []
