"""Student submissions built from the release notebooks: a solution cell replaced by given code."""
from __future__ import annotations

import inspect
import json
from pathlib import Path

from . import loops


def with_solution(release_nb: dict, grade_id: str, code: str) -> dict:
    nb = json.loads(json.dumps(release_nb))
    for cell in nb["cells"]:
        if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == grade_id:
            cell["source"] = code
            return nb
    raise KeyError(grade_id)


def wrong_submissions(root: Path):
    """(student, assignment, notebook) for the classic wrong solutions graded end to end."""
    name = "1.1-boucles-agentiques"
    release = json.loads((root / "release" / name / f"{name}.ipynb").read_text())
    code = "import json\n\n" + inspect.getsource(loops.stops_on_text).replace("def stops_on_text", "def run_agent")
    nb = with_solution(release, "run_agent", code)
    nb = with_solution(nb, "reponses_1_1", 'reponses_1_1 = {"q1": "C", "q2": "B", "q3": "D", "q4": "A"}')
    yield "stops_on_text", name, nb
