"""Exercises 1.7.a and 1.7.b, the sandboxed half: `fresh_session_prompt` called on the findings the judge sent, and
`explore_forks` run in the real CLI from an original session the judge's prompt starts (ts1_7/judge.py).

Runs where learner code runs; holds no scenario: the findings, the changed files, the prompts, the folders and the
time limit come in `spec`. The session files stay in the sandbox's /tmp, where the judge reads them itself.
"""
from __future__ import annotations

from pathlib import Path

from ..kit import LIMIT_KEY, run_coroutine, run_in_thread, run_learner, sandboxed


@sandboxed
def play(objects: dict, spec: dict) -> dict:
    """Learner side: build a fresh-session prompt, or run the forks on the real CLI; plain data back."""
    if spec["kind"] == "prompt":
        outcome = run_learner(objects["fresh_session_prompt"], [dict(f) for f in spec["findings"]],
                              list(spec["changed"]), seconds=spec[LIMIT_KEY])
        return {"outcome": outcome.to_plain()}
    if spec["kind"] == "origin":
        return _play_origin(spec)
    return _play_forks(objects["explore_forks"], spec)


def _run_query(prompt: str, options) -> str | None:
    import anyio
    from claude_agent_sdk import ResultMessage, query

    async def go():
        found = None
        async for message in query(prompt=prompt, options=options):   # read to the end: the file is complete
            if isinstance(message, ResultMessage):
                found = message.session_id
        return found
    return anyio.run(go)


_WORKSPACES: dict[str, tuple] = {}      # token → (options, original id): between the two calls


def _play_origin(spec: dict) -> dict:
    """First call: the workspace and session folder the judge named (it reads them itself), the original session."""
    from ...clients import agent_options
    root = Path(spec["root"])
    cwd, config = root / "atelier", root / "claude"
    cwd.mkdir(parents=True, exist_ok=True)
    options = agent_options(offline=True, cwd=str(cwd), max_turns=2,
                            env={"ANTHROPIC_BASE_URL": spec["base_url"], "CLAUDE_CONFIG_DIR": str(config)})
    started = run_in_thread(_run_query, spec["original"], options, seconds=spec[LIMIT_KEY])
    original = started.value if isinstance(started.value, str) else None
    if original is None:
        return {"original": None, "setup_error": started.error_line() or "pas de session d'origine"}
    _WORKSPACES[spec["token"]] = (options, original)
    return {"original": original}


def _play_forks(explore_forks, spec: dict) -> dict:
    """Second call: the learner's function from the original session. The session files stay for the judge."""
    if spec["token"] not in _WORKSPACES:
        return {"setup_error": "session d'origine introuvable"}
    options, original = _WORKSPACES.pop(spec["token"])
    outcome = run_coroutine(explore_forks, original, spec["prompt_a"], spec["prompt_b"], options, seconds=spec[LIMIT_KEY])
    return {"outcome": outcome.to_plain()}
