"""BFCL (Berkeley Function Calling Leaderboard) against the offline Claude: a benchmark, not a test.

    .venv/bin/python tools/bfcl.py                                  # the five categories, both halves
    .venv/bin/python tools/bfcl.py --checkout /work/main            # the simulator of another checkout
    .venv/bin/python tools/bfcl.py --categories simple_python --limit 50 --half even
    .venv/bin/python tools/bfcl.py --half even --failures F.jsonl --dump-requests R.jsonl
    .venv/bin/python tools/bfcl.py --latency                        # run, then replay its requests in process
    .venv/bin/python tools/bfcl.py --latency --requests R.jsonl     # replay saved requests only (no BFCL)
    .venv/bin/python tools/bfcl.py --check-data                     # BFCL names in the simulator's data?
    .venv/bin/python tools/bfcl.py --setup                          # create BFCL's environment and stop

bfcl-eval==2026.3.23, its own ClaudeHandler in FC mode (registry entry claude-opus-4-5-20251101-FC), its own
inference function and its official AST checker, on exactly five non-live categories: simple_python, multiple,
parallel, parallel_multiple, irrelevance. Live categories are refused: they measure the simulator from outside.
Each category is reported as two halves, even and odd case numbers (the integer that ends the id): tune on the
even half only; the odd half shows whether it generalises (within 5 points of the even half).

BFCL runs in its own environment, never the course's .venv (default /work/bfcl-env, --env to change; about
0.5 GB). When it is missing the tool creates it (PyPI only; BFCL's data ships inside the package):
    python3 -m venv ENV
    ENV/bin/pip install --no-deps bfcl-eval==2026.3.23 qwen-agent
    ENV/bin/pip install <RUNTIME_PACKAGES below>   # what bfcl_eval's modules import: its model registry imports
                                                    # every vendor SDK, not torch nor sentence-transformers
anthropic stays a 0.x (>= 0.75): ClaudeHandler passes `temperature`. This file is also BFCL's side: the tool
runs it with ENV's python (`--worker`, internal), with ANTHROPIC_BASE_URL set to the simulator started here.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ENV = Path("/work/bfcl-env")
BFCL = "bfcl-eval==2026.3.23"
REGISTRY_NAME = "claude-opus-4-5-20251101-FC"
TEMPERATURE = 0.001                     # BFCL's own default (its generation CLI)
CATEGORIES = ("simple_python", "multiple", "parallel", "parallel_multiple", "irrelevance")
# What bfcl_eval's modules import (found by trying its imports), pinned as first measured.
RUNTIME_PACKAGES = (
    "anthropic==0.125.0", "openai>=1.86.0", "mistralai==1.7.0", "cohere==5.18.0", "google-genai>=1.52.0",
    "writer-sdk>=2.1.0", "boto3", "numpy==1.26.4", "pandas", "tqdm", "filelock==3.20.0", "python-dotenv>=1.0.1",
    "overrides", "tenacity>=8.5.0", "pydantic>=2.8.2", "requests", "datamodel-code-generator==0.25.7",
    "tree_sitter==0.21.3", "tree-sitter-java==0.21.0", "tree-sitter-javascript==0.21.4",
    # qwen-agent (installed --no-deps) imports these at module level
    "tiktoken", "json5", "jsonlines", "jsonschema", "pillow", "eval_type_backport", "dashscope", "soundfile",
)
KINDS = {   # failure kind -> what the report prints
    "no_call": "aucun appel là où un appel était attendu",
    "wrong_function": "mauvaise fonction",
    "wrong_count": "mauvais nombre d'appels",
    "wrong_value": "mauvaise valeur (ou paramètre)",
    "unexpected_call": "appel là où aucun n'était attendu",
    "error": "erreur d'inférence (requête refusée…)",
}


def case_number(case_id: str) -> int:
    """`simple_python_12` -> 12."""
    return int(re.search(r"(\d+)$", case_id).group(1))


def in_half(case_id: str, half: str) -> bool:
    return half == "all" or (case_number(case_id) % 2 == 0) == (half == "even")


# -- BFCL's side: runs under the BFCL environment's python ---------------------------------------------------
def worker(args: argparse.Namespace) -> int:
    """Inference with BFCL's ClaudeHandler (base URL from ANTHROPIC_BASE_URL), then BFCL's official checker."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from bfcl_eval._llm_response_generation import build_handler, multi_threaded_inference
    from bfcl_eval.constants.enums import Language, ReturnFormat
    from bfcl_eval.eval_checker import eval_runner
    from bfcl_eval.eval_checker.ast_eval.ast_checker import convert_func_name
    from bfcl_eval.utils import is_empty_output, is_function_calling_format_output, load_dataset_entry
    from bfcl_eval.utils import load_ground_truth_entry

    handler = build_handler(REGISTRY_NAME, TEMPERATURE)
    current = threading.local()
    requests_out = open(args.requests_out, "w") if args.requests_out else None
    lock = threading.Lock()

    def dump(request) -> None:      # an httpx hook on the handler's own client: the wire body, as sent
        if requests_out is not None and request.url.path.endswith("/v1/messages"):
            line = json.dumps({"id": getattr(current, "id", None), "body": json.loads(request.content)})
            with lock:
                requests_out.write(line + "\n")

    handler.client._client.event_hooks["request"].append(dump)

    def infer(entry: dict) -> dict:
        current.id = entry["id"]
        return multi_threaded_inference(handler, entry, False, True)

    out = open(args.out, "w")
    for category in args.categories:
        entries = [e for e in load_dataset_entry(category) if in_half(e["id"], args.half)][:args.limit or None]
        with ThreadPoolExecutor(max_workers=args.threads) as pool:
            results = list(pool.map(infer, entries))
        # As BFCL's evaluate_task loads them: no language hint in the checker's prompts.
        prompts = {p["id"]: p for p in load_dataset_entry(category, include_prereq=False,
                                                            include_language_specific_hint=False)}
        truths = {} if category == "irrelevance" else {g["id"]: g["ground_truth"]
                                                      for g in load_ground_truth_entry(category)}
        for result in results:
            case_id, produced = result["id"], result["result"]
            prompt, truth = prompts[case_id], truths.get(case_id)
            if category == "irrelevance":
                checked = eval_runner._evaluate_single_relevance_entry(
                    handler, case_id, produced, prompt, REGISTRY_NAME, category)
            else:
                checked = eval_runner._evaluate_single_ast_entry(
                    handler, case_id, produced, truth, prompt, REGISTRY_NAME, category,
                    language=Language.PYTHON, return_format=ReturnFormat.PYTHON, has_tool_call_tag=False)
            try:
                decoded = handler.decode_ast(produced, ReturnFormat.PYTHON, False)
                if not is_function_calling_format_output(decoded) or is_empty_output(decoded):
                    decoded = None
            except Exception:
                decoded = None
            kind = None
            if not checked["valid"]:
                if isinstance(produced, str) and produced.startswith("Error during inference"):
                    kind = "error"
                elif category == "irrelevance":
                    kind = "unexpected_call"
                elif not decoded:
                    kind = "no_call"
                elif len(decoded) != len(truth):
                    kind = "wrong_count"
                elif sorted(next(iter(d)) for d in decoded) != sorted(
                        convert_func_name(next(iter(g)), REGISTRY_NAME) for g in truth):
                    kind = "wrong_function"
                else:
                    kind = "wrong_value"
            out.write(json.dumps({
                "id": case_id, "category": category, "valid": checked["valid"], "kind": kind,
                "question": prompt["question"], "functions": [f["name"] for f in prompt["function"]],
                "produced": produced, "decoded": decoded, "expected": truth,
                "error": checked.get("error"), "error_type": checked.get("error_type"),
            }, default=str, ensure_ascii=False) + "\n")
        out.flush()
    out.close()
    if requests_out is not None:
        requests_out.close()
    return 0


# -- the course's side -------------------------------------------------------------------------------------
def ensure_env(env: Path) -> Path:
    """BFCL's python, creating ENV with pip (PyPI) when it has no bfcl-eval."""
    python = env / "bin" / "python"
    if python.exists() and list((env / "lib").glob("python3*/site-packages/bfcl_eval")):
        return python
    print(f"Création de l'environnement BFCL dans {env} (une fois, quelques minutes)…", file=sys.stderr)
    subprocess.run(["python3", "-m", "venv", str(env)], check=True)
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run(pip + ["--no-deps", BFCL, "qwen-agent"], check=True)
    subprocess.run(pip + list(RUNTIME_PACKAGES), check=True)
    return python


def start_simulator(checkout: Path):
    """A Simulator from `checkout`'s own helpers/simulator, on loopback."""
    sys.path.insert(0, str(checkout))
    simulator = importlib.import_module("helpers.simulator")   # (the package's `simulator` is a function)
    where = Path(simulator.__file__).resolve()
    if checkout.resolve() not in where.parents:
        raise SystemExit(f"helpers.simulator vient de {where}, pas de {checkout}")
    return simulator.Simulator().start()


def run_bfcl(python: Path, base_url: str, args: argparse.Namespace, out: Path, requests_out: Path | None) -> None:
    env = dict(os.environ, ANTHROPIC_BASE_URL=base_url, ANTHROPIC_API_KEY="sk-ant-bfcl-hors-ligne",
               NO_PROXY="127.0.0.1,localhost", HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    command = [str(python), str(Path(__file__).resolve()), "--worker", "--out", str(out),
               "--half", args.half, "--threads", str(args.threads), "--categories", *args.categories]
    if args.limit:
        command += ["--limit", str(args.limit)]
    if requests_out:
        command += ["--requests-out", str(requests_out)]
    log = out.with_suffix(".log")
    with open(log, "w") as stream:
        done = subprocess.run(command, env=env, stdout=stream, stderr=subprocess.STDOUT, cwd=tempfile.gettempdir())
    if done.returncode:
        sys.stderr.write(log.read_text()[-4000:])
        raise SystemExit(f"BFCL a échoué (code {done.returncode}) ; journal : {log}")


def pct(rows: list[dict]) -> str:
    if not rows:
        return "      —      "
    ok = sum(r["valid"] for r in rows)
    return f"{100 * ok / len(rows):5.1f} % {ok:>3}/{len(rows):<3}"


def report(rows: list[dict], categories: list[str]) -> None:
    print(f"\nBFCL {BFCL.split('==')[1]}, {REGISTRY_NAME}, vérificateur AST officiel")
    print(f"{'catégorie':<18} {'paire (réglage)':>15} {'impaire (contrôle)':>18} {'ensemble':>15}  écart")
    for category in categories:
        mine = [r for r in rows if r["category"] == category]
        even = [r for r in mine if case_number(r["id"]) % 2 == 0]
        odd = [r for r in mine if case_number(r["id"]) % 2 == 1]
        gap = ""
        if even and odd:
            points = 100 * (sum(r["valid"] for r in odd) / len(odd) - sum(r["valid"] for r in even) / len(even))
            gap = f"{points:+5.1f}" + ("  ⚠ > 5 points" if abs(points) > 5 else "")
        print(f"{category:<18} {pct(even):>15} {pct(odd):>18} {pct(mine):>15}  {gap}")
    failed = [r for r in rows if not r["valid"]]
    print("\nÉchecs par nature (cas exécutés) :")
    for category in categories:
        kinds = Counter(r["kind"] for r in failed if r["category"] == category)
        if kinds:
            print(f"  {category:<18} " + " ; ".join(f"{KINDS[k]} {n}" for k, n in kinds.most_common()))


def read_requests(path: Path) -> list[tuple[str | None, dict]]:
    """(case id, body) from a --dump-requests file (plain bodies, one a line, are read too)."""
    pairs = []
    for line in path.read_text().splitlines():
        if line.strip():
            item = json.loads(line)
            pairs.append((item.get("id"), item["body"]) if "messages" not in item else (None, item))
    return pairs


def latency(checkout: Path, requests: list[tuple[str | None, dict]], passes: int = 3) -> None:
    """p50/p90/max of Simulator.answer (the engine, no HTTP), in process and warm: a first pass unmeasured,
    then each request's best of `passes` (the machine is shared: the best time is the engine's own)."""
    import copy
    if "helpers.simulator" not in sys.modules:
        start_simulator(checkout).stop()
    sim = sys.modules["helpers.simulator"].Simulator()
    for _, body in copy.deepcopy(requests):
        sim.answer(body)
    best = [float("inf")] * len(requests)
    for _ in range(max(1, passes)):
        for i, (_, body) in enumerate(copy.deepcopy(requests)):
            start = time.perf_counter()
            sim.answer(body)
            best[i] = min(best[i], (time.perf_counter() - start) * 1000)
    timed = [(t, case_id) for t, (case_id, _) in zip(best, requests)]

    def figures(times: list[float]) -> str:
        times = sorted(times)
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        return f"p50 {statistics.median(times):6.2f} ms, p90 {p90:6.2f} ms, max {times[-1]:7.2f} ms"

    print(f"\nLatence du moteur (Simulator.answer, en processus, à chaud, {len(timed)} requêtes BFCL, "
          f"meilleur de {max(1, passes)} passes) : "
          f"{figures([t for t, _ in timed])}")
    by_category: dict[str, list[float]] = {}
    for t, case_id in timed:
        if case_id:
            by_category.setdefault(case_id.rsplit("_", 1)[0], []).append(t)
    for category, times in by_category.items():
        print(f"  {category:<18} {figures(times)}  ({len(times)})")
    slowest = sorted((item for item in timed if item[1]), reverse=True)[:5]
    if slowest:
        print("  les plus lentes : " + ", ".join(f"{case_id} {t:.0f} ms" for t, case_id in slowest))


def data_check(checkout: Path, env: Path, categories: list[str]) -> int:
    """Names of BFCL's functions (and its underscored parameter names) found in the checkout's simulator data.

    BFCL's data is read as plain JSON from its package folder (BFCL itself is not imported here)."""
    folders = sorted((env / "lib").glob("python3*/site-packages/bfcl_eval/data"))
    if not folders:
        raise SystemExit(f"pas de données BFCL dans {env} (lancer --setup)")
    functions, parameters = set(), set()
    for category in categories:
        for line in (folders[0] / f"BFCL_v4_{category}.json").read_text().splitlines():
            for doc in json.loads(line)["function"]:
                if re.search(r"[._]", doc["name"].strip("_")):     # one word (`translate`) names nothing
                    functions |= {doc["name"], doc["name"].replace(".", "_")}
                parameters |= {p for p in doc.get("parameters", {}).get("properties", {}) if "_" in p.strip("_")}
    hits = 0    # function names count; parameter names are listed for a reader to judge (start_date is common)
    for path in sorted((checkout / "helpers" / "simulator" / "data").rglob("*")):
        if not path.is_file():
            continue
        words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_.]*[A-Za-z0-9_]", path.read_text(errors="replace")))
        found_here = (("fonctions", words & functions), ("paramètres (à juger)", words & parameters - functions))
        for label, found in found_here:
            if found:
                hits += len(found) if label == "fonctions" else 0
                print(f"{path.relative_to(checkout)} : {label} de BFCL : {', '.join(sorted(found))}")
    print(f"Données du simulateur : {hits} nom(s) de fonction de BFCL ({len(functions)} noms composés cherchés, "
          f"et {len(parameters)} noms de paramètres à tiret bas).")
    return 1 if hits else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n", 1)[1])
    parser.add_argument("--checkout", type=Path, default=ROOT, help="le dépôt dont on mesure le simulateur")
    parser.add_argument("--env", type=Path, default=DEFAULT_ENV, help="l'environnement de BFCL")
    parser.add_argument("--categories", nargs="+", default=list(CATEGORIES), metavar="CAT")
    parser.add_argument("--limit", type=int, default=0, help="au plus N cas par catégorie (essai rapide)")
    parser.add_argument("--half", choices=("even", "odd", "all"), default="all")
    parser.add_argument("--failures", type=Path, help="JSON lines : chaque cas échoué (selon --half)")
    parser.add_argument("--dump-requests", type=Path, help="JSON lines : chaque corps de requête envoyé")
    parser.add_argument("--latency", action="store_true", help="rejoue les requêtes en processus, sans HTTP")
    parser.add_argument("--requests", type=Path, help="avec --latency : rejoue ce fichier, sans lancer BFCL")
    parser.add_argument("--passes", type=int, default=3, help="avec --latency : passes mesurées (défaut 3)")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--check-data", action="store_true",
                        help="cherche dans les données du simulateur les noms de fonctions et paramètres de BFCL")
    parser.add_argument("--setup", action="store_true", help="crée l'environnement BFCL et s'arrête")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    parser.add_argument("--requests-out", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    refused = [c for c in args.categories if c not in CATEGORIES]
    if refused:
        why = "les catégories live mesurent le simulateur de l'extérieur" if any("live" in c for c in refused) \
            else "hors des cinq catégories de ce banc"
        parser.error(f"catégorie refusée : {', '.join(refused)} ({why}) ; possibles : {', '.join(CATEGORIES)}")
    if args.worker:
        return worker(args)
    if args.latency and args.requests:
        latency(args.checkout, read_requests(args.requests), args.passes)
        return 0

    python = ensure_env(args.env)
    if args.check_data:
        return data_check(args.checkout, args.env, args.categories)
    if args.setup:
        print(f"Environnement BFCL prêt : {python}")
        return 0
    with tempfile.TemporaryDirectory(prefix="bfcl-") as scratch:
        out = Path(scratch) / "results.jsonl"
        requests_out = args.dump_requests or (Path(scratch) / "requests.jsonl" if args.latency else None)
        sim = start_simulator(args.checkout)
        started = time.monotonic()
        try:
            run_bfcl(python, sim.base_url, args, out, requests_out)
        finally:
            sim.stop()
        rows = [json.loads(line) for line in out.read_text().splitlines()]
        report(rows, args.categories)
        print(f"\n{len(rows)} cas en {time.monotonic() - started:.0f} s ({args.threads} fils), "
              f"simulateur de {args.checkout}")
        if args.failures:
            with open(args.failures, "w") as stream:
                for row in rows:
                    if not row["valid"]:
                        stream.write(json.dumps(row, ensure_ascii=False) + "\n")
            print(f"Échecs : {args.failures}")
        if args.dump_requests:
            print(f"Requêtes : {args.dump_requests}")
        if args.latency:
            latency(args.checkout, read_requests(requests_out), args.passes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
