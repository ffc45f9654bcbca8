"""The kernel label JupyterLab leaves in English although its French pack has it: « No Kernel », « Aucun noyau ».

The French language pack (jupyterlab-language-pack-fr-FR, chosen in jupyterlab-overrides.json) translates what goes
through a translator. JupyterLab 4.6 builds each document's kernel session without one: the docregistry `Context`
and the `ConsolePanel` create their `SessionContext` without the `translator` they hold, so the session falls back
to `nullTranslator` and the notebook's toolbar and status bar read « No Kernel » (the pack says « Aucun noyau »)
while a kernel starts or after it stops. No setting reaches that label, and CSS cannot change a text only when it is
that text. The fix upstream is one option, `translator: this.translator`, in those two constructors; until it
ships, `./cours` (and Binder's postBuild) adds that option to the installed bundle — the same minified text, found
exactly once each, and nothing else. A bundle without those texts (another JupyterLab) is left as it is, with a
French notice; tests/kernel/test_label.py fails then, so whoever changes the pin sees it. JupyterLab serves its
bundle as immutable (cached a year under the same name): a browser that opened the course before the patch keeps
« No Kernel » until a forced reload (Ctrl+Maj+R); a new browser, Binder and the hub show « Aucun noyau » at once.

    python -m helpers.kernel.label             # patches this environment's JupyterLab (never fails the set-up)
    python -m helpers.kernel.label --verifier  # says whether it is done, changes nothing (exit 1 if not)
"""
from __future__ import annotations

import sys
from pathlib import Path

# (where, the minified text the pinned JupyterLab ships, the same with the translator it already holds passed on)
PATCHES = (
    ("docregistry Context",
     'kernelPreference:e.kernelPreference||{shouldStart:!1},setBusy:e.setBusy})',
     'kernelPreference:e.kernelPreference||{shouldStart:!1},setBusy:e.setBusy,translator:this.translator})'),
    ("ConsolePanel",
     'type:"console",kernelPreference:e.kernelPreference,setBusy:e.setBusy})',
     'type:"console",kernelPreference:e.kernelPreference,setBusy:e.setBusy,translator:this.translator})'),
)


def static_folder(prefix: str = sys.prefix) -> Path:
    return Path(prefix) / "share" / "jupyter" / "lab" / "static"


def bundle(prefix: str = sys.prefix) -> Path | None:
    """The bundle that holds JupyterLab's core packages (docregistry, apputils, console), if there is one."""
    found = sorted(static_folder(prefix).glob("jlab_core.*.js"))
    return found[0] if len(found) == 1 else None


def state(text: str) -> dict[str, str]:
    """For each patch: « fait » (the patched text, once), « à faire » (the original, once) or « introuvable »."""
    result = {}
    for where, original, patched in PATCHES:
        if text.count(patched) == 1 and text.count(original) == 0:
            result[where] = "fait"
        elif text.count(original) == 1:
            result[where] = "à faire"
        else:
            result[where] = "introuvable"
    return result


def patch(prefix: str = sys.prefix) -> dict[str, str]:
    """Passes the translator on in this environment's bundle; returns the state of each patch afterwards."""
    path = bundle(prefix)
    if path is None:
        return {where: "introuvable" for where, _, _ in PATCHES}
    text = path.read_text(encoding="utf-8")
    found = state(text)
    if "introuvable" in found.values() or "à faire" not in found.values():
        return found                  # another JupyterLab, or done already: the file stays as it is
    for where, original, patched in PATCHES:
        if found[where] == "à faire":
            text = text.replace(original, patched, 1)
    temporary = path.with_name(path.name + ".cours-tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)           # one rename: a JupyterLab serving the file never reads half of it
    return state(text)


def main(argv: list[str]) -> int:
    if "--verifier" in argv:
        path = bundle()
        found = state(path.read_text(encoding="utf-8")) if path else {w: "introuvable" for w, _, _ in PATCHES}
        print(", ".join(f"{where} : {how}" for where, how in found.items()))
        return 0 if set(found.values()) == {"fait"} else 1
    try:
        found = patch()
    except OSError as error:          # an environment this account may not write: the course runs all the same
        print(f"JupyterLab : son paquet n'a pas pu être corrigé ({error.strerror}) ; « No Kernel » restera en anglais "
              "dans la barre d'outils. Le reste du cours n'en dépend pas.", file=sys.stderr)
        return 0
    if "introuvable" in found.values():
        print("JupyterLab : le texte attendu est introuvable dans son paquet (une autre version que celle épinglée ?) ; "
              "« No Kernel » restera en anglais dans la barre d'outils. Le reste du cours n'en dépend pas.",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
