"""Where each task statement is taught: the student notebook (release/) and a heading's link in it.

Links are relative to release/2.1-examen-blanc/, where the exam notebook lives, and land on the cell that holds
the heading (`#cell-id=`, read from the student notebook: helpers/lessons/headings.py says why not an anchor).
"""
from __future__ import annotations

from pathlib import Path

from ..headings import fragment, heading_cells

RELEASE = Path(__file__).resolve().parents[3] / "release"

LESSONS = {
    "1.1": "1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb",
    "1.2": "1.2-coordinateur-sous-agents/1.2-coordinateur-sous-agents.ipynb",
    "1.3": "1.3-passer-le-contexte/1.3-passer-le-contexte.ipynb",
    "1.4": "1.4-regles-et-passage-de-main/1.4-regles-et-passage-de-main.ipynb",
    "1.5": "1.5-hooks-agent-sdk/1.5-hooks-agent-sdk.ipynb",
    "1.6": "1.6-decomposer-une-tache/1.6-decomposer-une-tache.ipynb",
    "1.7": "1.7-sessions/1.7-sessions.ipynb",
}


def link(ts: str, heading: str) -> str:
    return f"../{LESSONS[ts]}" + fragment(heading_cells(RELEASE / LESSONS[ts]), heading)
