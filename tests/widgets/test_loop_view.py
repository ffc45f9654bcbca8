"""The loop diagram: its steps are read from a real run, a broken loop ends on a warning."""
from __future__ import annotations

from helpers.widgets.loop_view import phases
from solutions import loops

TOOLS = [{"name": "search", "description": "Recherche.",
          "input_schema": {"type": "object", "properties": {"query": {"type": "string"}}}},
         {"name": "calculator", "description": "Calcul.",
          "input_schema": {"type": "object", "properties": {"expression": {"type": "string"}}}}]
QUESTION = "Quelle est la population de Lyon et de Marseille réunies ?"


def run(loop, sim):
    import anthropic
    client = anthropic.Anthropic(base_url=sim.base_url, api_key="k", max_retries=0)
    mark = sim.log.mark()

    def tool(name, tool_input):
        return {"population": 500000} if name == "search" else eval(tool_input["expression"])  # noqa: S307
    loop(client, [{"role": "user", "content": QUESTION}], TOOLS, tool, model="claude-sonnet-5-5")
    return sim.log.since(mark)


def test_a_correct_run_goes_request_response_tools_and_ends_on_end_turn(sim):
    steps = phases(run(loops.run_agent, sim))
    assert [s.arrow for s in steps[:3]] == ["app→api", "api→app", "app→outils"]
    assert steps[1].stop_reason == "tool_use" and "2 tool_result" in steps[3].lines[1]
    assert steps[-1].arrow == "fin" and steps[-1].stop_reason == "end_turn" and not steps[-1].warning


def test_a_loop_that_stops_on_text_ends_on_a_warning(sim):
    steps = phases(run(loops.stops_on_text, sim))
    assert len(steps) == 3 and steps[-1].warning and "attendait des résultats" in steps[-1].title


def test_a_request_the_api_refuses_ends_the_diagram_on_a_warning(sim):
    import pytest
    # A tool_use left without its tool_result is still a 400 (results split over two user messages no
    # longer are: the API combines consecutive same-role turns).
    with pytest.raises(Exception):
        run(loops.only_first_tool_use, sim)
    steps = phases(sim.log.since(0))
    assert steps[-1].warning and "400" in steps[-1].title


def test_the_widget_moves_between_steps_and_falls_back_to_a_list(sim):
    from helpers.widgets.loop_view import LoopView
    view = LoopView(run(loops.run_agent, sim))
    assert view.step == 0 and view.previous.disabled
    view.go(1)
    assert 'data-etape="2"' in view.drawing.value
    view.go(99)
    assert view.step == len(view.steps) - 1 and view.next.disabled
    assert view.static_text().startswith("1. Requête 1") and "<ol>" in view.static_html()
