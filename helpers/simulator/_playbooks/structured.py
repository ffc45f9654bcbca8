"""Structured output: a request with `output_config.format` (`json_schema`) gets one text block of JSON
valid against that schema, its values read from the request by the engine's filler (as for a tool input).
Like the real API under structured outputs, the JSON always parses and fits the schema; whether the
values are *right* is another matter, which is why an application still validates its business rules.
"""
from __future__ import annotations

import json

from .._conversation import Conversation
from .._model import Reply, playbook, text


@playbook("sortie structurée")
def PLAYBOOK(conv: Conversation) -> Reply | None:
    config = conv.body.get("output_config")
    fmt = config.get("format") if isinstance(config, dict) else None
    if not (isinstance(fmt, dict) and fmt.get("type") == "json_schema" and isinstance(fmt.get("schema"), dict)):
        return None
    if conv.app_tools and any(b.get("type") == "tool_use" for t in conv.turns[-1:] for b in t["content"]):
        return None
    from .._engine import Engine, _filling
    engine = Engine(conv)
    pseudo_tool = {"name": "sortie", "input_schema": fmt["schema"]}
    filled = _filling.fill(pseudo_tool, _filling.Context(engine.facts), forced=True)
    return text(json.dumps(filled.input, ensure_ascii=False))
