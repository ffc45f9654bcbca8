"""The grading sandbox and its trusted plumbing, piece by piece (the hostile batch tests them together).

bubblewrap's isolation as learner code sees it; the French refusal without bubblewrap; the forwarder's
limits (a 512 MB body never reaches the grader); seeds (same submission, same draw); a cohort
worker that dies takes only its own submission.
"""
from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from helpers.grading import sandbox
from helpers.grading.trusted import verdicts

ROOT = Path(__file__).resolve().parents[2]

INSIDE = r"""
import json, os, socket
seen = {"uid": os.getuid(), "pids": sorted(int(p) for p in os.listdir("/proc") if p.isdigit()),
        "root": sorted(os.listdir("/")), "ppid": os.getppid(), "home": os.environ.get("HOME"),
        "env": sorted(os.environ)}
for name, path in [("course", COURSE), ("secret", SECRET), ("etc_shadow", "/etc/shadow"), ("host_tmp", HOST_TMP)]:
    seen[name] = os.path.exists(path)
try:
    open(os.path.join(HELPERS, "x"), "w")
    seen["helpers_writable"] = True
except OSError:
    seen["helpers_writable"] = False
try:
    socket.create_connection(("127.0.0.1", PORT), timeout=2)
    seen["host_port"] = True
except OSError:
    seen["host_port"] = False
try:
    os.kill(PARENT, 9)
    seen["killed_parent"] = True
except OSError:
    seen["killed_parent"] = False
open("/tmp/ecrit", "w").write("x")
print(json.dumps(seen))
"""


def test_learner_code_sees_nothing_of_the_course_nor_the_grader(tmp_path):
    course = tmp_path / "cours"
    (course / "source").mkdir(parents=True)
    (course / ".correction-secret").write_text("s" * 64)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    host_tmp = Path(tempfile.mkdtemp(prefix="visible-de-l-hote-"))
    code = INSIDE.replace("COURSE", repr(str(course / "source"))).replace("SECRET", repr(str(course / ".correction-secret")))
    code = code.replace("HOST_TMP", repr(str(host_tmp))).replace("HELPERS", repr(str(ROOT / "helpers")))
    code = code.replace("PORT", str(listener.getsockname()[1])).replace("PARENT", str(os.getpid()))
    done = subprocess.run(sandbox.command(["-c", code], workdir=tmp_path), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert not seen["course"] and not seen["secret"] and not seen["etc_shadow"] and not seen["host_tmp"]
    assert not seen["helpers_writable"] and not seen["host_port"] and not seen["killed_parent"]
    assert seen["pids"][:2] == [1, 2] and max(seen["pids"]) < 10 and seen["ppid"] == 1
    assert seen["uid"] != 0 and seen["home"] == "/tmp/maison"
    assert not [v for v in seen["env"] if "KEY" in v or v.startswith(("JUPYTER_PATH", sandbox.POLICY_ENV))]
    # Only the system's folders, plus the top folder of each read-only Python mount (the course may live anywhere:
    # /work, /check, /home…).
    mounted = {Path(m).parts[1] for m in sandbox.python_mounts()}
    system = {"bin", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc", "sbin", "tmp", "usr"}
    assert set(seen["root"]) <= system | mounted, set(seen["root"]) - system - mounted
    assert not (Path("/tmp") / "ecrit").exists() or (Path("/tmp") / "ecrit").stat().st_mtime < time.time() - 60


def test_without_bubblewrap_grading_refuses_to_start_and_says_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setattr(sandbox, "bwrap_path", lambda: None)
    monkeypatch.setattr(sandbox, "_checked", {})
    with pytest.raises(sandbox.SandboxUnavailable, match="sudo apt install bubblewrap"):
        sandbox.require()
    from helpers.grading.trusted.autograde import StartVerdicts
    with pytest.raises(sandbox.SandboxUnavailable, match="bubblewrap"):
        StartVerdicts().preprocess({"cells": []}, {})
    from helpers.grading.trusted.cohort import grade_cohort
    (tmp_path / "submitted" / "alice" / "devoir").mkdir(parents=True)
    import io
    out = io.StringIO()
    done = grade_cohort(tmp_path, "devoir", out=out)
    assert done["alice"][0] is False and "apt install bubblewrap" in out.getvalue()


# -- the forwarder ---------------------------------------------------------------------------------

@pytest.fixture
def forwarded(tmp_path):
    from helpers.grading.trusted.forwarder import Forwarder
    from helpers.simulator import Simulator
    sim = Simulator().start()
    path = str(tmp_path / "api.sock")
    fwd = Forwarder(path, int(sim.base_url.rsplit(":", 1)[1]))
    yield sim, fwd, path
    fwd.close()
    sim.stop()


def ask(path: str, raw: bytes, *, stream: bool = False, pause: float = 0) -> bytes:
    with socket.socket(socket.AF_UNIX) as s:
        s.connect(path)
        s.settimeout(30)
        try:
            s.sendall(raw)
        except (BrokenPipeError, ConnectionResetError):
            pass        # refused mid-body: the answer is already waiting
        if pause:
            time.sleep(pause)
        out = b""
        while True:
            try:
                data = s.recv(65536)
            except OSError:
                break
            if not data:
                break
            out += data
        return out


def test_a_request_goes_through_and_reaches_the_simulator_log(forwarded):
    sim, fwd, path = forwarded
    body = json.dumps({"model": "claude-sonnet-5-5", "max_tokens": 50,
                       "messages": [{"role": "user", "content": "Bonjour"}]}).encode()
    raw = (b"POST /v1/messages HTTP/1.1\r\nhost: x\r\nx-api-key: k\r\ncontent-type: application/json\r\n"
           b"connection: keep-alive\r\ncontent-length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    answer = ask(path, raw)
    assert answer.startswith(b"HTTP/1.1 200") and b"connection: close" in answer.lower()
    assert len(sim.log.since(0)) == 1


def test_a_512_mb_body_is_refused_before_it_is_read(forwarded):
    sim, fwd, path = forwarded
    started = time.monotonic()
    answer = ask(path, b"POST /v1/messages HTTP/1.1\r\nhost: x\r\ncontent-length: 536870912\r\n\r\n" + b"[" * 65536)
    assert answer.startswith(b"HTTP/1.1 413") and b"request_too_large" in answer
    assert time.monotonic() - started < 5 and len(sim.log.since(0)) == 0


def test_a_chunked_body_past_the_limit_is_cut_and_refused(forwarded):
    from helpers.grading.trusted.forwarder import MAX_BODY
    sim, fwd, path = forwarded
    block = b"{}," * 100_000
    chunks = b"".join(b"%x\r\n" % len(block) + block + b"\r\n" for _ in range(MAX_BODY // len(block) + 2))
    answer = ask(path, b"POST /v1/messages HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n" + chunks)
    assert answer.startswith(b"HTTP/1.1 413") and len(sim.log.since(0)) == 0


def test_a_request_that_never_finishes_arriving_is_dropped(forwarded, monkeypatch):
    from helpers.grading.trusted import forwarder
    monkeypatch.setattr(forwarder, "REQUEST_SECONDS", 1.0)
    sim, fwd, path = forwarded
    answer = ask(path, b"POST /v1/messages HTTP/1.1\r\ncontent-length: 100\r\n\r\n{", pause=0)
    assert answer.startswith(b"HTTP/1.1 408")


# -- seeds: same submission, same draw ----------------------------------------------------------------

def test_the_seed_depends_on_the_submission_and_the_course_secret(tmp_path):
    secret = verdicts.course_secret(tmp_path)
    assert verdicts.course_secret(tmp_path) == secret and (tmp_path / verdicts.SECRET_FILE).stat().st_mode & 0o077 == 0
    cells = ["import json", "def run_agent(): pass"]
    assert verdicts.seed_for(secret, "1.1.a", cells) == verdicts.seed_for(secret, "1.1.a", list(cells))
    assert verdicts.seed_for(secret, "1.1.a", cells) != verdicts.seed_for(secret, "1.1.a", cells + [""])
    assert verdicts.seed_for(secret, "1.1.a", cells) != verdicts.seed_for(b"x" * 64, "1.1.a", cells)


@pytest.mark.parametrize("exercise_id", [e for e, spec in verdicts.exercises().items() if not spec.is_quiz])
def test_every_judge_takes_the_seed_and_draws_the_same_scenarios_for_it(exercise_id, monkeypatch):
    import inspect
    spec = verdicts.exercises()[exercise_id]
    assert "seed" in inspect.signature(spec.judge).parameters, "judge(player, values, seed=None) attendu"

    def record(seed):
        seen = []

        def player(scenario):
            # Addresses of the trusted side's services, the player's memory token and workspace are not part of the draw.
            seen.append({k: v for k, v in scenario.items() if k not in ("base_url", "service", "token", "root")})
            if scenario.get("kind") == "cli":
                return {"problem": "pas de CLI dans ce test"}
            return {"outcome": {"error": "x", "error_type": "RuntimeError"}}
        verdicts.judge(exercise_id, player, [500] if exercise_id == "1.5.a" else [], seed=seed)
        return json.dumps(seen, sort_keys=True, default=str)
    assert record(1234) == record(1234)
    assert record(1234) != record(4321)


# -- the cohort runner: a worker that dies -------------------------------------------------------------

def test_a_worker_that_dies_takes_only_its_own_submission(tmp_path, monkeypatch):
    import io

    from helpers.grading.trusted import cohort
    for student in ("a", "b", "c", "d"):
        (tmp_path / "submitted" / student / "devoir").mkdir(parents=True)

    def grade(assignment, student):
        if student == "b":
            os._exit(7)
        return student, True, 0.01, ""
    monkeypatch.setattr(cohort, "_init_worker", lambda root: None)
    monkeypatch.setattr(cohort, "_grade", grade)
    out = io.StringIO()
    done = cohort.grade_cohort(tmp_path, "devoir", workers=2, out=out)
    assert set(done) == {"a", "b", "c", "d"}, out.getvalue()
    assert [s for s, (ok, _, _) in done.items() if not ok] == ["b"]
    assert "code 7" in done["b"][2] and "ÉCHEC" in out.getvalue()


def test_a_forked_worker_leaves_its_parents_sandbox_alone():
    """A cohort worker is forked from a process that may already grade (a pytest worker did, in CI): when the worker
    ends it closes its own zygote only. The parent's zygote stays up and its runs folder stays on disk."""
    from helpers.grading.trusted.atelier import atelier, close
    parent = atelier()
    run = parent.new_run()
    pid = os.fork()
    if pid == 0:
        close()
        parent.close()      # even the inherited object, called directly, stops nothing of the parent's
        os._exit(0)
    os.waitpid(pid, 0)
    assert parent.alive() and run.is_dir()
    assert parent.new_run().is_dir()


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_patching_the_checks_in_the_player_earns_nothing_even_for_a_pure_function():
    """1.5.a judges what a hook returns: a submission that leaves the hook a stub and patches the player's
    side of the check to return the rubric's answers is caught, and scores 0."""
    from helpers.grading.trusted.atelier import atelier
    stub = ("MAX_PARCEL_KG = 30\n\nasync def route_heavy_parcels(input_data, tool_use_id, context):\n"
            "    return {}\n")
    forge = ("import helpers.lessons.ts1_5.play as checks, helpers.lessons.kit as kit\n"
             "def rubric(fn, data, *args, **kwargs):\n"
             "    weight = float(data['tool_input']['weight_kg'])\n"
             "    out = {} if weight <= 30 else {'hookSpecificOutput': {'hookEventName': 'PreToolUse',\n"
             "           'permissionDecision': 'deny', 'permissionDecisionReason': 'voir book_freight'}}\n"
             "    return kit.Outcome(value=out)\n"
             "checks.run_coroutine = rubric\n")
    honest = verdicts.judge_submission("1.5.a", ["import json", stub], 7, atelier().new_run())
    forged = verdicts.judge_submission("1.5.a", ["import json", stub + "\n" + forge], 7, atelier().new_run())
    assert forged.score == 0 <= honest.score < 4
    assert forged.criteria[0].key == "verification_modifiee" and "run_coroutine" in forged.criteria[0].detail


def test_a_player_whose_peer_hung_up_gets_broken_pipe_not_death_by_sigpipe():
    """The zygote's children ignore SIGPIPE, as a freshly started Python does: a write into a closed connection (a
    relay whose client gave up) raises BrokenPipeError in the cell, which goes on. With SIGPIPE at
    SIG_DFL the player died in that cell, and what the cell would have defined with it."""
    import textwrap
    from helpers.grading.trusted.atelier import atelier
    from solutions.attacks import CORRECT
    # run_agent exists only if the write raised (the judge's second try, definitions only, cannot find it).
    cell = ("import socket\nhere, there = socket.socketpair()\nthere.close()\ntry:\n    for _ in range(4):\n"
            "        here.sendall(b'x' * 65536)\nexcept BrokenPipeError:\n" + textwrap.indent(CORRECT, "    "))
    graded = verdicts.judge_submission("1.1.a", ["import json", cell], 7, atelier().new_run())
    assert graded.score == graded.max_score, graded


@contextlib.contextmanager
def holding(code: str, ready: str, folder):
    """A sandboxed Python running `code`, once it has printed `ready` (what it holds is held); killed after."""
    proc = subprocess.Popen(sandbox.command(["-c", code], workdir=folder), stdout=subprocess.PIPE)
    try:
        assert proc.stdout.readline().decode().strip() == ready
        yield proc.pid
    finally:
        sandbox.kill_tree(proc.pid)
        proc.wait()


def test_memory_held_in_memfd_files_counts_against_the_limit(tmp_path):
    """memfd_create files hold memory that no process's RSS shows until mapped: 1.2 GB of them read as 75 MB, and
    the watcher let a tree hold any amount past its limit. The files its processes hold open now count."""
    code = ("import os, time\nfds = []\nfor i in range(5):\n    fd = os.memfd_create('m')\n"
            "    for _ in range(4):\n        os.write(fd, b'1' * 64 * 2**20)\n    fds.append(fd)\n"
            "print('tenu', flush=True)\ntime.sleep(60)\n")
    with holding(code, "tenu", tmp_path) as pid:
        assert sandbox.usage(pid)[0] > 1200 * 2**20
        assert sandbox.over_limits(pid, memory=1024 * 2**20)


def test_a_thread_bomb_is_over_the_limit_though_it_is_one_process(tmp_path):
    """Grading as a user (no RLIMIT_NPROC of its own), one process started 20 000 threads: the watcher, which
    counted processes, saw one. Threads count now."""
    code = ("import threading, time\nfor _ in range(6000):\n"
            "    threading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n"
            "print('lances', flush=True)\ntime.sleep(60)\n")
    with holding(code, "lances", tmp_path) as pid:
        assert "fils d'exécution" in (sandbox.over_limits(pid) or "")


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_function_that_blocks_every_signal_costs_one_exercise_budget_not_one_per_scenario(monkeypatch):
    """A run_agent that blocks every signal and sleeps in C: neither the alarm nor the raised Deadline reaches
    it, only the judge's kill after PLAY_SECONDS. That happened for each of the eight scenarios, then again for
    the definitions-only judging (8 x 150 s x 2 = 40 min for one student). The exercise got one budget; now the
    blocked alarm itself is seen from outside, and the player stopped at once."""
    from helpers.grading.trusted.atelier import atelier
    from solutions.attacks import CORRECT, STUB_SIGNATURE
    monkeypatch.setattr(verdicts, "PLAY_SECONDS", 10.0)
    monkeypatch.setattr(verdicts, "EXERCISE_SECONDS", 30.0)
    block = STUB_SIGNATURE + ("    import signal, time\n    signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())\n"
                              "    time.sleep(10**6)\n")
    started = time.monotonic()
    blocked = verdicts.judge_submission("1.1.a", ["import json", block], 7, atelier().new_run())
    seconds = time.monotonic() - started
    # The grader sees the mask in /proc (SigBlk) and stops the player within a second of each scenario: less than
    # the exercise's one budget in all (it used to spend that budget whole, and mark the rest « temps »).
    print(f"1.1.a, fonction qui bloque ses signaux : {seconds:.1f} s")
    assert blocked.score == 0 and seconds < 30, (blocked.score, seconds)
    honest = verdicts.judge_submission("1.1.a", ["import json", CORRECT], 7, atelier().new_run())
    assert honest.score == 10 and not any(c.key == "temps" for c in honest.criteria)


def test_a_course_cloned_under_tmp_keeps_its_packages_importable_in_the_sandbox(monkeypatch):
    """CI clones the course under /tmp: its venv is mounted read-only there, and must stay on sys.path, while
    the sandbox's own /tmp (where learner code writes) never does."""
    from helpers.grading.sandboxed import zygote
    venv = "/tmp/ci/.venv/lib/python3.11/site-packages"
    kept = zygote.safe_path(["", "/tmp/travail", venv, "/usr/lib/python3.11"], mounted=("/tmp/ci/.venv",))
    assert kept == [venv, "/usr/lib/python3.11"]
    from helpers.grading import sandbox
    monkeypatch.setattr(sys, "prefix", "/tmp/ci/.venv")
    mounts = sandbox.python_mounts()
    assert "/tmp/ci/.venv" in mounts and "/tmp" not in mounts
