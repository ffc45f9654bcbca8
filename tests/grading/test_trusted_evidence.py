"""Hostile submissions judged in the real sandbox (issue 23): forged evidence earns nothing, and no submission
stalls or swells the grader.

Each is judged as nbgrader's trusted process judges it (`judge_submission`: the cells in a fresh sandboxed player,
the scenarios on the judge's simulators, through the forwarder), beside the correct solution where a comparison
says something. Time and peak memory of this process — the grader — are measured while judging.
"""
from __future__ import annotations

import inspect
import threading
import time
from pathlib import Path

import pytest

from helpers.grading.trusted import verdicts
from solutions import coordinators, gates

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


def rss() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


class Peak:
    """The grader's peak resident memory above its level at the start, sampled every 20 ms."""

    def __enter__(self) -> "Peak":
        self.start, self.peak, self.seconds = rss(), 0, 0.0
        self._done = threading.Event()
        self._began = time.monotonic()
        threading.Thread(target=self._sample, daemon=True).start()
        return self

    def _sample(self) -> None:
        while not self._done.wait(0.02):
            self.peak = max(self.peak, rss() - self.start)

    def __exit__(self, *exc) -> None:
        self._done.set()
        self.seconds = time.monotonic() - self._began
        self.peak = max(self.peak, rss() - self.start)


def judged(exercise: str, cells: list[str], seed: int = 5):
    from helpers.grading.trusted.atelier import atelier
    return verdicts.judge_submission(exercise, cells, seed, atelier().new_run())


def test_swapping_the_code_of_the_players_play_earns_nothing():
    """1.4.a: a stub, and a cell that swaps `checks.play.__code__` for a forged play. The id of `play` is kept; its
    code is not: the tamper check sees it, and the payments the judge counts are on its own side anyway."""
    stub = "def make_support_tools(crm, payments):\n    raise NotImplementedError()\n"
    forge = ("import helpers.lessons.ts1_4.play as checks\n"
             "def forged(objects, spec):\n"
             "    return {'made': {'described': [{'tool': True, 'name': 'get_customer', 'properties': {}}]},\n"
             "            'result': {'value': {'content': [{'type': 'text', 'text': 'get_customer'}], 'is_error': True}}}\n"
             "checks.play.__code__ = forged.__code__\n")
    report = judged("1.4.a", ["import json", stub + "\n" + forge])
    assert report.score == 0, str(report)
    assert report.criteria[0].key == "verification_modifiee", str(report)


def test_megabytes_of_empty_objects_do_not_swell_the_grader():
    """1.2.a: eight 4 MiB bodies of `[{},…]` took the grader from 280 MB to 1.7 GB. Refused by the forwarder
    (too many JSON containers), never parsed nor kept: the grader's memory stays where it was."""
    from test_time_budget import FLOOD_1_2 as flood      # the same flood, bounded in time there
    with Peak() as peak:
        report = judged("1.2.a", ["import json", flood])
    print(f"1.2.a, 8 × 4 Mio de [{{}},…] par scénario : {peak.seconds:.1f} s, pic mémoire du correcteur "
          f"+{peak.peak / 2**20:.0f} Mio")
    assert report.score < 5, str(report)
    assert peak.peak < 200 * 2**20, f"+{peak.peak / 2**20:.0f} Mio"


def test_a_review_that_switches_off_its_alarm_and_floods_is_bounded_in_time_and_memory():
    """1.6.a: after its local passes, the function switches off the player's alarm and sends request after request,
    each two files plus 100 kB. 166 s for one submission before (23 s for the stub), hours within the forwarder's
    old allowance. The judge stops waiting at the scenario's own limit, reads a bounded number of requests, and the
    forwarder's budget per exercise bounds the rest."""
    from test_time_budget import flood_1_6
    flood = flood_1_6()                               # the same flood, bounded in time there
    with Peak() as peak:
        report = judged("1.6.a", ["import json", flood])
    print(f"1.6.a, alarme coupée puis requêtes de 100 ko : {peak.seconds:.1f} s, pic mémoire du correcteur "
          f"+{peak.peak / 2**20:.0f} Mio ; {report.score} / {report.max_score}")
    assert report.score < 5, str(report)
    assert peak.seconds < 120, peak.seconds
    assert peak.peak < 400 * 2**20, f"+{peak.peak / 2**20:.0f} Mio"


def test_correct_solutions_keep_full_marks_in_the_sandbox():
    coordinate = "import json, concurrent.futures, anthropic\n" + inspect.getsource(coordinators.coordinate)
    gate = ("import json\nfrom claude_agent_sdk import tool\n" + inspect.getsource(gates.text)
            + inspect.getsource(gates.refusal) + f"REFUSED = {gates.REFUSED!r}\nFAILED = {gates.FAILED!r}\n"
            + inspect.getsource(gates.make_support_tools))
    assert judged("1.2.a", [coordinate]).score == 10
    report = judged("1.4.a", [gate])
    assert report.score == report.max_score, str(report)
