"""nbgrader preprocessors that make autograding trustworthy (registered in nbgrader_config.py).

- `RefuseLinks` (first sanitizer) grades a linked notebook as empty and deletes, from the autograded
  folder, the copies nbgrader made by following a submission's symbolic links.
- `TrustGradebookMetadata` (second sanitizer) takes every cell's nbgrader kind from the gradebook:
  a submission's metadata can neither pose a cell as a test nor make nbgrader's sanitizers fail.
- `StartVerdicts` checks that the sandbox can run (bubblewrap), takes the submission's code
  cells as submitted (before any execution) and prepares a private working folder.
- `SandboxedExecute` runs the notebook in the sandbox kernel (sandbox.py: bubblewrap, Unix
  sockets for ZMQ), skipping demonstration cells (tag `demo`: they earn nothing) and test
  cells (their output is the trusted verdict); a kernel that dies is restarted, the cells
  before it replayed, and grading goes on; memory and processes are watched from outside.
- `ApplyVerdicts` judges every exercise once, outside the kernel (verdicts.judge_submission),
  and writes the verdict into its hidden test cell — never what the cell printed — and scores
  quiz answers from the submitted cell's source.
- `HideHiddenTests` (feedback) shows students their report, not the tests' code nor tracebacks;
  `WrapReports` wraps the reports' long lines to the page.
"""
from __future__ import annotations

import copy
import json
import os
import re
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import Execute, NbGraderPreprocessor, OverwriteCells
from nbgrader.utils import is_grade, is_solution

from .. import sandbox
from . import verdicts

KERNEL = "cours-bac-a-sable"
GRADE_CALL = re.compile(r"""grade\(\s*["']([0-9.]+[a-z]?)["']""")
NOTEBOOK_SECONDS = float(os.environ.get("COURS_DELAI_NOTEBOOK_S", "600"))
# What the kernel may send the grader: one ZMQ frame (libzmq drops a larger one before it is read: the grader
# never holds it) and the outputs kept per cell (past it, the cell's outputs stop, a note says so).
MAX_MESSAGE = 8 * 2**20
MAX_CELL_OUTPUT = 2 * 2**20


def install_kernelspec() -> str:
    """Write the sandbox kernelspec to a private folder (0700, outside every sandbox) first on JUPYTER_PATH.

    Its provisioner (atelier.SandboxProvisioner) forks the kernel from the sandbox's zygote: `argv`
    only gives jupyter_client the shape of the command (the arguments after the connection file)."""
    root = Path(tempfile.mkdtemp(prefix="cours-noyau-"))
    spec = root / "kernels" / KERNEL
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (correction, bac à sable)", "language": "python",
        "interrupt_mode": "message",
        "metadata": {"kernel_provisioner": {"provisioner_name": KERNEL}},
    }))
    os.environ["JUPYTER_PATH"] = os.pathsep.join([str(root), os.environ.get("JUPYTER_PATH", "")]).strip(os.pathsep)
    import atexit
    atexit.register(shutil.rmtree, root, True)
    return str(root)


def is_test(cell) -> bool:
    return cell.cell_type == "code" and is_grade(cell) and not is_solution(cell)


def is_demo(cell) -> bool:
    return "demo" in (cell.get("metadata", {}).get("tags") or []) and not is_solution(cell)


def graded_cells(nb) -> list[str]:
    """The code a player runs: every code cell but test cells and demonstration cells, as submitted."""
    return [cell.source for cell in nb.cells if cell.cell_type == "code" and not is_test(cell) and not is_demo(cell)]


def course_root(resources: dict) -> Path:
    here = Path(resources.get("metadata", {}).get("path") or os.getcwd()).resolve()
    if (Path.cwd() / "nbgrader_config.py").exists():
        return Path.cwd()
    return here.parents[2] if len(here.parents) >= 3 else here


class StartVerdicts(NbGraderPreprocessor):
    def preprocess(self, nb, resources):
        sandbox.require()                    # no bubblewrap, no grading (French message)
        from .atelier import atelier
        atelier().sweep(runs=True)           # nothing of the previous submission survives
        run = atelier().new_run()
        resources["cours_atelier"] = run
        resources["cours_cellules"] = graded_cells(nb)
        resources["cours_secret"] = verdicts.course_secret(course_root(resources))
        student = str(Path(resources.get("metadata", {}).get("path") or os.getcwd()).resolve())
        copy = sandbox.private_copy(student, run)          # read-only there: the kernel copies it into its /tmp
        os.environ[sandbox.POLICY_ENV] = json.dumps({"student": student, "copy": str(copy), "run": str(run)})
        os.environ.update({"COURS_MODE": "hors-ligne"})
        os.environ.pop("ANTHROPIC_API_KEY", None)
        return nb, resources


class SandboxedExecute(Execute):
    """nbgrader's Execute, in the sandbox kernel, surviving a kernel that dies."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        from .atelier import register_provisioner
        register_provisioner(KERNEL)
        if not any((Path(p) / "kernels" / KERNEL).exists() for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p):
            install_kernelspec()

    def create_kernel_manager(self):
        km = super().create_kernel_manager()
        # The kernel has no network: ZMQ over Unix sockets (in the sandbox's /tmp, see atelier.py).
        base = self.resources.get("cours_atelier") if getattr(self, "resources", None) else None
        folder = Path(tempfile.mkdtemp(prefix="zmq-", dir=base))
        folder.chmod(0o755)
        km.transport = "ipc"
        km.connection_file = str(folder / "noyau.json")
        km.ip = str(folder / "s")          # replaced by the provisioner with the sandbox's /tmp, seen from here
        make_client = km.client

        def client(**kwargs):
            import zmq.asyncio
            context = zmq.asyncio.Context()
            context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE)     # every socket of this client
            kc = make_client(context=context, **kwargs)
            kc._created_context = True                           # destroyed with the client, as its own would be
            return kc
        km.client = client
        return km

    def output(self, outs, msg, display_id, cell_index):
        """nbclient's output, within MAX_CELL_OUTPUT bytes per cell: a flood of outputs ends in one note."""
        used = self._output_bytes.get(cell_index, 0)
        if used > MAX_CELL_OUTPUT:
            return None
        size = len(json.dumps(msg.get("content", {}), ensure_ascii=False, default=str))
        self._output_bytes[cell_index] = used + size
        if used + size > MAX_CELL_OUTPUT:
            note = NotebookNode(output_type="stream", name="stderr", text=(
                f"[Correction] Sortie tronquée : cette cellule a produit plus de {MAX_CELL_OUTPUT // 2**20} Mo de "
                f"sorties ; la suite n'est pas conservée.\n"))
            outs.append(note)
            return note
        return super().output(outs, msg, display_id, cell_index)

    def preprocess(self, nb, resources, km=None):
        self.kernel_name = KERNEL
        self.resources = resources
        self._done: list[int] = []
        self._output_bytes: dict[int, int] = {}
        self._started = time.monotonic()
        self._watch = threading.Event()
        self._no_kernel = ""
        watcher = threading.Thread(target=self._watch_limits, daemon=True)
        watcher.start()
        try:
            return super().preprocess(nb, resources, km=km)
        except Exception as exc:  # noqa: BLE001 - no kernel could start: the cells are not run, the verdicts still are
            if self._done or not self._kernel_failure(exc):
                raise
            self.log.warning("Aucun noyau n'a pu démarrer pour cette copie (%s) : cellules non exécutées", exc)
            for index, cell in enumerate(nb.cells):
                self.preprocess_cell(cell, resources, index)
            return nb, resources
        finally:
            self._watch.set()

    @staticmethod
    def _kernel_failure(exc: Exception) -> bool:
        from nbclient.exceptions import DeadKernelError
        return isinstance(exc, (DeadKernelError, RuntimeError, TimeoutError, OSError)) and not isinstance(
            exc, NotImplementedError)

    def _watch_limits(self) -> None:
        """Kill the kernel's sandbox from outside past the memory or process limit (handled as a death)."""
        while not self._watch.wait(0.25):
            try:
                child = self.km.provisioner.process if self.km and self.km.provisioner else None
                if child is not None and child.over_limits():
                    child.kill_tree()
            except (OSError, AttributeError, ValueError):
                continue

    def preprocess_cell(self, cell, resources, index):
        from nbclient.exceptions import CellTimeoutError, DeadKernelError
        if cell.cell_type != "code" or is_test(cell) or is_demo(cell):
            return cell, resources
        if self._no_kernel or self.kc is None:
            self._no_kernel = self._no_kernel or "aucun noyau n'a pu démarrer"
            cell.outputs = [NotebookNode(output_type="error", ename="NoyauIndisponible", evalue=(
                f"Cellule non exécutée : {self._no_kernel}. La note vient des vérifications, qui relancent vos "
                f"fonctions à part."), traceback=[])]
            return cell, resources
        if time.monotonic() - self._started > NOTEBOOK_SECONDS:
            cell.outputs = [NotebookNode(output_type="error", ename="DelaiDepasse", evalue=(
                f"Cellule non exécutée : le notebook a dépassé {NOTEBOOK_SECONDS:g} s d'exécution."), traceback=[])]
            return cell, resources
        try:
            cell, resources = super().preprocess_cell(cell, resources, index)
        except DeadKernelError:
            cell.outputs = [NotebookNode(output_type="error", ename="NoyauArrete", evalue=(
                "Le noyau s'est arrêté pendant cette cellule (sortie forcée, plantage, mémoire épuisée ou trop de "
                "processus). Il a été redémarré et les cellules précédentes rejouées."), traceback=[])]
            self._restart_and_replay()
            return cell, resources
        except CellTimeoutError:
            # The interrupt did not stop the cell (signals ignored…): the kernel is replaced.
            cell.outputs = [NotebookNode(output_type="error", ename="DelaiDepasse", evalue=(
                f"Cellule interrompue après {self.timeout} s sans rendre la main. Le noyau a été remplacé et les "
                f"cellules précédentes rejouées."), traceback=[])]
            child = self.km.provisioner.process if self.km and self.km.provisioner else None
            if child is not None:
                child.kill_tree()
            self._restart_and_replay()
            return cell, resources
        self._done.append(index)
        return cell, resources

    def _fresh_kernel(self) -> None:
        """A brand-new kernel (new sockets, new connection file): restarting in place races with the dead one."""
        try:
            self._cleanup_kernel()
        except Exception:  # noqa: BLE001 - the old kernel is dead; whatever is left of it goes
            pass
        self.km, self.kc = None, None
        # Nothing of the dead kernel survives it: its processes, and the /tmp it may have filled (the new
        # kernel's sockets and working copy live there).
        from .atelier import atelier
        atelier().sweep()
        try:
            self.km = self.create_kernel_manager()
            self.start_new_kernel()
            self.start_new_kernel_client()
        except Exception as exc:  # noqa: BLE001 - the remaining cells are marked, grading goes on
            if not self._kernel_failure(exc):
                raise
            self.log.warning("Le noyau n'a pas pu redémarrer (%s) : cellules suivantes non exécutées", exc)
            self._no_kernel = "le noyau n'a pas pu redémarrer"
            self.kc = None

    def _restart_and_replay(self) -> None:
        from nbclient.exceptions import DeadKernelError
        self.log.warning("Noyau arrêté : nouveau noyau, puis rejeu de %d cellule(s)", len(self._done))
        self._fresh_kernel()
        for index in list(self._done):
            if self._no_kernel:
                break
            original = self.nb.cells[index]
            try:
                self.execute_cell(copy.deepcopy(original), index, store_history=True)
            except DeadKernelError:
                self._fresh_kernel()
                break
            finally:
                self.nb.cells[index] = original


class ApplyVerdicts(NbGraderPreprocessor):
    def preprocess(self, nb, resources):
        from .atelier import atelier
        workdir = resources.pop("cours_atelier", None) or atelier().new_run()
        cells = resources.pop("cours_cellules", None)
        secret = resources.pop("cours_secret", None) or verdicts.course_secret(course_root(resources))
        cells = graded_cells(nb) if cells is None else cells
        until = time.monotonic() + verdicts.NOTEBOOK_SECONDS        # every exercise of this notebook together
        try:
            solutions = {c.metadata.nbgrader["grade_id"]: c.source for c in nb.cells if is_solution(c)}
            judged: dict[str, object] = {}
            for cell in nb.cells:
                if not is_test(cell):
                    continue
                found = GRADE_CALL.search(cell.source)
                if not found:
                    continue
                exercise = found.group(1)
                if exercise not in judged:
                    judged[exercise] = self._verdict(exercise, (cells, secret, Path(workdir), until), solutions,
                                                     cell.source)
                report = judged[exercise]
                cell.outputs = [
                    NotebookNode(output_type="stream", name="stdout", text=str(report) + "\n"),
                    NotebookNode(output_type="execute_result", execution_count=cell.get("execution_count"),
                                 metadata={}, data={"text/plain": repr(float(report.score))}),
                ]
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
            os.environ.pop(sandbox.POLICY_ENV, None)
        return nb, resources

    @staticmethod
    def _verdict(exercise: str, service, solutions: dict, test_source: str = ""):
        from ...lessons.kit import Criterion, Report
        spec = verdicts.exercises().get(exercise)
        if spec is None:
            return Report(exercise, [Criterion("inconnu", f"exercice inconnu : {exercise}", 0, False)])
        if spec.is_quiz:
            # Answers: the cell whose grade_id is the answers' name (a draft elsewhere changes nothing). Key: the
            # hidden test cell, as nbgrader restored it from the gradebook (learners never receive it).
            name = spec.names[0]
            answers = verdicts.answers_from_source(solutions.get(name, ""), name)
            report = verdicts.quiz_report(exercise, answers, verdicts.answers_from_source(test_source, "CORRIGE"))
            if answers is None:
                from ...lessons.kit import STUB_RAISE
                source = "\n".join(line for line in solutions.get(name, "").splitlines()
                                    if line.strip() and not line.strip().startswith("#"))
                detail = ("pas de réponse (la cellule des réponses est restée telle que distribuée)"
                          if source.strip() in ("", STUB_RAISE) else
                          f"réponses illisibles : {name} doit être un dict de lettres écrit tel quel, par exemple "
                          f'{{"q1": "A", …}}')
                report.criteria = [Criterion(c.key, c.rule, c.points, False, detail) for c in report.criteria]
            return report
        cells, secret, workdir, until = service
        if time.monotonic() >= until:
            return verdicts.not_run(exercise, [f"temps de correction du notebook épuisé ({verdicts.NOTEBOOK_SECONDS:g} s "
                                               f"pour tous ses exercices) : cet exercice n'a pas été vérifié"])
        try:
            return verdicts.judge_submission(exercise, cells, verdicts.seed_for(secret, exercise, cells), workdir,
                                             until)
        except Exception as exc:  # noqa: BLE001 - a submission always gets a score, never a crashed batch
            return verdicts.not_run(exercise, [f"la vérification n'a pas pu aller au bout ({type(exc).__name__})"])


class RefuseLinks(NbGraderPreprocessor):
    """First of the sanitizers: nothing a submission links to is graded, copied or handed back.

    nbgrader reads the submitted notebook and copies the student's other files with the grader's
    rights, following symbolic links: a link to the master notebook was graded as the student's
    work, and links to the gradebook or the master landed, as plain copies, in the student's
    autograded folder (readable by their kernel, copied again into their feedback). Here, a
    submission whose notebook, assignment or student folder is a link is graded as an empty
    notebook; a file or folder that was a link in the submitted folder is deleted from the
    autograded one before anything reads it.
    """

    def preprocess(self, nb, resources):
        from nbgrader.coursedir import CourseDirectory
        info = resources.get("nbgrader", {})
        coursedir = CourseDirectory(config=self.config, root=str(course_root(resources)))
        submitted = Path(coursedir.format_path(coursedir.submitted_directory, info["student"], info["assignment"]))
        autograded = Path(coursedir.format_path(coursedir.autograded_directory, info["student"], info["assignment"]))
        top = Path(coursedir.root) / coursedir.submitted_directory       # the student's and assignment's folders below
        notebook = submitted / f"{info['notebook']}.ipynb"
        chain = [notebook, *[p for p in notebook.parents if len(p.parts) > len(top.parts)]]
        if any(p.is_symlink() for p in chain):
            self.log.warning("Copie de %s : le notebook rendu est un lien symbolique, noté comme vide", info["student"])
            nb.cells = []
            return nb, resources
        for folder, dirs, files in os.walk(submitted):
            for name in dirs + files:
                path = Path(folder) / name
                if path.is_symlink():
                    self.log.warning("Copie de %s : lien symbolique %s ignoré", info["student"],
                                     path.relative_to(submitted))
                    copied = autograded / path.relative_to(submitted)
                    if copied.is_dir() and not copied.is_symlink():
                        shutil.rmtree(copied, ignore_errors=True)
                    elif copied.exists() or copied.is_symlink():
                        copied.unlink()
        return nb, resources


class TrustGradebookMetadata(NbGraderPreprocessor):
    """Second of the sanitizers: a cell's nbgrader metadata is the gradebook's, never the submission's.

    nbgrader restores a graded cell's source, points and lock from the gradebook, but not its kind: a
    test cell turned into a solution, a cell with `grade: true` and no `grade_id`, or one whose id
    the gradebook does not know makes nbgrader's own sanitizers raise (KeyError, « Inconsistent
    checksums ») and the whole submission goes ungraded. Here every flag of a known cell comes
    from the gradebook; a cell the gradebook does not know loses its nbgrader metadata and is an
    ordinary learner cell — it cannot pose as a test cell either.
    """

    FLAGS = ("grade", "solution", "locked", "task", "points", "cell_type")

    def preprocess(self, nb, resources):
        from nbgrader.api import Gradebook
        info = resources["nbgrader"]
        with Gradebook(info["db_url"]) as gb:
            source = gb.find_notebook(info["notebook"], info["assignment"])
            known = {cell.name: cell for cell in source.source_cells}
            grades = {cell.name: float(cell.max_score) for cell in source.grade_cells}
            solutions = {cell.name for cell in source.solution_cells}
            tasks = {cell.name for cell in source.task_cells}
            for cell in nb.cells:
                meta = cell.get("metadata")
                if not isinstance(meta, dict) or "nbgrader" not in meta:
                    continue
                ours = meta["nbgrader"]
                name = ours.get("grade_id") if isinstance(ours, dict) else None
                if not isinstance(name, str) or name not in known:
                    self.log.warning("Métadonnées nbgrader inconnues retirées d'une cellule (%r)", name)
                    del meta["nbgrader"]
                    continue
                truth = {"grade": name in grades, "solution": name in solutions, "locked": bool(known[name].locked),
                         "task": name in tasks, "cell_type": known[name].cell_type}
                if name in grades:
                    truth["points"] = grades[name]
                changed = {k for k in self.FLAGS if ours.get(k) != truth.get(k) and (k in truth or k in ours)}
                if changed:
                    self.log.warning("Cellule %s : %s remis comme dans le carnet de notes", name, ", ".join(sorted(changed)))
                    for key in self.FLAGS:
                        ours.pop(key, None)
                    ours.update(truth)
        return nb, resources


class RestoreDeletedTests(OverwriteCells):
    """nbgrader's OverwriteCells, with deleted test cells put back after the nearest surviving cell.

    nbgrader 0.9 only looks for the immediately preceding *graded* cell and fails with a KeyError
    when a locked, ungraded cell sits in between — which would stop the batch on that student.
    """

    def add_missing_grade_cells(self, nb, resources):
        source_nb = self.gradebook.find_notebook(self.notebook_id, self.assignment_id)
        source_cells = source_nb.source_cells
        order = [cell.name for cell in source_cells]
        grade_cells = {cell.name: cell for cell in source_nb.grade_cells}
        solution_ids = {cell.name for cell in source_nb.solution_cells}

        def present() -> dict[str, int]:
            return {c.metadata["nbgrader"]["grade_id"]: i for i, c in enumerate(nb.cells)
                    if "nbgrader" in c.metadata and "grade_id" in c.metadata["nbgrader"]}

        for name in order:
            if name not in grade_cells or name in present():
                continue
            self.log.warning("Cellule notée %s absente : remise en place", name)
            cell = self.missing_cell_transform(source_cells[order.index(name)], grade_cells[name].max_score,
                                               is_solution=name in solution_ids)
            here = present()
            earlier = [here[n] for n in order[:order.index(name)] if n in here]
            nb.cells.insert(max(earlier) + 1 if earlier else 0, cell)
        return nb, resources


class HideHiddenTests(NbGraderPreprocessor):
    """Feedback: hidden tests' code, tracebacks and grader internals stay with the instructor; the report stays.

    The feedback is the autograded notebook, whose test cells nbgrader has restored from the master,
    hidden tests included (nbgrader issue #1363). A code test cell's source becomes a one-line note
    and keeps the report `ApplyVerdicts` wrote; a hidden region left in any other cell is cut out;
    an error keeps `ename: evalue` only; absolute paths are cut to their last part in errors and on
    stderr, and the verdict service's address is masked everywhere. Learners' own cells and
    what they printed stay as they are: that is the useful part of the feedback.
    """

    NOTE = "# Vérification cachée : le rapport ci-dessous dit ce qui a été vérifié."
    HIDDEN = re.compile(r"^[^\n]*BEGIN HIDDEN TESTS.*?END HIDDEN TESTS[^\n]*\n?", re.S | re.M)
    FOLDERS = re.compile(r"(?<![\w.:/~-])(?:~|\.{1,2})?/(?:[\w.+@-]+/)+")  # a path's folders, not its name
    SECRETS = re.compile(r"[^\s'\"]*cours-verdicts-[^\s'\"]*|\|[0-9a-f]{32}\b")  # "<socket>|<token>"

    def preprocess_cell(self, cell, resources, index):
        test = is_grade(cell) and not is_solution(cell)
        if test and cell.cell_type == "code":
            cell.source = self.NOTE
        elif not is_solution(cell):
            cell.source = self.HIDDEN.sub("", cell.source)
        for output in cell.get("outputs", []):
            kind = output.get("output_type")
            if kind == "error":
                ename, evalue = output.get("ename", "Erreur"), self._clean(str(output.get("evalue", "")), True)
                output["evalue"] = evalue
                output["traceback"] = [f"{ename}: {evalue}" if evalue.strip() else ename]
            elif kind == "stream":
                output["text"] = self._clean(output.get("text", ""), output.get("name") == "stderr")
            for mime, value in list(output.get("data", {}).items()):
                if isinstance(value, str) and (mime.startswith("text/") or mime.endswith("json")):
                    output["data"][mime] = self._clean(value, False)
        return cell, resources

    def _clean(self, text, paths: bool) -> str:
        text = "".join(text) if isinstance(text, list) else text
        text = self.SECRETS.sub("[masqué]", text)
        return self.FOLDERS.sub("…/", text) if paths else text


class WrapReports(NbGraderPreprocessor):
    """Feedback: the reports of test cells wrapped to fit a page, instead of one line per criterion
    that runs off the right edge of the HTML (where the observation, the useful half, is)."""

    width = 100

    def preprocess_cell(self, cell, resources, index):
        if not (is_grade(cell) and not is_solution(cell) and cell.cell_type == "code"):
            return cell, resources
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream" and output.get("name") == "stdout":
                output["text"] = "\n".join(self._wrap(line) for line in output.get("text", "").split("\n"))
        return cell, resources

    def _wrap(self, line: str) -> str:
        import textwrap
        if len(line) <= self.width:
            return line
        indent = " " * (len(line) - len(line.lstrip()) + 3)  # under the text that follows "  ❌ "
        return textwrap.fill(line, self.width, subsequent_indent=indent, break_long_words=False,
                             break_on_hyphens=False)
