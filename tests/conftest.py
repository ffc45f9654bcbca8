"""Shared fixtures: a running simulator at a known base URL, a real client on it, a clean environment."""
from __future__ import annotations

import anthropic
import pytest

import helpers

MODEL = "claude-sonnet-5-5"


@pytest.fixture(autouse=True)
def offline_environment(monkeypatch, tmp_path):
    """Every test starts offline, without a key, with its own CLI workspace."""
    for var in ("ANTHROPIC_API_KEY", "COURS_MODE", "COURS_MODELE", "COURS_BUDGET_USD"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COURS_ATELIER", str(tmp_path / "atelier"))
    monkeypatch.setenv("COURS_PARCOURS", str(tmp_path / "parcours"))     # « Mon parcours » never writes in HOME


@pytest.fixture
def sim():
    simulator = helpers.Simulator().start()
    yield simulator
    simulator.stop()


@pytest.fixture
def client(sim):
    return anthropic.Anthropic(base_url=sim.base_url, api_key="sk-ant-test", max_retries=0)


def tool(name: str, **properties: str) -> dict:
    """A tool definition with string properties, all required."""
    return {"name": name, "description": f"Outil {name}.",
            "input_schema": {"type": "object", "properties": {p: {"type": t} for p, t in properties.items()},
                             "required": list(properties)}}


# Grading runs learner code only inside bubblewrap: without it, the tests that grade cannot run. Outside CI
# they are skipped with the reason; in CI (CI=true) `./cours test` has installed it, so its absence fails.
GRADING_TESTS = {"test_nbgrader.py", "test_nbgrader_cycle.py", "test_grading_security.py", "test_shards_postgres.py",
                 "test_sandbox.py"}


def _grades(item) -> bool:
    return item.path.name in GRADING_TESTS or item.path.name.startswith("test_nbgrader_")


def pytest_collection_modifyitems(config, items):
    import os
    import shutil
    if shutil.which("bwrap") or os.environ.get("CI") == "true":
        return
    skip = pytest.mark.skip(reason="bubblewrap (bwrap) est absent : la correction ne peut pas isoler le code des "
                                   "étudiants. Installez-le (sudo apt install bubblewrap) pour lancer ce test.")
    for item in items:
        if _grades(item) or (item.path.name in ("test_cohort.py", "test_dashboard.py")
                                               and item.get_closest_marker("slow")):
            item.add_marker(skip)


def pytest_sessionfinish(session, exitstatus):
    """The kernels' zygote (helpers/warm_kernel.py) that the tests' kernels shared leaves with the test run."""
    if hasattr(session.config, "workerinput"):
        return
    import sys

    from helpers.kernel import warm as warm_kernel
    warm_kernel.stop(sys.executable)
