"""Where the learner stands, per task statement: what is done, what is weak, what to review next, and how
ready they are for the exam's domain 1 — computed from the record's events and a catalogue of the lessons.

Pure functions of plain data: the view (widgets/progress_view.py) only draws a `Standing`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

WEAK_BELOW = 0.7        # under 70 % right, a task statement is « à revoir » (the mock exam's own rule)
TARGET = 0.8            # the margin the mock exam recommends
PASS_MARK = 720         # the real exam: a score out of 1 000, pass mark 720
MAX_REVIEWS = 8

DONE, WEAK, STARTED, NOT_STARTED = "fait", "à revoir", "en cours", "à commencer"


def heading_key(heading: str) -> str:
    """A heading as a markdown line or a quotation writes it: « ## 3. `PreToolUse` : … » → « 3. PreToolUse : … »."""
    text = re.sub(r"`([^`]*)`", r"\1", heading.strip().lstrip("#")).replace("**", "")
    return re.sub(r"[\s\u00a0\u202f]+", " ", text).strip()


@dataclass(frozen=True)
class Lesson:
    """One task statement's lesson, as « Mon parcours » links to it."""
    ts: str                                      # "1.1"
    title: str                                   # "Boucles agentiques"
    href: str                                    # the notebook, relative to where the view is shown
    exercises: tuple[tuple[str, str], ...] = ()  # (exercise id, its heading)
    practice: tuple[str, ...] = ()               # practice question ids
    practice_heading: str = ""
    cells: tuple[tuple[str, str], ...] = ()      # (heading_key of a heading, id of the cell that holds it)

    def link(self, heading: str | None = None) -> str:
        """The notebook at the heading's cell (`#cell-id=`: JupyterLab 4.6 lands there, a heading anchor with an
        accent never does — helpers/lessons/headings.py), or at its top for a heading it does not have."""
        cell = dict(self.cells).get(heading_key(heading)) if heading else None
        return self.href + (f"#cell-id={cell}" if cell else "")


Catalogue = tuple  # of Lesson, in the course's order


@dataclass(frozen=True)
class Exercise:
    id: str
    heading: str
    tries: int
    best: float            # best share of the points, 0..1
    passed: bool           # every rule met at least once
    missed: tuple[str, ...] = ()   # rules not met at the last try


@dataclass(frozen=True)
class Task:
    """One task statement: its exercises, its practice questions (first answers), its share of the last mock exam."""
    lesson: Lesson
    exercises: tuple[Exercise, ...]
    first_right: int                 # practice questions answered right the first time
    answered: int                    # practice questions answered at least once
    exam: tuple[int, int] | None     # (right, asked) in the last mock-exam attempt that asked about it
    status: str
    weak: tuple[str, ...]            # French sentences: what is weak

    @property
    def shares(self) -> dict[str, float | None]:
        """What the plot draws: exercises (points), practice (right the first time), mock exam; None = not yet."""
        points = [e.best for e in self.exercises if e.tries]
        return {"exercices": sum(e.best for e in self.exercises) / len(self.exercises) if points else None,
                # Right the first time out of the lesson's questions, not out of those answered: one right answer
                # out of five questions is 20 %, not a full bar.
                "entraînement": self.first_right / max(self.answered, len(self.lesson.practice))
                if self.answered else None,
                "examen blanc": self.exam[0] / self.exam[1] if self.exam and self.exam[1] else None}


@dataclass(frozen=True)
class Review:
    ts: str
    text: str          # French: what to review and why
    href: str


@dataclass(frozen=True)
class Attempt:
    number: int
    right: int
    asked: int
    seconds: float
    at: str

    @property
    def share(self) -> float:
        return self.right / self.asked if self.asked else 0.0


@dataclass(frozen=True)
class Readiness:
    attempts: tuple[Attempt, ...]
    level: str                       # "atteint", "proche", "pas encore", "non mesuré"
    sentence: str                    # French
    below: tuple[str, ...] = ()      # task statements under 70 % in the last attempt


@dataclass(frozen=True)
class Standing:
    tasks: tuple[Task, ...]
    reviews: tuple[Review, ...]
    readiness: Readiness
    events: int
    last: str | None = None          # ISO time of the last event

    def task(self, ts: str) -> Task:
        return next(t for t in self.tasks if t.lesson.ts == ts)


def _exercise(exercise_id: str, heading: str, events: list[dict]) -> Exercise:
    mine = [e for e in events if e["kind"] == "verification" and e["exercise"] == exercise_id]
    if not mine:
        return Exercise(exercise_id, heading, 0, 0.0, False)
    shares = [e["score"] / e["max_score"] if e["max_score"] else 0.0 for e in mine]
    passed = any(e["max_score"] and e["score"] >= e["max_score"] for e in mine)
    missed = tuple(r["rule"] for r in mine[-1]["rules"] if not r["met"])
    return Exercise(exercise_id, heading, len(mine), max(shares), passed, () if passed else missed)


def _first_answers(events: list[dict], lesson: Lesson) -> dict[str, bool]:
    first: dict[str, bool] = {}
    for e in events:
        if e["kind"] == "practice" and (e["question"] in lesson.practice or e["ts"] == lesson.ts):
            first.setdefault(e["question"], e["correct"])
    return first


def _exams(events: list[dict]) -> list[dict]:
    return [e for e in events if e["kind"] == "exam"]


def _task(lesson: Lesson, events: list[dict], last_exam: dict | None) -> Task:
    exercises = tuple(_exercise(i, heading, events) for i, heading in lesson.exercises)
    first = _first_answers(events, lesson)
    right, answered = sum(first.values()), len(first)
    exam = tuple(last_exam["per_ts"][lesson.ts]) if last_exam and lesson.ts in last_exam["per_ts"] else None
    weak = [f"exercice {e.id} : pas encore tous les points ({round(100 * e.best)} % au mieux)"
            for e in exercises if e.tries and not e.passed]
    if answered and right / answered < WEAK_BELOW:
        weak.append(f"questions d'entraînement : {right} sur {answered} justes du premier coup")
    if exam and exam[1] and exam[0] / exam[1] < WEAK_BELOW:
        weak.append(f"examen blanc : {exam[0]} sur {exam[1]} à la dernière tentative")
    started = any(e.tries for e in exercises) or answered or exam
    complete = (all(e.passed for e in exercises) and answered >= len(lesson.practice))
    status = WEAK if weak else DONE if started and complete else STARTED if started else NOT_STARTED
    return Task(lesson, exercises, right, answered, exam, status, tuple(weak))


def _reviews(tasks: tuple[Task, ...], last_exam: dict | None) -> tuple[Review, ...]:
    """What to do next, most useful first: failed exercises, mock-exam misses, weak practice, then what is left."""
    out: list[Review] = []
    for t in tasks:
        for e in t.exercises:
            if e.tries and not e.passed:
                rule = f" — règle à revoir : « {e.missed[0]} »" if e.missed else ""
                out.append(Review(t.lesson.ts, f"Exercice {e.id} : reprenez-le{rule}", t.lesson.link(e.heading)))
    if last_exam:
        sections: dict[tuple[str, str], int] = {}
        for m in last_exam["missed"]:
            sections[(m["ts"], m["section"])] = sections.get((m["ts"], m["section"]), 0) + 1
        lessons = {t.lesson.ts: t.lesson for t in tasks}
        for (ts, section), n in sections.items():
            if ts in lessons:
                out.append(Review(ts, f"Examen blanc : {n} question{'s' if n > 1 else ''} manquée{'s' if n > 1 else ''}"
                                      f" — relisez « {section} »", lessons[ts].link(section)))
    for t in tasks:
        if t.answered and t.first_right / t.answered < WEAK_BELOW:
            out.append(Review(t.lesson.ts, f"Questions d'entraînement de {t.lesson.ts} : refaites-les après avoir "
                                           "relu la leçon", t.lesson.link(t.lesson.practice_heading or None)))
    for t in tasks:
        if t.status == STARTED:
            todo = [e for e in t.exercises if not e.tries]
            if todo:
                out.append(Review(t.lesson.ts, f"Exercice {todo[0].id} : pas encore vérifié",
                                  t.lesson.link(todo[0].heading)))
            elif t.answered < len(t.lesson.practice):
                out.append(Review(t.lesson.ts, f"Questions d'entraînement de {t.lesson.ts} : "
                                               f"{len(t.lesson.practice) - t.answered} sans réponse",
                                  t.lesson.link(t.lesson.practice_heading or None)))
    for t in tasks:
        if t.status == NOT_STARTED:
            out.append(Review(t.lesson.ts, f"Leçon {t.lesson.ts} — {t.lesson.title} : pas encore commencée",
                              t.lesson.link()))
    return tuple(out[:MAX_REVIEWS])


def _readiness(exams: list[dict]) -> Readiness:
    attempts = tuple(Attempt(n, sum(r for r, _ in e["per_ts"].values()), sum(a for _, a in e["per_ts"].values()),
                             e["seconds"], e["at"]) for n, e in enumerate(exams, start=1))
    if not attempts:
        return Readiness((), "non mesuré", "Pas encore mesurée : passez l'examen blanc (notebook 2.1) pour la "
                                           "connaître.")
    last = attempts[-1]
    below = tuple(ts for ts, (r, a) in sorted(exams[-1]["per_ts"].items()) if a and r / a < WEAK_BELOW)
    scaled = round(1000 * last.share)
    trend = ""
    if len(attempts) > 1:
        before = attempts[-2].share
        trend = (" En progrès depuis la tentative précédente." if last.share > before
                 else " En recul depuis la tentative précédente." if last.share < before
                 else " Stable depuis la tentative précédente.")
    said = (f"Dernier examen blanc : {last.right} / {last.asked} ({round(100 * last.share)} %), soit {scaled} "
            f"rapporté à 1 000 (seuil de l'examen réel : {PASS_MARK}).")
    if last.share >= TARGET and not below:
        level, verdict = "atteint", " Niveau visé atteint pour le domaine 1 : au moins 80 % et aucun énoncé sous 70 %."
    elif scaled >= PASS_MARK:
        level, verdict = "proche", (" Au-dessus du seuil, sans la marge de 80 % ou avec un énoncé sous 70 % : "
                                    "revoyez " + (", ".join(below) if below else "les questions manquées") + ".")
    else:
        level, verdict = "pas encore", (" Pas encore au niveau : revoyez "
                                        + (", ".join(below) if below else "les questions manquées")
                                        + ", puis faites une nouvelle tentative.")
    return Readiness(attempts, level, said + verdict + trend, below)


def standing(events: list[dict], catalogue: Catalogue) -> Standing:
    """Where the learner stands, from their events (oldest first) and the lessons of the course."""
    exams = _exams(events)
    last_exam = exams[-1] if exams else None
    tasks = tuple(_task(lesson, events, last_exam) for lesson in catalogue)
    return Standing(tasks, _reviews(tasks, last_exam), _readiness(exams), len(events),
                    max((e["at"] for e in events), default=None))
