"""The grading protocols (helpers/grading/protocol.py): one definition per message, used by both ends; whatever
comes from the sandbox is read as data — a malformed line is None, never an exception in the trusted process."""
from __future__ import annotations

import pytest

from helpers.grading import protocol
from helpers.grading.protocol import CellStarted, Hello, Play, Ready, Result, Signal, Spawn, Spawned, Status, Stop


@pytest.mark.parametrize("message", [Hello("1.1.a", ["x = 1"]), CellStarted(2), Ready(values=[{"a": 1}]),
                                     Play({"seed": 1}, {"4100": "/tmp/a/4100"}), Result({"outcome": None}), Stop(),
                                     Spawn("player", {"home": "/tmp/m"}), Status(7), Signal(7, 15), Spawned(9)])
def test_every_message_goes_over_the_wire_and_back_unchanged(message):
    line = message.line()
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert protocol.read(line) == message
    assert protocol.read(line, type(message)) == message


@pytest.mark.parametrize("line", [b"", b"not json\n", b"[1, 2]\n", b'{"cell": 1}\n', b'{"type": "cell"}\n',
                                  b'{"type": "cell", "cell": "1"}\n', b'{"type": "cell", "cell": true}\n',
                                  b'{"type": "result", "tampered": "tout"}\n', b'{"type": 3}\n',
                                  b'{"type": "__init__"}\n', b"[" * 100000 + b"\n"])
def test_a_malformed_line_reads_as_none(line):
    assert protocol.read(line) is None


def test_a_message_of_another_kind_than_expected_reads_as_none():
    """The judge waiting for a Result gets a Ready (or a Spawn) from a rewritten player: not an answer."""
    assert protocol.read(Ready().line(), Result) is None
    assert protocol.read(Spawn("kernel").line(), *protocol.REPLIES) is None
    assert isinstance(protocol.read(CellStarted(0).line(), CellStarted, Ready), CellStarted)


def test_both_ends_of_each_protocol_use_these_definitions():
    """No end writes its messages by hand any more: the judge, the player, the atelier and the zygote import them."""
    import inspect

    from helpers.grading.trusted import atelier, verdicts
    from helpers.grading.sandboxed import player, zygote
    for module in (verdicts, player, atelier, zygote):
        source = inspect.getsource(module)
        assert "protocol" in source and "json.dumps(message" not in source and '{"op"' not in source, module
