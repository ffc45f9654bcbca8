"""The kernel's label in JupyterLab reads « Aucun noyau », not « No Kernel »: the set-up passes the translator the
pinned bundle forgets to the kernel session, once, and leaves a bundle it does not recognise as it is. (In the
browser: tests/course/test_browser.py, test_a_notebook_without_a_kernel_says_so_in_french.)"""
from __future__ import annotations

import subprocess
import sys

from helpers.kernel import label


def fake_prefix(tmp_path, text: str):
    static = label.static_folder(str(tmp_path))
    static.mkdir(parents=True)
    path = static / "jlab_core.0123456789abcdef.js"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_environment_s_jupyterlab_passes_its_translator_to_each_kernel_session():
    """`./cours` (and Binder's postBuild) patched this environment: both constructors, each once."""
    path = label.bundle()
    assert path is not None, "le paquet jlab_core de JupyterLab est introuvable dans cet environnement"
    assert label.state(path.read_text(encoding="utf-8")) == {"docregistry Context": "fait", "ConsolePanel": "fait"}


def test_the_patch_adds_the_translator_option_and_changes_nothing_else(tmp_path):
    (_, context, context_done), (_, console, console_done) = label.PATCHES
    path = fake_prefix(tmp_path, f"avant;{context};entre;{console};après")
    assert set(label.patch(str(tmp_path)).values()) == {"fait"}
    assert path.read_text(encoding="utf-8") == f"avant;{context_done};entre;{console_done};après"
    written = path.stat().st_mtime_ns
    assert set(label.patch(str(tmp_path)).values()) == {"fait"}
    assert path.stat().st_mtime_ns == written, "un paquet déjà corrigé a été réécrit"


def test_a_bundle_of_another_jupyterlab_is_left_as_it_is_with_a_french_notice(tmp_path):
    (_, context, _), _ = label.PATCHES
    text = f"avant;{context};{context};après"          # twice: not the bundle the patch was written for
    path = fake_prefix(tmp_path, text)
    assert label.patch(str(tmp_path)) == {"docregistry Context": "introuvable", "ConsolePanel": "introuvable"}
    assert path.read_text(encoding="utf-8") == text
    done = subprocess.run([sys.executable, "-c", f"import sys; sys.prefix = {str(tmp_path)!r}; "
                           "from helpers.kernel import label; sys.exit(label.main([]))"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, "le réglage de JupyterLab ne doit jamais faire échouer l'installation du cours"
    assert "« No Kernel » restera en anglais" in done.stderr
