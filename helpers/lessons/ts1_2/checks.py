"""Exercise 1.2.a checked in one process (the tests, a maintainer's session): the judge (judge.py) with a player that
runs `play` (play.py) right here. Grading never imports this module: its judge and its players are processes apart.
"""
from __future__ import annotations

from ..kit import Criterion, Report
from . import judge, play


def check(coordinate, seed: int | None = None) -> Report:
    """Vérifie `coordinate` ici même, sur des scénarios tirés au hasard ; renvoie le rapport détaillé."""
    if not callable(coordinate):
        return Report(judge.EXERCISE, [Criterion("fonction", "coordinate doit être une fonction", 10, False,
                                                 "définissez coordinate(client, topic, subtopics, *, model, "
                                                 "max_tokens=1024)")])
    return judge.check(seed, player=lambda spec: play.play({"coordinate": coordinate}, spec))
