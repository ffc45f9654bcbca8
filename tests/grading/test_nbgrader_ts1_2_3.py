"""Plain `nbgrader autograde`, one batch per assignment, on the mutation catalogues of 1.2.a and 1.3.a: correct
variants get every point, each classic mistake loses marks — the same marks as the check run directly."""
from __future__ import annotations

import inspect
import json
import shutil
from pathlib import Path

import pytest

from helpers.lessons.ts1_2 import checks as checks_1_2
from helpers.lessons.ts1_3 import checks as checks_1_3
from solutions import coordinators, synthesis
from solutions.submissions import nbgrader, with_solution

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.timeout(1500)]


LESSONS = {
    "1.2-coordinateur-sous-agents": {
        "module": coordinators, "name": "coordinate", "check": checks_1_2.check, "test": "test_1_2_a",
        "points": 10, "answers": ("reponses_1_2", 'reponses_1_2 = {"q1": "B", "q2": "A", "q3": "C"}'),
        "correct": ["coordinate", "coordinate_threads", "coordinate_futures"],
        "wrong": ["sequential", "shared_conversation", "all_in_one_request", "forgets_the_last_subtopic",
                  "drops_metadata", "no_retry", "crashes_on_a_bad_reply", "retries_forever", "retry_still_a_gap",
                  "dedupes_by_claim", "keeps_cut_replies", "completion_order"],
    },
    "1.3-passer-le-contexte": {
        "module": synthesis, "name": "synthesis_prompt", "check": checks_1_3.check, "test": "test_1_3_a",
        "points": 6, "answers": ("reponses_1_3", 'reponses_1_3 = {"q1": "A", "q2": "D", "q3": "C"}'),
        "correct": ["synthesis_prompt", "synthesis_prompt_wrapped", "synthesis_prompt_english"],
        "wrong": ["prose_bullets", "claims_only", "first_three", "keys_renamed", "python_repr", "topic_missing",
                  "claim_and_source_squeezed", "nulls_dropped", "mutates_its_input", "merges_same_claims"],
    },
}


def learner_code(module, variant: str, name: str) -> str:
    """The variant written out whole in the solution cell, as a learner would: its imports, the helpers it
    calls, and the function itself under the contract's name."""
    source = inspect.getsource(module)
    imports = "\n".join(line for line in source.splitlines() if line.startswith(("import ", "from "))
                        and "__future__" not in line)
    private = {h: inspect.getsource(getattr(module, h)) for h in dir(module)
               if h.startswith("_") and inspect.isfunction(getattr(module, h))}
    needed, text = [], inspect.getsource(getattr(module, variant))
    while True:                                        # the helpers it calls, and the ones they call
        more = [h for h in private if h not in needed and h in text]
        if not more:
            break
        needed += more
        text += "".join(private[h] for h in more)
    body = inspect.getsource(getattr(module, variant)).replace(f"def {variant}(", f"def {name}(", 1)
    return imports + "\n\n" + "\n\n".join(private[h] for h in needed) + "\n\n" + body


def student(variant: str) -> str:
    return variant.replace("_", "-")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """One course; every variant of both catalogues as a student; one autograde per assignment."""
    course = tmp_path_factory.mktemp("cours")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "source", course / "source")
    for assignment, lesson in LESSONS.items():
        assert nbgrader(course, "generate_assignment", assignment, "--force").returncode == 0
        release = json.loads((ROOT / "release" / assignment / f"{assignment}.ipynb").read_text())
        for variant in lesson["correct"] + lesson["wrong"]:
            nb = with_solution(release, lesson["name"], learner_code(lesson["module"], variant, lesson["name"]))
            nb = with_solution(nb, *lesson["answers"])
            target = course / "submitted" / student(variant) / assignment
            target.mkdir(parents=True)
            (target / f"{assignment}.ipynb").write_text(json.dumps(nb))
    for assignment in LESSONS:
        done = nbgrader(course, "autograde", assignment, "--create", "--force")
        assert done.returncode == 0, done.stderr[-3000:]
    from nbgrader.api import Gradebook
    scores = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for assignment, lesson in LESSONS.items():
            for variant in lesson["correct"] + lesson["wrong"]:
                grade = gb.find_grade(lesson["test"], assignment, assignment, student(variant))
                scores[(assignment, variant)] = grade.score
    return scores


CASES = [(a, v) for a, lesson in LESSONS.items() for v in lesson["correct"] + lesson["wrong"]]


@pytest.mark.parametrize("assignment, variant", CASES, ids=[f"{a[:3]}-{v}" for a, v in CASES])
def test_autograde_gives_the_marks_the_check_gives(graded, assignment, variant):
    lesson = LESSONS[assignment]
    score = graded[(assignment, variant)]
    if variant in lesson["correct"]:
        assert score == lesson["points"]
    else:
        direct = lesson["check"](getattr(lesson["module"], variant), seed=5).score
        assert score < lesson["points"] and score == direct, (score, direct)


def test_every_variant_was_graded(graded):
    assert set(graded) == set(CASES) and all(isinstance(s, float) for s in graded.values())
