"""Widgets: the loop, hook and gate diagrams, scenario questions, the « Vérifier » button, the shared stepper.

Each widget keeps its state (plain, testable data) apart from its drawing. Widgets may import the
simulator and the clients; never lessons or grading (lessons hand them their data).
"""
from .gate_view import gate_view
from .hook_view import hook_view, record_hooks
from .loop_view import loop_view

__all__ = ["gate_view", "hook_view", "loop_view", "record_hooks"]
