"""The trusted side of grading, and the sandbox it keeps learner code in.

Where each module runs:

  trusted side (nbgrader's process, never learner code)
    verdicts.py   `grade` (hidden test cells) and the judge: one run per exercise per submission, seeded from the
                  submission and the course secret; learner code only in a player, evidence only from the
                  judge's own simulators and witnesses (lessons/_witness.py)
    autograde.py  nbgrader's preprocessors (sandbox kernel, demo cells skipped, verdicts written by the grader)
                  and the feedback's filters; templates/retour: the French feedback page
    sanitize.py   graded notebooks and feedback keep nothing that runs in an instructor's browser
    forwarder.py  the judge's simulators seen from a sandbox, with limits per request and per exercise
    atelier.py    one zygote per grading process, the players' and kernels' lifetimes, outside watchers
    cohort.py     parallel and sharded grading (the dashboard lives in helpers/instructor/)
  inside the sandbox: sandboxed/ (untrusted: whatever runs there may be rewritten by learner code)
    sandboxed/zygote.py   forks every kernel (a jupyter_client provisioner) and player
    sandboxed/player.py   runs the submitted cells, then each exercise's `play` (the lesson's learner side)
  both
    sandbox.py    bubblewrap's command line (trusted side) and `enter`, the first code inside

The lessons' `checks.py` follow the same split, marked in the code: `@sandboxed play` (and what it calls) runs
inside the sandbox, `@trusted judge` (and its check_*) on the trusted side, reading only the simulators' logs and the
witnesses' records (see lessons/kit.py). protocol.py: the messages of both sockets, for both ends.
It imports the lessons' registry (helpers.lessons) and their contract (lessons/kit.py), nothing else of them; only
nbgrader_config.py, the hidden test cells (`grade`, `partial`) and instructors' tools import it.
"""
from ..lessons.kit import partial

__all__ = ["grade", "partial"]


def __getattr__(name: str):
    # `grade` is imported when asked for (the hidden test cells): what runs in a sandbox — the player, the zygote —
    # imports protocol.py and sandbox.py of this package without loading the trusted side with them.
    if name == "grade":
        from .verdicts import grade
        return grade
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
