"""Hostile submissions, graded by plain `nbgrader autograde` in one batch, correct ones around them,
by a grading user whose HOME is brand new (no ~/.ipython, no ~/.local/share/jupyter).

Each gets a score, none above what its honest part earns, no instructor byte reaches any output,
nothing is written outside the student's folder, no process of theirs survives, and the student
graded next gets full marks.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from solutions.attacks import ATTACKS, CANARY_PREFIX, HONEST, HONEST_QUIZ, MARK, NOTEBOOK
from solutions.submissions import with_solution

ROOT = Path(__file__).resolve().parents[2]
NAME = "1.1-boucles-agentiques"
QUIZ = 'reponses_1_1 = {"q1": "B", "q2": "D", "q3": "C"}'   # two right answers out of three (q3 is wrong)
pytestmark = [pytest.mark.slow, pytest.mark.timeout(2400)]


def submission(release: dict, changes: dict) -> dict:
    nb = json.loads(json.dumps(release))
    for grade_id, source in changes.items():
        if grade_id == "files":
            continue
        if grade_id == "notebook":
            nb = source(nb)
        elif source is None:
            nb["cells"] = [c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") != grade_id]
        else:
            nb = with_solution(nb, grade_id, source)
    return with_solution(nb, "reponses_1_1", QUIZ)


def order() -> list[tuple[str, dict]]:
    """Attacks in grading order (nbgrader sorts students), a correct control after every three."""
    out = []
    for i, (name, changes) in enumerate(ATTACKS.items()):
        out.append((f"{i:02d}a-{name}", changes))
        if i % 3 == 2:
            out.append((f"{i:02d}b-temoin", ATTACKS["temoin-correct"]))
    return out


def tree_digest(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}


def schema(db: Path) -> list:
    with sqlite3.connect(db) as con:
        return sorted(con.execute("select type, name, sql from sqlite_master").fetchall(), key=str)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    base = tmp_path_factory.mktemp("securite")
    course, home = base / "cours", base / "maison-neuve"
    course.mkdir()
    home.mkdir()
    canaries = {kind: f"{CANARY_PREFIX}{kind}-{secrets.token_hex(8)}"
                for kind in ("cache", "voisin", "retour", "echange", "config")}
    shutil.copy(ROOT / "nbgrader_config.py", course)
    with (course / "nbgrader_config.py").open("a") as f:
        f.write(f"\n# {canaries['config']}\n")
    shutil.copytree(ROOT / "source", course / "source")
    master = course / "source" / NAME / f"{NAME}.ipynb"
    nb = json.loads(master.read_text())
    for cell in nb["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("grade_id") == "test_1_1_a":
            text = "".join(cell["source"]).replace("### END HIDDEN TESTS", f"# {canaries['cache']}\n### END HIDDEN TESTS")
            cell["source"] = text
    master.write_text(json.dumps(nb))
    hidden_lines = sorted({line.strip() for cell in nb["cells"] for block in re.findall(
        r"### BEGIN HIDDEN TESTS\n(.*?)### END HIDDEN TESTS", "".join(cell["source"]), re.S)
        for line in block.splitlines() if len(line.strip()) >= 25})
    assert hidden_lines
    env = dict(os.environ, HOME=str(home), PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"],
               COURS_DELAI_CELLULE_S="15", COURS_DELAI_CELLULE_JOUEUR_S="5", COURS_DELAI_PREPARATION_S="90",
               ANTHROPIC_API_KEY="sk-ant-ne-doit-jamais-servir")
    env.pop("JUPYTER_PATH", None)
    subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", NAME, "--force", "--log-level=ERROR"],
                   cwd=course, env=env, check=True)
    release = json.loads((course / "release" / NAME / f"{NAME}.ipynb").read_text())
    students = order()
    for student, changes in students:
        folder = course / "submitted" / student / NAME
        folder.mkdir(parents=True)
        nb = submission(release, changes)
        if "temoin" in student:   # a secret in another student's notebook
            nb["cells"].append({"cell_type": "markdown", "metadata": {}, "source": canaries["voisin"]})
        (folder / f"{NAME}.ipynb").write_text(json.dumps(nb))
        for rel, content in changes.get("files", {}).items():
            path = folder / (f"{NAME}.ipynb" if rel == NOTEBOOK else rel)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.unlink(missing_ok=True)
            if isinstance(content, tuple):       # ("lien", path from the course root)
                path.symlink_to(course / content[1])
            elif isinstance(content, int):       # a sparse file of that size
                with path.open("wb") as f:
                    f.truncate(content)
            else:
                path.write_bytes(content)
    (course / "feedback" / "autre" / NAME).mkdir(parents=True)
    (course / "feedback" / "autre" / NAME / f"{NAME}.html").write_text(canaries["retour"])
    exchange = base / "echange"
    drop = exchange / "cours-agents-claude" / "inbound" / f"autre+{NAME}+{secrets.token_hex(4)}"
    drop.mkdir(parents=True)
    (drop / "canari.txt").write_text(canaries["echange"])
    (course / "gradebook-vierge.txt").write_text("\n".join(map(str, schema(course / "gradebook.db"))))
    protected = {"course": tree_digest(course / "source"), "release": tree_digest(course / "release"),
                 "config": (course / "nbgrader_config.py").read_bytes(), "helpers": tree_digest(ROOT / "helpers"),
                 "schema": schema(course / "gradebook.db")}
    host_tmp = set(os.listdir(tempfile.gettempdir()))

    peak = {"rss": 0}
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "nbgrader", "autograde", NAME, "--log-level=WARN"], cwd=course,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def sample():
        while proc.poll() is None:
            try:
                with open(f"/proc/{proc.pid}/status") as f:
                    rss = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS"))
                peak["rss"] = max(peak["rss"], rss)
            except (OSError, StopIteration):
                pass
            time.sleep(0.2)
    threading.Thread(target=sample, daemon=True).start()
    log, _ = proc.communicate(timeout=2200)
    seconds = time.monotonic() - started
    shutil.rmtree(drop, ignore_errors=True)

    from nbgrader.api import Gradebook
    scores = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for sub in gb.assignment_submissions(NAME):
            nbk = sub.notebooks[0]
            scores[sub.student_id] = {g.name: g.score for g in nbk.grades}
            scores[sub.student_id]["extra"] = sum((g.extra_credit or 0) for g in nbk.grades)
            scores[sub.student_id]["manual"] = [g.manual_score for g in nbk.grades if g.manual_score is not None]
    return {"scores": scores, "course": course, "log": log, "returncode": proc.returncode, "students": students,
            "canaries": canaries, "hidden_lines": hidden_lines, "protected": protected, "peak_rss": peak["rss"], "seconds": seconds,
            "host_tmp": host_tmp, "home": home}


def outputs(course: Path) -> dict[str, str]:
    """Everything learner code printed or displayed, per student (the sources are the student's own)."""
    out = {}
    for path in (course / "autograded").glob(f"*/{NAME}/{NAME}.ipynb"):
        nb = json.loads(path.read_text())
        out[path.parts[-3]] = json.dumps([c.get("outputs", []) for c in nb["cells"]], ensure_ascii=False)
    return out


def test_the_batch_runs_to_the_end_and_every_submission_is_scored(graded):
    assert graded["returncode"] == 0, graded["log"][-8000:]
    assert set(graded["scores"]) == {s for s, _ in graded["students"]}, graded["log"][-5000:]
    assert len(ATTACKS) >= 30
    print(f"\n{len(graded['students'])} copies notées en {graded['seconds']:.0f} s "
          f"({graded['seconds'] / len(graded['students']):.1f} s par copie) ; "
          f"mémoire maximale de nbgrader : {graded['peak_rss'] // 2**20} Mo")
    for student, score in sorted(graded["scores"].items()):
        print(f"  {student:<32} 1.1.a {score['test_1_1_a']:>4} · 1.1.q {score['test_1_1_q']:>3}")


@pytest.mark.parametrize("student", list(ATTACKS))
def test_no_submission_earns_more_than_its_honest_part(student, graded):
    name = next(s for s, _ in graded["students"] if s.endswith(f"a-{student}"))
    score = graded["scores"][name]
    assert score["test_1_1_a"] == HONEST[student], score
    assert score["test_1_1_q"] == HONEST_QUIZ[student], score
    assert score["extra"] == 0 and score["manual"] == [], score


def test_the_student_graded_after_each_attack_gets_full_marks(graded):
    controls = {s: graded["scores"][s] for s, _ in graded["students"] if s.endswith("b-temoin")}
    assert len(controls) >= 10
    assert all(c["test_1_1_a"] == 10 and c["test_1_1_q"] == 2 for c in controls.values()), controls


def test_quiz_answers_come_from_the_submitted_cell_even_when_the_kernel_is_hijacked(graded):
    for student in ("transformateur", "faux-verificateur", "os-exit", "segfault", "memoire", "tue-le-correcteur"):
        name = next(s for s, _ in graded["students"] if s.endswith(f"a-{student}"))
        assert graded["scores"][name]["test_1_1_q"] == 2, (student, graded["scores"][name])


def test_no_instructor_byte_reaches_any_output(graded):
    printed = outputs(graded["course"])
    assert printed and any("bloqué" in text or "Errno" in text for text in printed.values())
    for student, text in printed.items():
        leaks = [kind for kind, canary in graded["canaries"].items() if canary in text]
        assert not leaks, (student, leaks)
        # The delimiter alone proves nothing (nbgrader's own source, mounted read-only with the venv, contains
        # it); what must never show is a hidden test's body.
        shown = [line for line in graded["hidden_lines"] if line in text or json.dumps(line)[1:-1] in text]
        assert not shown, (student, shown[:3])
        secret = (graded["course"] / ".correction-secret").read_text()
        assert secret not in text and "sk-ant-ne-doit-jamais-servir" not in text, student


def test_nothing_is_written_outside_the_students_folder(graded):
    course, protected = graded["course"], graded["protected"]
    assert tree_digest(course / "source") == protected["course"]
    assert tree_digest(course / "release") == protected["release"]
    assert (course / "nbgrader_config.py").read_bytes() == protected["config"]
    assert tree_digest(ROOT / "helpers") == protected["helpers"]
    assert schema(course / "gradebook.db") == protected["schema"]
    assert not list(course.rglob(f"*{MARK}*"))
    assert not [n for n in os.listdir(tempfile.gettempdir()) if MARK in n]
    assert not (graded["home"] / ".ipython" / "profile_default" / "startup" / "00-piratage.py").exists()
    for student in os.listdir(course / "autograded"):
        folder = course / "autograded" / student / NAME
        assert not [p for p in folder.iterdir() if p.is_symlink()], student


def test_no_instructor_file_lands_in_a_students_autograded_folder(graded):
    """nbgrader copies a student's other files with the grader's rights, following links: the copies of what a
    submission linked to (gradebook, master, a neighbour's notebook) must not be there for the kernel to read
    nor for the feedback to hand back."""
    secret = (graded["course"] / ".correction-secret").read_bytes()
    for path in (graded["course"] / "autograded").rglob("*"):
        if path.is_file() and path.name != f"{NAME}.ipynb":
            data = path.read_bytes()
            assert CANARY_PREFIX.encode() not in data and b"SQLite format 3" not in data and secret not in data, path


def test_nothing_of_a_student_is_left_in_the_sandbox_for_the_next(graded):
    """System V shared memory outlives its process: a segment left by one student (memory no process counts)
    must be gone when the next one runs."""
    name = next(s for s, _ in graded["students"] if s.endswith("a-lit-la-memoire-du-precedent"))
    printed = outputs(graded["course"])[name]
    assert "segments :" in printed and "4242" not in printed, printed[:2000]


def test_no_process_of_a_submission_survives_the_batch(graded):
    left = []
    for pid in os.listdir("/proc"):
        try:
            if MARK.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                left.append(pid)
        except OSError:
            continue
    assert not left


def test_the_grader_never_reads_a_huge_request_body(graded):
    """The 512 MB body is refused by the forwarder: nbgrader's own memory stays that of a grader."""
    assert graded["peak_rss"] < 900 * 2**20, graded["peak_rss"] // 2**20


@pytest.mark.parametrize("student", ["sortie-enorme", "affichage-geant", "sorties-en-rafale"])
def test_a_huge_output_is_truncated_in_the_graded_notebook(graded, student):
    """Many lines (nbgrader's LimitOutput), one huge display (a ZMQ frame past the grader's limit), or a burst
    of large displays (the per-cell budget): the graded notebook stays small."""
    name = next(s for s, _ in graded["students"] if s.endswith(f"a-{student}"))
    path = graded["course"] / "autograded" / name / NAME / f"{NAME}.ipynb"
    assert path.stat().st_size < 5_000_000
