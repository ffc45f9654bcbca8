"""Where each task statement is taught: the student notebook (release/) and a heading's link in it.

Links are relative to release/2.1-examen-blanc/, where the exam notebook lives. The anchor is the one
JupyterLab gives a markdown heading: its text, inline code marks dropped, spaces turned into hyphens.
"""
from __future__ import annotations

import re
from urllib.parse import quote

LESSONS = {
    "1.1": "1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb",
    "1.2": "1.2-coordinateur-sous-agents/1.2-coordinateur-sous-agents.ipynb",
    "1.3": "1.3-passer-le-contexte/1.3-passer-le-contexte.ipynb",
    "1.4": "1.4-regles-et-passage-de-main/1.4-regles-et-passage-de-main.ipynb",
    "1.5": "1.5-hooks-agent-sdk/1.5-hooks-agent-sdk.ipynb",
    "1.6": "1.6-decomposer-une-tache/1.6-decomposer-une-tache.ipynb",
    "1.7": "1.7-sessions/1.7-sessions.ipynb",
}


def anchor(heading: str) -> str:
    """JupyterLab's id for a markdown heading (« ## 3. `stop_reason`, et… » → 3.-stop_reason,-et…)."""
    text = re.sub(r"`([^`]*)`", r"\1", heading.lstrip("#").strip()).replace("**", "")
    return text.replace(" ", "-")


def link(ts: str, heading: str) -> str:
    return f"../{LESSONS[ts]}#" + quote(anchor(heading), safe=".,-_'()")
