"""Which pinned packages have newer versions on PyPI, and what a newer `anthropic` changes for the course.

    .venv/bin/python tools/outdated.py              # every direct pin of tools/requirements.in
    .venv/bin/python tools/outdated.py anthropic    # only these

For each direct pin it asks pip (`pip index versions`, the ordinary client) for the newer releases. For
`anthropic`, whose releases retire model ids and tighten helpers, it also downloads the newest wheel
(`pip download --no-deps`, into a temporary folder) and compares, with the pinned one: the model ids it
knows (types/model_param.py) and the ones it deprecates (_data/deprecated_models.py), and says which
ids the course names are removed or deprecated there. To move a pin: edit tools/requirements.in, run
tools/lock.py, then the whole suite (`./cours test`); tests/course/test_model_ids.py fails on a retired id.
"""
from __future__ import annotations

import ast
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^\s*([A-Za-z0-9_.\-\[\]]+)==([^\s;#]+)")


def direct_pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "tools" / "requirements.in").read_text().splitlines():
        found = PIN.match(line)
        if found:
            pins[re.sub(r"\[.*\]", "", found.group(1)).lower()] = found.group(2)
    return pins


def _version_key(version: str) -> tuple:
    return tuple(int(part) if part.isdigit() else -1 for part in re.split(r"[.+-]", version))


def newer_versions(name: str, pinned: str) -> list[str] | None:
    done = subprocess.run([sys.executable, "-m", "pip", "index", "versions", name, "--disable-pip-version-check"],
                          capture_output=True, text=True, timeout=120)
    found = re.search(r"Available versions:\s*(.+)", done.stdout)
    if done.returncode != 0 or not found:
        return None
    versions = [v.strip() for v in found.group(1).split(",")]
    return [v for v in versions if re.fullmatch(r"[0-9.]+", v) and _version_key(v) > _version_key(pinned)]


def _strings(source: str, prefix: str = "claude-") -> set[str]:
    return {n.value for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and n.value.startswith(prefix)}


def _deprecated(source: str) -> set[str]:
    tree = ast.parse(source)
    return {k.value for node in ast.walk(tree) if isinstance(node, ast.Dict)
            for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}


def anthropic_models(version: str) -> tuple[set[str], set[str]] | None:
    """(known ids, deprecated ids) of anthropic==version, read from its wheel without installing it."""
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "--dest", tmp,
                               "--disable-pip-version-check", f"anthropic=={version}"], capture_output=True,
                              text=True, timeout=300)
        wheels = list(Path(tmp).glob("*.whl"))
        if done.returncode != 0 or not wheels:
            return None
        with zipfile.ZipFile(wheels[0]) as wheel:
            known = _strings(wheel.read("anthropic/types/model_param.py").decode())
            try:
                deprecated = _deprecated(wheel.read("anthropic/_data/deprecated_models.py").decode())
            except KeyError:
                deprecated = set()
    return known, deprecated


def course_model_ids() -> set[str]:
    sys.path.insert(0, str(ROOT / "tests" / "course"))
    from test_model_ids import named_ids
    return set(named_ids())


def anthropic_report(pinned: str, newest: str) -> list[str]:
    old, new = anthropic_models(pinned), anthropic_models(newest)
    if old is None or new is None:
        return ["  (comparaison impossible : téléchargement des roues refusé ou hors ligne)"]
    named = course_model_ids()
    lines = []
    removed, added = sorted(old[0] - new[0]), sorted(new[0] - old[0])
    newly_deprecated = sorted(new[1] - old[1])
    lines.append(f"  modèles retirés : {', '.join(removed) or 'aucun'}")
    lines.append(f"  modèles ajoutés : {', '.join(added) or 'aucun'}")
    lines.append(f"  nouvellement dépréciés : {', '.join(newly_deprecated) or 'aucun'}")
    hit = sorted(named & (set(removed) | new[1]))
    lines.append("  pour le cours : " + (f"À CHANGER, le cours nomme {', '.join(hit)}" if hit
                                         else "aucun identifiant nommé par le cours n'est retiré ni déprécié"))
    return lines


def main(argv: list[str]) -> int:
    pins = direct_pins()
    names = [n.lower() for n in argv] or list(pins)
    stale = 0
    for name in names:
        if name not in pins:
            print(f"{name} : pas épinglé dans tools/requirements.in")
            continue
        newer = newer_versions(name, pins[name])
        if newer is None:
            print(f"{name} {pins[name]} : versions introuvables (registre injoignable ?)")
            continue
        if not newer:
            print(f"{name} {pins[name]} : à jour")
            continue
        stale += 1
        print(f"{name} {pins[name]} → {newer[0]} ({len(newer)} version(s) plus récente(s) : {', '.join(newer[:5])})")
        if name == "anthropic":
            print("\n".join(anthropic_report(pins[name], newer[0])))
    if stale:
        print("Pour changer un épinglage : tools/requirements.in, puis tools/lock.py, puis ./cours test.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
