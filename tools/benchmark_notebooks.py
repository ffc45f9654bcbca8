"""How long each notebook takes to run offline, top to bottom, kernel start included (not a test).

    .venv/bin/python tools/benchmark_notebooks.py            # every student notebook and companion
    .venv/bin/python tools/benchmark_notebooks.py --source   # the masters (solutions) instead of release/

The budget is 8 s per notebook on 2 cores. Stubs left in a student notebook print their French notice and
the run goes on, as in « Run All ». Figures only mean something on an otherwise idle machine: the script
prints the load average before and after, and the ratio of each notebook to the fastest one.

Kernels are those of the environment (`python3`, warm: forked from the zygote of helpers/kernel/warm.py, which the
script starts first and times apart, as `./cours` starts it with JupyterLab). COURS_NOYAU_ORDINAIRE=1 measures
ordinary kernels instead.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET_S = 8.0


def notebooks(source: bool) -> list[Path]:
    lessons = sorted((ROOT / ("source" if source else "release")).glob("*/*.ipynb"))
    return sorted((ROOT / "notebooks").glob("*.ipynb")) + lessons


def run(path: Path) -> tuple[float, str]:
    import nbformat
    from nbclient import NotebookClient
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as atelier:
        os.environ["COURS_ATELIER"] = atelier
        try:
            NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=False,
                           resources={"metadata": {"path": str(path.parent)}}).execute()
            status = "ok"
        except Exception as error:  # noqa: BLE001 - reported, the next notebook still runs
            status = f"erreur : {type(error).__name__}"
    return time.perf_counter() - start, status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", action="store_true", help="les notebooks maîtres (source/) au lieu de release/")
    args = parser.parse_args()
    for var in ("ANTHROPIC_API_KEY", "COURS_MODE"):
        os.environ.pop(var, None)
    print(f"charge avant : {os.getloadavg()[0]:.2f} ; {os.cpu_count()} cœur(s)")
    # As `./cours` does when it opens JupyterLab: the kernels' zygote (helpers/kernel/warm.py) starts first, once.
    from helpers.kernel import warm as warm_kernel
    started = time.perf_counter()
    ready = warm_kernel.zygote(sys.executable, dict(os.environ)) if not os.environ.get(warm_kernel.OFF) else None
    took = time.perf_counter() - started
    print(f"zygote des noyaux : prêt en {took:.1f} s (une fois par session)" if ready
          else "zygote des noyaux : aucun, noyaux ordinaires")
    results = [(path, *run(path)) for path in notebooks(args.source)]
    fastest = min(seconds for _, seconds, _ in results)
    for path, seconds, status in results:
        flag = "" if seconds <= BUDGET_S else f"  > {BUDGET_S:g} s"
        print(f"{path.relative_to(ROOT)} : {seconds:5.1f} s (×{seconds / fastest:.2f}) {status}{flag}")
    print(f"charge après : {os.getloadavg()[0]:.2f}")
    warm_kernel.stop(sys.executable)
    return 0 if all(status == "ok" for _, _, status in results) else 1


if __name__ == "__main__":
    sys.exit(main())
