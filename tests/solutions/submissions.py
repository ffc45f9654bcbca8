"""Student submissions built from the release notebooks (a solution cell replaced by given code), and plain
nbgrader run on them as a new instructor would."""
from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

from . import loops


def nbgrader(course: Path, *args: str, timeout: float = 1700) -> subprocess.CompletedProcess:
    """`nbgrader …` in `course`, by a grading user who never ran IPython nor Jupyter: a brand-new HOME (issue 12,
    finding 1), no inherited Jupyter or IPython paths, and a key that must never be used."""
    home = course.parent / "maison-neuve"
    home.mkdir(exist_ok=True)
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"],
               ANTHROPIC_API_KEY="sk-ant-ne-doit-jamais-servir", HOME=str(home))
    env.pop("JUPYTER_PATH", None)
    env.pop("IPYTHONDIR", None)
    return subprocess.run([sys.executable, "-m", "nbgrader", *args, "--log-level=WARN"], cwd=course, env=env,
                          capture_output=True, text=True, timeout=timeout)


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
    nb = with_solution(nb, "reponses_1_1", 'reponses_1_1 = {"q1": "B", "q2": "A", "q3": "C"}')
    yield "stops_on_text", name, nb

    name = "1.5-hooks-agent-sdk"
    release = json.loads((root / "release" / name / f"{name}.ipynb").read_text())
    from . import hooks
    nb = with_solution(release, "route_heavy_parcels", inspect.getsource(hooks.route_heavy_parcels).replace(
        "    weight = float(", "    weight = float(").replace("async def route_heavy_parcels", "async def route_heavy_parcels", 1))
    nb = with_solution(nb, "normalize_amounts", "import json\n" + inspect.getsource(hooks.to_euros) + "\n"
                       + inspect.getsource(hooks.normalize) + "\n" + inspect.getsource(hooks.normalize_amounts))
    nb = with_solution(nb, "HOOKS", 'HOOKS = {"PostToolUse": [HookMatcher(matcher="mcp__expedition__ship_parcel", '
                                    'hooks=[route_heavy_parcels]), HookMatcher(matcher="^mcp__achats__", '
                                    'hooks=[normalize_amounts])]}')
    yield "refus_en_posttooluse", name, nb
