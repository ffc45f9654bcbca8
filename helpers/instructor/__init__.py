"""The instructor's side that is not grading: what a teacher reads and exports once the cohort is graded.

- dashboard.py  the dashboard of notebooks/9.0: reads gradebook.db (read-only) and the reports of the graded
                copies; its demonstration cohort is made from nothing secret (practice questions, drawn letters)

It may import the grading package (the course's assignments), the lessons (task statements, practice
questions), widgets, clients and the simulator; nothing in helpers imports it, and the learner edition
does not ship it: no learner-facing code may need it.
"""
