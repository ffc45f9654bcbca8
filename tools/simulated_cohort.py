"""A simulated cohort, for the tests, the grading benchmark and the instructor dashboard's demo.

    .venv/bin/python tools/simulated_cohort.py /tmp/cours-demo --students 50

builds a course folder (nbgrader_config.py, source/, a gradebook with the assignments) whose
submitted/ holds, for every student and every assignment, the student version with a solution
drawn from a catalogue: correct, one of the classic mistakes, or left untouched.
"""
from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from solutions import hooks, loops  # noqa: E402
from solutions.submissions import with_solution  # noqa: E402

FIRST_NAMES = ["camille", "lea", "hugo", "ines", "lucas", "chloe", "sami", "manon", "noah", "jade", "yanis", "zoe",
               "louis", "emma", "adam", "lina", "theo", "sarah", "nolan", "alice"]
ANSWERS = {"1.1-boucles-agentiques": ("reponses_1_1", {"q1": "B", "q2": "D", "q3": "A"}),
           "1.5-hooks-agent-sdk": ("reponses_1_5", {"q1": "D", "q2": "A", "q3": "B"}),
           "2.1-examen-blanc": ("reponses_examen", {"q1": "C", "q2": "A", "q3": "B", "q4": "B", "q5": "A", "q6": "C",
                                                    "q7": "D", "q8": "D"})}


def _source(fn, name: str | None = None) -> str:
    code = inspect.getsource(fn)
    return code if name is None else code.replace(f"def {fn.__name__}(", f"def {name}(", 1)


def _loop(fn) -> str:
    return "import json\n\n" + _source(fn, "run_agent")


LOOP_VARIANTS = {
    "correct": _loop(loops.run_agent),
    "s'arrête sur du texte": _loop(loops.stops_on_text),
    "un message par tool_result": _loop(loops.one_message_per_result),
    "seulement le premier tool_use": _loop(loops.only_first_tool_use),
    "texte retiré du tour assistant": _loop(loops.drops_text_blocks),
    "max_tokens pris pour une fin": _loop(loops.returns_on_max_tokens),
    "l'exception d'outil casse la boucle": _loop(loops.tool_exception_crashes),
    "le plafond renvoie au lieu de lever": _loop(loops.cap_returns),
}

PARCEL_VARIANTS = {
    "correct": _source(hooks.route_heavy_parcels),
    "refus sans raison": _source(hooks.deny_without_reason, "route_heavy_parcels"),
    "30 kg refusé": "\n".join([_source(hooks.route_heavy_parcels, "_correct"), _source(hooks.denies_30,
                                                                                     "route_heavy_parcels")]).replace(
        "await route_heavy_parcels(", "await _correct("),
    "poids comparé en texte": "\n".join([_source(hooks.route_heavy_parcels, "_correct"),
                                           _source(hooks.compares_text, "route_heavy_parcels")]).replace(
        "await route_heavy_parcels(", "await _correct("),
}
AMOUNTS_BASE = "import json\n" + _source(hooks.to_euros) + "\n" + _source(hooks.normalize)
AMOUNT_VARIANTS = {
    "correct": AMOUNTS_BASE + "\n" + _source(hooks.normalize_amounts),
    "renvoie un dict": AMOUNTS_BASE + "\n" + _source(hooks.returns_a_dict, "normalize_amounts"),
}
HOOKS_VARIANTS = {
    "correct": 'HOOKS = {"PreToolUse": [HookMatcher(matcher="mcp__expedition__ship_parcel", hooks=[route_heavy_parcels])],'
               ' "PostToolUse": [HookMatcher(matcher="^mcp__achats__", hooks=[normalize_amounts])]}',
    "refus en PostToolUse": 'HOOKS = {"PostToolUse": [HookMatcher(matcher="mcp__expedition__ship_parcel", '
                            'hooks=[route_heavy_parcels]), HookMatcher(matcher="^mcp__achats__", hooks=[normalize_amounts])]}',
    "matcher au nom court": 'HOOKS = {"PreToolUse": [HookMatcher(matcher="ship_parcel", hooks=[route_heavy_parcels])],'
                            ' "PostToolUse": [HookMatcher(matcher="^mcp__achats__", hooks=[normalize_amounts])]}',
}


def _answers(r: random.Random, right: dict) -> dict:
    return {q: (a if r.random() < 0.7 else r.choice("ABCD")) for q, a in right.items()}


def _master_solutions(assignment: str) -> dict[str, str]:
    """grade_id -> the master's solution code, for the assignments without hand-written mistakes here."""
    import re
    master = json.loads((ROOT / "source" / assignment / f"{assignment}.ipynb").read_text())
    solutions = {}
    for cell in master["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if meta.get("solution") and meta.get("grade_id"):
            code = "".join(cell["source"])
            solutions[meta["grade_id"]] = re.sub(r"^[ \t]*### (BEGIN|END) SOLUTION[ \t]*\n?", "", code, flags=re.M)
    return solutions


def _generic(assignment: str, release_nb: dict, r: random.Random) -> tuple[dict, str]:
    """The master's solutions; the graded check's answers right about 70 % of the time."""
    import ast
    nb = release_nb
    for grade_id, code in _master_solutions(assignment).items():
        if grade_id.startswith("reponses_"):
            right = ast.literal_eval(code.split("=", 1)[1].strip())
            code = f"{grade_id} = {json.dumps(_answers(r, right))}"
        nb = with_solution(nb, grade_id, code)
    return nb, "correct"


def submission(assignment: str, release_nb: dict, r: random.Random) -> tuple[dict, str]:
    """One student's notebook for `assignment`, and a label of what it contains."""
    if r.random() < 0.12:
        return release_nb, "copie vierge"
    if assignment not in ANSWERS:
        return _generic(assignment, release_nb, r)
    name, right = ANSWERS[assignment]
    answers = f"{name} = {json.dumps(_answers(r, right))}"
    if assignment.startswith("2.1"):      # the mock exam: answers only
        return with_solution(release_nb, name, answers), "réponses"
    if assignment.startswith("1.1"):
        label = r.choice(list(LOOP_VARIANTS)) if r.random() < 0.6 else "correct"
        nb = with_solution(release_nb, "run_agent", LOOP_VARIANTS[label])
        return with_solution(nb, "reponses_1_1", answers), label
    refund = r.choice(list(PARCEL_VARIANTS)) if r.random() < 0.4 else "correct"
    dates = r.choice(list(AMOUNT_VARIANTS)) if r.random() < 0.3 else "correct"
    mapping = r.choice(list(HOOKS_VARIANTS)) if r.random() < 0.3 else "correct"
    nb = with_solution(release_nb, "route_heavy_parcels", "MAX_PARCEL_KG = 30\n\n" + PARCEL_VARIANTS[refund])
    nb = with_solution(nb, "normalize_amounts", AMOUNT_VARIANTS[dates])
    nb = with_solution(nb, "HOOKS", HOOKS_VARIANTS[mapping])
    return with_solution(nb, "reponses_1_5", answers), f"{refund} / {dates} / {mapping}"


def nbgrader(course: Path, *args: str) -> None:
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    subprocess.run([sys.executable, "-m", "nbgrader", *args, "--log-level=ERROR"], cwd=course, env=env, check=True)


def build(course: Path, n_students: int, *, assignments: list[str] | None = None, seed: int = 2026) -> dict:
    """Create the course folder; returns {(student, assignment): label}."""
    course.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "nbgrader_config.py", course)
    if not (course / "source").exists():
        shutil.copytree(ROOT / "source", course / "source")
    assignments = assignments or sorted(p.name for p in (ROOT / "source").iterdir() if p.is_dir())
    for name in assignments:
        nbgrader(course, "generate_assignment", name, "--force")
    # The course secret fixes the draws: made now, copies of this course draw (and grade) alike.
    from helpers.grading.trusted.verdicts import course_secret
    course_secret(course)
    r = random.Random(seed)
    labels = {}
    for i in range(n_students):
        student = f"etu-{i + 1:03d}-{FIRST_NAMES[i % len(FIRST_NAMES)]}"
        for name in assignments:
            release = json.loads((course / "release" / name / f"{name}.ipynb").read_text())
            # The mock exam draws from its own generator: adding it leaves the lessons' draws unchanged.
            own = random.Random(f"{seed}:{student}:{name}") if name.startswith("2.") else r
            nb, label = submission(name, release, own)
            target = course / "submitted" / student / name
            target.mkdir(parents=True, exist_ok=True)
            (target / f"{name}.ipynb").write_text(json.dumps(nb, ensure_ascii=False))
            labels[(student, name)] = label
    return labels


def main() -> int:
    parser = argparse.ArgumentParser(description="Crée une cohorte simulée (dossier de cours nbgrader).")
    parser.add_argument("course", type=Path)
    parser.add_argument("--students", type=int, default=20)
    args = parser.parse_args()
    labels = build(args.course, args.students)
    print(f"{len(labels)} copies soumises dans {args.course / 'submitted'}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
