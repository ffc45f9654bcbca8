"""Exercises 1.5.a–c checked in one process (the tests, a maintainer's session): the judge (judge.py) with a player
that runs `play` (play.py) right here. Grading never imports this module: its judge and its players are processes
apart.
"""
from __future__ import annotations

from ..kit import Report
from . import judge, play


def player_here(objects: dict):
    """A player that runs the learner's objects in this process."""
    return lambda spec: play.play(objects, spec)


def check_parcels(limit, hook, seed: int | None = None) -> Report:
    """Vérifie route_heavy_parcels (et MAX_PARCEL_KG) ici même, sur des poids variés, nombres et textes."""
    return judge.check_parcels(limit, seed, player=player_here({"route_heavy_parcels": hook}))


def check_amounts(hook, seed: int | None = None) -> Report:
    """Vérifie normalize_amounts ici même : centimes, « 2.450,00 » et « 2,450.00 » deviennent des euros."""
    return judge.check_amounts(seed, player=player_here({"normalize_amounts": hook}))


def check_end_to_end(hooks, seed: int | None = None) -> Report:
    """Exécute HOOKS ici même dans le vrai CLI, hors ligne : colis lourd et colis léger, puis trois devis."""
    return judge.check_end_to_end(seed, player=player_here({"HOOKS": hooks}))
