"""What runs inside the grading sandbox — untrusted: learner code runs in these processes and may rewrite anything
in them. Nothing here decides a verdict; the trusted side (helpers/grading/trusted/) reads only its own simulators'
logs and witnesses, and what these processes send over the protocol (grading/protocol.py) as plain data.

    zygote.py   PID 1 of the sandbox: imports once, forks every kernel and player
    player.py   runs a submission's cells, then each exercise's `play` (the lessons' learner side)
"""
