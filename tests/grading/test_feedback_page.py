"""The feedback page (helpers/grading/templates/retour), rendered as generate_feedback renders it, on a small
graded notebook: French words and numbers, « pas de réponse » for an untouched answer, and each report as the
table « Vérifier » shows. Fast: nbconvert only, no grading (the whole cycle is in test_nbgrader_cycle.py)."""
from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
REPORT = ("[Vérification 1.5.a] 3,25 / 4 point(s)\n"
          "  ✅ Un remboursement au-dessus de 500 est refusé (deny, en PreToolUse)\n"
          "  ❌ Les montants arrivés en texte (« 750.00 ») sont comparés comme des nombres — amount = '120.50' a été\n"
          "     refusé <script>alert(1)</script>\n")
QUIZ = ("[Vérification 1.5.q] 0 / 3 point(s)\n"
        "  ❌ Question 1 — Deux hooks — pas de réponse (la cellule des réponses est restée telle que distribuée)\n")


def cell(kind: str, source: str, **nbgrader) -> nbformat.NotebookNode:
    make = nbformat.v4.new_code_cell if kind == "code" else nbformat.v4.new_markdown_cell
    c = make(source)
    c.metadata["nbgrader"] = dict(schema_version=3, **nbgrader)
    return c


@pytest.fixture(scope="module")
def page() -> str:
    from nbconvert import HTMLExporter
    import helpers.grading
    nb = nbformat.v4.new_notebook()
    answer = cell("code", "async def block_large_refunds(i, t, c):\n    # VOTRE CODE ICI\n    raise NotImplementedError()",
                  grade=False, solution=True, grade_id="block_large_refunds", locked=False, comment="No response.")
    written = cell("code", "reponses_1_5 = {}", grade=False, solution=True, grade_id="reponses_1_5", locked=False,
                   comment="Bien vu, mais relisez la question 2.")
    test = cell("code", "# Vérification cachée", grade=True, solution=False, grade_id="test_1_5_a", points=4,
                score=3.25, locked=True)
    test.outputs = [nbformat.v4.new_output("stream", name="stdout", text=REPORT),
                    nbformat.v4.new_output("execute_result", data={"text/plain": "3.25"}, execution_count=3)]
    quiz = cell("code", "# Vérification cachée", grade=True, solution=False, grade_id="test_1_5_q", points=3,
                score=0.0, locked=True)
    quiz.outputs = [nbformat.v4.new_output("stream", name="stdout", text=QUIZ)]
    nb.cells = [answer, written, test, quiz]
    import nbgrader
    bootstrap = Path(nbgrader.__file__).parent / "server_extensions/formgrader/static/node_modules/bootstrap/dist/css"
    exporter = HTMLExporter(template_name="retour", extra_template_paths=[str(bootstrap)],   # as generate_feedback
                            extra_template_basedirs=[str(Path(helpers.grading.__file__).parent / "templates")])
    body, _ = exporter.from_notebook_node(nb, resources={"nbgrader": {"notebook": "1.5-hooks-agent-sdk", "score": 3.25,
                                                                      "max_score": 15.0, "late_penalty": 0}})
    return body


def visible(body: str) -> str:
    body = re.sub(r"<(script|style)\b.*?</\1>", "", body, flags=re.S | re.I)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def test_scores_are_written_the_french_way(page):
    text = visible(page)
    assert "note : 3,25 / 15" in text and "Note : 3,25 / 4" in text and "Note : 0 / 3" in text
    shown = html.unescape(page)                     # in French typography: a narrow no-break space before « : »
    assert "note\u202f: 3,25 / 15" in shown and "Vérification 1.5.a\u202f: 3,25 / 4" in shown
    assert not re.search(r"\d\.\d+ / \d", text)


def test_an_untouched_answer_says_pas_de_reponse_and_a_real_comment_stays(page):
    text = visible(page)
    assert "No response" not in text
    assert "Commentaire : pas de réponse (la cellule est restée telle que distribuée)" in text
    assert "Bien vu, mais relisez la question 2." in text


def test_each_report_is_the_verifier_table_rule_then_observation(page):
    assert page.count('class="cours-verification"') == 2
    assert not re.search(r"<pre>\s*\[Vérification", page)
    text = visible(page)
    assert "Vérification 1.5.a : 3,25 / 4" in text
    assert "✅ réussi Un remboursement au-dessus de 500 est refusé (deny, en PreToolUse)" in text
    assert ("❌ à revoir Les montants arrivés en texte (« 750.00 ») sont comparés comme des nombres "
            "amount = '120.50' a été refusé") in text                      # the wrapped line joined back
    assert "❌ à revoir Question 1 — Deux hooks pas de réponse" in text      # a question's title stays whole
    assert "<script>alert(1)</script>" not in page                         # a report quoting code stays text
    assert "Out[" not in text                                              # the score is in the heading


def test_no_english_label_is_left(page):
    text = visible(page)
    for english in ("Student's answer", "Score:", "Test cell", "(Top)", "Comments:", "No response"):
        assert english not in text, english


@pytest.mark.parametrize("answers, expected", [
    ("# VOTRE CODE ICI\nraise NotImplementedError()", "pas de réponse (la cellule des réponses est restée telle que distribuée)"),
    ("reponses_1_5 = dict(q1='A')", "réponses illisibles : reponses_1_5 doit être un dict de lettres écrit tel quel"),
])
def test_an_unanswered_quiz_says_pas_de_reponse_not_a_syntax_lesson(answers, expected):
    from helpers.grading.autograde import ApplyVerdicts
    key = 'CORRIGE = {"q1": {"answer": "B", "title": "T", "why": {"A": "a", "B": "b", "C": "c", "D": "d"}}}'
    report = ApplyVerdicts._verdict("1.5.q", None, {"reponses_1_5": answers}, key)
    assert report.score == 0 and all(c.detail.startswith(expected) for c in report.criteria), str(report)
