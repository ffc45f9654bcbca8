"""Exercise 1.6.a checked in one process (the tests, a maintainer's session): the judge (judge.py) with a player that
runs `play` (play.py) right here. Grading never imports this module: its judge and its players are processes apart.
"""
from __future__ import annotations

from ..kit import Criterion, Report
from . import judge, play


def check(review_pull_request, seed: int | None = None) -> Report:
    """Vérifie `review_pull_request` ici même, sur deux pull requests tirées au hasard ; renvoie le rapport détaillé."""
    if not callable(review_pull_request):
        return Report(judge.EXERCISE, [Criterion(k, rule, pts, False, "définissez review_pull_request(client, files, "
                                                                      "*, model, max_tokens=1024)")
                                       for k, rule, pts, _f in judge.RULES])
    return judge.check(seed, player=lambda spec: play.play({"review_pull_request": review_pull_request}, spec))
