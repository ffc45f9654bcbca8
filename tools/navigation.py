"""The « Précédent / Suivant » footer of every notebook and the table of contents of 0.0.

    .venv/bin/python tools/navigation.py            # rewrite the generated cells, then run tools/release.py
    .venv/bin/python tools/navigation.py --check    # exit 1 if one of them is stale

Notebooks are found on disk: the companions in notebooks/ and the lessons in source/ (their student
version in release/ is what learners open, so links point there). A new notebook is picked up the next
time this script runs; a lesson that does not exist yet is listed in the table of contents without a
link. The generated cells are markdown cells tagged `navigation` (footer) and `sommaire` (table of
contents), each starting with a sentinel comment; anything else in a notebook is left untouched.
"""
from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START = "notebooks/0.0-commencer-ici.ipynb"
FOOTER_TAG, CONTENTS_TAG = "navigation", "sommaire"
FOOTER_SENTINEL = "<!-- navigation : générée par tools/navigation.py, ne pas modifier à la main -->"
CONTENTS_SENTINEL = "<!-- sommaire : généré par tools/navigation.py, ne pas modifier à la main -->"

# The seven task statements of the course: listed in the table of contents before their notebook exists.
LESSONS = {
    "1.1": ("Boucles agentiques",
            "écrire une boucle pilotée par `stop_reason`, sans se laisser piéger par le texte ni par la troncature"),
    "1.2": ("Coordinateur et sous-agents", "découper un sujet sans trou et agréger des résultats partiels"),
    "1.3": ("Invoquer les sous-agents", "leur transmettre le contexte utile, les lancer en parallèle, garder les "
                                        "sources"),
    "1.4": ("Appliquer les règles, passer la main",
            "bloquer une action par du code tant qu'un prérequis manque ; passer la main proprement"),
    "1.5": ("Hooks de l'Agent SDK",
            "refuser un appel avant qu'il parte (PreToolUse), normaliser un résultat (PostToolUse)"),
    "1.6": ("Décomposer une tâche", "une passe par fichier puis une passe d'intégration ; un plan qui s'adapte"),
    "1.7": ("Sessions", "reprendre, bifurquer ou repartir de zéro avec un résumé"),
}
NUMBER = re.compile(r"^(\d+)\.(\d+)-")


@dataclass(frozen=True)
class Notebook:
    path: Path        # the file this script edits (notebooks/… or source/…)
    learner: Path     # the file a learner opens (notebooks/… or release/…)
    number: str       # "1.1"
    title: str        # "1.1 — Boucles agentiques"

    @property
    def is_lesson(self) -> bool:
        return self.path.parent.parent.name == "source"

    @property
    def is_start(self) -> bool:
        return self.learner.as_posix().endswith("/" + START)

    @property
    def for_instructors(self) -> bool:
        """9.x notebooks (the dashboard…) are for instructors: outside the learners' chain."""
        return _order(self.path)[0] >= 9


def _order(path: Path) -> tuple[int, int]:
    m = NUMBER.match(path.name)
    return (int(m.group(1)), int(m.group(2))) if m else (99, 99)


def title(path: Path) -> str:
    nb = json.loads(path.read_text())
    first = next(("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"), "")
    heading = next((line for line in first.splitlines() if line.startswith("# ")), f"# {path.stem}")
    return heading[2:].strip()


def course(root: Path = ROOT) -> list[Notebook]:
    """Every notebook of the course, in the learner's order (by number: 0.0, 1.1 … 1.7, then the rest)."""
    found = []
    for path in sorted((root / "notebooks").glob("*.ipynb")):
        found.append(Notebook(path, path, ".".join(map(str, _order(path))), title(path)))
    for path in sorted((root / "source").glob("*/*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        learner = root / "release" / path.relative_to(root / "source")
        found.append(Notebook(path, learner, ".".join(map(str, _order(path))), title(path)))
    return sorted(found, key=lambda n: _order(n.path))


def _french(text: str) -> str:
    """French typography in a generated cell (link targets and code left alone), as in every other cell."""
    sys.path.insert(0, str(ROOT))
    from helpers.widgets.typography import french_markdown
    return french_markdown(text)


def link(origin: Notebook, target: Notebook) -> str:
    return os.path.relpath(target.learner, origin.learner.parent).replace(os.sep, "/")


def footer(everything: list[Notebook], me: Notebook) -> str:
    """Précédent / Sommaire / Suivant along the learners' chain; an instructors' notebook links to the start."""
    notebooks = [n for n in everything if not n.for_instructors]
    if me.for_instructors:
        start = next(n for n in everything if n.is_start)
        return _french("\n".join([FOOTER_SENTINEL, "---", f"[Sommaire du cours : {start.title}]({link(me, start)})"]))
    i = notebooks.index(me)
    parts = []
    if i > 0:
        previous = notebooks[i - 1]
        parts.append(f"[← Précédent : {previous.title}]({link(me, previous)})")
    start = next((n for n in notebooks if n.is_start), None)
    if start is not None and start is not me and (i == 0 or notebooks[i - 1] is not start):
        parts.append(f"[Sommaire]({link(me, start)})")
    if i + 1 < len(notebooks):
        following = notebooks[i + 1]
        parts.append(f"[Suivant : {following.title} →]({link(me, following)})")
    else:
        parts.append("fin des leçons publiées à ce jour")
    return _french("\n".join([FOOTER_SENTINEL, "---", " · ".join(parts)]))


def contents(notebooks: list[Notebook]) -> str:
    start = next(n for n in notebooks if n.is_start)
    lessons = {n.number: n for n in notebooks if n.is_lesson}
    rows = ["| Notebook | Ce que vous saurez faire |", "| --- | --- |"]
    for number, (name, goal) in LESSONS.items():
        lesson = lessons.get(number)
        cell = f"[{lesson.title}]({link(start, lesson)})" if lesson else f"{number} — {name} *(à venir)*"
        rows.append(f"| {cell} | {goal} |")
    others = [n for n in notebooks if n is not start and not n.for_instructors
              and not (n.is_lesson and n.number in LESSONS)]
    instructors = [n for n in notebooks if n.for_instructors]
    lines = [CONTENTS_SENTINEL, "## Sommaire", "",
             "Un notebook par énoncé de tâche, à suivre dans l'ordre ; ceux qui sont marqués *à venir* ne sont "
             "pas encore publiés.", "", *rows]
    if others:
        lines += ["", "Et aussi :", ""] + [f"- [{n.title}]({link(start, n)})" for n in others]
    if instructors:
        lines += ["", "Pour les formateurs : " + " · ".join(f"[{n.title}]({link(start, n)})" for n in instructors)
                  + "."]
    return _french("\n".join(lines))


def _set_cell(nb: dict, tag: str, sentinel: str, text: str, *, after: int | None = None) -> None:
    """Replace the generated cell (by tag, or by sentinel if a hand edit lost the tag), or add it."""
    source = text.splitlines(keepends=True)
    for cell in nb["cells"]:
        if tag in cell.get("metadata", {}).get("tags", []) or "".join(cell["source"]).startswith(sentinel):
            cell["source"] = source
            cell["metadata"] = {**cell.get("metadata", {}), "tags": [tag]}
            return
    taken = {c.get("id") for c in nb["cells"]}
    cell_id = next(f"{tag}-{n}" for n in range(1000) if f"{tag}-{n}" not in taken)
    cell = {"cell_type": "markdown", "id": cell_id, "metadata": {"tags": [tag]}, "source": source}
    nb["cells"].insert(len(nb["cells"]) if after is None else after + 1, cell)


def render(notebook: Notebook, notebooks: list[Notebook]) -> str:
    """The notebook's file as it should be, generated cells included."""
    nb = json.loads(notebook.path.read_text())
    if notebook.is_start:
        _set_cell(nb, CONTENTS_TAG, CONTENTS_SENTINEL, contents(notebooks), after=0)
    _set_cell(nb, FOOTER_TAG, FOOTER_SENTINEL, footer(notebooks, notebook))
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def update(root: Path = ROOT, *, write: bool = True) -> list[str]:
    """The notebooks whose generated cells are stale (rewritten when `write`)."""
    notebooks = course(root)
    stale = []
    for notebook in notebooks:
        wanted = render(notebook, notebooks)
        if notebook.path.read_text() != wanted:
            stale.append(notebook.path.relative_to(root).as_posix())
            if write:
                notebook.path.write_text(wanted)
    return stale


def main(argv: list[str]) -> int:
    stale = update(write="--check" not in argv)
    if "--check" in argv:
        if stale:
            print("Navigation périmée (python tools/navigation.py puis tools/release.py) :\n  " + "\n  ".join(stale))
            return 1
        print("Navigation à jour.")
        return 0
    print(f"Navigation régénérée : {len(stale)} notebook(s) modifié(s). Lancez ensuite tools/release.py.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
