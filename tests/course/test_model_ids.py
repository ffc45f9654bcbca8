"""Every model id the course names is one the pinned `anthropic` knows, and none is deprecated.

Course notebooks elsewhere break the day a model id retires; here CI fails first: an id the course writes
(helpers, notebooks, masters, student versions, README) that the installed SDK no longer lists, or lists in
its DEPRECATED_MODELS (the SDK warns on every request to those), fails this test with the file that names it.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODEL_ID = re.compile(r"\bclaude-(?:opus|sonnet|haiku|fable|mythos)-[0-9][0-9a-z-]*[0-9a-z]\b")
WHERE = ["helpers", "notebooks", "source", "release", "README.md", "tools"]


# The simulator's table of model families that predate mid-conversation system turns (prefixes, « claude-opus-4-0 »
# covers every dated id of that family): a rule of strictness, never an id a learner is shown or copies.
def _prefixes() -> dict[str, set[str]]:
    from helpers.simulator._strict import BEFORE_SYSTEM_TURNS
    return {prefix: {"helpers/simulator/_strict.py"} for prefix in BEFORE_SYSTEM_TURNS}


def named_ids() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    prefixes = _prefixes()
    for place in WHERE:
        paths = [ROOT / place] if (ROOT / place).is_file() else (ROOT / place).rglob("*")
        for path in paths:
            if path.suffix not in {".py", ".ipynb", ".md", ".json"} or "__pycache__" in path.parts:
                continue
            where = str(path.relative_to(ROOT))
            for model in MODEL_ID.findall(path.read_text(errors="replace")):
                if where not in prefixes.get(model, set()):
                    found.setdefault(model, set()).add(where)
    return found


def test_the_course_names_models():
    from helpers._mode import DEFAULT_MODEL
    ids = named_ids()
    assert DEFAULT_MODEL in ids and len(ids) >= 3


def test_every_model_the_course_names_is_known_to_the_pinned_sdk():
    from helpers.simulator._server import known_models
    known = set(known_models())
    unknown = {model: sorted(files) for model, files in named_ids().items() if model not in known}
    assert not unknown, f"identifiants de modèle inconnus du SDK anthropic installé : {unknown}"


# The benchmark's model is fixed by the benchmark (its registry entry, the one id BFCL and the pinned SDK both know):
# it never reaches a learner, so its announced retirement is the benchmark's concern, not the course's.
BENCHMARK_ONLY = {"claude-opus-4-5-20251101": {"tools/bfcl.py"}}


def test_no_model_the_course_names_is_deprecated():
    from anthropic._data import DEPRECATED_MODELS
    deprecated = {model: (DEPRECATED_MODELS[model], sorted(files)) for model, files in named_ids().items()
                  if model in DEPRECATED_MODELS and files - BENCHMARK_ONLY.get(model, set())}
    assert not deprecated, f"modèles dépréciés (fin de vie annoncée par le SDK) : {deprecated}"


def test_the_default_model_and_the_simulators_models_are_current():
    from anthropic._data import DEPRECATED_MODELS
    from helpers._mode import DEFAULT_MODEL
    from helpers.simulator._server import known_models
    assert DEFAULT_MODEL in known_models() and DEFAULT_MODEL not in DEPRECATED_MODELS
