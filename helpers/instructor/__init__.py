"""What instructors run a cohort with, outside the grading itself.

- exchange.py   nbgrader's exchange, locked down for a shared server (a JupyterHub): submissions readable by their
                author and the grader only, a root that is never made world-writable; every account of the hub uses it
- lms.py        `nbgrader export` plugins writing the CSV files Canvas and Moodle import

It imports nbgrader, nothing of the rest of helpers.
"""
