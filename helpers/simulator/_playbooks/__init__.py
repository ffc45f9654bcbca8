"""The simulated model's playbooks, one module per course scenario, tried in this order; the last
one is the general engine (simulator/_engine), which answers whatever no scenario recognises.

Interface (stable): `Playbook.respond(conv) -> Reply | None`, `Conversation`, `Reply.say/.call`,
`Script`/`Step`/`ScriptBook`, `default_playbooks()`. A scenario may use the engine's pieces
(`_engine.read(conv)`, the Reading every stage shares; `_engine.recognisers`; `_engine.assignment.by_name`,
`stated`; `_engine.Engine(conv).plan`): one reader for everyone, no scenario has a reader of values of its own.
"""
from __future__ import annotations

from .scripted import Script, ScriptBook, Step

__all__ = ["Script", "ScriptBook", "Step", "default_playbooks"]


def default_playbooks() -> list:
    from .._engine import agents
    from . import amounts, chat, research, review, safety, search_calc, sessions, shipping, support
    return [
        safety.PLAYBOOK,          # a refusal comes before anything else
        ScriptBook(),             # graders' scripted conversations
        research.SUBAGENT,        # inside a subagent: only its own prompt and tools
        research.COORDINATOR,     # 1.2, 1.3: a coordinator told to hand every part to its agents at once
        agents.PLAYBOOK,          # the Agent SDK's CLI: delegation as Claude does it, « call X first », StructuredOutput
        sessions.PLAYBOOK,        # 1.7: files read with the CLI's Read tool; old results keep weighing
        review.PLAYBOOK,          # 1.6: files pasted with their path → findings; interfaces → integration
                                  # (before DIRECT, which answers any request asking for « findings » JSON)
        research.DIRECT,          # Messages API subagents: findings as JSON, a synthesis that cites them
        amounts.PLAYBOOK,         # lab 1.5: « du moins cher au plus cher » over suppliers' quotes (DEV-…)
        shipping.PLAYBOOK,        # lab 1.5: get_order / ship_parcel, and the tool a refusal points to
        support.PLAYBOOK,         # get_customer / lookup_order / process_refund / escalate_to_human
        search_calc.PLAYBOOK,     # lab 1.1: search + calculator
        chat.PLAYBOOK,            # always answers
    ]
