"""Grading runs learner code only inside bubblewrap: without it, the tests that grade cannot run.

Outside CI they are skipped with the reason; in CI (CI=true), `./cours test` has installed it, so
its absence is a failure, never a silent skip.
"""
from __future__ import annotations

import os
import shutil

import pytest

GRADES = {"test_nbgrader.py", "test_nbgrader_cycle.py", "test_grading_security.py", "test_shards_postgres.py",
          "test_sandbox.py"}


def pytest_collection_modifyitems(config, items):
    if shutil.which("bwrap") or os.environ.get("CI") == "true":
        return
    skip = pytest.mark.skip(reason="bubblewrap (bwrap) est absent : la correction ne peut pas isoler le code des "
                                   "étudiants. Installez-le (sudo apt install bubblewrap) pour lancer ce test.")
    for item in items:
        if item.path.name in GRADES or (item.path.name in ("test_cohort.py", "test_dashboard.py")
                                        and item.get_closest_marker("slow")):
            item.add_marker(skip)
