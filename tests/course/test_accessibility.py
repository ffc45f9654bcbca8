"""A learner who uses only a keyboard, or a screen reader, can follow a lesson; « Mon parcours » works offline
and on a fresh Binder-like run. In JupyterLab as `./cours` opens it, in headless Chromium:

- the loop's replay and a practice question are used with the keyboard alone (Tab, Maj+Tab, Entrée, Espace):
  each press moves the replay or answers the question, the focus ring shows, and Tab leaves the widget (no trap);
- axe-core (the npm package, pinned in tools/accessibility.py) finds no serious or critical violation in the
  course's widgets after « Run All » (what belongs to JupyterLab itself is listed by the tool, not checked here);
- « Mon parcours » shows what was done, exports it with one click; a fresh lab (Binder: a new folder) imports the
  file with one click and shows the same.

Screenshots land in tests/artefacts/screenshots/ (git-ignored).
"""
from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from test_browser import (CLICK_TIMEOUT_MS, NOTEBOOK, ROOT, SCREENSHOTS, browser, chromium, missing,  # noqa: F401
                          new_tab, open_notebook, right_letter, run_all_cells, show, start_lab)

sys.path.insert(0, str(ROOT))
from tools import accessibility  # noqa: E402

pytestmark = pytest.mark.browser

LESSON = "release/1.1-boucles-agentiques/1.1-boucles-agentiques.ipynb"
COMPANION = "notebooks/3.0-mon-parcours.ipynb"
EXAM = "release/2.1-examen-blanc/2.1-examen-blanc.ipynb"

FOCUSED = """() => { const e = document.activeElement; const s = getComputedStyle(e);
  return {text: (e.textContent || '').trim(), outline: s.outlineStyle, width: parseFloat(s.outlineWidth) || 0,
          tag: e.tagName}; }"""


@pytest.fixture(scope="module")
def axe_script():
    if shutil.which("npm") is None:
        missing("npm est introuvable : il installe axe-core (sudo apt install npm)")
    try:
        return accessibility.axe_script()
    except Exception as error:  # noqa: BLE001
        missing(f"axe-core n'a pas pu être installé avec npm : {error}")


@pytest.fixture(scope="module")
def lab(chromium, tmp_path_factory):  # noqa: F811
    server = start_lab(tmp_path_factory)
    yield server
    server.stop()


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def status(widget) -> str:
    return widget.locator(".cours-alternative").inner_text()


def inside(widget, page) -> bool:
    return widget.evaluate("(w) => w.contains(document.activeElement)")


def press(page, key: str, widget=None, expected: str | None = None) -> None:
    page.keyboard.press(key)
    if expected is not None:
        from playwright.sync_api import expect
        expect(widget.locator(".cours-alternative")).to_contain_text(expected, timeout=CLICK_TIMEOUT_MS)


@pytest.mark.timeout(420)
def test_a_replay_and_a_quiz_work_with_the_keyboard_alone_and_axe_finds_nothing_serious_in_the_widgets(
        browser, lab, axe_script):  # noqa: F811
    from playwright.sync_api import expect
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context, page = new_tab(browser)
    try:
        panel = open_notebook(page, lab, LESSON)
        run_all_cells(page)
        replay = panel.locator(".jp-OutputArea-output", has=page.locator(".cours-schema")).first
        replay.scroll_into_view_if_needed()
        total = int(re.search(r"étape 1 sur (\d+)", status(replay)).group(1))
        assert total >= 3, status(replay)
        replay.get_by_role("button", name="Suivant").focus()      # the starting point; keys only from here
        seen = focused(page)
        assert seen["text"] == "Suivant" and seen["outline"] != "none" and seen["width"] >= 2, seen
        press(page, "Enter", replay, "étape 2 sur")
        press(page, "Space", replay, "étape 3 sur")
        press(page, "Shift+Tab")
        assert focused(page)["text"] == "Précédent"
        press(page, "Enter", replay, "étape 2 sur")
        show(page, replay, "clavier--boucle-etape-2")
        # What a screen reader gets (Chromium's accessibility tree): the state in words, not the SVG's loose labels.
        tree = replay.aria_snapshot()
        assert re.search(r'status: "?Schéma de la boucle agentique, étape 2 sur \d+\s*: Tour 1\s*: tool_use, deux appels '
                         r"en parallèle", tree), tree
        assert "run_tool" not in tree, tree          # the boxes' labels of the SVG are not read as loose words
        for name in ("Précédent", "Suivant", "Lecture"):   # named by their words alone (no icon glyph)
            assert f'button "{name}"' in tree, tree
        press(page, "Tab")
        press(page, "Tab")
        assert focused(page)["text"] == "Lecture"
        press(page, "Enter")
        expect(replay.get_by_role("button", name="Pause")).to_be_visible(timeout=CLICK_TIMEOUT_MS)
        press(page, "Enter")
        expect(replay.get_by_role("button", name="Lecture")).to_be_visible(timeout=CLICK_TIMEOUT_MS)
        press(page, "Tab")
        assert not inside(replay, page), "Tab ne sort pas du schéma : piège au clavier"

        quiz = panel.locator(".jp-OutputArea-output", has=page.locator(".cours-question")).first
        quiz.scroll_into_view_if_needed()
        question_id = quiz.locator(".cours-question strong").first.inner_text().strip()
        right = right_letter(question_id)
        wrong = next(letter for letter in "ABCD" if letter != right)
        quiz.get_by_role("button", name="A", exact=True).focus()
        for _ in range("ABCD".index(wrong)):
            press(page, "Tab")
        assert focused(page)["text"] == wrong
        press(page, "Space")
        while focused(page)["text"] != "Vérifier":
            press(page, "Tab")
            assert inside(quiz, page), "« Vérifier » introuvable au clavier"
        press(page, "Enter")
        feedback = quiz.locator("div.cours-feedback")
        expect(feedback).to_contain_text(f"Vous avez choisi {wrong}", timeout=CLICK_TIMEOUT_MS)
        assert feedback.locator("xpath=ancestor-or-self::*[@role='status']").count() >= 1
        show(page, quiz, "clavier--question")

        violations = accessibility.run_axe(page, axe_script)
        serious = accessibility.summary(violations)
        (SCREENSHOTS / "axe-1.1.json").write_text(json.dumps(serious, ensure_ascii=False, indent=1))
        assert not serious.get("widgets du cours"), f"axe-core, widgets du cours : {serious['widgets du cours']}"
        assert not page.page_errors, f"erreurs JavaScript dans la page : {page.page_errors}"
    finally:
        context.close()
        lab.shut_down_kernels()


@pytest.mark.timeout(420)
def test_my_progress_shows_what_was_done_exports_it_and_a_fresh_binder_like_lab_imports_it(
        browser, tmp_path_factory, tmp_path):  # noqa: F811
    from playwright.sync_api import expect
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    lab = start_lab(tmp_path_factory)            # a record of its own: nothing from another test
    context, page = new_tab(browser)
    try:
        # Something to record: a practice question of 1.1, answered as a learner does.
        panel = open_notebook(page, lab, LESSON)
        run_all_cells(page)
        quiz = panel.locator(".jp-OutputArea-output", has=page.locator(".cours-question")).first
        question_id = quiz.locator(".cours-question strong").first.inner_text().strip()
        quiz.get_by_role("button", name=right_letter(question_id), exact=True).click()
        quiz.get_by_role("button", name="Vérifier").click()
        expect(quiz.locator("div.cours-feedback")).to_contain_text("c'est la bonne réponse", timeout=CLICK_TIMEOUT_MS)
        lab.shut_down_kernels()

        panel = open_notebook(page, lab, COMPANION)
        run_all_cells(page)
        view = panel.locator(".cours-parcours")
        expect(view).to_contain_text("1 activité enregistrée", timeout=CLICK_TIMEOUT_MS)
        row = view.locator("tr", has_text="1.1 — Boucles agentiques")
        assert "1 / 1 justes du premier coup" in row.inner_text() and "en cours" in row.inner_text()
        assert view.locator("img[alt^='Graphique de votre parcours']").count() == 1
        show(page, view, "parcours--hors-ligne")
        with page.expect_download() as download:
            panel.get_by_role("link", name=re.compile("Exporter mon parcours")).click()
        exported = tmp_path / download.value.suggested_filename
        download.value.save_as(exported)
        assert exported.name.startswith("mon-parcours-") and len(json.loads(exported.read_text())["events"]) == 1
    finally:
        context.close()
        lab.stop()

    fresh = start_lab(tmp_path_factory)          # Binder: a new machine, an empty folder
    context, page = new_tab(browser)
    try:
        panel = open_notebook(page, fresh, COMPANION)
        run_all_cells(page)
        view = panel.locator(".cours-parcours")
        expect(view).to_contain_text("Aucune activité enregistrée", timeout=CLICK_TIMEOUT_MS)
        show(page, view, "parcours--binder-avant-import")
        with page.expect_file_chooser() as chooser:
            panel.get_by_role("button", name=re.compile("Importer un parcours")).click()
        chooser.value.set_files(str(exported))
        expect(panel.locator("[role='status']", has_text="1 évènement(s) ajouté(s)")).to_be_visible(
            timeout=CLICK_TIMEOUT_MS)
        expect(panel.locator(".cours-parcours")).to_contain_text("1 activité enregistrée", timeout=CLICK_TIMEOUT_MS)
        assert "1 / 1 justes du premier coup" in panel.locator(".cours-parcours tr",
                                                              has_text="1.1 — Boucles agentiques").inner_text()
        show(page, panel.locator(".cours-parcours"), "parcours--binder-apres-import")
        assert not page.page_errors, f"erreurs JavaScript dans la page : {page.page_errors}"
    finally:
        context.close()
        fresh.stop()


@pytest.mark.timeout(300)
def test_the_mock_exam_is_answered_moved_through_and_handed_in_with_the_keyboard_alone(browser, lab,  # noqa: F811
                                                                                     axe_script):
    from playwright.sync_api import expect
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context, page = new_tab(browser)
    try:
        panel = open_notebook(page, lab, EXAM)
        run_all_cells(page)
        found = panel.locator(".jp-OutputArea-output", has=page.get_by_role("button", name="Terminer l'examen")).first
        found.evaluate("e => { e.dataset.coursExamen = '1'; }")     # pinned: its buttons hide once handed in
        exam = panel.locator("[data-cours-examen='1']")
        exam.scroll_into_view_if_needed()
        exam.get_by_role("button", name="A", exact=True).focus()     # the starting point; keys only from here
        press(page, "Space")
        expect(exam.get_by_role("status").filter(has_text="Question 1 / ")).to_contain_text(
            re.compile(r"votre réponse\s*:\s*A"), timeout=CLICK_TIMEOUT_MS)
        for _ in range(4):                  # B, C, D, then « Suivante » (« Précédente » is off on question 1)
            press(page, "Tab")
        assert focused(page)["text"] == "Suivante"
        press(page, "Enter")
        expect(exam.get_by_role("status").filter(has_text="Question 2 / ")).to_contain_text("pas encore de réponse",
                                                                                           timeout=CLICK_TIMEOUT_MS)
        press(page, "Tab")
        assert focused(page)["text"] == "Terminer l'examen"
        press(page, "Enter")
        expect(exam.get_by_role("button", name="Oui, rendre ma copie")).to_be_visible(timeout=CLICK_TIMEOUT_MS)
        press(page, "Tab")
        assert focused(page)["text"] == "Oui, rendre ma copie"
        show(page, exam, "clavier--examen-confirmation")
        serious = accessibility.summary(accessibility.run_axe(page, axe_script))      # the confirmation shown
        assert not serious.get("widgets du cours"), f"axe-core, widgets du cours : {serious['widgets du cours']}"
        press(page, "Enter")
        expect(exam.get_by_role("status").filter(has_text="Examen terminé")).to_be_visible(timeout=CLICK_TIMEOUT_MS)
        expect(exam.locator(".cours-examen-corrige").first).to_be_visible(timeout=CLICK_TIMEOUT_MS)
        # The pressed button is hidden with the paper: the focus goes to the results, not back to the page's top.
        page.wait_for_function("() => (document.activeElement.textContent || '').includes('Résultat')",
                               timeout=CLICK_TIMEOUT_MS)
        now = focused(page)
        assert inside(exam, page) and now["tag"] == "H3" and now["outline"] == "solid" and now["width"] >= 2, now
        press(page, "Tab")                  # from the results, on to their first link (a section to revisit)
        assert focused(page)["tag"] == "A" and inside(exam, page), focused(page)
        show(page, exam, "clavier--examen-rendu")
        exam.get_by_role("button", name="Nouvelle tentative").focus()
        press(page, "Enter")                # a new paper: the focus goes to its first answer, not to the page
        expect(exam.get_by_role("status").filter(has_text="Question 1 / ")).to_contain_text("pas encore de réponse",
                                                                                           timeout=CLICK_TIMEOUT_MS)
        page.wait_for_function("() => document.activeElement.textContent.trim() === 'A'", timeout=CLICK_TIMEOUT_MS)
        assert inside(exam, page)
        assert not page.page_errors, f"erreurs JavaScript dans la page : {page.page_errors}"
    finally:
        context.close()
        lab.shut_down_kernels()
