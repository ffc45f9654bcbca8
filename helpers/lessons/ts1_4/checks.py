"""Exercises 1.4.a and 1.4.b checked in one process (the tests, a maintainer's session): the judge (judge.py) with a
player that runs `play` (play.py) right here. Grading never imports this module: its judge and its players are
processes apart.
"""
from __future__ import annotations

from ..kit import Report
from . import judge, play


def player_here(objects: dict):
    """A player that runs the learner's objects in this process."""
    return lambda spec: play.play(objects, spec)


def check_tools(make_support_tools, seed: int | None = None, *, with_cli: bool = True) -> Report:
    """Vérifie make_support_tools ici même : outils appelés directement, puis le vrai CLI hors ligne."""
    return judge.check_tools(seed, player=player_here({"make_support_tools": make_support_tools}), with_cli=with_cli)


def check_handoff(build_handoff, seed: int | None = None) -> Report:
    """Vérifie build_handoff ici même, sur des dossiers tirés au hasard."""
    return judge.check_handoff(seed, player=player_here({"build_handoff": build_handoff}))
