"""The review diagram: passes read from the log, then both strategies side by side, step by step."""
from __future__ import annotations

from helpers.lessons.ts1_6 import scenario
from helpers.widgets.review_view import ReviewView, passes, steps
from solutions import review as r


def test_both_strategies_give_a_single_pass_then_local_passes_then_the_integration(client, sim):
    pr = scenario.demo()
    r.single_pass(client, pr.sources, model="claude-sonnet-5-5")
    r.review_pull_request(client, pr.sources, model="claude-sonnet-5-5")
    found = passes(sim.log.since(0))
    assert [p.kind for p in found] == ["unique"] + ["locale"] * 12 + ["intégration"]
    assert found[0].files == tuple(pr.sources) and found[1].files == (list(pr.sources)[0],)
    drawn = steps(found)
    assert len(drawn) == 14 and drawn[0].split == [] and len(drawn[-1].split) == 13
    view = ReviewView(found, {f.path: len(f.defects) for f in pr.files}, 1)
    view.go(0)
    assert ">pas encore relu<" in view.drawing.value and "défaut(s) planté(s) non signalé(s)" in view.drawing.value
    view.go(13)
    last = view.drawing.value
    assert "montant_euros" in last and ">pas encore relu<" not in last
    assert "range(len(…) + 1)" in last        # file 11, found by its own local pass
    assert "Passe d'intégration" in view.static_text()


def test_batches_show_as_several_passes_and_other_requests_are_ignored(client, sim):
    pr = scenario.generate(3, 12)
    client.messages.create(model="claude-sonnet-5-5", max_tokens=64, messages=[{"role": "user", "content": "Bonjour"}])
    r.batches_of_five(client, pr.sources, model="claude-sonnet-5-5")
    found = passes(sim.log.since(0))
    assert [len(p.files) for p in found] == [5, 5, 2]
    assert [s.title.split(" :")[0] for s in steps(found)] == ["Paquet 1 / 3", "Paquet 2 / 3", "Paquet 3 / 3"]


def test_an_empty_log_says_what_to_do():
    view = ReviewView([])
    assert "lancez" in view.static_html()
