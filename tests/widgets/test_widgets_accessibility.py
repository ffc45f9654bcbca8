"""Every diagram works with a keyboard and a screen reader (WCAG 2.1 AA): each step has a text alternative in a
status region, the drawing itself is hidden from assistive technology rather than read as loose words, every
control is a named button, nothing is said by colour alone, text keeps a contrast of at least 4.5:1, and what a
learner reads is marked as French. The page itself is checked with axe-core in tests/course/test_accessibility.py."""
from __future__ import annotations

import html
import re
import time

import pytest

from helpers import lessons
from helpers.widgets._base import Stepper
from helpers.widgets.loop_view import LoopView, Phase, describe_phase

from test_loop_view import run
from solutions import loops


class Steps(Stepper):
    label = "Schéma d'essai"
    interval_ms = 20

    def render(self, step, position, total):
        return f'<div data-etape="{position}"><svg><text>{step}</text></svg><strong>{step}</strong></div>'


def luminance(hex_colour: str) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_on_white(hex_colour: str) -> float:
    return 1.05 / (luminance(hex_colour) + 0.05)


def text_colours(markup: str) -> set[str]:
    """The CSS text colours of some HTML (not backgrounds, borders, nor SVG strokes)."""
    return {c.lower() for c in re.findall(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{6})", markup)}


def test_each_step_is_announced_with_its_position_and_state_and_the_svg_is_not_read_as_loose_words():
    view = Steps(["premier", "second"])
    status = re.search(r'<p class="cours-alternative" role="status" aria-live="polite" aria-atomic="true"[^>]*>(.*?)</p>',
                       view.drawing.value).group(1)
    assert status.startswith("Schéma d'essai, étape 1 sur 2\u202f: premier")
    assert '<svg aria-hidden="true" focusable="false">' in view.drawing.value
    assert 'role="group" aria-label="Schéma d&#x27;essai"' in view.drawing.value and 'lang="fr"' in view.drawing.value
    view.go(1)
    assert "étape 2 sur 2" in view.drawing.value


def test_the_loop_says_its_turn_in_words_two_calls_in_parallel_included(sim):
    phase = Phase("api→app", 2, "Réponse 2 : stop_reason = tool_use",
                  ["tool_use : search({\"query\": \"Lyon\"})", "tool_use : search({\"query\": \"Marseille\"})"],
                  stop_reason="tool_use")
    said = describe_phase(phase)
    assert said.startswith("Tour 2 : tool_use, deux appels en parallèle (search, search)")
    view = LoopView(run(loops.run_agent, sim))
    view.go(len(view.steps) - 1)
    assert "la boucle s'arrête" in view.alternative() and "end_turn" in view.alternative()


def test_a_warning_is_said_in_words_and_marked_not_only_coloured(sim):
    view = LoopView(run(loops.stops_on_text, sim))
    view.go(len(view.steps) - 1)
    assert view.alternative().split(" : ", 1)[1].startswith("Attention")
    assert "⚠ La boucle s'est arrêtée" in html.unescape(view.drawing.value)


def test_every_control_of_a_replay_is_a_button_named_by_its_words():
    view = Steps(["a", "b"])
    names = [view.previous.description, view.next.description, view.playing.description]
    assert names == ["Précédent", "Suivant", "Lecture"] and all(b.tooltip for b in (view.previous, view.next))
    assert "cours-widget" in view._dom_classes and "focus-visible" in view.drawing.value


def test_lecture_steps_through_to_the_end_then_stops_and_pause_stops_it():
    view = Steps(["a", "b", "c"])
    view.playing.value = True
    assert view.playing.description == "Pause"
    deadline = time.monotonic() + 5
    while view.playing.value and time.monotonic() < deadline:
        time.sleep(0.01)
    assert view.step == 2 and not view.playing.value and view.playing.description == "Lecture"
    view.playing.value = True              # from the end, Lecture starts again from the first step
    view.playing.value = False
    assert view.step <= 1


def test_an_empty_replay_says_so_and_its_buttons_are_off():
    view = Steps([])
    assert "Rien à montrer" in view.drawing.value
    assert view.previous.disabled and view.next.disabled and view.playing.disabled


@pytest.mark.parametrize("module", ["_base", "loop_view", "hub_view", "gate_view", "hook_view", "review_view",
                                    "session_tree", "verify", "quiz", "progress_view"])
def test_every_text_colour_of_the_widgets_keeps_a_contrast_of_at_least_4_5_to_1_on_white(module):
    import importlib
    source = importlib.import_module(f"helpers.widgets.{module}").__file__
    with open(source, encoding="utf-8") as f:
        code = f.read()
    weak = {c: round(contrast_on_white(c), 2) for c in text_colours(code) if contrast_on_white(c) < 4.5}
    assert not weak, f"helpers/widgets/{module}.py : couleurs de texte sous 4,5:1 sur blanc : {weak}"


def test_a_verification_report_is_a_status_region_in_french():
    from helpers.widgets.verify import VerifyButton
    from helpers.lessons.kit import Criterion, Report
    button = VerifyButton("9.9.a", ("f",), lambda exercise, f: Report(exercise, [Criterion("x", "Règle", 1, False)]))
    button.run()
    assert button.output.value.startswith('<div role="status" lang="fr">')
    assert '<span aria-hidden="true">❌</span> à revoir' in button.output.value     # a word, not a colour alone


def test_a_practice_question_reads_in_french():
    widget = lessons.ask("1.1.p1")
    assert 'lang="fr"' in widget.children[0].value


def test_the_chosen_letter_is_said_in_words_not_only_shaded():
    """ipywidgets marks a pressed toggle by a shade and exposes no aria-pressed: the course says the choice."""
    widget = lessons.ask("1.2.p1")
    assert widget.chosen.value == ""
    widget.choice.value = "C"
    assert "role='status'" in widget.chosen.value and "<strong>C</strong>" in widget.chosen.value


def test_the_mock_exam_says_the_answer_given_to_the_question_shown():
    from helpers.lessons.ts2_1 import BANK
    from helpers.widgets.exam import ExamState, ExamView
    view = ExamView(ExamState(tuple(BANK), size=7, seed=5), clock=False)
    assert "pas encore de réponse" in view.progress.value
    view.choice.value = "D"
    assert "votre réponse\u202f: <strong>D</strong>" in view.progress.value or \
        "votre réponse : <strong>D</strong>" in view.progress.value
    assert all(view.choice.tooltips), "each letter's button names its option"
