"""nbgrader, for this course: run every command from the course root (where this file is)."""
import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 - provided by nbgrader

c.CourseDirectory.course_id = "cours-agents-claude"
c.CourseDirectory.source_directory = "source"
c.CourseDirectory.release_directory = "release"
c.CourseDirectory.db_url = "sqlite:///gradebook.db"

# French stubs in the student version.
c.ClearSolutions.code_stub = {"python": "# VOTRE CODE ICI\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "VOTRE RÉPONSE ICI"

c.Execute.timeout = 180
c.Execute.interrupt_on_timeout = True

# Grading never needs a key or the network: when nbgrader itself runs (not a learner's JupyterLab,
# which may read this file too), every kernel it starts is offline, whatever the shell holds.
if "nbgrader" in Path(sys.argv[0]).parts or Path(sys.argv[0]).name == "nbgrader":
    os.environ["COURS_MODE"] = "hors-ligne"
    os.environ.pop("ANTHROPIC_API_KEY", None)
