"""Widgets: the loop, hook, gate, hub-and-spoke, review and session diagrams, scenario questions, « Vérifier »,
the shared stepper.

Each widget keeps its state (plain, testable data) apart from its drawing. Widgets may import the
simulator, the clients and the progress record; never lessons or grading (lessons hand them their data).
"""
from .gate_view import gate_view
from .hook_view import hook_view, record_hooks
from .hub_view import hub_view
from .loop_view import loop_view
from .review_view import review_view
from .session_tree import session_tree

__all__ = ["gate_view", "hook_view", "hub_view", "loop_view", "record_hooks", "review_view", "session_tree"]
