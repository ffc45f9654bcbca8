"""Bounds of grading that hold whatever a submission does: every scenario says how long the learner's code has, what
crosses from the sandbox is bounded in values as well as in bytes, and the judge's own waits are bounded."""
from __future__ import annotations

import time

import pytest

from helpers import lessons
from helpers.grading import protocol
from helpers.lessons.kit import LIMIT_KEY, MAX_PLAIN_ITEMS, plain

GRADED = [e for e in lessons.exercises().values() if not e.is_quiz]


@pytest.mark.parametrize("spec", GRADED, ids=[e.id for e in GRADED])
def test_every_scenario_says_how_long_the_learners_code_has(spec):
    """The judge stops waiting for the player at the scenario's own limit (plus a margin): a scenario without one
    left learner code that switched its alarm off running until the exercise's whole allowance was spent."""
    asked = []

    def player(scenario):
        asked.append(scenario)
        return {}

    spec.judge(player, [], seed=3)
    assert asked, "the judge played no scenario"
    for scenario in asked:
        limit = scenario.get(LIMIT_KEY)
        assert isinstance(limit, (int, float)) and 0 < limit <= 120, (spec.id, {k: scenario[k] for k in list(scenario)[:3]})


def test_millions_of_empty_dicts_are_cut_to_the_budget_of_plain_data():
    started = time.process_time()
    value = plain([{}] * 3_500_000)
    assert len(value) <= MAX_PLAIN_ITEMS and value[-1] == {"__type__": "trop grand"}
    assert time.process_time() - started < 2


def test_a_list_shared_thirty_levels_deep_is_not_expanded():
    """`a = [a, a]` thirty times is 30 objects in memory and 2**30 items once expanded."""
    shared: list = []
    for _ in range(30):
        shared = [shared, shared]
    started = time.process_time()
    plain(shared)
    assert time.process_time() - started < 2


def test_a_line_of_millions_of_json_containers_is_not_parsed():
    """16 MiB of `[{},{},…]` from the sandbox is 5.6 million dicts in the judge once parsed: refused unread."""
    line = b'{"type": "result", "result": [' + b"{}," * 1_000_000 + b'{}]}\n'
    assert protocol.read(line, protocol.Result) is None
    assert protocol.read(b'{"type": "result", "result": [{}, {}]}\n', protocol.Result) == protocol.Result([{}, {}])


def test_dict_keys_that_are_learner_objects_are_not_converted_by_their_own_code():
    class Key:
        def __str__(self):
            raise SystemExit("jamais appelé")
        __hash__ = object.__hash__
    assert plain({Key(): 1}) == {"<Key>": 1}


def test_a_notebook_past_its_time_marks_its_remaining_exercises_not_run(monkeypatch, tmp_path):
    """ApplyVerdicts had no time limit: every exercise of a notebook is judged within NOTEBOOK_SECONDS together."""
    from helpers.grading.trusted import verdicts
    from helpers.grading.trusted.autograde import ApplyVerdicts
    import time
    called = []
    monkeypatch.setattr(verdicts, "judge_submission", lambda *a, **k: called.append(a))
    report = ApplyVerdicts._verdict("1.5.a", ([], b"s" * 64, tmp_path, time.monotonic() - 1), {}, "")
    assert not called and report.score == 0 and "temps de correction du notebook épuisé" in str(report)


class Exchange:
    """A logged request, as the simulator's log holds it (the fields the evidence reads)."""

    def __init__(self, messages, agent="claude-cli/2.1", system="Tu es Claude Code."):
        self.request = {"messages": messages, "system": system}
        self.headers = {"user-agent": agent}
        self.is_message = True

    @property
    def messages(self):
        return self.request["messages"]


def result(tool_id, text, error=False):
    return {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tool_id, "content": text,
                                         "is_error": error}]}


def test_one_tool_use_id_answered_two_ways_is_a_conflict_whichever_came_first():
    from helpers.lessons._evidence import conflicting_results
    call = {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "refund", "input": {}}]}
    question = {"role": "user", "content": "Remboursez-moi."}
    refused = Exchange([question, call, result("toolu_1", "refusé", error=True)])
    ran = Exchange([question, call, result("toolu_1", "effectué")])
    again = Exchange([question, call, result("toolu_1", "effectué"), {"role": "assistant", "content": "ok"},
                      {"role": "user", "content": "merci"}])
    assert conflicting_results([refused, ran]) == ["toolu_1"] == conflicting_results([ran, refused])
    assert conflicting_results([ran, again]) == []          # the same result carried on: one conversation


def test_a_request_the_cli_did_not_send_is_foreign():
    from helpers.lessons._evidence import foreign_requests
    cli = Exchange([{"role": "user", "content": "x"}])
    forged = Exchange([{"role": "user", "content": "x"}], agent="Anthropic/Python 2.15.0", system="")
    assert foreign_requests([cli, forged, cli], cli) == [forged]


def test_a_request_with_the_clis_words_is_foreign_when_another_program_was_connected():
    """The headers, the system prompt, the tools can be copied; the program that holds the connection cannot: the
    judge's forwarder writes who was connected (x-cours-clients), and only the first request's one program counts."""
    from helpers.lessons._evidence import foreign_requests
    cli, alone, forged = (Exchange([{"role": "user", "content": "x"}]) for _ in range(3))
    cli.headers["x-cours-clients"] = alone.headers["x-cours-clients"] = "claude"
    forged.headers["x-cours-clients"] = "claude,python3.11"
    assert foreign_requests([cli, alone, forged], cli) == [forged]
    both = Exchange([{"role": "user", "content": "x"}])
    both.headers["x-cours-clients"] = "claude,python3.11"      # connected before the CLI's first request
    assert foreign_requests([both, alone], both) == [both, alone]
    unseen = Exchange([{"role": "user", "content": "x"}])      # outside grading (« Vérifier »): nothing to compare
    assert foreign_requests([unseen, forged], unseen) == []
    hidden = Exchange([{"role": "user", "content": "x"}])      # a program the forwarder could not read is never the CLI
    hidden.headers["x-cours-clients"] = "?"
    assert foreign_requests([hidden, alone], hidden) == [hidden, alone]


def test_the_forwarder_names_the_programs_connected_to_the_port_in_the_sandbox():
    """Read in /proc: here, this test's own connection to a listening socket is held by python."""
    import os
    import socket
    import sys
    from helpers.grading.trusted.forwarder import clients
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    try:
        assert clients(os.getpid(), port) == os.path.realpath(sys.executable)     # a path: a copy named so is not it
        assert clients(os.getpid(), port + 1 if port < 65535 else port - 1) == "?"
    finally:
        client.close()
        server.close()
