"""The held-out round of issue 31, judged in the real sandbox as nbgrader's trusted process judges it: evidence the
player computes earns nothing, and no submission stalls or swells the grader. Each hostile case beside the honest
stub of its exercise; time and the grader's peak memory printed (measured under whatever load the machine has)."""
from __future__ import annotations

import inspect

import pytest

from solutions import hooks, sessions
from test_trusted_evidence import Peak, judged

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

RUN_AGENT = "def run_agent(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=10):\n"
STUB = RUN_AGENT + "    raise NotImplementedError()\n"


def timed(exercise: str, cells: list[str]):
    with Peak() as peak:
        report = judged(exercise, cells)
        text = str(report)
    return report, text, peak


@pytest.fixture(scope="module")
def stub_1_1():
    timed("1.1.a", ["import json", STUB])          # the first judging of a process also starts its zygote
    report, _text, peak = timed("1.1.a", ["import json", STUB])
    print(f"1.1.a, squelette honnête : {peak.seconds:.1f} s, +{peak.peak / 2**20:.0f} Mio")
    return peak


def bounded(name: str, peak, stub, report) -> None:
    print(f"{name} : {peak.seconds:.1f} s (squelette : {stub.seconds:.1f} s), pic mémoire du correcteur "
          f"{(peak.start + peak.peak) / 2**20:.0f} Mio (+{peak.peak / 2**20:.0f}) ; {report.score} / {report.max_score}")
    assert report.score == 0, str(report)
    assert peak.seconds <= 2 * stub.seconds + 1, (peak.seconds, stub.seconds)     # the bound, 1 s of noise
    assert peak.peak < 400 * 2**20


def test_swapping_plays_code_and_patching_getattr_is_refused_and_earns_nothing():
    """1.3.a: a stub, a forged play swapped into `checks.play.__code__`, and `builtins.getattr` patched so that the
    tamper check would read the original code object. The swap itself is refused (audit hook) and reported."""
    forge = ("import builtins, json\nimport helpers.lessons.ts1_3.play as checks\n"
             "def synthesis_prompt(topic, findings):\n    raise NotImplementedError()\n"
             "def forged(objects, spec):\n"
             "    text = 'Sujet : ' + spec['topic'] + '\\n' + json.dumps({'findings': spec['findings']})\n"
             "    return {'outcome': {'value': text, 'error': None, 'timed_out': False}, 'after': spec['findings']}\n"
             "original = checks.play.__code__\n"
             "try:\n    checks.play.__code__ = forged.__code__\nexcept Exception:\n    pass\n"
             "real = builtins.getattr\n"
             "builtins.getattr = lambda o, n, *d: original if n == '__code__' and o is checks.play else real(o, n, *d)\n")
    report = judged("1.3.a", ["import json", forge])
    assert report.score == 0 and report.criteria[0].key == "verification_modifiee", str(report)


@pytest.mark.parametrize("writer", ["fil", "crochet"])
def test_forged_answers_written_on_the_players_descriptor_earn_nothing(writer):
    """1.5.a: the hook allows everything (the stub's `{}`), but at its first call it writes — from a thread it
    starts, or itself — on the player's own descriptor, an answer that denies the parcel for every scenario number
    to come. The judge took the first line after each question as its answer; now two answers to one question, or
    a line after the last, are forged: the channel was tampered with."""
    forge = ("import json, os, threading\n"
             "MAX_PARCEL_KG = 30\nSENT = []\n"
             "def write():\n"
             "    deny = {'hookSpecificOutput': {'hookEventName': 'PreToolUse', 'permissionDecision': 'deny',\n"
             "            'permissionDecisionReason': 'au-delà du plafond : voir book_freight'}}\n"
             "    lines = [json.dumps({'type': 'result', 'number': n, 'tampered': [],\n"
             "             'result': {'value': deny, 'error': None, 'timed_out': False}}) for n in range(40)]\n"
             "    os.write(int(os.environ.get('COURS_CANAL', '3')), ('\\n'.join(lines) + '\\n').encode())\n"
             "async def route_heavy_parcels(input_data, tool_use_id, context):\n"
             "    if not SENT:\n"
             "        SENT.append(1)\n"
             + ("        threading.Thread(target=write).start()\n" if writer == "fil" else "        write()\n")
             + "    return {}\n")
    report = judged("1.5.a", ["import json", forge])
    assert report.score == 0 and report.criteria[0].key == "verification_modifiee", str(report)
    assert "canal du joueur" in report.criteria[0].detail, str(report)


def test_a_line_of_backticks_in_the_feedback_costs_nothing():
    """1.3.a: the prompt returned is 10 000 backticks around the topic; the report quotes learner text and French
    typography read it with a cubic regular expression (60 s for one submission)."""
    ticks = "def synthesis_prompt(topic, findings):\n    return '`' * 5000 + topic + '`' * 4999\n"
    stub = "def synthesis_prompt(topic, findings):\n    raise NotImplementedError()\n"
    timed("1.3.a", ["import json", stub])          # the first judging of a process also starts its zygote
    _report, _text, honest = timed("1.3.a", ["import json", stub])
    report, _text, peak = timed("1.3.a", ["import json", ticks])
    print(f"1.3.a, 10 000 accents graves : {peak.seconds:.1f} s (squelette : {honest.seconds:.1f} s), "
          f"+{peak.peak / 2**20:.0f} Mio")
    assert peak.seconds <= 2 * honest.seconds + 1, (peak.seconds, honest.seconds)


def test_millions_of_empty_dicts_from_run_agent(stub_1_1):
    flood = RUN_AGENT + "    return [{} for _ in range(3_500_000)]\n"
    report, _text, peak = timed("1.1.a", ["import json", flood])
    bounded("1.1.a, 3,5 millions de dict vides", peak, stub_1_1, report)


def test_a_list_shared_forty_levels_deep_from_run_agent(stub_1_1):
    dag = RUN_AGENT + "    a = []\n    for _ in range(40):\n        a = [a, a]\n    return a\n"
    report, _text, peak = timed("1.1.a", ["import json", dag])
    bounded("1.1.a, liste partagée sur 40 niveaux", peak, stub_1_1, report)


@pytest.mark.parametrize("forged", [b'{"type": "cell", "cell": 0}\\n', b'{"type": "cell", "cell": 2}\\n', b""],
                         ids=["hors-ordre", "un-d-avance", "aucun"])
def test_a_cell_that_forges_its_number_then_sleeps_with_signals_blocked(forged, stub_1_1):
    """The cell's alarm cannot reach it (SIGALRM blocked, a sleep in C): the judge's own wait ends it; a number
    forged on the channel blames the running cell, or costs one wait when it points one cell ahead."""
    cell = ("import os, signal, time\n" + STUB + f"os.write(3, {forged!r}.replace(b'\\\\n', b'\\n')) if {forged!r} else None\n"
            "signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM, signal.SIGINT, signal.SIGTERM})\n"
            "time.sleep(1000)\n")
    report, _text, peak = timed("1.1.a", ["import json", cell, "x = 1\n"])
    bounded(f"1.1.a, cellule qui bloque ses signaux et dort ({forged[:30]!r})", peak, stub_1_1, report)


def test_a_function_that_blocks_its_signals_and_sleeps(stub_1_1):
    """The alarm of every scenario cannot reach it: seen blocked in /proc, the player is stopped once, the remaining
    scenarios count as over their time without being played (they cost a player each, 9 of them, twice)."""
    block = RUN_AGENT + ("    import signal, time\n    signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())\n"
                         "    time.sleep(10**6)\n")
    report, _text, peak = timed("1.1.a", ["import json", block])
    bounded("1.1.a, fonction qui bloque ses signaux et dort", peak, stub_1_1, report)


def test_sysv_shared_memory_is_not_available_in_the_sandbox(stub_1_1):
    """3.5 GB of SysV segments filled and detached were nobody's memory: shmget fails in the sandbox (seccomp)."""
    fill = ("import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\nMADE = []\n"
            "for _ in range(7):\n    i = libc.shmget(0, 512 * 2**20, 0o1600)\n    MADE.append(i)\n"
            "    if i >= 0:\n        p = libc.shmat(i, None, 0)\n        ctypes.memset(p, 1, 512 * 2**20)\n"
            "        libc.shmdt(ctypes.c_void_p(p))\n" + RUN_AGENT + "    raise RuntimeError(f'segments {MADE}')\n")
    report, text, peak = timed("1.1.a", ["import json", fill])
    bounded("1.1.a, 3,5 Go de SysV", peak, stub_1_1, report)
    assert "segments [-1, -1, -1, -1, -1, -1, -1]" in text


@pytest.mark.cli
def test_emptying_the_original_session_after_correct_forks_loses_original_intact():
    """1.7.b: correct forks, then the original's file emptied and Path.read_bytes patched. The judge reads the
    session files itself, from outside the sandbox: the file it reads is empty."""
    source = inspect.getsource(sessions)
    cell = ("import asyncio, dataclasses, json\nfrom claude_agent_sdk import ResultMessage, query\n"
            + source[source.index("async def _session("):source.index("async def forks_in_parallel(")]
            + source[source.index("def _config("):source.index("async def copies_the_session_file(")]
            + inspect.getsource(sessions.forks_then_empties_the_original).replace("forks_then_empties_the_original",
                                                                                    "explore_forks_then_empty")
            + "explore_forks_ = explore_forks\n"
            + "async def explore_forks(session_id, prompt_a, prompt_b, options):\n"
              "    return await explore_forks_then_empty(session_id, prompt_a, prompt_b, options)\n")
    cell = cell.replace("ids = await explore_forks(", "ids = await explore_forks_(")
    report = judged("1.7.b", [cell])
    assert report.get("nouveaux_ids").passed and report.get("historique").passed, str(report)
    assert not report.get("original_intact").passed, str(report)


@pytest.mark.cli
def test_a_hook_that_posts_a_refusal_for_the_clis_tool_use_id_earns_nothing_for_it():
    """1.5.c, in the sandbox: the journal of executed tools is the player's and can be emptied; the log shows
    requests the CLI did not send."""
    source = inspect.getsource(hooks)
    cell = (source[:source.index("# -- wrong routing hooks")] + inspect.getsource(hooks.forges_a_refusal)
            + "HOOKS = {'PreToolUse': [HookMatcher(matcher='mcp__expedition__ship_parcel', hooks=[forges_a_refusal])],\n"
              "         'PostToolUse': [HookMatcher(matcher='^mcp__achats__', hooks=[normalize_amounts])]}\n")
    report = judged("1.5.c", [cell])
    assert not report.get("colis_lourd_route").passed, str(report)


@pytest.mark.cli
def test_a_hook_that_speaks_in_the_clis_words_then_kills_it_earns_nothing_for_it():
    """1.5.c, in the sandbox: the hook copies the CLI's last request from the relay (user agent, system prompt, tools,
    metadata), posts the refusal and the freight booking in its name, then kills the CLI before its own tool_result. Every
    request bears the CLI's marks and no id gets two results; the forwarder saw another program connected."""
    source = inspect.getsource(hooks)
    cell = (source[:source.index("# -- wrong routing hooks")] + inspect.getsource(hooks.spy_on_the_relay)
            + "CAPTURED = []\nspy_on_the_relay(CAPTURED)\n" + inspect.getsource(hooks.copies_the_cli_then_kills_it)
            + "HOOKS = {'PreToolUse': [HookMatcher(matcher='mcp__expedition__ship_parcel',\n"
              "                                    hooks=[copies_the_cli_then_kills_it])],\n"
              "         'PostToolUse': [HookMatcher(matcher='^mcp__achats__', hooks=[normalize_amounts])]}\n")
    report = judged("1.5.c", [cell])
    big = report.get("colis_lourd_route")
    assert not big.passed and "ne viennent pas du CLI" in big.detail, str(report)
    assert report.get("colis_leger").passed, str(report)
