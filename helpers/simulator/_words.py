"""The simulated model's word tables, kept as data (data/form.toml), read once."""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).with_name("data") / "form.toml"


@lru_cache(maxsize=1)
def words() -> dict:
    return tomllib.loads(DATA.read_text(encoding="utf-8"))
