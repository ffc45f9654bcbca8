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
from solutions import coordinators, gates, review

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
    flood = ("import json, urllib.request\n"
             "def coordinate(client, topic, subtopics, *, model, max_tokens=1024):\n"
             "    body = ('{\"model\": \"%s\", \"max_tokens\": 10, \"messages\": [' % model + ','.join(['{}'] * "
             "(4 * 2**20 // 3 - 20)) + ']}').encode()\n"
             "    for _ in range(8):\n"
             "        request = urllib.request.Request(str(client.base_url).rstrip('/') + '/v1/messages', data=body,\n"
             "                                         headers={'content-type': 'application/json', 'x-api-key': 'k',\n"
             "                                                  'anthropic-version': '2023-06-01'})\n"
             "        try:\n            urllib.request.urlopen(request, timeout=20).read()\n"
             "        except Exception:\n            pass\n"
             "    return {'findings': [], 'gaps': list(subtopics)}\n")
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
    source = inspect.getsource(review)
    helpers_code = source[source.index("def _ask("):source.index("# -- correct")]
    flood = ("import json, signal\nfrom concurrent.futures import ThreadPoolExecutor\n" + helpers_code +
             "def review_pull_request(client, files, *, model, max_tokens=1024):\n"
             "    local = {p: _ask(client, _local_prompt(p, s), model, max_tokens) for p, s in files.items()}\n"
             "    signal.setitimer(signal.ITIMER_REAL, 0)\n"
             "    paths = list(files)\n"
             "    for _ in range(2000):\n"
             "        try:\n"
             "            client.messages.create(model=model, max_tokens=max_tokens, messages=[{'role': 'user',\n"
             "                'content': files[paths[0]] + files[paths[1]] + 'x' * 100_000}])\n"
             "        except Exception:\n            pass\n"
             "    return {'per_file': {p: r['findings'] for p, r in local.items()}, 'cross_file': []}\n")
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
