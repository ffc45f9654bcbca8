"""`nbgrader generate_assignment --force` rewrites release/DEVOIR/ whole: in a single-user course, that is where the
learner works. Before it removes that folder, the notebooks there are copied aside; after, each one whose cells differ
from what was written (the learner's work, or an older version) stays in sauvegardes/DEVOIR/, and nbgrader's output
says so in French. Nothing a learner wrote is lost. nbgrader_config.py installs it (`install`), for the command line
and Formgrader alike: nbgrader's pre-convert hook runs after the removal, so the copy is taken in init_destination.
"""
from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

# What was in release/ before nbgrader wrote, per assignment: {assignment: (folder of copies, {name: copy})}
_BEFORE: dict[str, tuple[Path, dict[str, Path], Path]] = {}


def _cells(path: Path) -> list:
    """What a learner can change in a notebook: each cell's kind and source (outputs and ids aside)."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return [path.read_bytes()] if path.exists() else []
    return [(cell.get("cell_type"), "".join(cell.get("source") or "")) for cell in notebook.get("cells", [])]


class KeepLearnersWork:
    """The pre- and post-convert hooks of GenerateAssignment, for one course root."""

    def __init__(self, root: Path, release: str = "release", kept: str = "sauvegardes") -> None:
        self.release, self.kept = Path(root) / release, Path(root) / kept

    def install(self) -> None:
        """GenerateAssignment copies release/DEVOIR/ aside just before it would remove it, then calls `after`."""
        from nbgrader.converters import GenerateAssignment
        keep = self
        original = GenerateAssignment.init_destination
        if getattr(original, "keeps_learners_work", False):
            original = original.__wrapped__

        def init_destination(converter, assignment_id: str, student_id: str) -> bool:
            keep.before(assignment_id, Path(converter._format_dest(assignment_id, student_id)))
            return original(converter, assignment_id, student_id)
        init_destination.keeps_learners_work = True
        init_destination.__wrapped__ = original
        GenerateAssignment.init_destination = init_destination

    def before(self, assignment: str = "", folder: Path | None = None, **_ignored) -> None:
        folder = folder if folder is not None else self.release / assignment
        notebooks = sorted(folder.rglob("*.ipynb")) if assignment and folder.is_dir() else []
        notebooks = [n for n in notebooks if ".ipynb_checkpoints" not in n.parts]
        if not notebooks:
            return
        copies = Path(tempfile.mkdtemp(prefix="cours-avant-generation-"))
        saved = {}
        for notebook in notebooks:
            name = str(notebook.relative_to(folder))
            saved[name] = copies / name
            saved[name].parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(notebook, saved[name])
        _BEFORE[assignment] = (copies, saved, folder)

    def after(self, assignment: str = "", **_ignored) -> list[Path]:
        copies, saved, folder = _BEFORE.pop(assignment, (None, {}, self.release / assignment))
        kept = []
        stamp = time.strftime("%Y-%m-%d-%H%M%S")
        for name, copy in saved.items():
            written = folder / name
            if _cells(copy) == _cells(written):
                continue
            target = self.kept / assignment / f"{Path(name).stem}-{stamp}.ipynb"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(copy, target)
            kept.append(target)
            print(f"[cours] release/{assignment}/{name} contenait autre chose que la version qui vient d'être écrite "
                  f"(votre travail, ou une version plus ancienne) : elle est gardée dans {target}. Rien n'est perdu ; "
                  f"reprenez-y vos réponses si c'était votre travail.", file=sys.stderr)
        if copies is not None:
            shutil.rmtree(copies, ignore_errors=True)
        return kept
