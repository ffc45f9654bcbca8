"""Where a lesson's heading is, as a link that lands: the id of the cell that holds it (`…ipynb#cell-id=c06`).

The mock exam's « revoir » links and « Mon parcours » point at lesson headings. A heading anchor
(`#3.-PreToolUse-:-le-point-de-contrôle`) never lands in the pinned JupyterLab 4.6 once the heading holds a
non-ASCII character — nearly all of ours: the link handler passes the fragment on still percent-encoded, and the
notebook (`Notebook._findLegacy`) compares it with the unencoded id of the heading. A `cell-id=` fragment is found
in the notebook's model (`_findCellById`) and scrolled to, on the lesson's first opening as well: observed in
Chromium, with JupyterLab's default windowing and with none (tests/course/test_browser.py keeps it so). It needs no
patch of JupyterLab's bundle, which a browser that cached the old one would not see.

Cell ids are nbformat's (4.5+), kept by nbgrader from source/ to release/ and by the learner edition.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from ..progress.standing import heading_key as key


@cache
def _cells(path: Path, mtime: float) -> tuple[tuple[str, str], ...]:
    try:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError):
        return ()
    return tuple((line.strip(), c.get("id", "")) for c in cells if c.get("cell_type") == "markdown"
                 for line in "".join(c.get("source", "")).splitlines() if line.startswith("#"))


def headings(path: Path | None) -> tuple[tuple[str, str], ...]:
    """Each markdown heading line of a notebook (« ## 3. … ») with the id of its cell, in order; () for a notebook
    that is missing or unreadable."""
    try:
        return _cells(path, path.stat().st_mtime) if path else ()
    except OSError:
        return ()


def heading_cells(path: Path | None) -> dict[str, str]:
    """Each heading of a notebook (its key) → the id of its cell."""
    return {key(line): cell for line, cell in headings(path) if cell}


def fragment(cells: dict[str, str], heading: str | None) -> str:
    """« #cell-id=… » for a heading of the notebook, « » otherwise (the link then opens the notebook at its top)."""
    cell = cells.get(key(heading)) if heading else None
    return f"#cell-id={cell}" if cell else ""
