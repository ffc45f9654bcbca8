"""Exercise 1.1.a, the sandboxed half: `run_agent` played on one scenario the judge sent (ts1_1/judge.py).

Runs where learner code runs (the « Vérifier » kernel, a grading player inside the sandbox): whatever it computes is
data for the judge, never a verdict. It holds no scenario: the question, the tools, their results, the model and the
time limit all come in `spec`.
"""
from __future__ import annotations

import json

from ..kit import LIMIT_KEY, plain, run_learner, sandboxed


@sandboxed
def play(objects: dict, spec: dict) -> dict:
    """Learner side: run `run_agent` on one scenario; plain data back (the outcome, the messages list as the
    learner left it, the tools run)."""
    import anthropic
    client = anthropic.Anthropic(base_url=spec["base_url"], api_key="sk-ant-verification", max_retries=0)
    results = {(name, key): result for name, key, result in spec["results"]}
    executed: list = []

    def run_tool(name, tool_input):
        executed.append([name, plain(tool_input)])
        if name == spec["failing"]:
            raise RuntimeError(spec["failure"])
        key = (name, json.dumps(tool_input, sort_keys=True))
        if key not in results:
            raise KeyError(f"entrée inattendue pour {name} : {tool_input}")
        return results[key]

    messages = [{"role": "user", "content": spec["question"]}]
    outcome = run_learner(objects["run_agent"], client, messages, spec["tools"], run_tool, model=spec["model"],
                          max_tokens=spec["max_tokens"], max_iterations=spec["max_iterations"], seconds=spec[LIMIT_KEY])
    return {"outcome": outcome.to_plain(), "messages": plain(messages), "executed": executed}
