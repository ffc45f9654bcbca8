"""The record: one JSON line per event, appended to a file in the learner's own folder.

Three kinds of event, each with a fixed set of fields (anything else is refused, on writing and on import):

  verification  a « Vérifier » of an exercise: its score, and each rule met or not (the rule's French text)
  practice      an answer to a practice question: right or not (never the letter of a graded question)
  exam          a mock-exam attempt: score, right answers per task statement, time, the questions missed

Appending a line is atomic (O_APPEND, under a lock), so two notebooks open at once never lose an event, and
nothing here ever rewrites the file: an import only appends what the file does not hold yet.
"""
from __future__ import annotations

import json
import os
import re
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: appends of one short line are atomic enough
    fcntl = None

FORMAT = "cours-agents-claude/parcours"
VERSION = 1
FILE_NAME = "parcours.jsonl"
MAX_TEXT = 300          # characters of one text field (a rule's wording is shorter)
MAX_ITEMS = 100         # items of one list field
MAX_IMPORT_BYTES = 5_000_000
MAX_EVENTS = 20_000
TS = re.compile(r"^\d\.\d$")
ID = re.compile(r"^[\w.\-]{1,40}$")


class RecordError(ValueError):
    """A record file or an event that cannot be read; the message says it in French."""


def folder() -> Path:
    """Where the record lives: COURS_PARCOURS if set, else the learner's data folder (never sent anywhere)."""
    if os.environ.get("COURS_PARCOURS"):
        return Path(os.environ["COURS_PARCOURS"])
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "cours-agents-claude"


def ts_of(item_id: str) -> str:
    """The task statement of an exercise or question id: "1.1.a" → "1.1", "1.5.p2" → "1.5"."""
    return ".".join(str(item_id).split(".")[:2])


# --------------------------------------------------------------------------- events, checked field by field

def _text(value, name: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RecordError(f"champ {name} : un texte non vide est attendu")
    return value.strip()[:MAX_TEXT]


def _id(value, name: str) -> str:
    if not isinstance(value, str) or not ID.match(value):
        raise RecordError(f"champ {name} : identifiant illisible ({str(value)[:40]!r})")
    return value


def _ts(value, name: str = "ts") -> str:
    if not isinstance(value, str) or not TS.match(value):
        raise RecordError(f"champ {name} : un énoncé de tâche comme « 1.3 » est attendu")
    return value


def _number(value, name: str, *, integer: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or value < 0 or value > 1e6:
        raise RecordError(f"champ {name} : un nombre positif est attendu")
    return int(value) if integer else round(float(value), 2)


def _flag(value, name: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"champ {name} : vrai ou faux attendu")
    return value


def _list(value, name: str) -> list:
    if not isinstance(value, list) or len(value) > MAX_ITEMS:
        raise RecordError(f"champ {name} : une liste d'au plus {MAX_ITEMS} éléments est attendue")
    return value


def _when(value) -> str:
    try:
        return datetime.fromisoformat(str(value)).astimezone(timezone.utc).isoformat(timespec="seconds")
    except ValueError:
        raise RecordError("champ at : une date ISO 8601 est attendue") from None


def clean(event: object) -> dict:
    """The event with exactly its kind's fields, each checked; RecordError (in French) otherwise."""
    if not isinstance(event, dict):
        raise RecordError("un évènement doit être un objet JSON")
    kind = event.get("kind")
    out = {"kind": kind, "id": _id(event.get("id"), "id"), "at": _when(event.get("at"))}
    if kind == "verification":
        rules = [{"rule": _text(r.get("rule"), "rule"), "met": _flag(r.get("met"), "met")}
                 for r in _list(event.get("rules"), "rules") if isinstance(r, dict)]
        out.update(exercise=_id(event.get("exercise"), "exercise"), ts=_ts(event.get("ts")),
                   score=_number(event.get("score"), "score"), max_score=_number(event.get("max_score"), "max_score"),
                   rules=rules)
    elif kind == "practice":
        out.update(question=_id(event.get("question"), "question"), ts=_ts(event.get("ts")),
                   correct=_flag(event.get("correct"), "correct"))
    elif kind == "exam":
        per_ts = event.get("per_ts")
        if not isinstance(per_ts, dict) or len(per_ts) > 20:
            raise RecordError("champ per_ts : un objet { énoncé : [justes, posées] } est attendu")
        pairs = {}
        for ts, pair in per_ts.items():
            if not isinstance(pair, list) or len(pair) != 2:
                raise RecordError("champ per_ts : chaque énoncé porte [justes, posées]")
            right, asked = (_number(n, "per_ts", integer=True) for n in pair)
            if right > asked:
                raise RecordError("champ per_ts : plus de bonnes réponses que de questions posées")
            pairs[_ts(ts, "per_ts")] = [right, asked]
        missed = [{"question": _id(m.get("question"), "question"), "ts": _ts(m.get("ts")),
                   "section": _text(m.get("section"), "section")}
                  for m in _list(event.get("missed"), "missed") if isinstance(m, dict)]
        out.update(attempt=_number(event.get("attempt"), "attempt", integer=True),
                   seconds=_number(event.get("seconds"), "seconds"), timed_out=_flag(event.get("timed_out"), "timed_out"),
                   per_ts=pairs, missed=missed)
    else:
        raise RecordError(f"type d'évènement inconnu : {str(kind)[:30]!r} (verification, practice ou exam attendu)")
    return out


def _new(kind: str, **fields) -> dict:
    return clean({"kind": kind, "id": uuid.uuid4().hex[:16], "at": datetime.now(timezone.utc).isoformat(), **fields})


# --------------------------------------------------------------------------- the file

@dataclass(frozen=True)
class Imported:
    added: int
    already: int

    def __str__(self) -> str:
        return (f"{self.added} évènement(s) ajouté(s) à votre parcours"
                + (f", {self.already} déjà présent(s)" if self.already else "") + ".")


class Record:
    """The events of one learner, in the file `folder / parcours.jsonl`."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else folder() / FILE_NAME
        self.unreadable = 0          # lines skipped at the last read (a line cut by a crash, edited by hand…)

    def events(self) -> list[dict]:
        """Every event, oldest first; a line that cannot be read is skipped (and counted), never fatal."""
        self.unreadable = 0
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return []
        out = []
        for line in lines:
            if not line.strip():
                continue
            try:
                out.append(clean(json.loads(line)))
            except (ValueError, AttributeError):
                self.unreadable += 1
        return out

    def _append(self, events: list[dict]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            os.write(fd, text.encode("utf-8"))
        finally:
            os.close(fd)          # closing releases the lock

    def add(self, kind: str, **fields) -> dict:
        event = _new(kind, **fields)
        self._append([event])
        return event

    # -- export and import (Binder: the folder does not survive the session) -----------------------------
    def export_bytes(self) -> bytes:
        document = {"format": FORMAT, "version": VERSION,
                    "exported_at": datetime.now(timezone.utc).isoformat(timespec="seconds"), "events": self.events()}
        return json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8")

    @staticmethod
    def export_name(now: float | None = None) -> str:
        return time.strftime("mon-parcours-%Y-%m-%d.json", time.localtime(now))

    def import_bytes(self, data: bytes) -> Imported:
        """Adds the events of an exported file that this record does not hold yet; refuses a file that is not
        an export of « Mon parcours » (nothing is then written)."""
        if len(data) > MAX_IMPORT_BYTES:
            raise RecordError(f"fichier trop gros pour un parcours ({len(data)} octets)")
        try:
            document = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise RecordError("ce fichier n'est pas du JSON : choisissez le fichier « mon-parcours-….json » "
                              "exporté depuis « Mon parcours »") from None
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise RecordError("ce fichier JSON n'est pas un export de « Mon parcours »")
        if not isinstance(document.get("version"), int) or document["version"] > VERSION:
            raise RecordError("cet export vient d'une version plus récente du cours : mettez le cours à jour")
        events = document.get("events")
        if not isinstance(events, list) or len(events) > MAX_EVENTS:
            raise RecordError(f"champ events : une liste d'au plus {MAX_EVENTS} évènements est attendue")
        incoming = [clean(e) for e in events]
        known = {e["id"] for e in self.events()}
        fresh, seen = [], set()
        for event in incoming:
            if event["id"] not in known and event["id"] not in seen:
                fresh.append(event)
                seen.add(event["id"])
        if fresh:
            self._append(fresh)
        return Imported(len(fresh), len(incoming) - len(fresh))


def default_record() -> Record:
    return Record()


def _quietly(kind: str, **fields) -> dict | None:
    """Record an event; a record that cannot be written (read-only folder, full disk) never breaks the widget."""
    try:
        return default_record().add(kind, **fields)
    except (OSError, RecordError):
        return None


def verification(exercise: str, score: float, max_score: float, rules: list[tuple[str, bool]]) -> dict | None:
    """Note a « Vérifier »: the score and each rule, met or not."""
    return _quietly("verification", exercise=exercise, ts=ts_of(exercise), score=score, max_score=max_score,
                    rules=[{"rule": rule, "met": bool(met)} for rule, met in rules][:MAX_ITEMS])


def practice_answer(question: str, correct: bool, ts: str | None = None) -> dict | None:
    """Note an answer to a practice question: right or not."""
    return _quietly("practice", question=question, ts=ts or ts_of(question), correct=bool(correct))


def exam_attempt(attempt: int, per_ts: dict[str, tuple[int, int]], seconds: float, timed_out: bool,
                 missed: list[tuple[str, str, str]]) -> dict | None:
    """Note a mock-exam attempt: right answers per task statement, time, and (id, ts, section) of each miss."""
    return _quietly("exam", attempt=attempt, per_ts={ts: [int(r), int(a)] for ts, (r, a) in per_ts.items()},
                    seconds=seconds, timed_out=bool(timed_out),
                    missed=[{"question": q, "ts": ts, "section": s} for q, ts, s in missed][:MAX_ITEMS])
