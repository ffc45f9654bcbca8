"""axe-core on every notebook, after « Run All », in JupyterLab as `./cours` opens it (headless Chromium).

    .venv/bin/python tools/accessibility.py                     # every notebook learners open
    .venv/bin/python tools/accessibility.py notebooks/3.0-mon-parcours.ipynb release/1.1-…/1.1-….ipynb
    .venv/bin/python tools/accessibility.py --json rapport.json # the whole report, node by node

axe-core is the npm package (pinned below), installed once with npm into build/axe-core/ and injected into
the page; nothing else comes from the network. Each violation's node is put in one of three places:

  widgets du cours   inside the output of a course widget (an ipywidgets view, or HTML of class cours-…)
  contenu du cours   the course's other content: markdown cells, other outputs
  JupyterLab         everything else: the lab's own menus, toolbars, side bars, cell editors

axe runs twice per notebook: after « Run All », then after a learner's clicks (a step of each replay, an answer
checked in each question, each « Vérifier », the mock exam handed in). The figures per notebook (serious and
critical, by place) go in the closing note of issue 35; the course's widgets must have none. A violation that belongs to JupyterLab is listed with its rule, not fixed here.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.course import test_browser as lab_driver  # noqa: E402  (the browser test's way of driving JupyterLab)

AXE_VERSION = "4.14.1"
AXE_FOLDER = ROOT / "build" / "axe-core"
SERIOUS = ("serious", "critical")
SCREENSHOTS = ROOT / "tests" / "artefacts" / "accessibilite"

# Where a node sits: the course's widgets, the course's other content, or JupyterLab itself.
PLACE_OF = """(selectors) => selectors.map(selector => {
  let node = null;
  try { node = document.querySelector(Array.isArray(selector) ? selector[selector.length - 1] : selector); }
  catch (e) { return 'JupyterLab'; }
  if (!node) return 'JupyterLab';
  const output = node.closest('.jp-OutputArea-output');
  if (output && (output.querySelector('.jupyter-widgets') || node.closest('[class*="cours-"]')
                 || output.querySelector('[class*="cours-"]'))) return 'widgets du cours';
  if (output || node.closest('.jp-MarkdownOutput')) return 'contenu du cours';
  return 'JupyterLab';
})"""


def axe_script() -> Path:
    """axe.min.js of the pinned version, installed with npm (the registry is the only network used)."""
    script = AXE_FOLDER / "node_modules" / "axe-core" / "axe.min.js"
    package = AXE_FOLDER / "node_modules" / "axe-core" / "package.json"
    if not (script.exists() and json.loads(package.read_text()).get("version") == AXE_VERSION):
        AXE_FOLDER.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--no-save", "--prefix", str(AXE_FOLDER),
                        f"axe-core@{AXE_VERSION}"], check=True, capture_output=True, timeout=300)
    return script


def learner_notebooks() -> list[str]:
    """What learners open: the companions (not the instructors' 9.x) and the student version of each lesson."""
    found = [p for p in sorted(ROOT.glob("notebooks/*.ipynb")) if not p.name.startswith("9.")]
    found += sorted(ROOT.glob("release/*/*.ipynb"))
    return [p.relative_to(ROOT).as_posix() for p in found if ".ipynb_checkpoints" not in p.parts]


def run_axe(page, script: Path) -> list[dict]:
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(script))
    result = page.evaluate("""async () => {
      const r = await axe.run(document, {resultTypes: ['violations']});
      return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, tags: v.tags,
        nodes: v.nodes.map(n => ({target: n.target, html: n.html.slice(0, 300), impact: n.impact,
                                  summary: (n.failureSummary || '').slice(0, 400)}))}));
    }""")
    for violation in result:
        places = page.evaluate(PLACE_OF, [n["target"] for n in violation["nodes"]])
        for node, place in zip(violation["nodes"], places):
            node["place"] = place
    return result


def interact(page) -> int:
    """What a learner clicks after « Run All », so that axe also sees the states they bring: a step forward in each
    replay, an answer checked in each question, each « Vérifier » report, the mock exam handed in. Returns the
    number of clicks."""
    panel = page.locator(lab_driver.NOTEBOOK)
    clicks = 0
    for output in panel.locator(".jp-OutputArea-output").all():
        buttons = output.get_by_role("button")
        if output.locator(".cours-schema").count() and output.get_by_role("button", name="Suivant").is_enabled():
            output.get_by_role("button", name="Suivant").click()
        elif output.locator(".cours-question").count():
            output.get_by_role("button", name="A", exact=True).click()
            output.get_by_role("button", name="Vérifier").click()
            output.locator("div.cours-feedback").wait_for(timeout=lab_driver.CLICK_TIMEOUT_MS)
        elif output.get_by_role("button", name="Terminer l'examen").count():
            output.get_by_role("button", name="Terminer l'examen").click()
            output.get_by_role("button", name="Oui, rendre ma copie").click()
            output.locator(".cours-examen-corrige").first.wait_for(timeout=lab_driver.CLICK_TIMEOUT_MS)
        elif output.get_by_role("button", name="Vérifier").count():
            output.get_by_role("button", name="Vérifier").click()
            output.locator("div.cours-verification").wait_for(timeout=lab_driver.CLICK_TIMEOUT_MS)
        else:
            continue
        clicks += 1 if buttons.count() else 0
    return clicks


def summary(violations: list[dict]) -> dict[str, dict[str, int]]:
    """{place: {rule: nodes}} of the serious and critical nodes."""
    out: dict[str, dict[str, int]] = {}
    for v in violations:
        for node in v["nodes"]:
            if (node.get("impact") or v["impact"]) in SERIOUS:
                rules = out.setdefault(node["place"], {})
                rules[f"{v['id']} ({node.get('impact') or v['impact']})"] = rules.get(
                    f"{v['id']} ({node.get('impact') or v['impact']})", 0) + 1
    return out


def audit(relative_paths: list[str]) -> dict[str, dict]:
    from playwright.sync_api import sync_playwright
    script = axe_script()
    chromium = lab_driver.find_chromium()
    if chromium is None:
        raise SystemExit("Chromium est introuvable : sudo apt install chromium")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    report: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="cours-a11y-") as tmp:
        home = Path(tmp)
        root = home / "cours"
        root.mkdir()
        lab_driver.copy_course(root)
        lab = lab_driver.Lab(root, home)
        try:
            lab.wait_until_ready()
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=lab_driver.CHROMIUM_ARGS)
                for relative in relative_paths:
                    context, page = lab_driver.new_tab(browser)
                    started = time.monotonic()
                    try:
                        lab_driver.open_notebook(page, lab, relative)
                        lab_driver.run_all_cells(page)
                        page.wait_for_timeout(1500)           # widgets' views finish rendering
                        violations = run_axe(page, script)
                        clicks = interact(page)
                        after = run_axe(page, script)
                        report[relative] = {"violations": violations, "serious": summary(violations),
                                            "after_clicks": summary(after), "clicks": clicks,
                                            "seconds": round(time.monotonic() - started, 1)}
                        page.screenshot(path=SCREENSHOTS / (Path(relative).stem + ".png"))
                    except Exception as error:  # noqa: BLE001 - one notebook's failure is reported, the rest go on
                        report[relative] = {"error": f"{type(error).__name__}: {error}"[:500]}
                    finally:
                        context.close()
                        lab.shut_down_kernels()
                    print(line(relative, report[relative]), flush=True)
                browser.close()
        finally:
            lab.stop()
    return report


def line(relative: str, entry: dict) -> str:
    if "error" in entry:
        return f"{relative} : ÉCHEC — {entry['error']}"
    places = entry["serious"]
    counts = " · ".join(f"{place} {sum(rules.values())}" for place, rules in sorted(places.items())) or "aucune"
    detail = "; ".join(f"{place} : " + ", ".join(f"{rule} ×{n}" for rule, n in sorted(rules.items()))
                       for place, rules in sorted(places.items()))
    widgets_after = sum(entry["after_clicks"].get("widgets du cours", {}).values())
    return (f"{relative} ({entry['seconds']} s) — graves ou critiques : {counts}" + (f"\n    {detail}" if detail else "")
            + f"\n    après {entry['clicks']} clic(s) dans les widgets : widgets du cours {widgets_after}, JupyterLab "
              f"{sum(entry['after_clicks'].get('JupyterLab', {}).values())}, contenu du cours "
              f"{sum(entry['after_clicks'].get('contenu du cours', {}).values())}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="chemins relatifs à la racine du cours (défaut : tous)")
    parser.add_argument("--json", type=Path, help="écrire le rapport complet dans ce fichier")
    args = parser.parse_args(argv)
    report = audit(args.notebooks or learner_notebooks())
    if args.json:
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=1))
    widgets = sum(sum(e.get(when, {}).get("widgets du cours", {}).values())
                  for e in report.values() for when in ("serious", "after_clicks"))
    failed = [k for k, e in report.items() if "error" in e]
    print(f"\nWidgets du cours : {widgets} nœud(s) en violation grave ou critique ; "
          f"{len(failed)} notebook(s) non audité(s).")
    return 1 if widgets or failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
