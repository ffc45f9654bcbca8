"""Exercise 1.6.a, the sandboxed half: `review_pull_request` played on the pull request the judge sent
(ts1_6/judge.py).

Runs where learner code runs; holds no scenario: the files, the model, `max_tokens` and the time limit come in `spec`,
the reviewer's answers from the judge's simulator.
"""
from __future__ import annotations

from ..kit import LIMIT_KEY, run_learner, sandboxed


@sandboxed
def play(objects: dict, spec: dict) -> dict:
    """Learner side: run `review_pull_request` on one pull request; plain data back."""
    import anthropic
    client = anthropic.Anthropic(base_url=spec["base_url"], api_key="sk-ant-verification", max_retries=0)
    files = dict(spec["files"])
    outcome = run_learner(objects["review_pull_request"], client, files, model=spec["model"],
                          max_tokens=spec["max_tokens"], seconds=spec[LIMIT_KEY])
    return {"outcome": outcome.to_plain()}
