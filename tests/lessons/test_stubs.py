"""Run All reaches the end of a student notebook: a stub says in French what to write, and the run goes on."""
from __future__ import annotations

import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

from helpers import lessons
from helpers.lessons import _stubs

STUB_FUNCTION = ("def run_agent(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):\n"
                 "    # VOTRE CODE ICI\n    raise NotImplementedError()\n")
STUB_CELL = "# VOTRE CODE ICI\nraise NotImplementedError()"


@pytest.fixture
def shell():
    """An IPython shell in this process, with the course's transformer, as `import helpers` leaves it;
    gone afterwards, so that other tests still see no IPython."""
    shell = InteractiveShell.instance()
    _stubs.install()
    yield shell
    InteractiveShell.clear_instance()


def run(shell, source: str):
    with capture_output() as captured:
        result = shell.run_cell(source, store_history=True)
    return result, captured


def test_a_cell_left_as_the_stub_shows_a_french_notice_and_does_not_raise(shell):
    result, captured = run(shell, STUB_CELL)
    assert result.success, result.error_in_exec
    assert "Cellule à compléter" in captured.outputs[0].data["text/plain"]
    assert "reponses_1_1" not in shell.user_ns          # still undefined: grading gives it 0


def test_the_notice_leaves_what_the_learner_wrote_above_the_stub(shell):
    result, _ = run(shell, 'reponses_1_1 = {"q1": "A"}\n# VOTRE CODE ICI\nraise NotImplementedError()\n')
    assert result.success and shell.user_ns["reponses_1_1"] == {"q1": "A"}


@pytest.mark.parametrize("source", [
    "raise NotImplementedError()",                                       # no stub comment: a real raise
    "# VOTRE CODE ICI\nraise NotImplementedError('à faire')",             # not the stub line itself
    "if True:\n    # VOTRE CODE ICI\n    raise NotImplementedError()",    # indented
])
def test_anything_else_still_raises(shell, source):
    result, _ = run(shell, source)
    assert not result.success and isinstance(result.error_in_exec, NotImplementedError)


def test_the_transformer_is_installed_once(shell):
    assert not _stubs.install()
    assert sum(t is _stubs.transform for t in shell.input_transformers_post) == 1


def test_a_function_left_as_the_stub_is_recognised(shell):
    run(shell, STUB_FUNCTION)
    assert _stubs.is_stub(shell.user_ns["run_agent"])
    run(shell, STUB_FUNCTION.replace("    raise NotImplementedError()\n", "    return None\n"))
    assert not _stubs.is_stub(shell.user_ns["run_agent"])
    run(shell, "async def route_heavy_parcels(input_data, tool_use_id, context):\n"
               "    x = 1\n    # VOTRE CODE ICI\n    raise NotImplementedError()\n")
    assert _stubs.is_stub(shell.user_ns["route_heavy_parcels"])
    run(shell, "def run_agent(*a, **k):\n    if a:\n        raise NotImplementedError('cas non traité')\n"
               "    return 1\n")
    assert not _stubs.is_stub(shell.user_ns["run_agent"])
    assert not _stubs.is_stub({"PreToolUse": []}) and not _stubs.is_stub(print)


def test_ready_says_what_to_write_first_then_lets_the_cell_run(shell):
    run(shell, STUB_FUNCTION)
    with capture_output() as captured:
        assert lessons.ready("1.1.a") is False
    text = captured.outputs[0].data["text/plain"]
    assert "Écrivez d'abord `run_agent` (exercice 1.1.a), puis relancez cette cellule." in text
    assert "cours-a-faire" in captured.outputs[0].data["text/html"]
    run(shell, STUB_FUNCTION.replace("raise NotImplementedError()", "return 'écrit'"))
    with capture_output() as captured:
        assert lessons.ready("1.1.a") is True
    assert not captured.outputs


def test_ready_names_every_missing_object_with_its_exercise(shell):
    run(shell, "MAX_PARCEL_KG = 30\nasync def route_heavy_parcels(input_data, tool_use_id, context):\n"
               "    # VOTRE CODE ICI\n    raise NotImplementedError()\n")
    with capture_output() as captured:
        assert not lessons.ready("1.5.a", "1.5.c")
    text = captured.outputs[0].data["text/plain"]
    assert "`route_heavy_parcels` (exercice 1.5.a), puis `HOOKS` (exercice 1.5.c)" in text
    assert "MAX_PARCEL_KG" not in text


def test_verify_on_a_stub_says_to_write_it_instead_of_running_the_scenarios(shell):
    run(shell, STUB_FUNCTION)
    report = lessons.verify_button("1.1.a").run()
    assert report.score == 0 and report.max_score == 10
    assert "encore le squelette de départ" in str(report)


def test_every_student_cell_that_uses_the_learners_code_asks_ready_first():
    """A future lesson that forgets the guard would stop « Run All » on its student version: caught here,
    without a browser. Cells that only read a name after `helpers.ready(…)` in the same cell are fine."""
    import ast
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    learner_names = {name for e in lessons.exercises().values() for name in e.names if not e.is_quiz}
    learner_names.discard("MAX_PARCEL_KG")          # a constant the stub cell itself defines
    unguarded = []
    for path in sorted((root / "release").glob("*/*.ipynb")):
        for cell in json.loads(path.read_text())["cells"]:
            meta = cell.get("metadata", {}).get("nbgrader", {})
            if cell["cell_type"] != "code" or meta.get("solution") or meta.get("grade"):
                continue
            source = "".join(cell["source"])
            used = {n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)} & learner_names
            if used and "helpers.ready(" not in source:
                unguarded.append(f"{path.name} : {sorted(used)} sans helpers.ready")
    assert not unguarded, unguarded


def test_verify_on_a_name_never_defined_scores_zero_and_says_what_to_write(shell):
    """A solution cell left as the stub defines nothing (its notice replaces the raise): « Vérifier » still gives
    a report with its score, not a bare message."""
    run(shell, STUB_CELL)
    report = lessons.verify_button("1.5.c").run()
    assert report.score == 0 and report.max_score > 0
    assert "HOOKS\u202f: pas encore défini" in str(report) and "squelette de départ" in str(report)
