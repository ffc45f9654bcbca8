"""The offline Messages API: loopback server, wire format, strictness, request log, token counts,
and the simulated model: a general engine (_engine/) that reads any request, with the course's
scenario playbooks (_playbooks/) on top of it.

Imports nothing from the rest of `helpers` (a test enforces it): everything else builds on it.
"""
from ._log import Exchange, RequestLog
from ._playbooks import Script, Step
from ._server import FAULT_KINDS, REJECTED_KEY, Simulator, known_models

__all__ = ["FAULT_KINDS", "REJECTED_KEY", "Exchange", "RequestLog", "Script", "Simulator", "Step", "known_models"]
