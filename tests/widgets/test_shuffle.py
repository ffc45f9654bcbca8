"""Shuffled options: the same for a learner and an attempt, balanced over a set, and never a pattern a candidate
could read (a period, a long run) — the bank used to cycle B-D-A-C by id, the practice sets to repeat « CADB »."""
from __future__ import annotations

from collections import Counter

import pytest

from helpers.widgets import shuffle
from helpers.widgets.quiz import LETTERS, shown_as


@pytest.mark.parametrize("sequence", ["BDAC" * 15, "CADB" + "CADBA" + "CADB" + "CADBAB", "ABAB" * 4, "AAAAB" * 3,
                                      "BBBBCADCAB"])
def test_a_period_or_a_long_run_is_a_pattern(sequence):
    assert shuffle.patterned(sequence)


@pytest.mark.parametrize("sequence", ["BDCAADBCCBDA", "ADBCCBDAACDBBDCA"])
def test_a_balanced_irregular_order_is_not(sequence):
    assert not shuffle.patterned(sequence)


def test_the_old_bank_cycle_is_found_at_its_period():
    assert shuffle.repeats("BDAC" * 15) == (4, 1.0)


def test_a_layout_depends_on_the_learner_and_the_attempt_only():
    questions = [(f"9.9.p{n}", LETTERS[n % 4]) for n in range(12)]
    one = shuffle.layout(questions, "ana", 1)
    assert one == shuffle.layout(questions, "ana", 1)
    assert one != shuffle.layout(questions, "ana", 2) and one != shuffle.layout(questions, "bruno", 1)
    assert all(sorted(order) == list(LETTERS) for order in one.values())


@pytest.mark.parametrize("size", [3, 5, 8, 30])
def test_the_right_answers_land_on_balanced_letters_with_no_pattern(size):
    questions = [(f"9.9.e{n}", "B") for n in range(size)]      # the worst case: every right answer stored as B
    for learner in range(40):
        orders = shuffle.layout(questions, f"apprenant-{learner}")
        shown = [shown_as(orders[qid], right) for qid, right in questions]
        counts = Counter(shown)
        assert max(counts.values()) - min(counts.get(letter, 0) for letter in LETTERS) <= 1, shown
        assert not shuffle.patterned(shown), shown


def test_the_learner_is_the_hub_account_else_the_system_account(monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "chloe")
    assert shuffle.learner() == "chloe"
    monkeypatch.delenv("JUPYTERHUB_USER")
    monkeypatch.delenv("NB_USER", raising=False)
    assert shuffle.learner()
