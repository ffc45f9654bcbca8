"""Run public notebooks nobody here wrote against the offline Claude, and print what it said.

    .venv/bin/python tools/cookbooks.py [DIR] [--only NAME] [--out FILE] [--json FILE]

DIR defaults to ../shared/external/claude-cookbooks (a development set: its README lists the fair edits).
Each notebook runs in a scratch copy, one at a time, with nbclient, against a simulator started here: the
notebook's own `anthropic` client reaches it through ANTHROPIC_BASE_URL. Only the fair edits are applied —
retired model ids replaced by a current one, `%pip`/`!pip` and `dotenv` lines removed, `temperature=` dropped
from `patterns/agents/util.py` — nothing else. For each notebook the report gives the cells run, the cells that
raised (and why), and every exchange: the prompt, the tool calls, the answer, so that a reader can judge.
A notebook's cells that need the network or a package the course does not ship are reported « hors périmètre ».
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from helpers.simulator import Simulator, known_models  # noqa: E402

DEFAULT_DIR = ROOT.parent / "shared" / "external" / "claude-cookbooks"
CURRENT_MODEL = "claude-sonnet-5-5"
MODEL_ID = re.compile(r"claude-[0-9a-z.\-]*(?:sonnet|opus|haiku|instant)[0-9a-z.\-]*|claude-(?:2|instant)[0-9a-z.\-]*")
PIP = re.compile(r"^\s*[%!]\s*pip .*$", re.M)
DOTENV = re.compile(r"^.*\b(?:dotenv|load_dotenv)\b.*$", re.M)
OUT_OF_SCOPE = ("ModuleNotFoundError", "ConnectionError", "ConnectError", "gaierror", "MaxRetryError")
MISSING_PACKAGE = re.compile(r"is not installed|pip install", re.I)   # pydantic's « email-validator is not installed »
CELL_TIMEOUT = 30
NOTEBOOK_BUDGET_S = 180


def fair_source(text: str) -> str:
    known = set(known_models())
    text = MODEL_ID.sub(lambda m: m.group(0) if m.group(0) in known else CURRENT_MODEL, text)
    text = PIP.sub("", text)
    return DOTENV.sub("", text)


def prepare(src: Path, scratch: Path) -> None:
    shutil.copytree(src, scratch, dirs_exist_ok=True)
    for path in scratch.rglob("*.py"):
        text = fair_source(path.read_text())
        if path.name == "util.py":
            text = re.sub(r"^\s*temperature=[^,\n]*,?\s*$\n", "", text, flags=re.M)
        path.write_text(text)
    for path in scratch.rglob("*.ipynb"):
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.source = fair_source(cell.source)
        nbformat.write(nb, path)


def _short(value: object, width: int) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 1] + "…"


def _prompt(body: dict) -> str:
    messages = body.get("messages") or []
    for message in reversed(messages):
        content = message.get("content")
        if isinstance(content, str):
            return f"[{message.get('role')}] {content}"
        texts = [b.get("text", "") for b in content or [] if isinstance(b, dict) and b.get("type") == "text"]
        results = [b for b in content or [] if isinstance(b, dict) and b.get("type") == "tool_result"]
        if texts:
            return f"[{message.get('role')}] " + " ".join(texts)
        if results:
            return "[tool_result] " + " | ".join(_short(r.get("content"), 80) for r in results)
    return ""


def exchange_lines(exchange, width: int) -> list[str]:
    body = exchange.request if isinstance(exchange.request, dict) else {}
    lines = [f"  → {_short(_prompt(body), width)}"]
    extras = [k for k in ("system", "tools", "tool_choice", "thinking", "output_config") if body.get(k)]
    if extras:
        choice = body.get("tool_choice", {}).get("type") if isinstance(body.get("tool_choice"), dict) else None
        names = [t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)]
        lines.append(f"    ({', '.join(extras)}{'; tools: ' + ', '.join(map(str, names)) if names else ''}"
                     f"{'; tool_choice: ' + str(choice) if choice else ''})")
    if not exchange.ok:
        lines.append(f"  ✗ {exchange.status} {_short(exchange.error_message or exchange.response, width)}")
        return lines
    for block in exchange.response.get("content", []):
        if block.get("type") == "text":
            lines.append(f"  ← {_short(block['text'], width)}")
        elif block.get("type") == "tool_use":
            lines.append(f"  ⚙ {block['name']}({_short(block['input'], width)})")
        elif block.get("type") == "thinking":
            lines.append(f"  💭 {_short(block['thinking'], width)}")
        else:
            lines.append(f"  · {block.get('type')}")
    lines.append(f"    stop_reason: {exchange.response.get('stop_reason')}")
    return lines


def run_notebook(path: Path, sim: Simulator, width: int) -> dict:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=CELL_TIMEOUT, allow_errors=True, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    mark = sim.log.mark()
    started = time.monotonic()
    ran, raised = 0, []
    try:
        with client.setup_kernel():
            for index, cell in enumerate(nb.cells):
                if cell.cell_type != "code" or not cell.source.strip():
                    continue
                if time.monotonic() - started > NOTEBOOK_BUDGET_S:
                    raised.append((index, "Budget", f"notebook stopped after {NOTEBOOK_BUDGET_S} s"))
                    break
                try:
                    client.execute_cell(cell, index)
                except CellTimeoutError:
                    raised.append((index, "CellTimeoutError", f"cell ran over {CELL_TIMEOUT} s"))
                    client.km.interrupt_kernel()
                    continue
                ran += 1
                for output in cell.get("outputs", []):
                    if output.get("output_type") == "error":
                        name, value = output.get("ename"), output.get("evalue", "")
                        if name == "ImportError" and MISSING_PACKAGE.search(value):
                            name = "ModuleNotFoundError"       # a package the course does not ship
                        raised.append((index, name, _short(value, width)))
    except (DeadKernelError, CellExecutionError, RuntimeError) as error:
        raised.append((-1, type(error).__name__, _short(str(error), width)))
    exchanges = [e for e in sim.log.since(mark) if e.is_message]
    return {"notebook": str(path), "cells_run": ran, "raised": raised,
            "seconds": round(time.monotonic() - started, 1), "exchanges": exchanges}


def report(result: dict, base: Path, width: int) -> list[str]:
    name = os.path.relpath(result["notebook"], base)
    out_of_scope = [r for r in result["raised"] if r[1] in OUT_OF_SCOPE]
    errors = [r for r in result["raised"] if r[1] not in OUT_OF_SCOPE]
    lines = [f"## {name}",
             f"cells run {result['cells_run']}, raising {len(errors)}, hors périmètre {len(out_of_scope)}, "
             f"requests {len(result['exchanges'])}, {result['seconds']} s"]
    for index, ename, evalue in result["raised"]:
        tag = "hors périmètre" if ename in OUT_OF_SCOPE else "ERREUR"
        lines.append(f"  [{tag}] cell {index}: {ename}: {evalue}")
    for number, exchange in enumerate(result["exchanges"], 1):
        lines.append(f" #{number}")
        lines.extend(exchange_lines(exchange, width))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", nargs="?", default=str(DEFAULT_DIR))
    parser.add_argument("--only", action="append", default=[], help="run notebooks whose path contains this")
    parser.add_argument("--out", help="write the full report here (default: stdout)")
    parser.add_argument("--width", type=int, default=220)
    args = parser.parse_args(argv)

    source = Path(args.dir).resolve()
    scratch = Path(tempfile.mkdtemp(prefix="cookbooks-"))
    prepare(source, scratch)
    sim = Simulator().start()
    os.environ.update(ANTHROPIC_BASE_URL=sim.base_url, ANTHROPIC_API_KEY="sk-ant-simulateur",
                      COURS_NOYAU_ORDINAIRE="1", PYTHONWARNINGS="ignore")
    lines, summary = [], []
    try:
        for path in sorted(scratch.rglob("*.ipynb")):
            if args.only and not any(o in str(path) for o in args.only):
                continue
            result = run_notebook(path, sim, args.width)
            lines += report(result, scratch, args.width) + [""]
            errors = sum(1 for r in result["raised"] if r[1] not in OUT_OF_SCOPE)
            summary.append(f"{os.path.relpath(path, scratch):55} cells {result['cells_run']:3}  "
                           f"raising {errors:2}  requests {len(result['exchanges']):4}  {result['seconds']:6} s")
    finally:
        sim.stop()
        shutil.rmtree(scratch, ignore_errors=True)
    text = "\n".join(lines + ["# summary"] + summary) + "\n"
    if args.out:
        Path(args.out).write_text(text)
        print("\n".join(summary))
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
