"""Grading: its trusted side, the sandbox it keeps learner code in, and the two sockets between them.

Where each module runs:

  trusted/ — nbgrader's process, never learner code; absent from every sandbox (sandbox.py hides its files)
    verdicts.py   `grade` (hidden test cells) and the judge: one run per exercise per submission, seeded from the
                  submission and the course secret; learner code only in a player, evidence only from the
                  judge's own simulators and witnesses (lessons/_witness.py)
    autograde.py  nbgrader's preprocessors (sandbox kernel, demo cells skipped, verdicts written by the grader)
                  and the feedback's filters; feedback.py and templates/retour: the French feedback page
    sanitize.py   graded notebooks and feedback keep nothing that runs in an instructor's browser
    forwarder.py  the judge's simulators seen from a sandbox, with limits per request and per exercise
    atelier.py    one zygote per grading process, the players' and kernels' lifetimes, outside watchers
    cohort.py     parallel and sharded grading (the dashboard lives in helpers/instructor/)
  sandboxed/ — inside the sandbox, untrusted: whatever runs there may be rewritten by learner code
    zygote.py     forks every kernel (a jupyter_client provisioner) and player
    player.py     runs the submitted cells, then each exercise's `play` (the lesson's sandboxed half)
  both
    sandbox.py    bubblewrap's command line (trusted side) and `enter`, the first code inside
    protocol.py   the messages of both sockets, for both ends

Each lesson follows the same split in files: `ts*/play.py` runs inside the sandbox, `ts*/judge.py` (the scenarios,
their draws, the expected values, the verdicts) on the trusted side and is absent from every sandbox
(tests/grading/test_layout_trust.py). The trusted side imports the lessons' registry (helpers.lessons), their contract
(lessons/kit.py) and, through the registry, their judges — never a play; only nbgrader_config.py, the hidden test
cells (`grade`, `partial`) and instructors' tools import it.
"""
from ..lessons.kit import partial

__all__ = ["grade", "partial"]


def __getattr__(name: str):
    # `grade` is imported when asked for (the hidden test cells): what runs in a sandbox — the player, the zygote —
    # imports protocol.py and sandbox.py of this package without loading the trusted side with them.
    if name == "grade":
        from .trusted.verdicts import grade
        return grade
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
