"""Notebook 1.4 under plain `nbgrader autograde`: every classic mistake of the catalogue loses marks, every
correct variant gets them all — one course folder, one autograde call for the whole batch."""
from __future__ import annotations

import inspect
import json
import os
import shutil
from pathlib import Path

import pytest

from solutions import gates as g
from solutions.submissions import nbgrader, with_solution

ROOT = Path(__file__).resolve().parents[2]
NAME = "1.4-regles-et-passage-de-main"
# Grading runs learner code only inside bubblewrap (issue 12): without it, this batch cannot grade.
NO_SANDBOX = not shutil.which("bwrap") and os.environ.get("CI") != "true"
pytestmark = [pytest.mark.slow, pytest.mark.timeout(1500),
              pytest.mark.skipif(NO_SANDBOX, reason="bubblewrap (bwrap) est absent : la correction ne peut pas "
                                                    "isoler le code des étudiants.")]


PRELUDE = "\n".join([
    "import json", "import re", "", "from claude_agent_sdk import tool", "", "",
    inspect.getsource(g.text), inspect.getsource(g.refusal),
    f"REFUSED = {g.REFUSED!r}", f"FAILED = {g.FAILED!r}", "VERIFIED_EVERYWHERE = set()", "", "",
])


def tools_code(name: str) -> str:
    """The cell a learner would write: the variant renamed make_support_tools, with what it uses."""
    extra = inspect.getsource(g.SupportDesk) + "\n\n" if name == "make_support_tools_class" else ""
    source = inspect.getsource(getattr(g, name)).replace(f"def {name}(", "def make_support_tools(", 1)
    return PRELUDE + extra + source


def handoff_code(name: str) -> str:
    source = inspect.getsource(getattr(g, name)).replace(f"def {name}(", "def build_handoff(", 1)
    return "import re\n\n\n" + inspect.getsource(g.euros) + "\n\n" + source


# Each student carries one gate variant and one handoff variant: the 8 + 3 mistakes of the catalogue and the
# correct variants fit in 11 notebooks.
MISTAKES = list(g.TOOL_MISTAKES)
HANDOFFS = list(g.HANDOFF_MISTAKES) + ["build_handoff"] * (len(MISTAKES) - len(g.HANDOFF_MISTAKES))
STUDENTS = {f"faute_{tools}": (tools, handoff) for tools, handoff in zip(MISTAKES, HANDOFFS)}
STUDENTS.update({"variante_classe": ("make_support_tools_class", "build_handoff_dataclass"),
                 "variante_dict": ("make_support_tools_dict_state", "build_handoff")})


@pytest.fixture(scope="module")
def grades(tmp_path_factory):
    course = tmp_path_factory.mktemp("cours14")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    (course / "source").mkdir()
    shutil.copytree(ROOT / "source" / NAME, course / "source" / NAME)
    assert nbgrader(course, "generate_assignment", NAME, "--force").returncode == 0
    release = json.loads((ROOT / "release" / NAME / f"{NAME}.ipynb").read_text())
    submissions = {"solution": json.loads((ROOT / "source" / NAME / f"{NAME}.ipynb").read_text()), "vierge": release}
    for student, (tools, handoff) in STUDENTS.items():
        nb = with_solution(release, "make_support_tools", tools_code(tools))
        submissions[student] = with_solution(nb, "build_handoff", handoff_code(handoff))
    for student, nb in submissions.items():
        target = course / "submitted" / student / NAME
        target.mkdir(parents=True)
        (target / f"{NAME}.ipynb").write_text(json.dumps(nb))
    done = nbgrader(course, "autograde", NAME, "--create", "--force")
    assert done.returncode == 0, done.stderr[-3000:]
    from nbgrader.api import Gradebook
    out = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for student in submissions:
            for cell in ("test_1_4_a", "test_1_4_b"):
                grade = gb.find_grade(cell, NAME, NAME, student)
                out[(student, cell)] = (grade.score, grade.max_score)
    return out


def test_the_solution_gets_every_point_and_the_blank_none(grades):
    assert grades[("solution", "test_1_4_a")] == (10, 10) and grades[("solution", "test_1_4_b")] == (4, 4)
    assert grades[("vierge", "test_1_4_a")][0] == 0 and grades[("vierge", "test_1_4_b")][0] == 0


@pytest.mark.parametrize("student", ["variante_classe", "variante_dict"])
def test_correct_variants_get_every_point(grades, student):
    assert grades[(student, "test_1_4_a")] == (10, 10) and grades[(student, "test_1_4_b")] == (4, 4)


@pytest.mark.parametrize("mistake", MISTAKES)
def test_each_gate_mistake_loses_marks(grades, mistake):
    score, max_score = grades[(f"faute_{mistake}", "test_1_4_a")]
    assert 0 < score < max_score


@pytest.mark.parametrize("mistake", list(g.HANDOFF_MISTAKES))
def test_each_handoff_mistake_loses_marks(grades, mistake):
    student = next(s for s, (_t, h) in STUDENTS.items() if h == mistake)
    score, max_score = grades[(student, "test_1_4_b")]
    assert 0 < score < max_score
    assert grades[(student, "test_1_4_a")][0] < 10      # each of these students also carries a gate mistake
