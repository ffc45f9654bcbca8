"""Refusals: the few requests the simulated model declines (stop_reason "refusal", HTTP 200)."""
from __future__ import annotations

import re

from .._conversation import Conversation
from .._reply import Reply, playbook, refusal

# (pattern, policy category) — a handful of unmistakable requests, enough to meet a refusal offline.
DECLINED = [
    (re.compile(r"rançongiciel|ransomware|malware|keylogger|exploit (?:zero|0)-?day", re.I), "cyber"),
    (re.compile(r"arme biologique|agent pathogène.*(?:cultiver|militaris)|toxine.*(?:produire|synthétis)", re.I), "bio"),
    (re.compile(r"fabriquer (?:une )?bombe|explosif artisanal", re.I), "general_harms"),
]


@playbook("refus")
def PLAYBOOK(conv: Conversation) -> Reply | None:
    request = conv.last_user_text
    for pattern, category in DECLINED:
        if pattern.search(request):
            return refusal("Je ne peux pas aider avec cette demande.", category=category)
    return None
