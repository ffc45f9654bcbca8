"""The feedback page (helpers/grading/trusted/templates/retour), rendered as generate_feedback renders it, on a small
graded notebook: French words and numbers, « pas de réponse » for an untouched answer, and each report as the
table « Vérifier » shows. Fast: nbconvert only, no grading (the whole cycle is in test_nbgrader_cycle.py)."""
from __future__ import annotations

import html
import json
import os
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
    import helpers.grading.trusted
    nb = nbformat.v4.new_notebook()
    answer = cell("code", "async def route_heavy_parcels(i, t, c):\n    # VOTRE CODE ICI\n    raise NotImplementedError()",
                  grade=False, solution=True, grade_id="route_heavy_parcels", locked=False, comment="No response.")
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
                            extra_template_basedirs=[str(Path(helpers.grading.trusted.__file__).parent / "templates")])
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
    from helpers.grading.trusted.autograde import ApplyVerdicts
    key = 'CORRIGE = {"q1": {"answer": "B", "title": "T", "why": {"A": "a", "B": "b", "C": "c", "D": "d"}}}'
    report = ApplyVerdicts._verdict("1.5.q", None, {"reponses_1_5": answers}, key)
    assert report.score == 0 and all(c.detail.startswith(expected) for c in report.criteria), str(report)


# -- what a submission's outputs and Markdown can put into the page (issue 31) -------------------------------------

ATTACK = {"image/png": {"width": "1 onerror=alert(document.domain)", "height": 120},
          "width": "2 onmouseover=alert(2)", "filenames": {"image/png": 'x" onerror="alert(3)'}, "isolated": "<x>"}
PNG = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")


def graded_notebook() -> nbformat.NotebookNode:
    from helpers.grading.trusted.sanitize import sanitize_notebook
    nb = nbformat.v4.new_notebook()
    markdown = cell("markdown", "Ma réponse <script>alert(1)</script> et **gras**.", grade=False, solution=True,
                    grade_id="reponse_libre", locked=False)
    figure = nbformat.v4.new_code_cell("montrer()")
    figure.outputs = [nbformat.v4.new_output("display_data", data={"image/png": PNG, "text/plain": "<Figure>"},
                                             metadata=json.loads(json.dumps(ATTACK)))]
    after = nbformat.v4.new_markdown_cell("Cellule suivante, toujours là.")
    nb.cells = [markdown, figure, after]
    sanitize_notebook(nb)          # at the end of autograding…
    sanitize_notebook(nb)          # …and again before feedback
    return nb


def feedback_page(nb) -> str:
    from traitlets.config import Config

    import nbgrader
    from helpers.grading.trusted.feedback import TEMPLATE, TEMPLATES, FeedbackExporter
    config = Config()
    config.FeedbackExporter.template_name = TEMPLATE
    config.FeedbackExporter.extra_template_basedirs = [str(TEMPLATES)]
    config.HTMLExporter.extra_template_paths = [str(Path(nbgrader.__file__).parent /
                                                    "server_extensions/formgrader/static/node_modules/bootstrap/dist/css")]
    body, _ = FeedbackExporter(config=config).from_notebook_node(
        nb, resources={"nbgrader": {"notebook": "1.6", "score": 0, "max_score": 1, "late_penalty": 0}})
    return body


def test_output_metadata_keeps_only_numeric_image_sizes():
    from helpers.grading.trusted.sanitize import sanitize_metadata
    assert sanitize_metadata(json.loads(json.dumps(ATTACK))) == {"image/png": {"height": 120}}
    assert sanitize_metadata({"image/jpeg": {"width": 300.7, "unconfined": True, "alt": "courbe"}, "width": True}) == \
        {"image/jpeg": {"width": 300, "unconfined": True, "alt": "courbe"}}


def test_a_width_that_carries_an_attribute_renders_no_attribute_on_the_feedback_page():
    page = feedback_page(graded_notebook())
    images = re.findall(r"<img[^>]*>", page)
    assert images and not any("onerror" in i or "onmouseover" in i for i in images), images
    assert 'height="120"' in images[0]
    assert 'alt="Image produite par la cellule (sans description)"' in images[0]


def test_neutralized_markdown_is_shown_once_and_the_page_goes_on():
    """The note that names what was neutralized wrote « <script> » as is: the page was cut there, and the second
    sanitizing pass neutralized the note itself (the Markdown shown twice)."""
    page = feedback_page(graded_notebook())
    assert page.count("Contenu neutralisé") == 1
    assert "Cellule suivante, toujours là." in page
    assert "<script>alert" not in page


def test_the_feedback_page_loads_nothing_from_the_network_and_describes_images_in_french():
    page = feedback_page(graded_notebook())
    assert not re.search(r"<script[^>]+src=", page) and "mathjax" not in page.lower()
    assert "No description has been provided" not in page


def test_formgrader_renders_a_graded_notebook_with_its_own_template():
    """`HTMLExporter.template_name` in the course's config also replaced Formgrader's template: the manual grading
    page failed (« TemplateNotFound: bootstrap.min.css »). The course names its template for feedback only, and
    replaces only the macro that loaded MathJax from a CDN."""
    from nbconvert import HTMLExporter
    from traitlets.config import Config

    from nbgrader.apps import NbGrader
    from nbgrader.server_extensions.formgrader import handlers
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        app = NbGrader()
        app.load_cwd_config = True
        app.load_config_file()
    finally:
        os.chdir(here)
    assert "template_name" not in app.config.HTMLExporter
    extra = Config()                                # what FormgradeExtension.build_extra_config adds, under the config
    extra.HTMLExporter.template_name = "formgrade"
    extra.HTMLExporter.extra_template_basedirs = [handlers.template_path]
    extra.merge(app.config)
    body, _ = HTMLExporter(config=extra).from_notebook_node(graded_notebook(), resources={   # as SubmissionHandler
        "assignment_id": "1.6", "notebook_id": "1.6", "submission_id": "s", "index": 0, "total": 1, "base_url": "",
        "student": "dora", "last_name": "", "first_name": "", "notebook_path": "/x.ipynb"})
    assert "Cellule suivante" in body
    assert not any("onerror" in i for i in re.findall(r"<img[^>]*>", body))
    assert "No description has been provided" not in body        # nbconvert's English, for an image without one
    # Nothing from a CDN (nbconvert's mathjax() default, seen on the hub in Chromium): the course's stand-in instead,
    # which gives formgrade.js the start-up signal it waits for.
    assert "cdnjs" not in body and not re.search(r"<script[^>]+src=[\"']?https?:", body)
    assert 'listener("End")' in body
