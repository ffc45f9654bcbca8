"""nbgrader, for this course: run every command from the course root (where this file is).

Autograding is hardened (see helpers/grading/): learner code runs only inside bubblewrap (no
bubblewrap, no grading: a French message says how to install it); the notebook runs in a
sandbox kernel that skips demonstration cells; each exercise is judged once, outside the
kernel, by a fresh sandboxed player started from the submitted cells; the verdict is written
into the graded notebook by the grader itself; a kernel that dies is restarted without stopping
the batch. Feedback, in French, hides the hidden tests.
"""
import importlib.util
import os
import sys
import warnings
from pathlib import Path

# Grade with the `helpers` this course folder holds (an instructor's second cohort folder, a scratch copy), not
# with whichever copy the environment happens to have installed; a folder without one uses the installed package.
HERE = Path(__file__).resolve().parent
if (HERE / "helpers" / "__init__.py").is_file():
    if "helpers" in sys.modules and Path(sys.modules["helpers"].__file__).resolve().parent != HERE / "helpers":
        raise SystemExit(f"Ce dossier de cours ({HERE}) a son propre dossier helpers/, mais ce processus a déjà importé "
                         f"celui de {Path(sys.modules['helpers'].__file__).resolve().parent} : lancez nbgrader depuis "
                         f"ce dossier, dans un processus neuf (ou supprimez {HERE / 'helpers'} pour utiliser celui "
                         f"de l'environnement).")
    sys.path.insert(0, str(HERE))

from nbconvert.preprocessors import ClearMetadataPreprocessor
from nbgrader.preprocessors import (AssignLatePenalties, CheckCellMetadata, ClearOutput, DeduplicateIds, GetGrades,
                                    IgnorePattern, LimitOutput, OverwriteKernelspec, SaveAutoGrades)
from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor
from sqlalchemy.exc import SAWarning

import helpers.grading
from helpers.grading.trusted.feedback import TEMPLATE, TEMPLATES, FeedbackExporter
from helpers.grading.trusted.sanitize import SanitizeNotebook
from helpers.grading.trusted.autograde import (ApplyVerdicts, HideHiddenTests, RestoreDeletedTests, SandboxedExecute, StartVerdicts,
                              RefuseLinks, TrustGradebookMetadata, WrapReports)

c = get_config()  # noqa: F821 - provided by nbgrader

c.CourseDirectory.course_id = "cours-agents-claude"
c.CourseDirectory.source_directory = "source"
c.CourseDirectory.release_directory = "release"
c.CourseDirectory.db_url = "sqlite:///gradebook.db"
# The exchange (release → fetch, submit → collect), in one place for the command line and Formgrader alike:
# COURS_ECHANGE names another folder. It must exist and be writable by every account (./cours formateur
# creates it when it can, or says the sudo command); students name it in their own config (README).
c.Exchange.root = os.environ.get("COURS_ECHANGE", "/srv/nbgrader/exchange")

# In a single-user course the learner works in release/DEVOIR/, which `generate_assignment --force` rewrites whole: what
# was there and differs from what is written is kept in sauvegardes/DEVOIR/ first (helpers/instructor/keep.py).
from helpers.instructor.keep import KeepLearnersWork  # noqa: E402

_keep = KeepLearnersWork(HERE)
_keep.install()
c.GenerateAssignment.post_convert_hook = _keep.after

# French stubs in the student version.
c.ClearSolutions.code_stub = {"python": "# VOTRE CODE ICI\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "VOTRE RÉPONSE ICI"

# Nothing a submission links to is graded or copied; a cell's kind (test, solution, locked, points) comes from the
# gradebook, never from the submission; an edited test cell is restored (nbgrader's own check); a deleted one comes back.
c.RestoreDeletedTests.add_missing_cells = True
c.Autograde.sanitize_preprocessors = [RefuseLinks, TrustGradebookMetadata, ClearOutput, DeduplicateIds,
                                      OverwriteKernelspec, RestoreDeletedTests, CheckCellMetadata]

c.Autograde.autograde_preprocessors = [
    StartVerdicts, SandboxedExecute, ApplyVerdicts,
    IgnorePattern, ClearMetadataPreprocessor, LimitOutput, SanitizeNotebook, SaveAutoGrades, AssignLatePenalties,
    CheckCellMetadata,
]
c.Execute.timeout = int(os.environ.get("COURS_DELAI_CELLULE_S", "120"))
c.Execute.interrupt_on_timeout = True
c.LimitOutput.max_lines = 400

# Nothing a student wrote runs in an instructor's browser: the graded notebook (what Formgrader shows) and the
# feedback keep only inert outputs and allowed HTML (helpers/grading/trusted/sanitize.py says why not sanitize_html).
c.GenerateFeedback.preprocessors = [GetGrades, HideHiddenTests, WrapReports, SanitizeNotebook,
                                    CSSHTMLHeaderPreprocessor]
# nbgrader's feedback page, translated (« Réponse de l'étudiant », « Note »…): helpers/grading/trusted/templates/retour, for
# generate_feedback only — set on HTMLExporter, it replaced Formgrader's own template too (helpers/grading/trusted/feedback.py).
c.GenerateFeedback.exporter_class = FeedbackExporter
c.FeedbackExporter.template_name = TEMPLATE
c.FeedbackExporter.extra_template_basedirs = [str(TEMPLATES)]
# Formgrader's manual grading page is nbgrader's `formgrade` template, whose `mathjax()` loads MathJax from a CDN: the
# course's `hors_ligne` folder, first, replaces only that macro (templates/hors_ligne/formgrade/mathjax.html.j2). Set
# here, this list is the one Formgrader uses (a course's config is read after Formgrader's own): it keeps nbgrader's.
c.HTMLExporter.extra_template_basedirs = [str(TEMPLATES / "hors_ligne"),
                                          str(Path(importlib.util.find_spec("nbgrader").origin).parent
                                              / "server_extensions" / "formgrader" / "templates")]

# nbgrader 0.9 builds a new submission's rows (api.py, add_submission) and reads the assignment's notebooks before
# adding them to the session: SQLAlchemy 2 warns during that autoflush (« Object of type <SubmittedNotebook> not in
# session, add operation along 'Notebook.submissions' will not proceed »), then nbgrader adds them all at once.
# Harmless (the gradebook holds every grade): this warning only is silenced, at its source.
warnings.filterwarnings("ignore", message=r"Object of type <\w+> not in session, add operation along",
                        category=SAWarning)

# Grading never needs a key or the network: when nbgrader itself runs (not a learner's JupyterLab,
# which may read this file too), every kernel it starts is offline, whatever the shell holds.
if "nbgrader" in Path(sys.argv[0]).parts or Path(sys.argv[0]).name == "nbgrader":
    os.environ["COURS_MODE"] = "hors-ligne"
    os.environ.pop("ANTHROPIC_API_KEY", None)
