"""The README's Binder links: one badge for the course, one per notebook.

    .venv/bin/python tools/binder.py            # rewrite the marked section of README.md
    .venv/bin/python tools/binder.py --check    # exit 1 if that section is stale

The badges open the learner edition (tools/learner_edition.py: student notebooks, helpers,
environment; no solutions, no hidden tests), published as learner_edition.LEARNER_REPOSITORY:
change it there (and only there) if it is published elsewhere, then run this script.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import learner_edition  # noqa: E402

REPOSITORY = learner_edition.LEARNER_REPOSITORY
BRANCH = learner_edition.BRANCH
BEGIN, END = "<!-- binder:début (généré par tools/binder.py) -->", "<!-- binder:fin -->"
BADGE = "https://mybinder.org/badge_logo.svg"


def url(path: str | None = None, repository: str | None = None) -> str:
    base = f"https://mybinder.org/v2/gh/{repository or REPOSITORY}/{BRANCH}"
    return base + (f"?urlpath={quote('lab/tree/' + path, safe='/')}" if path else "?urlpath=lab")


def course_notebooks() -> list[Path]:
    """The notebooks of the learner edition (instructors' companions are not in it)."""
    return learner_edition.notebooks(ROOT)


def title(path: Path) -> str:
    nb = json.loads(path.read_text())
    first = next(("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"), path.stem)
    heading = next((line for line in first.splitlines() if line.startswith("# ")), path.stem)
    return heading[2:].strip()


def section() -> str:
    rows = [f"[![Binder]({BADGE})]({url()}) — le cours entier dans JupyterLab, sans rien installer "
            f"(l'édition étudiant : sans corrigés ni tests cachés).", "",
            "| notebook | fichier | lancer |", "| --- | --- | --- |"]
    for path in course_notebooks():
        rel = path.relative_to(ROOT).as_posix()
        rows.append(f"| {title(path)} | `{rel}` | [![Binder]({BADGE})]({url(rel)}) |")
    return "\n".join([BEGIN, *rows, END])


def main(argv: list[str]) -> int:
    readme = ROOT / "README.md"
    text = readme.read_text()
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        print("README.md n'a pas de section binder (marqueurs absents).")
        return 1
    updated = pattern.sub(lambda _: section(), text)
    if "--check" in argv:
        if updated != text:
            print("La section Binder du README est périmée : .venv/bin/python tools/binder.py")
            return 1
        return 0
    readme.write_text(updated)
    print("Section Binder du README à jour.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
