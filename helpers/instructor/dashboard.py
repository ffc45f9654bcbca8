"""Tableau de bord du formateur : les notes du carnet nbgrader et les raisons d'échec des copies.

    from helpers.instructor import dashboard
    cohort = dashboard.load("/chemin/du/cours")      # gradebook.db + autograded/
    dashboard.failure_reasons(cohort)                  # les règles le plus souvent manquées

Trois parties, indépendantes :
- les données : `load()` lit gradebook.db (en lecture seule : le tableau de bord ne modifie jamais
  le carnet) et les rapports « [Vérification …] » des cellules de test des copies corrigées ;
  `demo()` fabrique une cohorte fictive, sans nbgrader ;
- les calculs : `totals`, `assignment_summary`, `exercise_summary`, `failure_reasons`,
  `needs_attention`, qui renvoient des DataFrames aux colonnes en anglais ;
- la présentation : `table()` (en-têtes en français, virgule décimale) et les figures `plot_*()`.
"""
from __future__ import annotations

import html
import math
import random
import re
import sqlite3
import textwrap
import warnings
from collections import Counter
from contextlib import closing, contextmanager
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from urllib.parse import quote

import pandas as pd

from ..grading.trusted.cohort import course_assignments  # noqa: F401 - part of this module's API

SEPARATOR = " — "
HEADER = re.compile(r"^\s*\[Vérification\s+(?P<exercise>[^\]\s]+)\]\s*(?P<score>\d+(?:[.,]\d+)?)\s*/\s*"
                    r"(?P<max>\d+(?:[.,]\d+)?)\s*point")
CHECK = re.compile(r"^\s*(?P<mark>✅|❌)\ufe0f?\s*(?P<text>\S.*?)\s*$")

SCORE_COLUMNS = ["student", "assignment", "exercise", "grade_id", "score", "max_score"]
FAILURE_COLUMNS = ["student", "assignment", "exercise", "rule", "detail"]
SUBMISSION_COLUMNS = ["student", "assignment", "submitted", "score", "max_score", "timestamp"]


# --------------------------------------------------------------------------- les données

@dataclass
class Cohort:
    """Une cohorte : notes par exercice, règles manquées, copies rendues ou non.

    - `scores` : une ligne par (étudiant, devoir, exercice) noté — score, max_score ;
    - `failures` : une ligne par règle manquée — rule (la règle), detail (ce qui a été observé) ;
    - `submissions` : une ligne par (étudiant, devoir), `submitted` faux si aucune copie.
    """
    scores: pd.DataFrame
    failures: pd.DataFrame
    submissions: pd.DataFrame
    source: str = ""
    demo: bool = False
    missing_notebooks: int = 0      # copies corrigées introuvables ou illisibles
    unparsed_reports: int = 0       # cellules de test dont le rapport n'a pas pu être lu

    def __post_init__(self) -> None:
        # Des types fiables, même pour une cohorte construite à la main (ou vide).
        self.scores = self.scores.copy()
        self.submissions = self.submissions.astype({"submitted": bool})
        for frame in (self.scores, self.submissions):
            for column in ("score", "max_score"):
                frame[column] = pd.to_numeric(frame[column], errors="coerce").astype(float)

    @property
    def students(self) -> list[str]:
        return sorted(self.submissions["student"].unique(), key=natural_key)

    @property
    def assignments(self) -> list[str]:
        return sorted(self.submissions["assignment"].unique(), key=natural_key)

    @property
    def exercises(self) -> list[str]:
        return sorted(self.scores["exercise"].unique(), key=natural_key)

    def describe(self) -> str:
        """Une phrase qui dit d'où viennent les données et ce qui n'a pas pu être lu."""
        submitted = int(self.submissions["submitted"].sum())
        text = (f"{len(self.students)} étudiant(s), {len(self.assignments)} devoir(s), "
                f"{submitted} copie(s) notée(s), {len(self.failures)} règle(s) manquée(s) relevée(s)")
        at_zero = self.failures_at_zero()
        if at_zero:
            text += (f", dont {at_zero} dans des exercices notés 0 (souvent non commencés : comptés parmi les "
                     f"étudiants à suivre, pas dans les raisons d'échec)")
        problems = []
        if self.missing_notebooks:
            problems.append(f"{self.missing_notebooks} copie(s) corrigée(s) introuvable(s) ou illisible(s)")
        if self.unparsed_reports:
            problems.append(f"{self.unparsed_reports} rapport(s) de test illisible(s), ignoré(s)")
        from ..widgets.typography import french_message
        return french_message(text + (" ; " + ", ".join(problems) if problems else "") + ".")


    def failures_at_zero(self) -> int:
        """How many missed rules belong to an exercise the copy scored 0 on (left out of failure_reasons)."""
        if self.failures.empty or self.scores.empty:
            return 0
        zero = self.scores[self.scores["score"] <= 0][["student", "assignment", "exercise"]].drop_duplicates()
        return len(self.failures.merge(zero, on=["student", "assignment", "exercise"]))


def natural_key(text: str) -> list:
    """Clé de tri « naturelle » : 1.5 avant 1.10, test_2 avant test_10."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", str(text))]


def exercise_id(grade_id: str) -> str:
    """L'identifiant d'exercice d'une cellule notée : test_1_1_a → 1.1.a (sinon, l'identifiant tel quel)."""
    found = re.fullmatch(r"test_(.+)", grade_id)
    return found.group(1).replace("_", ".") if found else grade_id


def _number(text: str) -> float:
    return float(text.replace(",", "."))


@dataclass(frozen=True)
class Check:
    """Une ligne ✅/❌ d'un rapport : `text` vaut « règle — détail »."""
    passed: bool
    text: str


@dataclass(frozen=True)
class ParsedReport:
    """Un rapport « [Vérification 1.1.a] 9 / 10 point(s) » et ses lignes ✅/❌."""
    exercise: str
    score: float
    max_score: float
    checks: tuple[Check, ...]

    def failures(self, counts: Counter | None = None) -> list[tuple[str, str]]:
        """Les règles manquées, en paires (règle, détail)."""
        return [split_rule(c.text, counts) for c in self.checks if not c.passed]


def parse_report(text: str) -> ParsedReport | None:
    """Lit le premier rapport « [Vérification …] » du texte ; None s'il n'y en a pas.

    Une ligne qui ne commence ni par ✅ ni par ❌ prolonge la précédente (détail sur plusieurs lignes).
    """
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if HEADER.match(line)), None)
    if start is None:
        return None
    header = HEADER.match(lines[start])
    checks: list[Check] = []
    for line in lines[start + 1:]:
        if HEADER.match(line):
            break
        found = CHECK.match(line)
        if found:
            checks.append(Check(found.group("mark") == "✅", found.group("text")))
        elif line.strip() and checks:
            checks[-1] = Check(checks[-1].passed, f"{checks[-1].text} {line.strip()}")
    return ParsedReport(header.group("exercise"), _number(header.group("score")), _number(header.group("max")),
                        tuple(checks))


def _cuts(text: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(SEPARATOR), text)]


def rule_counts(texts) -> Counter:
    """Combien de lignes commencent par chaque préfixe « … — » : sert à séparer règle et détail."""
    counts: Counter = Counter()
    for text in texts:
        counts.update({text[:cut] for cut in _cuts(text)})
    return counts


def split_rule(text: str, counts: Counter | None = None) -> tuple[str, str]:
    """Sépare « règle — détail ». La règle peut contenir « — » elle aussi (« Question 1 — Titre ») :
    on coupe au préfixe partagé par le plus de lignes de la cohorte (`counts`, voir `rule_counts`),
    à égalité au plus long ; sans `counts`, au dernier « — »."""
    cuts = _cuts(text)
    if not cuts:
        return text.strip(), ""
    counts = counts or Counter()
    cut = max(cuts, key=lambda c: (counts.get(text[:c], 0), c))
    return text[:cut].strip(), text[cut + len(SEPARATOR):].strip()


def _is_test_cell(cell) -> bool:
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return cell.get("cell_type") == "code" and bool(meta.get("grade")) and not meta.get("solution")


def read_reports(path: Path) -> tuple[dict[str, ParsedReport], int] | None:
    """Les rapports des cellules de test d'une copie corrigée, par grade_id, et le nombre de rapports
    illisibles ; None si le fichier manque ou n'est pas un notebook lisible."""
    import nbformat
    try:
        nb = nbformat.read(str(path), as_version=4)
    except Exception:        # fichier absent, JSON abîmé, format inconnu : la copie est comptée à part
        return None
    reports, unparsed = {}, 0
    for cell in nb.cells:
        if not _is_test_cell(cell):
            continue
        streams = [o for o in cell.get("outputs", []) if o.get("output_type") == "stream"]
        text = "".join(o.get("text", "") for o in streams if o.get("name") == "stdout") or \
            "".join(o.get("text", "") for o in streams)
        report = parse_report(text)
        if report is None:
            unparsed += 1
        else:
            reports[cell.metadata.nbgrader.get("grade_id") or report.exercise] = report
    return reports, unparsed


@contextmanager
def _read_only_gradebook(db: Path):
    """Le carnet nbgrader ouvert en lecture seule, sans les avertissements SQLAlchemy de nbgrader."""
    from nbgrader.api import Gradebook
    from sqlalchemy.exc import SAWarning
    with closing(sqlite3.connect(f"file:{quote(str(db))}?mode=ro", uri=True)) as connection:
        row = connection.execute("SELECT id FROM course ORDER BY id LIMIT 1").fetchone()
    # Gradebook ajoute le cours s'il manque : on lui donne celui du carnet (la base est en lecture seule).
    course_id = row[0] if row else "default_course"
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=SAWarning)
        warnings.filterwarnings("ignore", module="nbgrader")
        with Gradebook(f"sqlite:///file:{quote(str(db))}?mode=ro&uri=true", course_id=course_id) as gb:
            yield gb


def missing_data_reason(course_root, gradebook: str = "gradebook.db") -> str | None:
    """None si le carnet de notes existe et contient des copies notées ; sinon, pourquoi (en français)."""
    db = Path(course_root) / gradebook
    if not db.is_file():
        return f"aucun carnet de notes ({gradebook}) dans {Path(course_root).resolve()}"
    try:
        with closing(sqlite3.connect(f"file:{quote(str(db.resolve()))}?mode=ro", uri=True)) as connection:
            n = connection.execute("SELECT COUNT(*) FROM submitted_assignment").fetchone()[0]
    except sqlite3.Error as error:
        return f"le carnet de notes {db} est illisible ({error})"
    return None if n else f"le carnet de notes {db} ne contient encore aucune copie notée"


def load(course_root, *, gradebook: str = "gradebook.db", autograded: str = "autograded") -> Cohort:
    """Lit la cohorte d'un dossier de cours : notes du carnet nbgrader, règles manquées des copies corrigées.

    Un étudiant sans copie figure dans `submissions` (submitted=False) ; une copie corrigée absente ou
    un rapport illisible est compté (`missing_notebooks`, `unparsed_reports`), jamais bloquant."""
    root = Path(course_root).resolve()
    db = root / gradebook
    if not db.is_file():
        raise FileNotFoundError(f"carnet de notes introuvable : {db}")
    scores, submissions, checks = [], [], []
    missing = unparsed = 0
    with _read_only_gradebook(db) as gb:
        students = sorted((s.id for s in gb.students), key=natural_key)
        for assignment in sorted(gb.assignments, key=lambda a: natural_key(a.name)):
            submitted = {s.student_id: s for s in gb.assignment_submissions(assignment.name)}
            for student in students:
                sub = submitted.get(student)
                if sub is None:
                    submissions.append(dict(student=student, assignment=assignment.name, submitted=False,
                                            score=math.nan, max_score=assignment.max_score, timestamp=None))
                    continue
                submissions.append(dict(student=student, assignment=assignment.name, submitted=True,
                                        score=sub.score, max_score=sub.max_score, timestamp=sub.timestamp))
                for notebook in sub.notebooks:
                    for grade in notebook.grades:
                        scores.append(dict(student=student, assignment=assignment.name,
                                           exercise=exercise_id(grade.name), grade_id=grade.name,
                                           score=grade.score, max_score=grade.max_score))
                    found = read_reports(root / autograded / student / assignment.name / f"{notebook.name}.ipynb")
                    if found is None:
                        missing += 1
                        continue
                    reports, bad = found
                    unparsed += bad
                    for grade_id, report in reports.items():
                        checks += [(student, assignment.name, exercise_id(grade_id), c) for c in report.checks]
    return _cohort(scores, _failures(checks), submissions, source=f"carnet de notes {db}",
                   missing_notebooks=missing, unparsed_reports=unparsed)


def _failures(checks: list[tuple[str, str, str, Check]]) -> list[dict]:
    """Les lignes ❌, règle et détail séparés d'après toutes les lignes du même exercice."""
    counts: dict[str, Counter] = {}
    for exercise in {e for _, _, e, _ in checks}:
        counts[exercise] = rule_counts(c.text for _, _, e, c in checks if e == exercise)
    rows = []
    for student, assignment, exercise, check in checks:
        if not check.passed:
            rule, detail = split_rule(check.text, counts[exercise])
            rows.append(dict(student=student, assignment=assignment, exercise=exercise, rule=rule, detail=detail))
    return rows


def _cohort(scores: list[dict], failures: list[dict], submissions: list[dict], **extra) -> Cohort:
    def frame(rows, columns, keys):
        rows = sorted(rows, key=lambda row: [natural_key(row[k]) for k in keys])
        return pd.DataFrame(rows, columns=columns)

    return Cohort(frame(scores, SCORE_COLUMNS, ["assignment", "exercise", "student"]),
                  frame(failures, FAILURE_COLUMNS, ["assignment", "exercise", "student"]),
                  frame(submissions, SUBMISSION_COLUMNS, ["assignment", "student"]), **extra)


# --------------------------------------------------------------------------- la cohorte de démonstration

_BLANK = "votre fonction a levé NotImplementedError :  (ligne 3 : raise NotImplementedError())"


def _quiz(lesson: str, difficulties: list[float]) -> list[tuple[str, float, float, str]]:
    """The rules of a FICTIVE graded check, made from nothing secret: the lesson's practice questions (public,
    explained as soon as a learner answers them) stand in for the graded ones, whose key exists only in the
    master notebook. For the mock exam, questions of the rehearsal bank, one per task statement of GRADED_TS."""
    from importlib import import_module
    from ..lessons.ts2_1 import BANK, GRADED_TS
    if lesson == "ts2_1":
        pool, chosen = list(BANK), []
        for ts in GRADED_TS.values():
            question = next(q for q in pool if q.ts == ts and q not in chosen)
            chosen.append(question)
        titles = [f"{q.ts} — {q.title}" for q in chosen]
    else:
        chosen = list(import_module(f"..lessons.{lesson}", __package__).QUESTIONS)[:len(difficulties)]
        titles = [q.title for q in chosen]
    rules = []
    for i, (question, title, difficulty) in enumerate(zip(chosen, titles, difficulties), start=1):
        right = next(letter for letter in "ABCD" if question.is_correct(letter))
        wrong = "ABCD"[(("ABCD".index(right)) + i) % 4]
        rules.append((f"Question {i} — {title}", 1, difficulty,
                      f"vous avez choisi {wrong} ; la bonne réponse était {right}"))
    return rules


# exercice → [(règle, points, difficulté, détail d'un échec)] ; la difficulté est la part d'échecs attendue.
_DEMO = {
    "1.1-boucles-agentiques": {
        "1.1.a": [
            ("Du texte avant un tool_use n'arrête pas la boucle ; arrêt sur end_turn", 2, 0.25,
             "la boucle s'est arrêtée sur stop_reason='tool_use' : seul end_turn termine la boucle"),
            ("Le tour assistant repart en entier (texte + tool_use)", 1, 0.15,
             "le bloc de texte a été retiré du tour assistant : renvoyez TOUT le contenu de la réponse"),
            ("Deux appels parallèles : deux tool_result dans UN message user", 1.5, 0.35,
             "3 requête(s) envoyée(s) au lieu de 2"),
            ("Trois appels parallèles : trois tool_result, mêmes ids, un seul message", 1, 0.3,
             "4 requête(s) envoyée(s) au lieu de 2"),
            ("Le contenu d'un tool_result est le JSON du résultat", 0.5, 0.1,
             "le contenu d'un tool_result n'est pas du JSON : \"{'ville': 'Lyon'}\" (utilisez json.dumps)"),
            ("Un outil qui lève une exception : tool_result is_error, la boucle continue", 1.5, 0.3,
             "l'exception de l'outil a interrompu la boucle : attrapez-la et renvoyez-la à Claude dans un "
             "tool_result is_error"),
            ("stop_reason max_tokens : exception, jamais une réponse tronquée", 0.75, 0.3,
             "la fonction a renvoyé un résultat alors que stop_reason valait max_tokens (réponse tronquée) : "
             "elle doit lever une exception"),
            ("stop_reason refusal : exception", 0.75, 0.15,
             "la fonction a renvoyé un résultat alors que stop_reason valait refusal : elle doit lever une "
             "exception"),
            ("max_iterations atteint : exception après exactement ce nombre de requêtes", 1, 0.4,
             "après 5 requêtes, la fonction a renvoyé un résultat : atteindre max_iterations doit lever une "
             "exception, pas rendre une réponse inachevée"),
        ],
        "1.1.q": _quiz("ts1_1", [0.2, 0.35, 0.4]),
    },
    "1.5-hooks-agent-sdk": {
        "1.5.a": [
            ("Un colis de plus de 30 kg est refusé (deny, en PreToolUse)", 1.25, 0.1,
             "weight_kg = 38 a été laissé passer"),
            ("Un colis léger passe ({} sans deny)", 0.75, 0.05, "weight_kg = 18,75 a été refusé"),
            ("30 kg tout juste est accepté ; au-delà, refusé", 0.5, 0.35, "weight_kg = 30 a été refusé"),
            ("Les poids arrivés en texte (« 42.50 ») sont comparés comme des nombres", 0.5, 0.3,
             "weight_kg = « 12.50 » (texte) a été refusé"),
            ("Le refus donne une raison qui oriente vers book_freight", 1, 0.25,
             "la raison (« Trop lourd ») doit orienter Claude vers book_freight"),
        ],
        "1.5.b": [
            ("Un entier (des centimes) devient un nombre d'euros", 1, 0.15,
             "montant_ht : 245000 est devenu 245000, attendu 2450.0"),
            ("« 2,450.00 » (point décimal) devient 2450.0", 0.5, 0.1,
             "montant_ttc : '2,940.00' est devenu '2,940.00', attendu 2940.0"),
            ("« 2.450,00 » (virgule décimale) devient 2450.0 sans confondre milliers et décimales", 1.25, 0.35,
             "montant_ht : '2.450,00' est devenu 2.45, attendu 2450.0"),
            ("La sortie garde la forme de celle de l'outil, les autres champs intacts", 0.75, 0.25,
             "l'outil renvoie une liste de blocs [{'type': 'text', 'text': …}] : renvoyez la même forme"),
            ("Les montants imbriqués (listes, sous-objets) sont normalisés aussi", 0.5, 0.3,
             "lignes[1].montant : 8740 est devenu 8740, attendu 87.4"),
        ],
        "1.5.c": [
            ("Vrai CLI : au-delà de 30 kg, ship_parcel ne s'exécute jamais et Claude passe par book_freight", 1.5,
             0.25, "ship_parcel s'est exécuté pour 42,5 kg : le refus doit venir AVANT l'exécution (PreToolUse)"),
            ("Vrai CLI : un colis léger part normalement", 1, 0.05, "le colis de 12 kg n'est pas parti"),
            ("Vrai CLI : Claude lit les trois montants justes et classe les devis", 1.5, 0.3,
             "Claude a mal lu le montant de devis_munich : le hook PostToolUse doit lui donner des nombres d'euros"),
        ],
        "1.5.q": _quiz("ts1_5", [0.3, 0.35, 0.3]),
    },
    "2.1-examen-blanc": {
        "2.1.q": _quiz("ts2_1", [0.15, 0.45, 0.3, 0.2, 0.25, 0.3, 0.55, 0.5]),
    },
}


def demo(n_students: int = 18, seed: int = 2026) -> Cohort:
    """Une cohorte FICTIVE et reproductible (mêmes données à chaque appel), sans nbgrader ni carnet :
    de bons et de moins bons élèves, une copie non commencée, une copie jamais rendue."""
    r = random.Random(seed)
    scores, failures, submissions = [], [], []
    for i in range(1, n_students + 1):
        student = f"démo-{i:02d}"
        skill = 0.25 if i == 7 else r.uniform(0.6, 1.0)
        for assignment, exercises in _DEMO.items():
            maximum = sum(p for rules in exercises.values() for _, p, _, _ in rules)
            if (i, assignment) == (11, "1.5-hooks-agent-sdk"):            # copie jamais rendue
                submissions.append(dict(student=student, assignment=assignment, submitted=False, score=math.nan,
                                        max_score=maximum, timestamp=None))
                continue
            blank = (i, assignment) == (4, "1.1-boucles-agentiques")     # copie rendue sans y toucher
            total = 0.0
            for exercise, rules in exercises.items():
                score = 0.0
                for rule, points, difficulty, detail in rules:
                    if not blank and r.random() < skill * (1 - difficulty) + 0.15:
                        score += points
                        continue
                    if blank:
                        detail = _BLANK if exercise.endswith("a") else "aucune réponse"
                    failures.append(dict(student=student, assignment=assignment, exercise=exercise, rule=rule,
                                         detail=detail))
                scores.append(dict(student=student, assignment=assignment, exercise=exercise,
                                   grade_id="test_" + exercise.replace(".", "_"), score=score,
                                   max_score=float(sum(p for _, p, _, _ in rules))))
                total += score
            submissions.append(dict(student=student, assignment=assignment, submitted=True, score=total,
                                    max_score=maximum, timestamp=None))
    return _cohort(scores, failures, submissions, source="données de démonstration (cohorte fictive)", demo=True)


# --------------------------------------------------------------------------- les calculs

def totals(cohort: Cohort) -> pd.DataFrame:
    """Une ligne par copie rendue : étudiant, devoir, score, max_score, ratio (part des points)."""
    df = cohort.submissions[cohort.submissions["submitted"]][["student", "assignment", "score", "max_score"]].copy()
    df["ratio"] = df["score"] / df["max_score"].where(df["max_score"] > 0)
    return df.reset_index(drop=True)


def exercise_scores(cohort: Cohort) -> pd.DataFrame:
    """Une ligne par (étudiant, exercice) noté, avec le ratio score / max_score."""
    df = cohort.scores.copy()
    df["ratio"] = df["score"] / df["max_score"].where(df["max_score"] > 0)
    return df


def assignment_summary(cohort: Cohort) -> pd.DataFrame:
    """Par devoir : points, copies rendues et manquantes, moyenne, médiane, minimum, maximum."""
    rows = []
    for assignment in cohort.assignments:
        subs = cohort.submissions[cohort.submissions["assignment"] == assignment]
        done = subs[subs["submitted"]]
        rows.append(dict(assignment=assignment, max_score=subs["max_score"].max(), submitted=len(done),
                         missing=int((~subs["submitted"]).sum()), mean=done["score"].mean(),
                         median=done["score"].median(), min=done["score"].min(), max=done["score"].max(),
                         mean_ratio=(done["score"] / done["max_score"]).mean()))
    return pd.DataFrame(rows, columns=["assignment", "max_score", "submitted", "missing", "mean", "median", "min",
                                       "max", "mean_ratio"])


def exercise_summary(cohort: Cohort, *, skip_zero: bool = True) -> pd.DataFrame:
    """Par exercice : copies, moyenne, médiane, part de copies à 100 % et à 0, règle la plus manquée."""
    scores = exercise_scores(cohort)
    reasons = failure_reasons(cohort, skip_zero=skip_zero)
    rows = []
    for (assignment, exercise), group in scores.groupby(["assignment", "exercise"], sort=False):
        top = reasons[(reasons["assignment"] == assignment) & (reasons["exercise"] == exercise)].head(1)
        rows.append(dict(assignment=assignment, exercise=exercise, max_score=group["max_score"].max(),
                         copies=len(group), mean=group["score"].mean(), median=group["score"].median(),
                         full=(group["score"] >= group["max_score"]).mean(), zero=(group["score"] <= 0).mean(),
                         top_rule=top["rule"].iloc[0] if len(top) else "",
                         top_rule_students=int(top["students"].iloc[0]) if len(top) else 0))
    return pd.DataFrame(rows, columns=["assignment", "exercise", "max_score", "copies", "mean", "median", "full",
                                       "zero", "top_rule", "top_rule_students"])


def failure_reasons(cohort: Cohort, *, top: int | None = None, skip_zero: bool = True) -> pd.DataFrame:
    """Les règles le plus souvent manquées : exercice, règle, nombre d'étudiants, part des copies, un exemple.

    Avec `skip_zero` (par défaut), une copie à 0 sur un exercice (souvent non commencée) n'est pas comptée :
    elle ferait monter toutes les règles de l'exercice à la fois. Elle apparaît dans `needs_attention`."""
    columns = ["assignment", "exercise", "rule", "students", "copies", "share", "example"]
    failures = cohort.failures
    scores = cohort.scores
    if skip_zero:
        scores = scores[scores["score"] > 0]
        kept = scores[["student", "assignment", "exercise"]]
        failures = failures.merge(kept, on=["student", "assignment", "exercise"], how="inner")
    if failures.empty:
        return pd.DataFrame(columns=columns)
    copies = scores.groupby(["assignment", "exercise"])["student"].nunique()
    rows = []
    for (assignment, exercise, rule), group in failures.groupby(["assignment", "exercise", "rule"], sort=False):
        students = group["student"].nunique()
        details = Counter(d for d in group["detail"] if d)
        example = min(details.items(), key=lambda kv: (-kv[1], kv[0]))[0] if details else ""
        n = int(copies.get((assignment, exercise), students))
        rows.append(dict(assignment=assignment, exercise=exercise, rule=rule, students=students, copies=n,
                         share=students / n if n else math.nan, example=example))
    rows.sort(key=lambda r: (-r["students"], -r["share"], natural_key(r["exercise"]), r["rule"]))
    return pd.DataFrame(rows[:top] if top else rows, columns=columns)


TS_IN_RULE = re.compile(r"^Question\s+\d+\s+—\s+(?P<ts>\d+\.\d+)\s+—")


def task_statement_summary(cohort: Cohort, exercise: str = "2.1.q") -> pd.DataFrame:
    """Par énoncé de tâche, la part de bonnes réponses de la cohorte à l'épreuve notée de l'examen blanc.

    Chaque question de l'épreuve a un titre qui commence par son énoncé (« 1.3 — … ») ; une copie notée
    compte une réponse par question, une règle manquée une réponse fausse (ou absente)."""
    from ..lessons.ts2_1 import GRADED_TS
    columns = ["task_statement", "questions", "answers", "wrong", "success"]
    asked = Counter(GRADED_TS.values())
    copies = cohort.scores[cohort.scores["exercise"] == exercise]["student"].nunique()
    wrong: Counter = Counter()
    for _, row in cohort.failures[cohort.failures["exercise"] == exercise].iterrows():
        found = TS_IN_RULE.match(f"{row['rule']} — {row['detail']}")
        if found:
            wrong[found.group("ts")] += 1
    rows = [dict(task_statement=ts, questions=n, answers=n * copies, wrong=wrong[ts],
                 success=(1 - wrong[ts] / (n * copies)) if copies else math.nan)
            for ts, n in sorted(asked.items(), key=lambda item: natural_key(item[0]))]
    return pd.DataFrame(rows, columns=columns)


def needs_attention(cohort: Cohort, *, threshold: float = 0.5, pass_ratio: float = 0.5) -> pd.DataFrame:
    """Les étudiants à suivre, avec leurs raisons en français : copie manquante, total sous `threshold`
    (part des points du devoir), ou 0 à un exercice que la majorité des autres a réussi (≥ `pass_ratio`)."""
    reasons: dict[str, list[str]] = {}
    missing = cohort.submissions[~cohort.submissions["submitted"]]
    for row in missing.itertuples():
        reasons.setdefault(row.student, []).append(f"aucune copie pour {row.assignment}")
    for row in totals(cohort).itertuples():
        if row.ratio < threshold:
            reasons.setdefault(row.student, []).append(
                f"{row.assignment} : {fr(row.score)} / {fr(row.max_score)} ({percent(row.ratio)}), "
                f"sous le seuil de {percent(threshold)}")
    scores = exercise_scores(cohort)
    for (assignment, exercise), group in scores.groupby(["assignment", "exercise"], sort=False):
        for row in group[(group["score"] <= 0) & (group["max_score"] > 0)].itertuples():
            others = group[group["student"] != row.student]
            passed = int((others["ratio"] >= pass_ratio).sum())
            if len(others) and passed * 2 >= len(others) and passed:
                reasons.setdefault(row.student, []).append(
                    f"0 à l'exercice {exercise}, réussi par {passed} des {len(others)} autres")
    columns = ["student", "ratio", "reasons", "reason_count"]
    if not reasons:
        return pd.DataFrame(columns=columns)
    subs = cohort.submissions
    earned = subs.groupby("student")["score"].sum(min_count=0)
    possible = subs.groupby("student")["max_score"].sum()
    df = pd.DataFrame([dict(student=s, ratio=earned.get(s, 0) / possible[s] if possible.get(s) else math.nan,
                            reasons=" ; ".join(items), reason_count=len(items)) for s, items in reasons.items()],
                      columns=columns)
    return df.sort_values(["ratio", "reason_count", "student"], ascending=[True, False, True],
                          kind="stable").reset_index(drop=True)


# --------------------------------------------------------------------------- la présentation : tableaux

def fr(x, decimals: int = 2) -> str:
    """Un nombre à la française : 9.5 → « 9,5 », 12.0 → « 12 »."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    text = str(Decimal(repr(float(x))).quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_UP))
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text.replace(".", ",")


def percent(ratio, decimals: int = 0) -> str:
    """Une part en pourcentage : 0.857 → « 86 % »."""
    if ratio is None or (isinstance(ratio, float) and math.isnan(ratio)):
        return "—"
    return f"{fr(100 * ratio, decimals)}\u00a0%"


# colonne → (en-tête en français, mise en forme)
LABELS = {
    "student": ("Étudiant", str), "assignment": ("Devoir", str), "exercise": ("Exercice", str),
    "rule": ("Règle manquée", str), "example": ("Exemple de ce qui a été observé", str),
    "detail": ("Détail", str), "reasons": ("Pourquoi", lambda text: text.replace(" ; ", "\n")),
    "top_rule": ("Règle la plus souvent manquée", str),
    "max_score": ("Points", fr), "submitted": ("Copies notées", str), "missing": ("Copies manquantes", str),
    "copies": ("Copies", str), "students": ("Étudiants", str), "reason_count": ("Raisons", str),
    "top_rule_students": ("Étudiants concernés", str),
    "score": ("Note", fr), "mean": ("Moyenne", fr), "median": ("Médiane", fr), "min": ("Minimum", fr),
    "max": ("Maximum", fr),
    "ratio": ("Part des points", percent), "mean_ratio": ("Moyenne (%)", percent),
    "share": ("Part des copies", percent),
    "full": ("À 100\u00a0%", percent), "zero": ("À 0", percent),
    "task_statement": ("Énoncé de tâche", str), "questions": ("Questions", str), "answers": ("Réponses", str),
    "wrong": ("Réponses fausses", str), "success": ("Bonnes réponses", percent),
}
_TEXT = {"rule", "example", "detail", "reasons", "top_rule"}        # phrases : colonnes larges, repliées
_LEFT = _TEXT | {"student", "assignment", "exercise", "task_statement"}                 # le reste (nombres) est aligné à droite


def table(df: pd.DataFrame, columns: list[str] | None = None):
    """Le tableau prêt à afficher : en-têtes en français, virgule décimale, sans index.

    Le texte est échappé : un détail qui cite le code d'un étudiant ne peut pas injecter de HTML."""
    columns = [c for c in (columns or list(df.columns)) if c in df.columns]
    label = {c: LABELS.get(c, (c, str))[0] for c in columns}
    shown = pd.DataFrame({label[c]: [LABELS.get(c, (c, str))[1](v) for v in df[c]] for c in columns})
    styler = shown.style.hide(axis="index").format(escape="html")
    styler = styler.set_properties(**{"text-align": "right", "vertical-align": "top"})
    left = [label[c] for c in columns if c in _LEFT]
    if left:
        styler = styler.set_properties(subset=left, **{"text-align": "left"})
    text = [label[c] for c in columns if c in _TEXT]
    if text:
        styler = styler.set_properties(subset=text, **{"min-width": "14em", "white-space": "pre-line"})
    return styler.set_table_styles([{"selector": "th", "props": [("text-align", "left"), ("vertical-align", "bottom"),
                                                             ("white-space", "nowrap")]}])


@dataclass(frozen=True)
class Notice:
    """L'encadré qui dit d'où viennent les données : le carnet lu, ou une démonstration et comment en sortir."""
    cohort: Cohort
    root: Path
    reason: str | None = None

    def _commands(self) -> str:
        return "\n".join(f"python -m helpers.grading.trusted.cohort {a}" for a in course_assignments(self.root) or ["<devoir>"])

    def __repr__(self) -> str:
        if not self.cohort.demo:
            return f"Données réelles — {self.cohort.source} : {self.cohort.describe()}"
        return (f"Attention : données de démonstration (cohorte fictive). Pourquoi : {self.reason or '?'}. "
                f"Pour noter une cohorte, depuis {self.root} :\n{self._commands()}")

    def _repr_html_(self) -> str:
        e = html.escape
        if not self.cohort.demo:
            return (f'<div class="cours-donnees" style="border-left:6px solid #3a7d44;background:#eef6ee;'
                    f'padding:8px 12px;font-family:sans-serif"><strong>Données réelles</strong> — '
                    f'{e(self.cohort.source)}<br>{e(self.cohort.describe())}</div>')
        return (f'<div class="cours-demo" style="border-left:6px solid #b36b00;background:#fff4e5;padding:8px 12px;'
                f'font-family:sans-serif"><strong>⚠ Attention : données de démonstration.</strong> Les chiffres '
                f'ci-dessous viennent d\'une cohorte fictive, pas de vos étudiants.<br>Pourquoi : '
                f'{e(self.reason or "?")}.<br>Pour noter une vraie cohorte, placez les copies dans '
                f'<code>submitted/&lt;étudiant&gt;/&lt;devoir&gt;/</code>, puis, depuis la racine du cours '
                f'(<code>{e(str(self.root))}</code>) :<pre style="margin:6px 0">{e(self._commands())}</pre>'
                f'et relancez ce notebook (ou définissez <code>COURS_RACINE</code> pour lire un autre dossier de '
                f'cours).</div>')


def notice(cohort: Cohort, root, reason: str | None = None) -> Notice:
    """L'encadré « données réelles » ou « données de démonstration », en tête du tableau de bord."""
    return Notice(cohort, Path(root), reason)


# --------------------------------------------------------------------------- la présentation : figures

WIDTH = 10      # pouces : 1 000 px à 100 ppp, la largeur utile d'une page JupyterLab de 1 280 px
COLOURS = ["#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860", "#DA8BC3", "#8C8C8C"]


def _colour(cohort: Cohort, assignment: str) -> str:
    return COLOURS[cohort.assignments.index(assignment) % len(COLOURS)] if assignment in cohort.assignments \
        else COLOURS[-1]


def _french_axis(axis, fmt) -> None:
    from matplotlib.ticker import FuncFormatter
    axis.set_major_formatter(FuncFormatter(lambda x, _: fmt(x)))


def _legend_handles(cohort: Cohort, assignments):
    from matplotlib.patches import Patch
    return [Patch(color=_colour(cohort, a), label=a) for a in cohort.assignments if a in set(assignments)]


def plot_assignment_scores(cohort: Cohort):
    """Histogramme des notes de chaque devoir, avec la médiane."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator
    summary = assignment_summary(cohort)
    summary = summary[summary["submitted"] > 0]
    data = totals(cohort)
    n = max(len(summary), 1)
    cols = min(n, 2)
    rows = math.ceil(n / cols)
    fig = Figure(figsize=(WIDTH, 3.3 * rows), layout="constrained")
    axes = fig.subplots(rows, cols, squeeze=False).ravel()
    for ax, row in zip(axes, summary.itertuples()):
        values = data.loc[data["assignment"] == row.assignment, "score"]
        top = float(row.max_score) or 1.0
        bins = min(max(int(math.ceil(top)), 1), 20)
        counts, _, _ = ax.hist(values, bins=bins, range=(0, top), color=_colour(cohort, row.assignment),
                               edgecolor="white")
        ax.set_ylim(0, max(counts.max(), 1) * 1.3)          # de la place au-dessus des barres pour la médiane
        ax.axvline(row.median, color="#333333", linestyle="--", linewidth=1.2)
        ax.annotate(f"médiane : {fr(row.median)}", xy=(row.median, 1), xycoords=("data", "axes fraction"),
                    xytext=(-4 if row.median > top / 2 else 4, -4), textcoords="offset points",
                    ha="right" if row.median > top / 2 else "left", va="top", fontsize=9, color="#333333")
        missing = f", {row.missing} manquante(s)" if row.missing else ""
        ax.set_title(f"{row.assignment}\n{row.submitted} copie(s) notée(s){missing}", fontsize=10)
        ax.set_xlim(0, top)
        ax.set_xlabel(f"note sur {fr(top)}")
        ax.set_ylabel("nombre d'étudiants")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        _french_axis(ax.xaxis, fr)
        ax.grid(axis="y", alpha=0.3)
    for ax in axes[len(summary):]:
        ax.set_visible(False)
    if summary.empty:
        axes[0].set_visible(True)
        axes[0].text(0.5, 0.5, "Aucune copie notée.", ha="center", va="center", transform=axes[0].transAxes)
        axes[0].set_axis_off()
    fig.suptitle("Répartition des notes par devoir", fontsize=12, fontweight="bold")
    return fig


def plot_exercise_scores(cohort: Cohort):
    """Boîtes à moustaches de la part des points obtenue à chaque exercice, un point par étudiant."""
    import numpy as np
    from matplotlib.figure import Figure
    scores = exercise_scores(cohort)
    groups = [(key, group) for key, group in scores.groupby(["assignment", "exercise"], sort=False)]
    fig = Figure(figsize=(WIDTH, 0.55 * max(len(groups), 1) + 1.6), layout="constrained")
    ax = fig.subplots()
    if not groups:
        ax.text(0.5, 0.5, "Aucune note par exercice.", ha="center", va="center", transform=ax.transAxes)
        ax.set_axis_off()
        return fig
    jitter = np.random.default_rng(0)
    values = [100 * group["ratio"].dropna().to_numpy() for _, group in groups]
    boxes = ax.boxplot(values, orientation="horizontal", widths=0.55, showfliers=False, patch_artist=True,
                       medianprops={"color": "#222222", "linewidth": 1.5})
    for i, ((assignment, _), v) in enumerate(zip((k for k, _ in groups), values), start=1):
        colour = _colour(cohort, assignment)
        boxes["boxes"][i - 1].set(facecolor=colour, alpha=0.25, edgecolor=colour)
        ax.scatter(v, i + jitter.uniform(-0.18, 0.18, len(v)), s=16, color=colour, alpha=0.8, zorder=3,
                   edgecolor="white", linewidth=0.4)
    ax.set_yticks(range(1, len(groups) + 1),
                  [f"{exercise} (sur {fr(group['max_score'].max())})" for (_, exercise), group in groups])
    ax.invert_yaxis()
    ax.set_xlim(-3, 103)
    ax.set_xlabel("part des points obtenus à l'exercice")
    _french_axis(ax.xaxis, lambda x: percent(x / 100))
    ax.grid(axis="x", alpha=0.3)
    fig.legend(handles=_legend_handles(cohort, [k[0] for k, _ in groups]), loc="outside lower center", ncols=4,
               frameon=False, fontsize=9)
    ax.set_title("Notes par exercice (un point par étudiant)", fontsize=12, fontweight="bold")
    return fig


def plot_failure_reasons(cohort: Cohort, *, top: int = 10, width: int = 64):
    """Barres horizontales : les `top` règles le plus souvent manquées, libellés repliés à `width` caractères."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator
    reasons = failure_reasons(cohort, top=top)
    labels = [textwrap.fill(r.rule if r.exercise in r.rule else f"{r.exercise} · {r.rule}", width)
              for r in reasons.itertuples()]
    lines = sum(label.count("\n") + 1 for label in labels)
    fig = Figure(figsize=(WIDTH, 0.17 * lines + 0.2 * len(labels) + 1.3), layout="constrained")
    ax = fig.subplots()
    if reasons.empty:
        ax.text(0.5, 0.5, _no_reason_text(cohort), ha="center", va="center", transform=ax.transAxes)
        ax.set_axis_off()
        return fig
    positions = range(len(reasons))
    ax.barh(positions, reasons["students"], color=[_colour(cohort, a) for a in reasons["assignment"]], height=0.65)
    ax.set_yticks(positions, labels, fontsize=9)
    ax.invert_yaxis()
    for y, r in zip(positions, reasons.itertuples()):
        ax.annotate(f"{r.students} / {r.copies} ({percent(r.share)})", xy=(r.students, y), xytext=(4, 0),
                    textcoords="offset points", va="center", fontsize=9)
    ax.set_xlim(0, reasons["students"].max() * 1.3)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("nombre d'étudiants qui manquent la règle")
    ax.grid(axis="x", alpha=0.3)
    fig.legend(handles=_legend_handles(cohort, reasons["assignment"]), loc="outside lower center", ncols=4,
               frameon=False, fontsize=9)
    ax.set_title(f"Les {len(reasons)} règles le plus souvent manquées", fontsize=12, fontweight="bold")
    return fig


def _no_reason_text(cohort: Cohort) -> str:
    """Why the chart of failure reasons is empty: nothing missed, or only missed in exercises scored 0."""
    if cohort.failures.empty:
        return "Aucune règle manquée : rien à signaler."
    return (f"Les {cohort.failures_at_zero()} règle(s) manquée(s) le sont toutes dans des exercices notés 0\n"
            "(souvent non commencés), qui ne sont pas comptés ici : voir « Étudiants à suivre »,\n"
            "ou failure_reasons(cohorte, skip_zero=False).")


def plot_task_statements(cohort: Cohort, exercise: str = "2.1.q"):
    """Barres : part de bonnes réponses par énoncé de tâche à l'épreuve notée de l'examen blanc."""
    from matplotlib.figure import Figure
    summary = task_statement_summary(cohort, exercise)
    fig = Figure(figsize=(WIDTH, 0.5 * max(len(summary), 1) + 1.4), layout="constrained")
    ax = fig.subplots()
    if summary["answers"].sum() == 0:
        ax.text(0.5, 0.5, "Aucune copie de l'examen blanc notée.", ha="center", va="center", transform=ax.transAxes)
        ax.set_axis_off()
        return fig
    values = 100 * summary["success"].fillna(0)
    colours = ["#b3261e" if v < 60 else "#c77c02" if v < 75 else "#3a7d44" for v in values]
    ax.barh(summary["task_statement"], values, color=colours)
    for y, (v, n) in enumerate(zip(values, summary["answers"])):
        ax.text(min(v + 1, 92), y, f"{percent(v / 100)} de {n} réponses", va="center", fontsize=9)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("part de bonnes réponses de la cohorte")
    _french_axis(ax.xaxis, lambda x: percent(x / 100))
    ax.grid(axis="x", alpha=0.3)
    ax.set_title("Examen blanc\u202f: réussite par énoncé de tâche", fontsize=12, fontweight="bold")
    return fig
