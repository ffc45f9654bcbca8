"""One package per task statement (ts1_1 … ts1_7): its exercises' two halves — play.py, run where learner code
runs (the sandbox under grading), judge.py, the trusted side's scenarios and verdicts — and its questions.

Here lives the registry of what the course grades, read by « Vérifier », the hidden tests, grading
and the tools. Lessons may import simulator, clients, progress and widgets; never grading.
"""
from __future__ import annotations

import importlib
import os
import pkgutil
from functools import cache

from .. import progress
from .kit import Criterion, Exercise, Report, plain

__all__ = ["Exercise", "ask", "check", "shown_order", "exercise", "exercises", "graded_report", "is_correct", "question", "questions",
           "ready", "verify", "verify_button"]


@cache
def _lessons() -> tuple:
    """Every lesson package (ts1_1, ts1_5…), found on disk: adding a lesson registers it."""
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg and m.name.startswith("ts"))
    return tuple(importlib.import_module(f"{__name__}.{name}") for name in names)


@cache
def exercises() -> dict[str, Exercise]:
    """id → Exercise, for every lesson (the one place that lists what the course grades)."""
    return {e.id: e for lesson in _lessons() for e in lesson.EXERCISES}


def exercise(exercise_id: str) -> Exercise:
    try:
        return exercises()[exercise_id]
    except KeyError:
        raise KeyError(f"exercice inconnu : {exercise_id!r}") from None


@cache
def questions() -> dict:
    """id → Question, every lesson's practice and graded questions."""
    return {q.id: q for lesson in _lessons() for q in lesson.QUESTIONS}


def question(question_id: str):
    try:
        return questions()[question_id]
    except KeyError:
        raise KeyError(f"question inconnue : {question_id!r}") from None


def is_correct(question_id: str, letter: object) -> bool:
    """Vrai si `letter` (A, B, C ou D) est la bonne réponse à la question."""
    return question(question_id).is_correct(letter)


def graded_report(exercise_id: str, answers: object, key: object) -> Report:
    """The graded check: one point per question of `key`; each detail names the option chosen and explains
    every option (that is the feedback the learner gets once graded, never before)."""
    from ..widgets.quiz import LETTERS
    if not isinstance(key, dict) or not key:
        return Report(exercise_id, [Criterion("corrige", f"Contrôle {exercise_id} : corrigé introuvable", 1, False,
                                              "ce contrôle est corrigé par le formateur (nbgrader) ; aucune "
                                              "réponse n'est révélée avant")])
    criteria = []
    for number, (short, entry) in enumerate(key.items(), start=1):
        given = answers.get(short) if isinstance(answers, dict) else None
        chosen = given.strip().upper() if isinstance(given, str) else None
        right = str(entry.get("answer", "")).strip().upper()
        why = entry.get("why") or {}
        reasons = " ".join(f"{k}. {why.get(k, '')}" for k in LETTERS)
        if chosen not in LETTERS:
            detail = "pas de réponse (une lettre A, B, C ou D attendue)"
        else:
            detail = f"vous avez choisi {chosen}" + (" : c'est la bonne réponse" if chosen == right
                                                     else f" ; la bonne réponse était {right}")
        criteria.append(Criterion(short, f"Question {number} — {entry.get('title', short)}", 1, chosen == right,
                                  f"{detail}. Pourquoi : {reasons}"))
    return Report(exercise_id, criteria)


def check(exercise_id: str, *objects, progress=None) -> Report:
    """Vérifie l'exercice ici même, sur de nouveaux scénarios tirés au hasard.

    `progress(scenario)`, if given, is called before each scenario is played (the watch of « Vérifier »)."""
    spec = exercise(exercise_id)
    if spec.is_quiz:   # grade("1.1.q", reponses_1_1, CORRIGE): the key only exists in the master's hidden test
        return graded_report(exercise_id, objects[0] if objects else None, objects[1] if len(objects) > 1 else None)
    if os.environ.get("COURS_CORRECTION"):
        # Inside a grading sandbox the judges are absent (grading/sandbox.py): a learner's cell that asks for a check
        # gets this report, not an ImportError; the verdict is the trusted judge's, computed outside.
        return Report(exercise_id, [Criterion("correcteur", "Verdict calculé par le correcteur, hors du bac à sable",
                                              spec.points, False, "la vérification ne tourne pas pendant la correction")])
    named = dict(zip(spec.names, objects))

    def player(scenario):
        if progress is not None:
            progress(scenario)
        return spec.play(named, scenario)
    return spec.judge(player, [plain(o) for o in objects])


def check_apart(exercise_id: str, *objects) -> Report:
    """`check` in a child of this process, watched from here: it ends within its time and gives its memory back
    (helpers/lessons/_apart.py). A quiz has no learner code to run: it is read here."""
    spec = exercise(exercise_id)
    if spec.is_quiz:
        return check(exercise_id, *objects)
    # What the checks import, imported once here (a warm kernel already holds them), not again in each child.
    import anthropic  # noqa: F401
    import claude_agent_sdk  # noqa: F401
    from ._apart import run_apart
    return run_apart(exercise_id, spec.points, lambda progress: check(exercise_id, *objects, progress=progress))


def verify(exercise_id: str, *objects) -> Report:
    """Vérifie l'exercice avec les objets donnés (votre fonction…) et renvoie le rapport détaillé."""
    spec = exercise(exercise_id)
    if not spec.is_quiz and len(objects) != len(spec.names):
        from ..widgets.typography import french_message
        wanted = ", ".join(spec.names)
        raise TypeError(french_message(
            f"helpers.verify({exercise_id!r}, …) attend {len(spec.names)} objet(s), dans cet ordre : {wanted} ; "
            f"il en a reçu {len(objects)}. Par exemple : helpers.verify({exercise_id!r}, {wanted})."))
    return check_apart(exercise_id, *objects)


def ready(*exercise_ids: str) -> bool:
    """Vrai si votre code de ces exercices est écrit ; sinon, dit en français quoi écrire d'abord.

    Les cellules qui appellent vos fonctions commencent par `if helpers.ready("1.1.a"):` : tant que
    la fonction est le squelette de départ (`raise NotImplementedError()`), la cellule l'indique et
    « Run All » continue jusqu'au bout du notebook.
    """
    from . import _stubs
    wanted = [(name, exercise(ex).id) for ex in exercise_ids for name in exercise(ex).names]
    missing = _stubs.unwritten(wanted)
    if missing:
        _stubs.show_todo(missing)
    return not missing


def _check_written(exercise_id: str, *objects) -> Report:
    """« Vérifier » on a function still left as the stub: say so instead of running every scenario."""
    from ..widgets.verify import Undefined
    from . import _stubs
    spec = exercise(exercise_id)
    undefined = [name for name, obj in zip(spec.names, objects) if isinstance(obj, Undefined)]
    if undefined:
        names = " et ".join(undefined)
        return Report(exercise_id, [Criterion("a_definir", f"{names} : pas encore défini (sa cellule n'a pas été "
                                              f"exécutée, ou c'est encore le squelette de départ)", spec.points,
                                              False, f"écrivez {names} dans la cellule de votre solution, exécutez-la, "
                                                     f"puis cliquez à nouveau sur « Vérifier »")])
    stubs = [name for name, obj in zip(spec.names, objects) if _stubs.is_stub(obj)]
    if stubs:
        names = " et ".join(stubs)
        return Report(exercise_id, [Criterion("a_ecrire", f"{names} : encore le squelette de départ", spec.points,
                                              False, f"remplacez « raise NotImplementedError() » par votre code dans "
                                                     f"la cellule de {names}, exécutez-la, puis cliquez à nouveau "
                                                     f"sur « Vérifier »")])
    report = check_apart(exercise_id, *objects)
    progress.verification(report.exercise, report.score, report.max_score, [(c.rule, c.passed) for c in report.criteria])
    return report


def verify_button(exercise_id: str):
    """Le bouton « Vérifier » d'un exercice : il lit votre code actuel dans le noyau à chaque clic."""
    from ..widgets.verify import VerifyButton
    return VerifyButton(exercise_id, exercise(exercise_id).names, _check_written)


def shown_order(question_id: str, learner: str | None = None) -> tuple[str, ...]:
    """The order one learner sees a practice question's options in (original letters under A, B, C, D): laid out
    with the other questions of its set (1.1.p1 … 1.1.p5), so that the right answers are balanced over the set."""
    import re

    from ..widgets import shuffle
    prefix = re.sub(r"\d+$", "", question(question_id).id)
    group = [(q.id, q.right_letter()) for q in questions().values() if re.sub(r"\d+$", "", q.id) == prefix]
    return shuffle.layout(group, learner or shuffle.learner())[question_id]


def ask(question_id: str):
    """Affiche la question avec ses quatre options (dans un ordre propre à chaque apprenant) et un bouton
    « Vérifier »."""
    from ..widgets.quiz import Ask
    return Ask(question(question_id), shown_order(question_id))
