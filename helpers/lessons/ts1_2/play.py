"""Exercise 1.2.a, the sandboxed half: `coordinate` played on one scenario the judge sent (ts1_2/judge.py).

Runs where learner code runs; holds no scenario: the topic, the subtopics, the model and the time limit come in
`spec`, the subagents' answers from the judge's simulator.
"""
from __future__ import annotations

from ..kit import LIMIT_KEY, run_learner, sandboxed


@sandboxed
def play(objects: dict, spec: dict) -> dict:
    """Learner side: run `coordinate` on one scenario; plain data back."""
    import anthropic
    client = anthropic.Anthropic(base_url=spec["base_url"], api_key="sk-ant-verification", max_retries=0)
    outcome = run_learner(objects["coordinate"], client, spec["topic"], list(spec["subtopics"]), model=spec["model"],
                          max_tokens=spec["max_tokens"], seconds=spec[LIMIT_KEY])
    return {"outcome": outcome.to_plain()}
