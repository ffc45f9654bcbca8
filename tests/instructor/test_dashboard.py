"""The instructor dashboard: reports read from graded notebooks, scores read from the gradebook
(never written), aggregations that point at the right students and rules, a demo that renders
anywhere, and the notebook itself, on demo data and on a really graded cohort."""
from __future__ import annotations

import json
import math
import os
import shutil
import sqlite3
import sys
import time
import warnings
from contextlib import closing
from pathlib import Path

import nbformat
import pandas as pd
import pytest

from helpers.instructor import dashboard

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "9.0-tableau-de-bord-formateur.ipynb"
DEMO_NOTICE = "données de démonstration"

REPORT_1_1_A = """[Vérification 1.1.a] 9,5 / 10 point(s)
  ✅ Du texte avant un tool_use n'arrête pas la boucle ; arrêt sur end_turn — 2 requêtes, arrêt sur end_turn
  ❌ max_iterations atteint : exception après exactement ce nombre de requêtes — après 6 requêtes, la fonction \
a renvoyé un résultat : atteindre max_iterations doit lever une exception, pas rendre une réponse inachevée
  ❌ stop_reason refusal : exception
"""
REPORT_1_1_Q = """[Vérification 1.1.q] 3 / 4 point(s)
  ✅ Question 1.1.q1 — Texte avant un appel d'outil — bonne réponse
  ❌ Question 1.1.q3 — Réponse tronquée — « A » n'est pas la bonne réponse
"""


# --------------------------------------------------------------------------- reading one report

def test_a_report_gives_its_exercise_its_score_with_a_decimal_comma_and_one_check_per_line():
    """The report printed by a hidden test cell: header « [Vérification …] score / max », one ✅/❌ per rule."""
    report = dashboard.parse_report(REPORT_1_1_A)
    assert (report.exercise, report.score, report.max_score) == ("1.1.a", 9.5, 10.0)
    assert [c.passed for c in report.checks] == [True, False, False]
    assert report.failures() == [
        ("max_iterations atteint : exception après exactement ce nombre de requêtes",
         "après 6 requêtes, la fonction a renvoyé un résultat : atteindre max_iterations doit lever une exception, "
         "pas rendre une réponse inachevée"),
        ("stop_reason refusal : exception", ""),
    ]


def test_a_quiz_rule_keeps_its_own_dash_and_only_the_detail_is_cut_off():
    """Quiz rules read « Question 1.1.q3 — Title »: the separator inside the rule is not the cut."""
    report = dashboard.parse_report(REPORT_1_1_Q)
    assert report.failures() == [("Question 1.1.q3 — Réponse tronquée", "« A » n'est pas la bonne réponse")]


def test_across_a_cohort_the_rule_is_the_prefix_every_student_shares_even_if_a_detail_has_a_dash():
    """A detail may quote an exception message containing « — »; the rule is what all lines share."""
    lines = ["Règle X — le code a levé : a — b", "Règle X — 3 requêtes", "Règle X — 4 requêtes",
             "Question q1 — Titre — bonne réponse", "Question q1 — Titre — « B » n'est pas la bonne réponse"]
    counts = dashboard.rule_counts(lines)
    assert [dashboard.split_rule(line, counts)[0] for line in lines] == ["Règle X"] * 3 + ["Question q1 — Titre"] * 2
    assert dashboard.split_rule(lines[0], counts)[1] == "le code a levé : a — b"


def test_a_detail_printed_over_several_lines_stays_with_its_rule():
    report = dashboard.parse_report("[Vérification 1.5.b] 0 / 4 point(s)\n  ❌ Règle — première ligne\nsuite\n"
                                    "  ✅ Autre règle — ok\n")
    assert [c.text for c in report.checks] == ["Règle — première ligne suite", "Autre règle — ok"]


@pytest.mark.parametrize("text", ["", "Traceback (most recent call last):\nNameError: x",
                                  "[Vérification 1.1.a] ? / 10"])
def test_text_without_a_readable_report_gives_none(text):
    assert dashboard.parse_report(text) is None


@pytest.mark.parametrize("grade_id, exercise", [("test_1_1_a", "1.1.a"), ("test_1_5_q", "1.5.q"),
                                                 ("test_12_3_b", "12.3.b"), ("reponse_libre", "reponse_libre")])
def test_a_grade_id_becomes_an_exercise_id(grade_id, exercise):
    assert dashboard.exercise_id(grade_id) == exercise


def test_numbers_are_shown_the_french_way():
    assert [dashboard.fr(x) for x in (9.5, 12.0, 11.125, 0.0, 1 / 3)] == ["9,5", "12", "11,13", "0", "0,33"]
    assert dashboard.percent(0.857) == "86\u00a0%" and dashboard.fr(math.nan) == "—"


# --------------------------------------------------------------------------- a tiny gradebook, made with nbgrader's API

def graded_notebook(reports: dict[str, str]) -> nbformat.NotebookNode:
    """An autograded notebook: a solution cell, then one test cell per grade id with its report."""
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell("def run_agent(): ...", metadata={
        "nbgrader": {"grade": False, "solution": True, "grade_id": "run_agent"}}))
    for grade_id, text in reports.items():
        cell = nbformat.v4.new_code_cell("# Test caché", metadata={
            "nbgrader": {"grade": True, "solution": False, "grade_id": grade_id, "points": 10}})
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=text),
                        nbformat.v4.new_output("execute_result", data={"text/plain": "9.5"}, execution_count=1)]
        nb.cells.append(cell)
    return nb


@pytest.fixture(scope="module")
def tiny_gradebook(tmp_path_factory) -> Path:
    """Made once with nbgrader's API (creating a gradebook runs `alembic`, a few seconds): assignment
    « 1.1-boucles » (1.1.a on 10, 1.1.q on 4), alice and bob graded, carol without a submission."""
    from nbgrader.api import Gradebook
    db = tmp_path_factory.mktemp("carnet") / "gradebook.db"
    name = "1.1-boucles"
    with pytest.MonkeyPatch.context() as patch, warnings.catch_warnings():
        # nbgrader runs `alembic` by name: this environment's bin/ first on PATH.
        patch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
        warnings.filterwarnings("ignore", module="nbgrader")
        warnings.filterwarnings("ignore", module="sqlalchemy")
        with Gradebook(f"sqlite:///{db}", course_id="cours-test") as gb:
            gb.add_assignment(name)
            gb.add_notebook(name, name)
            gb.add_grade_cell("test_1_1_a", name, name, max_score=10, cell_type="code")
            gb.add_grade_cell("test_1_1_q", name, name, max_score=4, cell_type="code")
            for student in ("alice", "bob", "carol"):
                gb.add_student(student)
            for student, (a, q) in {"alice": (9.5, 3), "bob": (0, 4)}.items():
                gb.add_submission(name, student)
                gb.find_grade("test_1_1_a", name, name, student).auto_score = a
                gb.find_grade("test_1_1_q", name, name, student).auto_score = q
            gb.db.commit()
    return db


@pytest.fixture
def tiny_course(tmp_path, tiny_gradebook):
    """The tiny gradebook in a course folder; alice's autograded notebook has her reports (the one of
    1.1.q unreadable), bob's autograded notebook is missing."""
    shutil.copy(tiny_gradebook, tmp_path / "gradebook.db")
    name = "1.1-boucles"
    folder = tmp_path / "autograded" / "alice" / name
    folder.mkdir(parents=True)
    nbformat.write(graded_notebook({"test_1_1_a": REPORT_1_1_A, "test_1_1_q": "sortie inattendue\n"}),
                   folder / f"{name}.ipynb")
    return tmp_path


def test_load_reads_one_row_per_graded_exercise_and_one_per_failed_rule(tiny_course):
    """Scores from the gradebook (grade id → exercise id), failed rules from the test cells' reports."""
    cohort = dashboard.load(tiny_course)
    assert not cohort.demo and cohort.assignments == ["1.1-boucles"] and cohort.students == ["alice", "bob", "carol"]
    scores = {(r.student, r.exercise): (r.score, r.max_score) for r in cohort.scores.itertuples()}
    assert scores == {("alice", "1.1.a"): (9.5, 10), ("alice", "1.1.q"): (3, 4),
                      ("bob", "1.1.a"): (0, 10), ("bob", "1.1.q"): (4, 4)}
    assert cohort.failures[["student", "assignment", "exercise", "rule"]].values.tolist() == [
        ["alice", "1.1-boucles", "1.1.a", "max_iterations atteint : exception après exactement ce nombre de requêtes"],
        ["alice", "1.1-boucles", "1.1.a", "stop_reason refusal : exception"],
    ]


def test_load_counts_what_it_could_not_read_instead_of_failing(tiny_course):
    """A missing autograded notebook, an unreadable report, a student without a submission: counted, not fatal."""
    cohort = dashboard.load(tiny_course)
    assert cohort.missing_notebooks == 1            # bob's autograded notebook
    assert cohort.unparsed_reports == 1             # alice's 1.1.q cell printed no report
    missing = cohort.submissions[~cohort.submissions["submitted"]]
    assert missing[["student", "assignment"]].values.tolist() == [["carol", "1.1-boucles"]]
    assert "1 copie(s) corrigée(s) introuvable(s)" in cohort.describe()
    assert "1 rapport(s) de test illisible(s)" in cohort.describe()


def test_load_never_writes_to_the_gradebook_and_prints_no_sqlalchemy_warning(tiny_course):
    """The gradebook is opened read-only, and nbgrader's SQLAlchemy warnings never reach the notebook."""
    db = tiny_course / "gradebook.db"
    before = db.read_bytes()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dashboard.load(tiny_course)
    assert db.read_bytes() == before


def test_a_corrupt_autograded_notebook_is_counted_as_missing(tiny_course):
    path = tiny_course / "autograded" / "alice" / "1.1-boucles" / "1.1-boucles.ipynb"
    path.write_text("{ pas du JSON")
    cohort = dashboard.load(tiny_course)
    assert cohort.missing_notebooks == 2 and cohort.failures.empty and len(cohort.scores) == 4


def test_the_notebook_is_told_why_there_is_no_real_data(tmp_path, tiny_course):
    """No gradebook, a gradebook without submissions, a broken file: each gets a French reason (→ demo)."""
    assert "aucun carnet de notes" in dashboard.missing_data_reason(tmp_path / "ailleurs")
    shutil.copy(tiny_course / "gradebook.db", tmp_path / "vide.db")
    with closing(sqlite3.connect(tmp_path / "vide.db")) as connection, connection:
        connection.execute("DELETE FROM submitted_assignment")
    assert "aucune copie notée" in dashboard.missing_data_reason(tmp_path, gradebook="vide.db")
    (tmp_path / "abime.db").write_text("pas une base SQLite")
    assert "illisible" in dashboard.missing_data_reason(tmp_path, gradebook="abime.db")
    assert dashboard.missing_data_reason(tiny_course) is None


# --------------------------------------------------------------------------- aggregations on a hand-made cohort

def cohort_of(scores: dict[tuple[str, str], float], failures: list[tuple[str, str, str]],
              missing=()) -> dashboard.Cohort:
    """Assignment « d » with exercises d.a (on 10) and d.b (on 4); `failures` as (student, exercise, rule)."""
    maxima = {"d.a": 10.0, "d.b": 4.0}
    students = sorted({s for s, _ in scores} | set(missing))
    score_rows = [dict(student=s, assignment="d", exercise=e, grade_id="test_" + e.replace(".", "_"), score=v,
                       max_score=maxima[e]) for (s, e), v in scores.items()]
    failure_rows = [dict(student=s, assignment="d", exercise=e, rule=r, detail=f"détail de {s}")
                    for s, e, r in failures]
    subs = [dict(student=s, assignment="d", submitted=s not in missing,
                 score=math.nan if s in missing else sum(v for (t, _), v in scores.items() if t == s),
                 max_score=14.0, timestamp=None) for s in students]
    return dashboard.Cohort(pd.DataFrame(score_rows, columns=dashboard.SCORE_COLUMNS),
                            pd.DataFrame(failure_rows, columns=dashboard.FAILURE_COLUMNS),
                            pd.DataFrame(subs, columns=dashboard.SUBMISSION_COLUMNS))


@pytest.fixture
def small():
    scores = {("ana", "d.a"): 10, ("ana", "d.b"): 4, ("ben", "d.a"): 7, ("ben", "d.b"): 2,
              ("cid", "d.a"): 8, ("cid", "d.b"): 1, ("dan", "d.a"): 0, ("dan", "d.b"): 1}
    failures = [("ben", "d.a", "Règle 1"), ("ben", "d.a", "Règle 2"), ("cid", "d.a", "Règle 1"),
                ("ben", "d.b", "Règle 3"), ("cid", "d.b", "Règle 3"), ("dan", "d.b", "Règle 3"),
                ("dan", "d.a", "Règle 1"), ("dan", "d.a", "Règle 2")]
    return cohort_of(scores, failures, missing=("eve",))


def test_failure_reasons_count_students_per_rule_most_frequent_first_with_one_example(small):
    """Grouped by exercise + rule, students counted, sorted by count, one detail kept as an example."""
    reasons = dashboard.failure_reasons(small)
    assert reasons[["exercise", "rule", "students", "copies"]].values.tolist() == [
        ["d.b", "Règle 3", 3, 4], ["d.a", "Règle 1", 2, 3], ["d.a", "Règle 2", 1, 3]]
    assert reasons["example"].iloc[0] in {"détail de ben", "détail de cid", "détail de dan"}
    assert reasons["share"].iloc[0] == pytest.approx(0.75)


def test_a_copy_with_zero_on_an_exercise_is_left_out_of_the_reasons_unless_asked(small):
    """dan scored 0 on d.a: by default his d.a failures do not inflate every rule of d.a."""
    everything = dashboard.failure_reasons(small, skip_zero=False)
    assert everything.set_index("rule")["students"].to_dict() == {"Règle 3": 3, "Règle 1": 3, "Règle 2": 2}
    assert len(dashboard.failure_reasons(small, top=1)) == 1


def test_the_summary_and_the_empty_chart_agree_when_every_failure_is_in_an_exercise_at_zero():
    """29 rules missed above, « Aucune règle manquée » below: the sentence and the chart now say the same."""
    scores = {("ana", "d.a"): 0, ("ben", "d.a"): 10}
    cohort = cohort_of(scores, [("ana", "d.a", "Règle 1"), ("ana", "d.a", "Règle 2")])
    assert dashboard.failure_reasons(cohort).empty
    assert "dont 2 dans des exercices notés 0" in cohort.describe()
    assert dashboard._no_reason_text(cohort).startswith("Les 2 règle(s) manquée(s) le sont toutes")
    assert dashboard._no_reason_text(cohort_of(scores, [])) == "Aucune règle manquée : rien à signaler."


def test_students_needing_attention_come_with_a_french_reason_each(small):
    """eve never submitted; dan is under the threshold and has 0 on d.a, which everyone else passed."""
    attention = dashboard.needs_attention(small, threshold=0.5)
    reasons = dict(zip(attention["student"], attention["reasons"]))
    assert set(reasons) == {"dan", "eve"}
    assert reasons["eve"] == "aucune copie pour d"
    assert "d : 1 / 14 (7\u00a0%), sous le seuil de 50\u00a0%" in reasons["dan"]
    assert "0 à l'exercice d.a, réussi par 3 des 3 autres" in reasons["dan"]
    assert attention["student"].tolist() == ["eve", "dan"]        # the lowest share of points first


def test_a_zero_on_an_exercise_that_most_others_also_failed_is_not_singled_out():
    """A 0 that most of the cohort shares says more about the exercise than about the student."""
    scores = {("ana", "d.a"): 0, ("ben", "d.a"): 0, ("dan", "d.a"): 0, ("cid", "d.a"): 10,
              **{(student, "d.b"): 4 for student in ("ana", "ben", "cid", "dan")}}
    attention = dashboard.needs_attention(cohort_of(scores, []), threshold=0.2)
    assert attention.empty


def test_summaries_per_assignment_and_per_exercise(small):
    per_assignment = dashboard.assignment_summary(small).iloc[0]
    assert (per_assignment["submitted"], per_assignment["missing"], per_assignment["max"]) == (4, 1, 14)
    per_exercise = dashboard.exercise_summary(small).set_index("exercise")
    assert per_exercise.loc["d.a", "copies"] == 4 and per_exercise.loc["d.a", "median"] == 7.5
    assert per_exercise.loc["d.a", "full"] == 0.25 and per_exercise.loc["d.a", "zero"] == 0.25
    assert per_exercise.loc["d.b", "top_rule"] == "Règle 3"


def test_tables_have_french_headers_and_escape_what_students_wrote(small):
    small.failures.loc[0, "detail"] = "<script>alert(1)</script>"
    html = dashboard.table(dashboard.failure_reasons(small, skip_zero=False),
                           ["exercise", "rule", "students", "share", "example"]).to_html()
    assert "Règle manquée" in html and "Part des copies" in html and "<script>" not in html
    assert "75\u00a0%" in html


# --------------------------------------------------------------------------- the demo

def test_the_demo_is_deterministic_clearly_labelled_and_consistent():
    """Same data on every call, students named « démo-… », totals equal to the sum of the exercises."""
    first, second = dashboard.demo(), dashboard.demo()
    pd.testing.assert_frame_equal(first.scores, second.scores)
    pd.testing.assert_frame_equal(first.failures, second.failures)
    assert first.demo and "démonstration" in first.source
    assert all(s.startswith("démo-") for s in first.students)
    totals = first.scores.groupby(["student", "assignment"])["score"].sum()
    for row in first.submissions[first.submissions["submitted"]].itertuples():
        assert totals[(row.student, row.assignment)] == pytest.approx(row.score)
    assert (~first.submissions["submitted"]).sum() == 1                  # one copy never handed in
    assert (first.scores.groupby(["student", "assignment"])["score"].sum() == 0).any()   # one untouched copy
    assert not dashboard.failure_reasons(first).empty and not dashboard.needs_attention(first).empty


@pytest.mark.parametrize("plot", ["plot_assignment_scores", "plot_exercise_scores", "plot_failure_reasons"])
def test_every_figure_fits_a_jupyterlab_page_on_demo_and_on_empty_data(plot):
    empty = cohort_of({}, [])
    for cohort in (dashboard.demo(), empty):
        figure = getattr(dashboard, plot)(cohort)
        width, height = figure.get_size_inches()
        assert width * figure.dpi <= 1000 and height < 9
        figure.canvas.draw()                         # the layout runs: nothing raises


# --------------------------------------------------------------------------- the notebook

def run_notebook(course_root: Path, tmp_path: Path) -> nbformat.NotebookNode:
    """Execute the dashboard, top to bottom, on `course_root` (COURS_RACINE) from a copy in tmp_path."""
    from nbclient import NotebookClient
    nb = nbformat.read(NOTEBOOK, as_version=4)
    env = dict(os.environ, COURS_RACINE=str(course_root))
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute(env=env)
    return nb


def outputs_of(nb) -> list[dict]:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]


def assert_rendered_cleanly(nb) -> None:
    outputs = outputs_of(nb)
    errors = [o for o in outputs if o.output_type == "error"]
    assert not errors, "\n".join(f"{e.ename}: {e.evalue}" for e in errors)
    stderr = [o.text for o in outputs if o.output_type == "stream" and o.name == "stderr"]
    assert not stderr, f"le notebook écrit sur stderr (avertissements ?) :\n{''.join(stderr)[:2000]}"
    assert sum("image/png" in o.get("data", {}) for o in outputs) == 4, "quatre figures attendues"


def test_the_notebook_is_clean_and_french_and_imports_helpers_by_name():
    """No outputs committed, the expected first heading, `from helpers.instructor import dashboard`, no `import *`."""
    nb = json.loads(NOTEBOOK.read_text())
    assert "".join(nb["cells"][0]["source"]).startswith("# 9.0 — Tableau de bord du formateur")
    assert all(not c.get("outputs") and not c.get("execution_count") for c in nb["cells"] if c["cell_type"] == "code")
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert "from helpers.instructor import dashboard" in code and "import *" not in code


def test_without_a_gradebook_the_notebook_runs_on_demo_data_and_says_so(tmp_path):
    """Self-study, Binder, the browser test: no gradebook, so demo data with a visible notice and the command."""
    started = time.monotonic()
    nb = run_notebook(tmp_path, tmp_path)
    assert_rendered_cleanly(nb)
    text = json.dumps([o.get("data", o.get("text")) for o in outputs_of(nb)], ensure_ascii=False)
    assert DEMO_NOTICE in text and "python -m helpers.grading.trusted.cohort" in text
    assert time.monotonic() - started < 120


# Classic mistakes of the simulated cohort and a rule each one breaks (helpers/check_1_1.py).
# As the graded notebooks print them: in French typography (a narrow no-break space before « : »).
KNOWN_RULES = {"le plafond renvoie au lieu de lever": "max_iterations atteint\u202f: exception après exactement ce nombre",
               "un message par tool_result": "Deux appels parallèles\u202f: deux tool_result dans UN message user"}


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_on_a_graded_simulated_cohort_the_notebook_shows_the_real_failure_reasons(tmp_path):
    """4 students × both assignments, built and autograded (≈ 1,5 min on 2 cores), then the dashboard."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import simulated_cohort
    finally:
        sys.path.remove(str(ROOT / "tools"))
    from helpers.grading.trusted.cohort import grade_cohort
    course = tmp_path / "cours"
    assignments = ["1.1-boucles-agentiques", "1.5-hooks-agent-sdk"]     # the two with hand-written mistakes
    labels = simulated_cohort.build(course, 4, assignments=assignments, seed=2026)
    expected = {rule for (_, name), label in labels.items() for mistake, rule in KNOWN_RULES.items()
                if label == mistake}
    assert expected, f"la cohorte simulée ne contient aucune erreur connue : {labels}"
    for name in assignments:
        done = grade_cohort(course, name, workers=2)
        assert done and all(ok for ok, _, _ in done.values()), done

    cohort = dashboard.load(course)
    assert cohort.missing_notebooks == 0 and cohort.unparsed_reports == 0
    assert set(cohort.assignments) == set(assignments) and len(cohort.students) == 4

    nb = run_notebook(course, tmp_path)
    assert_rendered_cleanly(nb)
    outputs = outputs_of(nb)
    text = json.dumps([o.get("data", o.get("text")) for o in outputs], ensure_ascii=False)
    assert DEMO_NOTICE not in text and "Données réelles" in text
    tables = [o["data"]["text/html"] for o in outputs if "Règle manquée" in o.get("data", {}).get("text/html", "")]
    assert tables, "le tableau des raisons d'échec est absent"
    assert any(rule in tables[0] for rule in expected), f"aucune de {expected} dans le tableau des raisons"
