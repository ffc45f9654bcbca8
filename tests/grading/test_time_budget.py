"""Every submission's grading is bounded by its exercise's time, on the trusted side's clock (`Exercise.seconds`).

Each scenario had its own limit, and the judge stopped waiting there; but a submission can spend each limit in turn:
eight requests of 4 MiB that hang until the alarm (1.2.a, 60 s for one submission), or an alarm switched off and a
flood of requests (1.6.a, 37 s). The scenarios of one exercise now share one clock: spent, the running scenario is
stopped, the simulators refuse every request unread, the scenarios left count as failed, and the report says so.

The bound is read against the slowest honest submission of the exercise's catalogue, judged just before in the same
process (same load, zygote warm): a correct solution for 1.6.a, the sequential coordinator for 1.2.a (8 s: in the
« en parallèle » scenario each of its requests waits the desk's one-second barrier). The honest stub of these two
exercises raises at once and costs no scenario any time: no budget that lets a correct solution finish is within twice
nothing. And a budget below an honest submission's time costs it points its function earned (the sequential
coordinator got 4.5 instead of the check's 8 with 4.5 s for 1.2.a): time is no criterion of these exercises.
"""
from __future__ import annotations

import inspect
import json
import socket

import pytest

from helpers import lessons
from helpers.grading.trusted import verdicts
from solutions import coordinators, review
from test_trusted_evidence import Peak, judged

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

GRADED = [e for e in lessons.exercises().values() if not e.is_quiz]

FLOOD_1_2 = ("import json, urllib.request\n"
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

SLEEPER_1_2 = ("import time\n"
               "def coordinate(client, topic, subtopics, *, model, max_tokens=1024):\n"
               "    time.sleep(11.5)\n"
               "    return {'findings': [], 'gaps': list(subtopics)}\n")


def flood_1_6() -> str:
    source = inspect.getsource(review)
    helpers_code = source[source.index("def _ask("):source.index("# -- correct")]
    return ("import json, signal\n" + helpers_code +
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


HONEST = {"1.2.a": lambda: [inspect.getsource(coordinators), "coordinate = sequential\n"],
          "1.6.a": lambda: [inspect.getsource(review)[:inspect.getsource(review).index("# -- wrong")]]}


def reference(exercise: str):
    """The slowest honest submission's grading, timed: the first judging of a process also starts its zygote, so
    twice."""
    cells = HONEST[exercise]()
    judged(exercise, cells)
    with Peak() as peak:
        report = judged(exercise, cells)
    assert report.score > 0, str(report)
    return peak


@pytest.mark.parametrize("exercise, cells", [("1.2.a", ["import json", FLOOD_1_2]), ("1.2.a", [SLEEPER_1_2]),
                                             ("1.6.a", None)],
                         ids=["1.2.a-8x4Mio-de-[{}]", "1.2.a-chaque-limite-depensee", "1.6.a-alarme-coupee-puis-flot"])
def test_a_flood_is_graded_within_twice_the_slowest_honest_submissions_time(exercise, cells, monkeypatch):
    """Twice on a machine with a core free; on a busy one, the exercise's time is stretched by the slowdown the grader
    measured (at most MAX_STRETCH), and so is the bound."""
    cells = cells or ["import json", flood_1_6()]
    correct = reference(exercise)
    measured = []
    slowdown = verdicts.slowdown
    monkeypatch.setattr(verdicts, "slowdown", lambda: measured.append(slowdown()) or measured[-1])
    with Peak() as peak:
        report = judged(exercise, cells)
    stretch = max(1.0, *measured)
    print(f"{exercise} : {peak.seconds:.1f} s (soumission honnête la plus lente : {correct.seconds:.1f} s ; "
          f"ralentissement mesuré "
          f"×{stretch:.2f}), pic mémoire du correcteur {(peak.start + peak.peak) / 2**20:.0f} Mio "
          f"(+{peak.peak / 2**20:.0f}) ; {report.score} / {report.max_score}")
    assert report.score < 5, str(report)
    spent = next((c for c in report.criteria if c.key == "temps"), None)
    assert spent is not None and not spent.passed and "le temps prévu pour cet exercice" in spent.detail, str(report)
    assert peak.seconds <= stretch * (2 * correct.seconds + 1), (peak.seconds, correct.seconds, stretch)
    assert peak.start + peak.peak < 2**30


def test_the_slowdown_is_one_with_a_core_free_and_never_more_than_max_stretch():
    assert verdicts.Clock(5, stretch=1.0).seconds == 5.0 and verdicts.Clock(5, stretch=1.5).seconds == 7.5
    assert 1.0 <= verdicts.slowdown() <= verdicts.MAX_STRETCH
    assert verdicts.Clock(0).seconds == 0 and verdicts.Clock(0).left() == float("inf")


def test_every_graded_exercise_has_a_time_of_its_own():
    """Spent one scenario limit after another, the scenarios' own limits add up to minutes; each exercise's time is a
    few seconds (the slowest honest submission's, with room for a busy machine)."""
    for spec in GRADED:
        assert 0 < spec.seconds <= 10, (spec.id, spec.seconds)


def test_once_the_exercise_is_spent_the_forwarder_refuses_every_request_unread(tmp_path):
    from helpers.grading.trusted.forwarder import Budget, Forwarder
    from helpers.simulator import Simulator
    from test_sandbox import ask
    sim = Simulator().start()
    budget = Budget()
    fwd = Forwarder(str(tmp_path / "api.sock"), int(sim.base_url.rsplit(":", 1)[1]), budget)
    try:
        body = json.dumps({"model": "claude-sonnet-5-5", "max_tokens": 50,
                           "messages": [{"role": "user", "content": "Bonjour"}]}).encode()
        raw = (b"POST /v1/messages HTTP/1.1\r\nhost: x\r\nx-api-key: k\r\ncontent-type: application/json\r\n"
               b"content-length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        assert ask(fwd.path, raw).startswith(b"HTTP/1.1 200")
        budget.close(verdicts.spent_message(5))
        # A body announced and never sent: refused as soon as the headers are in, not after REQUEST_SECONDS.
        head = raw[:raw.index(b"\r\n\r\n") + 4]
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(fwd.path)
            s.settimeout(5)
            s.sendall(head)
            answer = s.recv(65536)
        assert answer.startswith(b"HTTP/1.1 429"), answer[:300]
        message = json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"]["message"]
        assert message.startswith("Temps de vérification de l'exercice épuisé (5 s pour tous les scénarios)"), message
        assert len(sim.log.since(0)) == 1
    finally:
        fwd.close()
        sim.stop()


def test_cells_that_sleep_cost_the_cells_allowance_once_and_the_functions_are_still_judged():
    """Four cells that each sleep 9.5 s (each within its own 10 s alarm): 32 s for one exercise, and again for each
    exercise of the notebook. The cells of one judging have SETUP_TOTAL together, counted while they run; past it, the
    cells reduced to their definitions are judged."""
    from solutions.attacks import CORRECT as LOOP
    judged("1.1.a", ["import json", LOOP])
    with Peak() as correct:
        assert judged("1.1.a", ["import json", LOOP]).score == 10
    sleeping = ["import json, time\ntime.sleep(9.5)\n"] + ["time.sleep(9.5)\n"] * 3 + [LOOP]
    with Peak() as peak:
        report = judged("1.1.a", sleeping)
    print(f"1.1.a, quatre cellules qui dorment 9,5 s : {peak.seconds:.1f} s (solution correcte : {correct.seconds:.1f} s)")
    assert report.score == 10, str(report)
    assert peak.seconds <= correct.seconds + verdicts.SETUP_TOTAL + 2, (peak.seconds, correct.seconds)


@pytest.mark.parametrize("body", ["    while True:\n        pass\n", "    import time\n    time.sleep(60)\n"])
def test_a_hook_that_never_returns_lets_no_parcel_pass_for_light(body):
    """1.5.a: a hook that never hands back was credited « un colis léger passe »: what the trusted side reports in
    its stead (past its time, clock spent) was read as an answer with no deny. It is no allowance."""
    hook = "MAX_PARCEL_KG = 30\nasync def route_heavy_parcels(input_data, tool_use_id, context):\n" + body
    report = judged("1.5.a", ["import json", hook])
    assert report.score == 0, str(report)
