"""How long each notebook takes to run offline, top to bottom, kernel start included (not a test).

    .venv/bin/python tools/benchmark_notebooks.py            # every student notebook and companion
    .venv/bin/python tools/benchmark_notebooks.py --source   # the masters (solutions) instead of release/
    .venv/bin/python tools/benchmark_notebooks.py 1.5 1.7    # only the notebooks whose name starts so
    .venv/bin/python tools/benchmark_notebooks.py --cellules 3   # and, for each, its 3 slowest cells

The budget is 8 s per notebook on 2 cores, from the kernel's start to the end of its last cell, as a learner who
opens it and clicks « Run All »: a fresh kernel each time. Stubs left in a student notebook print their French
notice and the run goes on. Figures only mean something on an otherwise idle machine: the script prints the load
average (1 min) before each notebook, the kernel's start apart (time to its first cell), the CPU seconds of the
kernel and of the CLIs it ran (hardly moved by the load, unlike the clock: on an idle machine the clock adds to it
the waits, a retry-after, and takes off what runs in parallel), and the ratio of each notebook to the fastest one;
it exits 1 if a notebook fails, 2 if one is over budget.

Kernels are those of the environment (`python3`, warm: forked from the zygote of helpers/kernel/warm.py, which the
script starts first and times apart, as `./cours` starts it with JupyterLab). COURS_NOYAU_ORDINAIRE=1 measures
ordinary kernels instead.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET_S = 8.0


def notebooks(source: bool, prefixes: list[str] | None = None) -> list[Path]:
    lessons = sorted((ROOT / ("source" if source else "release")).glob("*/*.ipynb"))
    found = sorted((ROOT / "notebooks").glob("*.ipynb")) + lessons
    return [p for p in found if not prefixes or p.name.startswith(tuple(prefixes))]


def _seconds(stamp: str) -> float:
    from datetime import datetime
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


def cell_times(nb) -> list[tuple[float, int, str]]:
    """(seconds, cell number, first line) of each code cell that ran, from the timings nbclient records."""
    out = []
    for number, cell in enumerate(nb.cells, start=1):
        timing = cell.get("metadata", {}).get("execution", {})
        if cell.cell_type == "code" and "iopub.execute_input" in timing and "shell.execute_reply" in timing:
            took = _seconds(timing["shell.execute_reply"]) - _seconds(timing["iopub.execute_input"])
            first = next((line for line in cell.source.splitlines() if line.strip()), "")
            out.append((took, number, first[:70]))
    return out


CPU_PROBE = "import os as _os\n_t = _os.times()\nprint(round(_t.user + _t.system + _t.children_user + _t.children_system, 2))"


def run(path: Path) -> dict:
    """Seconds from the kernel's start to the end of the last cell, the kernel's own start, each cell's time."""
    import nbformat
    from nbclient import NotebookClient
    nb = nbformat.read(path, as_version=4)
    # Last, the CPU the kernel used (its own, and the CLIs it waited for): unlike the seconds on the clock, it hardly
    # depends on the load, and on an idle machine the notebook cannot take much less than it.
    nb.cells.append(nbformat.v4.new_code_cell(CPU_PROBE))
    load = os.getloadavg()[0]
    start = time.perf_counter()
    wall_start = time.time()
    with tempfile.TemporaryDirectory() as atelier:
        os.environ["COURS_ATELIER"] = atelier
        try:
            NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=False, record_timing=True,
                           resources={"metadata": {"path": str(path.parent)}}).execute()
            status = "ok"
        except Exception as error:  # noqa: BLE001 - reported, the next notebook still runs
            status = f"erreur : {type(error).__name__}"
    seconds = time.perf_counter() - start
    probe = nb.cells.pop()
    printed = "".join(o.get("text", "") for o in probe.get("outputs", []) if o.get("output_type") == "stream")
    cpu = float(printed) if re.fullmatch(r"\s*[\d.]+\s*", printed) else float("nan")
    cells = cell_times(nb)
    first = [c.metadata["execution"]["iopub.execute_input"] for c in nb.cells
             if c.cell_type == "code" and "iopub.execute_input" in c.get("metadata", {}).get("execution", {})]
    kernel = _seconds(first[0]) - wall_start if first else float("nan")
    return {"path": path, "seconds": seconds, "status": status, "load": load, "kernel": kernel, "cells": cells,
            "cpu": cpu}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", action="store_true", help="les notebooks maîtres (source/) au lieu de release/")
    parser.add_argument("--cellules", type=int, default=0, metavar="N", help="les N cellules les plus lentes de chacun")
    parser.add_argument("debuts", nargs="*", metavar="DÉBUT", help="seulement les notebooks dont le nom commence ainsi")
    args = parser.parse_args()
    for var in ("ANTHROPIC_API_KEY", "COURS_MODE"):
        os.environ.pop(var, None)
    print(f"charge avant : {os.getloadavg()[0]:.2f} ; {os.cpu_count()} cœur(s)")
    # A learner's kernels find the course's .pyc from the second import on (the hub's installer writes them): so
    # does the benchmark, even where PYTHONDONTWRITEBYTECODE is set (CI, some containers) and kernels write none.
    import compileall
    compileall.compile_dir(str(ROOT / "helpers"), quiet=1)
    # As `./cours` does when it opens JupyterLab: the kernels' zygote (helpers/kernel/warm.py) starts first, once.
    from helpers.kernel import warm as warm_kernel
    started = time.perf_counter()
    ready = warm_kernel.zygote(sys.executable, dict(os.environ)) if not os.environ.get(warm_kernel.OFF) else None
    took = time.perf_counter() - started
    print(f"zygote des noyaux : prêt en {took:.1f} s (une fois par session)" if ready
          else "zygote des noyaux : aucun, noyaux ordinaires")
    results = []
    for path in notebooks(args.source, args.debuts):
        result = run(path)
        results.append(result)
        flag = "" if result["seconds"] <= BUDGET_S else f"  > {BUDGET_S:g} s"
        print(f"{path.relative_to(ROOT)} : {result['seconds']:5.1f} s dont noyau {result['kernel']:.1f} s, "
              f"CPU du noyau et de ses CLI {result['cpu']:.1f} s (charge {result['load']:.2f}) {result['status']}{flag}",
              flush=True)
        for took, number, first in sorted(result["cells"], reverse=True)[:args.cellules]:
            print(f"    cellule {number:3d} : {took:5.2f} s  {first}")
    fastest = min(r["seconds"] for r in results)
    print("rapport au plus rapide : " + ", ".join(f"{r['path'].name.split('-')[0]} ×{r['seconds'] / fastest:.2f}"
                                                 for r in results))
    print(f"charge après : {os.getloadavg()[0]:.2f} ; le plus lent : {max(r['seconds'] for r in results):.1f} s")
    warm_kernel.stop(sys.executable)
    if not all(r["status"] == "ok" for r in results):
        return 1
    return 0 if all(r["seconds"] <= BUDGET_S for r in results) else 2


if __name__ == "__main__":
    sys.exit(main())
