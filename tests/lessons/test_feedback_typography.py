"""Feedback in French typography: real checks on wrong solutions, as « Vérifier », nbgrader's graded output, a
failed hidden test and an explained error show them — narrow no-break spaces before « ; : ! ? » and inside « »,
no-break spaces in numbers — and nothing else changed: code, identifiers, URLs, `3.14`, `14:05` stay as typed."""
from __future__ import annotations

import re

import pytest

from helpers import lessons
from helpers.lessons.kit import Criterion, GradingError, Report, require
from helpers.lessons.ts1_5 import checks as check_1_5
from helpers.widgets.typography import NARROW, NBSP, french_message
from solutions import hooks as h

# An ordinary space where French wants a no-break one: before a high sign, inside guillemets.
UNSET = re.compile(r" [;:!?](?=\s|$)|« | »")


def typed(text: str) -> str:
    """The text as the check typed it: the formatter only ever turns an ordinary space into a no-break one."""
    return text.replace(NARROW, " ").replace(NBSP, " ")


def prose(text: str) -> str:
    """What is prose in a feedback line: inline code and quoted learner values (Python reprs) set aside."""
    return re.sub(r"`[^`]*`|'[^']*'|\[[^\]]*\]", "", text)


@pytest.fixture(scope="module")
def wrong_reports() -> list[Report]:
    """Real checks of 1.5 on classic wrong hooks: refusals, a hook that raises, a normaliser that skips DD/MM."""
    return [check_1_5.check_parcels(30, h.denies_everything, seed=1),
            check_1_5.check_parcels(30, h.compares_text, seed=1),
            check_1_5.check_amounts(h._with(h._no_comma), seed=1),
            lessons.graded_report("9.9.q", {"q1": "A"}, {"q1": {"answer": "C", "title": "Deux hooks",
                                                                "why": {k: f"raison {k} : voir 1 148 s"
                                                                        for k in "ABCD"}}})]


def test_the_wrong_solutions_are_reported_wrong(wrong_reports):
    assert all(not r.passed for r in wrong_reports)


def test_the_text_report_is_set_in_french_typography(wrong_reports):
    """What nbgrader writes into the graded cell (print(report)) and what the feedback page is built from."""
    for report in wrong_reports:
        text = str(report)
        assert NARROW in text, text
        for line in text.split("\n"):
            assert not UNSET.search(prose(line)), line
    assert f"vous avez choisi A{NARROW}; la bonne réponse était C" in str(wrong_reports[3])
    assert f"1{NARROW}148{NBSP}s" in str(wrong_reports[3])


def test_the_verifier_html_is_set_and_says_the_same_as_the_text(wrong_reports):
    import html
    for report in wrong_reports:
        page = report._repr_html_()
        assert f"Vérification {report.exercise}{NARROW}:" in page
        for c in report.criteria:
            assert html.escape(french_message(c.rule)) in page
            if c.detail:
                assert html.escape(french_message(c.detail)) in page


def test_a_failed_hidden_test_says_it_in_french_typography(wrong_reports):
    report = wrong_reports[0]
    broken = next(c for c in report.criteria if not c.passed)
    with pytest.raises(GradingError) as failure:
        require(report, broken.key)
    assert str(failure.value) == f"[Vérification {report.exercise}] {french_message(broken.rule)} — " \
                                 f"{french_message(broken.detail)}"


def test_only_spaces_change_never_code_identifiers_urls_or_numbers(wrong_reports):
    for report in wrong_reports:
        plain = "\n".join(f"{c.rule} — {c.detail}" for c in report.criteria)
        set_ = "\n".join(f"{french_message(c.rule)} — {french_message(c.detail)}" for c in report.criteria)
        assert typed(set_) == plain
    tricky = Report("9.9.z", [Criterion("k", "Règle : « deny »", 1, False,
                                        "vu `{\"a\" : 1}` ; pi = 3.14, à 14:05, voir https://exemple.org/a?b=1 : "
                                        "<ipython-input-3 : x> stop_reason: end_turn, x ?y, a::b")])
    text = str(tricky)
    for kept in ('`{"a" : 1}`', "3.14", "14:05", "https://exemple.org/a?b=1", "<ipython-input-3 : x>",
                 "stop_reason: end_turn", "x ?y", "a::b"):
        assert kept in text, kept
    assert f"Règle{NARROW}: «{NARROW}deny{NARROW}»" in text and f"`{NARROW}; pi" in text


def test_verifier_shows_the_set_report():
    """The button's own output, as the learner sees it after a click (a warning included)."""
    from helpers.widgets import verify
    button = verify.VerifyButton("1.5.a", ("route_heavy_parcels",),
                                 lambda _e, fn: check_1_5.check_parcels(30, h.compares_text, seed=1))
    verify._NOT_RUN["route_heavy_parcels"] = "SyntaxError, ligne 2 : invalid syntax"
    try:
        button.run()
    finally:
        verify._NOT_RUN.pop("route_heavy_parcels", None)
    shown = button.output.value
    assert f"Attention{NARROW}:" in shown and f"Vérification 1.5.a{NARROW}:" in shown
    assert f"TypeError{NARROW}:" in shown


def test_an_explained_error_is_set_too():
    from helpers._mode import KeyProblem
    from helpers.explain import explain
    text = explain(KeyProblem("La clé ne commence pas par « sk-ant- » : vérifiez-la ; 27 % des cas !"))
    assert text == f"La clé ne commence pas par «{NARROW}sk-ant-{NARROW}»{NARROW}: vérifiez-la{NARROW}; " \
                   f"27{NBSP}% des cas{NARROW}!"


def test_the_notice_of_a_cell_left_as_the_stub_is_set_and_its_code_is_not():
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    from helpers.lessons import _stubs
    InteractiveShell.instance()
    try:
        with capture_output() as captured:
            _stubs.cell_notice()
    finally:
        InteractiveShell.clear_instance()
    shown = captured.outputs[0].data
    assert f"Cellule à compléter{NARROW}:" in shown["text/html"] and f"Cellule à compléter{NARROW}:" in shown["text/plain"]
    assert "<code># VOTRE CODE ICI</code>" in shown["text/html"]
    assert f"«{NARROW}# VOTRE CODE ICI{NARROW}»" in shown["text/plain"]


def test_what_the_cli_reported_is_set_too():
    from helpers import clients
    report = clients.CliStderr()
    report("Error in hook callback hook_0: KeyError 'amount'")
    previous, clients._last_stderr = clients._last_stderr, report
    try:
        text = clients.cli_report()
    finally:
        clients._last_stderr = previous
    assert f"(fail open){NARROW};" in text and 'HookMatcher(on_failure="block")' in text


def test_verify_called_with_the_wrong_objects_says_which_ones_in_french():
    """A learner's own call to helpers.verify with too few objects: a French sentence naming them, not a KeyError."""
    with pytest.raises(TypeError) as wrong:
        lessons.verify("1.5.a", h.route_heavy_parcels)
    said = str(wrong.value)
    assert "MAX_PARCEL_KG, route_heavy_parcels" in said and f"dans cet ordre{NARROW}:" in said


@pytest.mark.parametrize("line", ["`" * 5000, "a " + "`" * 20000 + " : b", "`a` " * 3000 + "``" * 3000,
                                  "".join("`" * n + "x" for n in range(1, 300))])
def test_a_run_of_backticks_is_set_in_linear_time(line):
    """A learner's value full of backticks reaches the report: 5 000 of them took 8 s in one call (a regular
    expression that backtracked over every shorter run). Inline code is now found in one pass."""
    import time
    started = time.process_time()
    french_message(line)
    str(Report("1.3.a", [Criterion("k", line, 1, False, line)]))
    assert time.process_time() - started < 0.5


def test_inline_code_is_a_run_of_backticks_closed_by_a_run_of_the_same_length():
    assert french_message("voir `a : b` et ``x ` y`` : fin") == f"voir `a : b` et ``x ` y``{NARROW}: fin"
    assert french_message("```a` : b") == f"```a`{NARROW}: b"      # no closing run of three: ordinary text
