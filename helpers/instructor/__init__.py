"""The instructor's side that is not grading: running a cohort, reading its results, exporting its grades.

- dashboard.py  the dashboard of notebooks/9.0: reads gradebook.db (read-only) and the reports of the graded
                copies; its demonstration cohort is made from nothing secret (practice questions, drawn letters)
- exchange.py   nbgrader's exchange, locked down for a shared server (a JupyterHub): submissions readable by their
                author and the grader only, a root that is never made world-writable; every account of the hub uses
                it, so it imports nbgrader and nothing of the rest of helpers
- lms.py        `nbgrader export` plugins writing the CSV files Canvas and Moodle import
- keep.py       `generate_assignment --force` keeps what it would overwrite in release/ (a learner's work) aside

It may import the grading package (the course's assignments), the lessons (task statements, practice
questions), widgets, clients and the simulator; nothing in helpers imports it, and the learner edition
does not ship it: no learner-facing code may need it.
"""
