"""Widgets: the loop, hook, gate and hub-and-spoke diagrams, scenario questions, the « Vérifier » button, the
shared stepper.

Each widget keeps its state (plain, testable data) apart from its drawing. Widgets may import the
simulator and the clients; never lessons or grading (lessons hand them their data).
"""
from .gate_view import gate_view
from .hook_view import hook_view, record_hooks
from .hub_view import hub_view
from .loop_view import loop_view

__all__ = ["gate_view", "hook_view", "hub_view", "loop_view", "record_hooks"]
