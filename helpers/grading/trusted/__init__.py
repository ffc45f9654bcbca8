"""Grading's trusted side: nbgrader's process, where no learner code ever runs (see helpers/grading/__init__.py).

Inside a sandbox this package is absent: each of its files reads as one line raising ImportError (sandbox.py).
"""
