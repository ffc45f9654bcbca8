"""The learner edition: the course as learners receive it, without what only instructors may see.

    .venv/bin/python tools/learner_edition.py /chemin/edition-etudiant     # build (the folder must not exist)
    .venv/bin/python tools/learner_edition.py /chemin/edition-etudiant --force
    .venv/bin/python tools/learner_edition.py /chemin/edition-etudiant --repository MOI/mon-cours   # your own badges

This repository holds source/ (solutions and hidden tests), tests/ (correct solutions, hostile
submissions) and the grading configuration: publishing it gives the answers away. The learner
edition holds the student notebooks (release/), the companions for learners, the helpers package,
the environment files and a learner README: a valid Binder repository (environment.yml and
postBuild at its root). Publish that folder as LEARNER_REPOSITORY; the README's Binder badges
(tools/binder.py) point to it. tests/grading/test_learner_edition.py proves it holds no
solution and no hidden test.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEARNER_REPOSITORY = "cours-agents-claude/cours-agents-claude-etudiant"
BRANCH = "main"
FILES = ["environment.yml", "requirements.txt", "pyproject.toml", "postBuild", "cours", "jupyterlab-overrides.json"]
INSTRUCTOR_PREFIX = "9."      # notebooks/9.x: instructors' companions (the dashboard reads a gradebook)
INSTRUCTOR_PACKAGES = {"instructor"}    # helpers/instructor/: the dashboard and what instructors export


def notebooks(root: Path = ROOT) -> list[Path]:
    """The learners' notebooks, start notebook first: companions for learners, then the lessons."""
    companions = [p for p in sorted((root / "notebooks").glob("*.ipynb")) if not p.name.startswith(INSTRUCTOR_PREFIX)]
    lessons = sorted((root / "release").glob("*/*.ipynb"))
    return companions[:1] + lessons + companions[1:]


def _clean(nb_path: Path, target: Path) -> None:
    nb = json.loads(nb_path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n")


def readme(repository: str = LEARNER_REPOSITORY) -> str:
    import binder
    rows = "\n".join(f"| {binder.title(p)} | `{p.relative_to(ROOT).as_posix()}` | "
                     f"[![Binder]({binder.BADGE})]({binder.url(p.relative_to(ROOT).as_posix(), repository)}) |"
                     for p in notebooks())
    return f"""# Architecture d'agents avec Claude — édition étudiant

Un cours en français, dans JupyterLab, sur le domaine 1 de l'examen Claude Certified Architect
(architecture et orchestration d'agents). Chaque notebook couvre un énoncé de tâche : une leçon, des
cellules qui appellent Claude, des schémas interactifs, des questions et des exercices.

**Aucune clé n'est nécessaire** : un simulateur local de l'API Messages fait fonctionner les vrais SDK
hors ligne. Le bouton « Vérifier » de chaque exercice vous dit, règle par règle, ce qui est respecté.

## Sans rien installer

[![Binder]({binder.BADGE})]({binder.url(None, repository)}) — le cours entier dans JupyterLab.

| notebook | fichier | lancer |
| --- | --- | --- |
{rows}

Sur Binder, votre session s'arrête après 10 minutes sans activité (et au plus tard après quelques heures) :
ce que vous n'avez pas téléchargé est perdu. Enregistrez (Ctrl-S) puis téléchargez vos notebooks
(*Fichier › Télécharger*) avant de partir ; au retour, rouvrez le lien et déposez-les dans JupyterLab
(bouton « Téléverser »). La première ouverture construit l'environnement et peut prendre plusieurs minutes.

## Sur votre machine

Sous Linux avec Python 3.11 : `./cours` prépare l'environnement (`.venv/`) puis ouvre le cours dans
JupyterLab, sur `notebooks/0.0-commencer-ici.ipynb`.

Cette édition ne contient ni les corrigés ni les tests cachés : c'est votre formateur qui note les
devoirs rendus.
"""


_IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints")


def _helpers_ignored(folder: str, names: list[str]) -> set[str]:
    """What helpers/ keeps to itself: caches, and helpers/instructor/ (the dashboard: instructors only)."""
    ignored = set(_IGNORED(folder, names))
    if Path(folder).resolve() == (ROOT / "helpers").resolve():
        ignored |= {name for name in names if name in INSTRUCTOR_PACKAGES}
    return ignored


def build(out: Path, force: bool = False, repository: str = LEARNER_REPOSITORY) -> Path:
    out = Path(out)
    if out.exists():
        if not force:
            raise SystemExit(f"{out} existe déjà : choisissez un autre dossier, ou --force pour le remplacer.")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(ROOT / "helpers", out / "helpers", ignore=_helpers_ignored)
    for name in FILES:
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, out / name)
    for nb in notebooks():
        _clean(nb, out / nb.relative_to(ROOT))
    (out / "README.md").write_text(readme(repository))
    (out / ".gitignore").write_text(".venv/\n__pycache__/\n*.egg-info/\n.ipynb_checkpoints/\n")
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Construit l'édition étudiant du cours (sans corrigés).")
    parser.add_argument("out", type=Path, help="dossier à créer (un dépôt Binder valide)")
    parser.add_argument("--force", action="store_true", help="remplacer le dossier s'il existe")
    parser.add_argument("--repository", default=LEARNER_REPOSITORY, metavar="PROPRIETAIRE/NOM",
                        help=f"le dépôt GitHub où vous la publiez : ses badges Binder y mènent (défaut : "
                             f"{LEARNER_REPOSITORY})")
    args = parser.parse_args(argv)
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100}", args.repository):
        parser.error(f"--repository attend PROPRIETAIRE/NOM (un dépôt GitHub), pas {args.repository!r}")
    out = build(args.out, args.force, args.repository)
    print(f"Édition étudiant écrite dans {out} : publiez-la sur GitHub comme {args.repository} (branche {BRANCH}) ;"
          f" ses badges Binder y mènent.")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    raise SystemExit(main(sys.argv[1:]))
