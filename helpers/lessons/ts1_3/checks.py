"""Exercise 1.3.a checked in one process (the tests, a maintainer's session): the judge (judge.py) with a player that
runs `play` (play.py) right here. Grading never imports this module: its judge and its players are processes apart.
"""
from __future__ import annotations

from ..kit import Criterion, Report
from . import judge, play


def check(synthesis_prompt, seed: int | None = None) -> Report:
    """Vérifie `synthesis_prompt` ici même, sur des constats tirés au hasard ; renvoie le rapport détaillé."""
    if not callable(synthesis_prompt):
        return Report(judge.EXERCISE, [Criterion("fonction", "synthesis_prompt doit être une fonction", 6, False,
                                                 "définissez synthesis_prompt(topic, findings)")])
    return judge.check(seed, player=lambda spec: play.play({"synthesis_prompt": synthesis_prompt}, spec))
