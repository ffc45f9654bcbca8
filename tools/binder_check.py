"""Binder, checked rather than hoped: what mybinder.org would build from the learner edition, and what it costs.

    .venv/bin/python tools/binder_check.py                 # the build (repo2docker --no-build) and the heaviest notebook
    .venv/bin/python tools/binder_check.py --tous          # the memory of every notebook, not just the heaviest
    .venv/bin/python tools/binder_check.py --sans-memoire  # the build only (a few seconds)

mybinder.org builds a repository with repo2docker, which reads environment.yml BEFORE requirements.txt and then
does not install requirements.txt at all; it builds in 2 GB of memory and disk and runs the result with 2 GB of
memory at most (450 MB guaranteed), culled after 10 idle minutes. This tool:

1. builds the learner edition (tools/learner_edition.py) in a temporary folder;
2. runs `repo2docker --no-build --debug` on it (no Docker daemon needed: it only writes the Dockerfile), with
   repo2docker installed in build/outils/ by pip (a tool of the maintainers, never in the learners' environment);
3. checks that the Dockerfile installs environment.yml, that environment.yml holds every pin of requirements.txt
   (none is lost to repo2docker's order), that postBuild runs and stops at its first error (`set -e`), and that
   it leaves JupyterLab in French without nbgrader's instructor side;
4. runs the heaviest notebook offline with an ordinary kernel (as on Binder) and measures the peak memory of
   everything it starts (kernel, simulator, the Agent SDK's CLI): PSS summed over the processes, under 1.5 GB.

It prints what it found and exits 1 on any problem; tests/course/test_binder.py runs it in CI.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPO2DOCKER = "jupyter-repo2docker==2026.4.0"
TOOLS = ROOT / "build" / "outils" / REPO2DOCKER.replace("==", "-")
MEMORY_LIMIT_MB = 1536                     # of the 2 GB mybinder.org gives at most (450 MB guaranteed)
HEAVIEST = "release/1.7-sessions/1.7-sessions.ipynb"     # the heaviest, measured with --tous (README)


def install_repo2docker() -> Path:
    """repo2docker in a folder of its own (pip --target), once: the learners' environment never holds it."""
    if not (TOOLS / "repo2docker").is_dir():
        done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                               "--target", str(TOOLS), REPO2DOCKER], capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            raise SystemExit(f"Installation de {REPO2DOCKER} impossible (registre injoignable ?) :\n{done.stderr[-2000:]}")
    return TOOLS


def learner_edition(folder: Path) -> Path:
    out = folder / "edition-etudiant"
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "learner_edition.py"), str(out)],
                          capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise SystemExit(f"L'édition étudiant n'a pas pu être construite :\n{done.stdout}{done.stderr}")
    return out


def dockerfile(edition: Path) -> tuple[str, str]:
    """(Dockerfile, log) that repo2docker writes for `edition`, without building anything."""
    env = dict(os.environ, PYTHONPATH=str(install_repo2docker()))
    done = subprocess.run([sys.executable, "-m", "repo2docker", "--no-build", "--no-run", "--debug", str(edition)],
                          capture_output=True, text=True, timeout=300, env=env, cwd=edition.parent)
    if done.returncode != 0:
        raise SystemExit(f"repo2docker --no-build a échoué :\n{done.stderr[-3000:]}")
    return done.stdout, done.stderr


def pins(text: str) -> set[str]:
    return {line.strip().lower() for line in text.splitlines() if re.match(r"^[A-Za-z0-9_.\-\[\]]+==\S+$", line.strip())}


def environment_pins(text: str) -> set[str]:
    return {m.group(1).lower() for m in re.finditer(r"^\s*-\s+([A-Za-z0-9_.\-\[\]]+==\S+)\s*$", text, re.M)}


def check_build(edition: Path, docker: str, log: str) -> list[str]:
    """What would go wrong on mybinder.org, in French; an empty list when the build is as the course expects."""
    problems = []
    if not re.search(r'env update -p \$\{NB_PYTHON_PREFIX\} --file "environment\.yml"', docker):
        problems.append("le Dockerfile n'installe pas environment.yml (mamba env update)")
    if "requirements.txt" in docker:
        problems.append("le Dockerfile installe requirements.txt : environment.yml n'est donc pas lu comme prévu")
    env_text = (edition / "environment.yml").read_text()
    lost = sorted(pins((edition / "requirements.txt").read_text()) - environment_pins(env_text))
    if lost:
        problems.append(f"épinglés dans requirements.txt mais absents d'environment.yml (jamais installés sur "
                        f"Binder) : {', '.join(lost)}")
    python = re.search(r"python=(\d+\.\d+)", env_text)
    if not python or f"python={python.group(1)}" not in log:
        problems.append("repo2docker ne construit pas l'environnement avec la version de Python d'environment.yml")
    if "RUN ./postBuild" not in docker:
        problems.append("le Dockerfile n'exécute pas postBuild")
    post = (edition / "postBuild").read_text()
    commands = [line.strip() for line in post.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if not post.startswith("#!/usr/bin/env bash") or not commands or not re.match(r"set -[a-z]*e", commands[0]):
        problems.append("postBuild ne commence pas par « set -e » (bash) : une étape en échec passerait inaperçue")
    if "overrides.d" not in post or "jupyterlab-overrides.json" not in post:
        problems.append("postBuild n'installe pas les réglages de JupyterLab du cours (jupyterlab-overrides.json)")
    overrides = json.loads((edition / "jupyterlab-overrides.json").read_text())
    locale = overrides.get("@jupyterlab/translation-extension:plugin", {}).get("locale")
    if locale != "fr_FR":
        problems.append(f"JupyterLab n'est pas en français par défaut (locale : {locale!r})")
    if not any(p.startswith("jupyterlab-language-pack-fr-fr==") for p in environment_pins(env_text)):
        problems.append("le pack de langue français de JupyterLab n'est pas épinglé dans environment.yml")
    if "python -m helpers.kernel.label" not in post:
        problems.append("postBuild laisse « No Kernel » en anglais (python -m helpers.kernel.label n'y est pas)")
    if "labextension disable" not in post or "@jupyter/nbgrader" not in post:
        problems.append("postBuild laisse les menus formateur de nbgrader aux apprenants")
    if "server extension disable" not in post or "formgrader" not in post:
        problems.append("postBuild laisse l'extension serveur Formgrader aux apprenants (/formgrader répondrait)")
    return problems


# --------------------------------------------------------------------------- memory

def _descendants(root: int) -> list[int]:
    """`root` and every process below it (the kernel starts in a session of its own: follow parents, not sessions)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry)] = int(fields[1])          # stat field 4: the parent's pid
    found, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier and pid not in found]
        found += frontier
    return found


def _memory_kb(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of one process in kB; (0, 0) once it is gone."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0, 0
    found = dict(re.findall(r"^(Rss|Pss):\s+(\d+) kB", text, re.M))
    return int(found.get("Rss", 0)), int(found.get("Pss", 0))


RUNNER = """
import os, sys, nbformat
from nbclient import NotebookClient
path = sys.argv[1]
nb = nbformat.read(path, as_version=4)
NotebookClient(nb, timeout=180, kernel_name="python3", allow_errors=False,
               resources={"metadata": {"path": os.path.dirname(path)}}).execute()
"""


def peak_memory(notebook: Path) -> dict:
    """Run `notebook` offline with an ordinary kernel, as Binder does; the peak of its processes' memory."""
    with tempfile.TemporaryDirectory() as atelier:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "COURS_"))}
        env.update(COURS_ATELIER=atelier, COURS_NOYAU_ORDINAIRE="1", COURS_MODE="hors-ligne")
        started = time.monotonic()
        process = subprocess.Popen([sys.executable, "-c", RUNNER, str(notebook)], env=env, start_new_session=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        peak = {"rss_mb": 0.0, "pss_mb": 0.0, "processes": 0}
        stop = threading.Event()

        def watch() -> None:
            while not stop.is_set():
                pids = _descendants(process.pid)
                sizes = [_memory_kb(pid) for pid in pids]
                rss, pss = sum(r for r, _ in sizes) / 1024, sum(p for _, p in sizes) / 1024
                if pss > peak["pss_mb"]:
                    peak.update(pss_mb=pss, rss_mb=max(rss, peak["rss_mb"]), processes=len(pids))
                stop.wait(0.05)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        try:
            _, err = process.communicate(timeout=600)
        finally:
            stop.set()
            watcher.join()
        peak.update(seconds=time.monotonic() - started, ok=process.returncode == 0,
                    error=err.strip().splitlines()[-1] if process.returncode else "")
    return peak


def notebooks() -> list[Path]:
    sys.path.insert(0, str(ROOT / "tools"))
    import learner_edition
    return learner_edition.notebooks()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tous", action="store_true", help="mesurer la mémoire de chaque notebook")
    parser.add_argument("--sans-memoire", action="store_true", help="vérifier la construction seulement")
    args = parser.parse_args(argv)
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        edition = learner_edition(Path(tmp))
        docker, log = dockerfile(edition)
        found = check_build(edition, docker, log)
        print(f"repo2docker ({REPO2DOCKER}) --no-build : Dockerfile de {len(docker.splitlines())} lignes, "
              + ("conforme" if not found else f"{len(found)} problème(s)"))
        problems += found
    if not args.sans_memoire:
        for path in notebooks() if args.tous else [ROOT / HEAVIEST]:
            peak = peak_memory(path)
            status = "" if peak["ok"] else f" — ÉCHEC : {peak['error']}"
            print(f"{path.relative_to(ROOT)} : pic {peak['pss_mb']:.0f} Mo (PSS, {peak['processes']} processus ; "
                  f"RSS additionnée {peak['rss_mb']:.0f} Mo) en {peak['seconds']:.1f} s{status}")
            if not peak["ok"]:
                problems.append(f"{path.name} ne s'exécute pas jusqu'au bout")
            elif peak["pss_mb"] > MEMORY_LIMIT_MB:
                problems.append(f"{path.name} : {peak['pss_mb']:.0f} Mo au pic, plus que {MEMORY_LIMIT_MB} Mo")
    for problem in problems:
        print(f"PROBLÈME : {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
