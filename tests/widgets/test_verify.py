"""« Vérifier » says when the cell that defines the learner's function did not run (a SyntaxError stops the
whole cell, and the kernel keeps the previous definition: the report would silently grade that one)."""
from __future__ import annotations

import html

import pytest


@pytest.fixture()
def shell():
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    yield shell
    from helpers.widgets import verify
    verify._NOT_RUN.clear()


def test_a_syntax_error_in_the_solution_cell_is_said_before_the_report(shell):
    from helpers.widgets.verify import VerifyButton
    seen = []

    def checker(exercise, fn):
        seen.append(fn())
        from helpers.lessons.kit import Criterion, Report
        return Report(exercise, [Criterion("x", "Règle", 1, True)])

    shell.run_cell("def ma_fonction():\n    return 'ancienne'\n")
    button = VerifyButton("9.9.a", ("ma_fonction",), checker)
    button.run()
    assert "Attention" not in button.output.value
    shell.run_cell("def ma_fonction():\n    return 'nouvelle' +\n")         # SyntaxError: nothing ran
    button.run()
    shown = html.unescape(button.output.value)
    assert seen == ["ancienne", "ancienne"]
    assert "la cellule qui définit ma_fonction n'a pas été exécutée (SyntaxError, ligne 2" in shown
    assert "définition précédente" in shown and "Vérification 9.9.a" in shown
    shell.run_cell("def ma_fonction():\n    return 'nouvelle'\n")
    button.run()
    assert seen[-1] == "nouvelle" and "Attention" not in button.output.value


def test_other_cells_failing_do_not_raise_the_warning(shell):
    from helpers.widgets.verify import VerifyButton, not_run_warning
    VerifyButton("9.9.b", ("autre_fonction",), lambda *a: None)
    shell.run_cell("def autre_fonction():\n    return 1\n")
    shell.run_cell("print((\n")
    shell.run_cell("autre_fonction_bis = (\n")
    assert not_run_warning(("autre_fonction",)) == ""
