"""The kernel's front door is light: `import helpers` loads what a cell uses, when it uses it."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def loaded_after(code: str) -> dict:
    """The modules a fresh interpreter holds after `code`, beyond those it held before (plain data)."""
    probe = ("import json, sys\nbefore = set(sys.modules)\n" + code +
             "\nnew = sorted(set(sys.modules) - before)\nprint(json.dumps(new))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd="/", timeout=120)
    assert done.returncode == 0, done.stderr
    new = json.loads(done.stdout.splitlines()[-1])
    return {"all": new, "helpers": [m for m in new if m.startswith("helpers")],
            "heavy": [m for m in new if m.split(".")[0] in ("ipywidgets", "IPython", "anthropic", "claude_agent_sdk")]}


def test_import_helpers_alone_loads_nothing_of_the_course():
    assert loaded_after("import helpers")["helpers"] == ["helpers"]


def test_import_helpers_simulator_loads_no_widget_lesson_client_nor_ipython():
    seen = loaded_after("import helpers.simulator")
    assert all(m == "helpers" or m.startswith("helpers.simulator") for m in seen["helpers"]), seen["helpers"]
    assert seen["heavy"] == []
    assert len(seen["all"]) < 150, len(seen["all"])        # 305 when helpers/__init__.py imported everything


def test_a_widget_is_loaded_by_the_cell_that_draws_it_not_before():
    seen = loaded_after("import helpers\nhelpers.mode()")
    assert not any(m.startswith("helpers.widgets") for m in seen["helpers"])
    assert "ipywidgets" not in seen["heavy"]
    seen = loaded_after("import helpers\nhelpers.loop_view")
    assert "helpers.widgets.loop_view" in seen["helpers"]


def test_every_public_name_resolves_and_the_two_functions_keep_their_names():
    """`helpers.simulator()` and `helpers.explain()` stay the functions, even once their module is imported."""
    code = ("import helpers, helpers.simulator, helpers.explain, types\n"
            "assert callable(helpers.simulator) and not isinstance(helpers.simulator, types.ModuleType)\n"
            "assert callable(helpers.explain) and not isinstance(helpers.explain, types.ModuleType)\n"
            "missing = [n for n in helpers.__all__ if getattr(helpers, n, None) is None]\n"
            "assert not missing, missing\n"
            "assert set(helpers.__all__) <= set(dir(helpers))\n"
            "assert helpers.grading.__name__ == 'helpers.grading'\n"
            "try:\n    helpers.nothing_of_the_kind\nexcept AttributeError:\n    pass\nelse:\n    raise SystemExit(1)\n")
    loaded_after(code)
