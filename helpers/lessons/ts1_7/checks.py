"""Exercises 1.7.a and 1.7.b checked in one process (the tests, a maintainer's session): the judge (judge.py) with a
player that runs `play` (play.py) right here. Grading never imports this module: its judge and its players are
processes apart.
"""
from __future__ import annotations

from ..kit import Report
from . import judge, play


def player_here(objects: dict):
    """A player that runs the learner's objects in this process."""
    return lambda spec: play.play(objects, spec)


def check_prompt(fresh_session_prompt, seed: int | None = None) -> Report:
    """Vérifie fresh_session_prompt ici même, sur des constats tirés au hasard ; renvoie le rapport détaillé."""
    return judge.check_prompt(seed, player=player_here({"fresh_session_prompt": fresh_session_prompt}))


def check_forks(explore_forks, seed: int | None = None) -> Report:
    """Fait tourner explore_forks ici même dans le vrai CLI, hors ligne, à partir d'une session d'origine tirée au
    hasard."""
    return judge.check_forks(seed, player=player_here({"explore_forks": explore_forks}))
