"""French typography: the no-break spaces French puts in prose, and never a change to code, URLs or identifiers."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from helpers.widgets.typography import NARROW, NBSP, french_html, french_markdown, french_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("typed, set_", [
    ("Réponse d'examen : deny.", f"Réponse d'examen{NARROW}: deny."),
    ("Que faire ? Et maintenant !", f"Que faire{NARROW}? Et maintenant{NARROW}!"),
    ("un tour ; puis un autre", f"un tour{NARROW}; puis un autre"),
    ("« relis ces fichiers »", f"«{NARROW}relis ces fichiers{NARROW}»"),
    ("1 148 s et 632 s", f"1{NARROW}148{NBSP}s et 632{NBSP}s"),
    ("27 % de l'examen, 0,50 $ par noyau", f"27{NBSP}% de l'examen, 0,50{NBSP}$ par noyau"),
    ("128 000 jetons", f"128{NARROW}000 jetons"),
    ("Fin :", f"Fin{NARROW}:"),
])
def test_prose_gets_the_spaces_french_puts(typed, set_):
    assert french_text(typed) == set_


@pytest.mark.parametrize("untouched", [
    "key: value", "http://127.0.0.1:8080/v1", "10:30", "a::b", "x ?y", "les 3 sous-agents", "les 2 sessions",
    "stop_reason=end_turn", "1.1.a", "TS 1.6", "l'année 2026", "3 fichiers sur 12",
])
def test_what_is_not_prose_punctuation_is_left_alone(untouched):
    assert french_text(untouched) == untouched


def test_markdown_sets_headings_and_leaves_code_urls_links_and_tags_alone():
    md = ("## 3. PreToolUse : le point de contrôle\n"
          "Le champ `{\"a\" : 1}` reste ; voyez [la doc : hooks](https://exemple.org/a?b=1 : x) !\n"
          "<span title=\"a : b\">texte</span> : suite\n"
          "```python\n"
          "print(\"a : b ?\")\n"
          "```\n"
          "Après le bloc : fini ?")
    out = french_markdown(md)
    lines = out.split("\n")
    assert lines[0] == f"## 3. PreToolUse{NARROW}: le point de contrôle"   # its anchor follows (lessons.anchor)
    assert "`{\"a\" : 1}`" in lines[1] and f"reste{NARROW};" in lines[1] and f"{NARROW}!" in lines[1]
    assert "[la doc\u202f: hooks](https://exemple.org/a?b=1 : x)" in lines[1]
    assert lines[2] == f"<span title=\"a : b\">texte</span>{NARROW}: suite"
    assert lines[4] == "print(\"a : b ?\")"
    assert lines[6] == f"Après le bloc{NARROW}: fini{NARROW}?"


def test_html_text_is_set_and_tags_and_code_are_not():
    html = "<p title='a : b'>Juste : oui</p><code>x ? y : z</code><pre>a ; b</pre>"
    assert french_html(html) == f"<p title='a : b'>Juste{NARROW}: oui</p><code>x ? y : z</code><pre>a ; b</pre>"


@pytest.mark.parametrize("text", ["Réponse : « oui » ; 1 148 s ? 27 % !", "<b>Vérifier :</b> 6 % <code>a : b</code>"])
def test_setting_twice_changes_nothing(text):
    assert french_html(french_html(text)) == french_html(text)
    assert french_markdown(french_markdown(text)) == french_markdown(text)


def test_every_notebook_prose_is_set():
    """tools/typography.py --check: every markdown cell a learner reads has been through the formatter."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "typography.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_widgets_set_what_they_display():
    from helpers.widgets._base import readable
    assert f"Juste{NARROW}:" in readable("Juste : la bonne réponse")


def test_widget_labels_are_set_too():
    """Labels that ipywidgets draws itself (a description, a placeholder) never go through readable(): they are
    typed with the no-break space, and none of the widgets' sources holds one with an ordinary space."""
    import re

    from helpers import lessons
    from helpers.widgets.quiz import Ask
    assert Ask(lessons.question("1.1.p1")).choice.description == f"Votre choix{NARROW}:"
    label = re.compile(r"""(description|placeholder|tooltip)=(["'])[^"'\n]* [:;!?]\2""")
    for path in (ROOT / "helpers" / "widgets").glob("*.py"):
        assert not label.search(path.read_text()), path.name
