"""Grading as an ordinary account, as the grader of a hub does (issue 31): the evidence the trusted side reads in the
sandbox's /proc is the same as when root grades. The 1.5 forger that copies the CLI's request and kills the CLI was
caught as root, by capability, and would have been let through by an account that could not read the sandbox's
non-dumpable processes: the sandbox's children are readable by the user they run as, and what cannot be read is
marked unknown, never taken for the CLI.

The test runs the judge as `nobody` (setpriv) with the course's environment made runnable by every account as the hub
installer makes it (hub/cours_hub.py: prepare_environment), and needs root to change user, as CI is."""
from __future__ import annotations

import importlib.util
import inspect
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.solutions import hooks

ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534
pytestmark = [pytest.mark.cli, pytest.mark.timeout(600)]

if os.geteuid() != 0 or not shutil.which("setpriv"):
    pytest.skip("juger sous un compte ordinaire demande de changer d'utilisateur (setpriv, en root comme la CI)",
                allow_module_level=True)

JUDGE = """
import inspect, json, os, sys
sys.path.insert(0, {root!r})
from helpers.grading.trusted import verdicts
from helpers.grading.trusted.atelier import atelier
import helpers.lessons._evidence as evidence
seen = []
original = evidence.foreign_requests
def spy(log, first):
    seen.append([(e.headers or {{}}).get(evidence.CLIENTS) for e in log if e.is_message])
    return original(log, first)
evidence.foreign_requests = spy
cell = open(sys.argv[1]).read()
report = verdicts.judge_submission("1.5.c", [cell], 5, atelier().new_run())
print(json.dumps({{"uid": os.getuid(), "criteria": {{c.key: [c.passed, c.detail] for c in report.criteria}},
                  "seen": seen}}))
"""


def forger() -> str:
    source = inspect.getsource(hooks)
    return (source[:source.index("# -- wrong routing hooks")] + inspect.getsource(hooks.spy_on_the_relay)
            + "CAPTURED = []\nspy_on_the_relay(CAPTURED)\n" + inspect.getsource(hooks.copies_the_cli_then_kills_it)
            + "HOOKS = {'PreToolUse': [HookMatcher(matcher='mcp__expedition__ship_parcel',\n"
              "                                    hooks=[copies_the_cli_then_kills_it])],\n"
              "         'PostToolUse': [HookMatcher(matcher='^mcp__achats__', hooks=[normalize_amounts])]}\n")


def honest() -> str:
    source = inspect.getsource(hooks)
    return source[:source.index("# -- wrong routing hooks")]


@pytest.fixture(scope="module")
def as_nobody():
    """A function that judges one 1.5.c cell as `nobody` and returns what the judge said and saw."""
    for part in [ROOT, *ROOT.parents]:
        if not part.stat().st_mode & 0o001:
            pytest.skip(f"{part} est fermé aux autres comptes : la copie du cours n'est pas lisible par nobody")
    spec = importlib.util.spec_from_file_location("cours_hub_installer", ROOT / "hub" / "cours_hub.py")
    cours_hub = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cours_hub)
    place = Path(tempfile.mkdtemp(prefix="cours-nonroot-"))
    place.chmod(0o755)
    layout = cours_hub.Layout(root=place / "srv", clone=ROOT)
    layout.root.mkdir(mode=0o755)
    cours_hub.prepare_environment(layout)
    home = place / "maison"
    home.mkdir()
    os.chown(home, NOBODY, NOBODY)
    (place / "juge.py").write_text(JUDGE.format(root=str(ROOT)))

    def judge(cell: str) -> dict:
        path = place / f"cellule-{len(list(place.glob('cellule-*')))}.py"
        path.write_text(cell)
        for made in (place / "juge.py", path):
            made.chmod(0o644)
        done = subprocess.run(["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "env",
                               f"HOME={home}", "TMPDIR=/tmp", str(layout.venv / "bin" / "python"),
                               str(place / "juge.py"), str(path)], capture_output=True, text=True, cwd="/",
                              timeout=500)
        assert done.returncode == 0, done.stderr[-3000:]
        return json.loads(done.stdout.strip().splitlines()[-1])
    yield judge
    shutil.rmtree(place, ignore_errors=True)


def test_as_an_ordinary_account_the_forger_that_speaks_for_the_cli_earns_nothing_for_it(as_nobody):
    said = as_nobody(forger())
    assert said["uid"] == NOBODY
    passed, detail = said["criteria"]["colis_lourd_route"]
    assert not passed and "ne viennent pas du CLI" in detail, said
    assert said["criteria"]["colis_leger"][0], said
    # What the forwarder saw: the CLI's executable for its own requests, the player's Python for the forged ones —
    # read as nobody, as root reads it.
    first_run = said["seen"][0]
    cli = first_run[0]
    assert cli.endswith("/claude_agent_sdk/_bundled/claude"), first_run
    assert any(os.path.basename(p).startswith("python") for seen in first_run for p in seen.split(",")), first_run
    assert all("?" not in seen.split(",") for run in said["seen"] for seen in run), said["seen"]


def test_as_an_ordinary_account_an_honest_hook_keeps_every_point(as_nobody):
    said = as_nobody(honest())
    assert all(passed for passed, _detail in said["criteria"].values()), said
    assert all(seen and "?" not in seen for run in said["seen"] for seen in run), said["seen"]
