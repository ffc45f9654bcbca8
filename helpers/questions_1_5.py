"""Scenario questions of notebook 1.5 (Agent SDK hooks). Answers are keys: see quiz.key()."""
from .quiz import Question

QUESTIONS: list[Question] = []
