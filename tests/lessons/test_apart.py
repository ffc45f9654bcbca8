"""« Vérifier » always ends, within its time, and gives its memory back: the check runs in a child of the kernel.

Unit level here (helpers.lessons.check_apart, what the button calls); tests/widgets/test_verify_clicks.py clicks the
real button twenty times in a real kernel.
"""
from __future__ import annotations

import signal
import time

from helpers import lessons
from helpers.lessons import _apart
from solutions import loops


def rss_mb() -> float:
    return _apart._rss_mb(__import__("os").getpid())


def test_a_correct_loop_still_gets_full_marks_when_checked_apart():
    report = lessons.check_apart("1.1.a", loops.run_agent)
    assert report.score == report.max_score == 10, str(report)


def test_a_loop_without_a_cap_checked_three_times_ends_each_time_and_the_caller_does_not_grow():
    lessons.check_apart("1.1.a", loops.run_agent)                  # what a first click loads, loaded
    before = rss_mb()
    for _ in range(3):
        started = time.monotonic()
        report = lessons.check_apart("1.1.a", loops.no_cap)
        assert time.monotonic() - started < 30
        assert not report.get("plafond").passed and "pas de plafond" in report.get("plafond").detail
    assert rss_mb() - before < 15, f"{rss_mb() - before:.0f} Mo de plus après trois vérifications"


def exits_the_process(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    import os
    os._exit(3)


def test_learner_code_that_ends_the_process_leaves_the_kernel_alive_with_a_french_report():
    report = lessons.check_apart("1.1.a", exits_the_process)
    assert report.score == 0 and len(report.criteria) == 1
    assert "s'est arrêtée sans rapport" in report.criteria[0].rule and "os._exit" in report.criteria[0].detail


def blocks_the_alarm_and_sleeps(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    """Out of reach of the in-process deadline (its SIGALRM blocked): only the watch from outside can stop it."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    time.sleep(3600)


def test_code_out_of_reach_of_the_deadline_is_stopped_from_outside_at_its_scenarios_limit(monkeypatch):
    monkeypatch.setattr(_apart, "DEFAULT_LIMIT_S", 1.0)
    monkeypatch.setattr(_apart, "MARGIN_S", 2.0)
    started = time.monotonic()
    report = lessons.check_apart("1.1.a", blocks_the_alarm_and_sleeps)
    assert time.monotonic() - started < 10
    assert "a dépassé son temps" in report.criteria[0].rule and "pendant le scénario 1" in report.criteria[0].rule
    assert "le noyau est intact" in report.criteria[0].detail.replace("\u202f", " ").replace(",", "")


def swells(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    kept = []
    while True:
        kept.append(bytearray(10_000_000))
        time.sleep(0.01)


def test_code_that_swells_is_stopped_past_its_memory_and_the_memory_goes_back(monkeypatch):
    monkeypatch.setattr(_apart, "MEMORY_MB", 200)
    before = rss_mb()
    report = lessons.check_apart("1.1.a", swells)
    assert "plus de 200 Mo de mémoire" in report.criteria[0].rule, str(report)
    assert rss_mb() - before < 15


def test_a_quiz_is_read_in_the_kernel_itself():
    report = lessons.check_apart("1.1.q", {"q1": "A"}, None)
    assert report.criteria[0].key == "corrige"


def test_the_watch_gives_each_scenario_the_limit_it_carries(monkeypatch):
    monkeypatch.setattr(_apart, "MARGIN_S", 1.0)

    def check(progress):
        progress({"limite_s": 1})
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(3600)
    started = time.monotonic()
    report = _apart.run_apart("9.9.a", 2, check)
    assert time.monotonic() - started < 8
    assert report.score == 0 and report.max_score == 2 and "(1 s)" in report.criteria[0].detail
