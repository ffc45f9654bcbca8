"""The learner's private progress record, and what it says of where they stand.

record.py   the record itself: one JSON line per event (a « Vérifier », a practice answer, a mock-exam
            attempt), in the learner's own folder; nothing is sent anywhere; export and import as one file
standing.py where the learner stands per task statement, computed from the record and a lesson catalogue

Plain data and the standard library only: it imports nothing from the rest of helpers (widgets and
lessons call it, and hand it the catalogue of lessons). It never holds a graded answer key: events say
what the learner did and what it scored, never which option of a graded question is right.
"""
from .record import Record, default_record, exam_attempt, practice_answer, verification
from .standing import Catalogue, Lesson, Standing, standing

__all__ = ["Catalogue", "Lesson", "Record", "Standing", "default_record", "exam_attempt", "practice_answer",
           "standing", "verification"]
