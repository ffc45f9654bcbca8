"""The trusted side of grading, and the sandbox it keeps learner code in.

- verdicts.py   `grade` (hidden test cells) and the judge: one run per exercise per submission,
                seeded from the submission and the course secret, learner code only in a player
- autograde.py  nbgrader's preprocessors (sandbox kernel, demo cells skipped, verdicts written
                by the grader) and the feedback's filters; templates/retour: the French feedback page
- sandbox.py    bubblewrap: namespaces, read-only allow-list of mounts, limits, outside watchers
- atelier.py    one zygote per grading process (zygote.py, inside the sandbox) that forks every
                kernel (a jupyter_client provisioner) and player (player.py); forwarder.py: the
                judge's simulator seen from a sandbox, with limits on every request
- cohort.py     parallel and sharded grading (the dashboard lives in helpers/instructor/)

It imports the lessons' registry and checks (lessons, widgets, clients, simulator); only
nbgrader_config.py, the hidden test cells (`grade`, `partial`) and instructors' tools import it.
"""
from ..lessons._kit import partial
from .verdicts import grade

__all__ = ["grade", "partial"]
