"""Exercise 1.3.a, the sandboxed half: `synthesis_prompt` called on the findings the judge sent (ts1_3/judge.py).

Runs where learner code runs; holds no scenario: the topic, the findings and the time limit come in `spec`.
"""
from __future__ import annotations

import copy

from ..kit import LIMIT_KEY, plain, run_learner, sandboxed


@sandboxed
def play(objects: dict, spec: dict) -> dict:
    """Learner side: call `synthesis_prompt` on one scenario; return the text and what became of the input."""
    given = copy.deepcopy(spec["findings"])
    outcome = run_learner(objects["synthesis_prompt"], spec["topic"], given, seconds=spec[LIMIT_KEY])
    # As plain data whatever became of it: a date object put into the caller's list shows as {"__type__": "date"}.
    return {"outcome": outcome.to_plain(), "after": plain(given)}
