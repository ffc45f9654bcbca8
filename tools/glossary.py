"""Write the glossary of notebooks/0.0-commencer-ici.ipynb (section 7) from its one source.

    .venv/bin/python tools/glossary.py          # rewrite the table from helpers/simulator/data/course_facts.toml
    .venv/bin/python tools/glossary.py --check  # exit 1 if the notebook and the data disagree

The same entries let the offline Claude answer « Qu'est-ce qu'un sous-agent ? » (simulator/_engine/_facts.py).
Run tools/typography.py after writing: the table's French typography is applied there, like all prose.
"""
from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "0.0-commencer-ici.ipynb"
DATA = ROOT / "helpers" / "simulator" / "data" / "course_facts.toml"
HEADER = "| terme du cours | anglais | sens |"


def rows() -> list[str]:
    entries = [e for e in tomllib.loads(DATA.read_text(encoding="utf-8"))["term"] if e.get("glossary")]
    english = lambda e: " ; ".join(f"*{n.strip()}*" for n in e["en"].split(";"))  # noqa: E731
    return [f"| {e['fr']} | {english(e)} | {e['meaning_fr']} ({e['lessons']}) |" for e in entries]


def plain(text: str) -> str:
    return re.sub(r"[\u202f\u00a0]", " ", text)


def cell_and_table(nb: dict) -> tuple[dict, list[str]]:
    cell = next(c for c in nb["cells"] if c["cell_type"] == "markdown" and HEADER in "".join(c["source"]))
    lines = "".join(cell["source"]).split("\n")
    table = [l for l in lines[lines.index(HEADER) + 2:] if l.startswith("| ")]
    return cell, table


def main(argv: list[str]) -> int:
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    cell, table = cell_and_table(nb)
    wanted = rows()
    if [plain(l) for l in table] == wanted:
        print("Glossaire : à jour.")
        return 0
    if "--check" in argv:
        print("Glossaire : le tableau de 0.0 et helpers/simulator/data/course_facts.toml diffèrent ; lancez "
              ".venv/bin/python tools/glossary.py puis tools/typography.py.")
        return 1
    lines = "".join(cell["source"]).split("\n")
    start = lines.index(HEADER) + 2
    end = start + len(table)
    lines[start:end] = wanted
    text = "\n".join(lines)
    cell["source"] = [l + "\n" for l in text.split("\n")[:-1]] + [text.split("\n")[-1]]
    NOTEBOOK.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print("Glossaire : tableau réécrit (lancez tools/typography.py).")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
