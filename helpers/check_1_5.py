"""Checks for notebook 1.5 (Agent SDK hooks) — filled in by the 1.5 work."""
CHECKS: dict = {}
