"""The trusted side of grading: the verdict service, nbgrader's preprocessors, the sandbox kernel,
cohort grading in parallel and the dashboard's data. It imports the lessons' registry and checks;
only nbgrader_config.py, the hidden test cells (`grade`, `partial`) and instructors' tools import it.
"""
from ..lessons._kit import partial
from .verdicts import grade

__all__ = ["grade", "partial"]
