"""Companion 2.0 — the API cheat-sheet made runnable: no graded exercise, practice questions only
(helpers.ask("2.0.p1") …), checked by the same guards as every lesson's questions."""
from .questions import QUESTIONS

EXERCISES: list = []
__all__ = ["EXERCISES", "QUESTIONS"]
