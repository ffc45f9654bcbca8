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
