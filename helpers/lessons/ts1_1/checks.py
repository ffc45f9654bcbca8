"""Exercise 1.1.a checked in one process (the tests, a maintainer's session): the judge (judge.py) with a player that
runs `play` (play.py) right here. Grading never imports this module: its judge and its players are processes apart.
"""
from __future__ import annotations

from ..kit import Criterion, Report
from . import judge, play


def check(run_agent, seed: int | None = None) -> Report:
    """Vérifie `run_agent` ici même, sur des scénarios tirés au hasard ; renvoie le rapport détaillé."""
    if not callable(run_agent):
        return Report(judge.EXERCISE, [Criterion("fonction", "run_agent doit être une fonction", 10, False,
                                                 "définissez run_agent(client, messages, tools, run_tool, *, model, …)")])
    return judge.check(seed, player=lambda spec: play.play({"run_agent": run_agent}, spec))
