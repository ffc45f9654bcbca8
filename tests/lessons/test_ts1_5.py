"""Notebook 1.5: correct hooks get full marks; each classic mistake loses the points of its rule."""
from __future__ import annotations

import pytest

from helpers.lessons.ts1_5 import checks as check_1_5
from solutions import hooks as h

SEEDS = [1, 7]


@pytest.mark.parametrize("seed", SEEDS)
def test_correct_callbacks_get_full_marks(seed):
    assert check_1_5.check_parcels(30, h.route_heavy_parcels, seed=seed).score == 4
    assert check_1_5.check_amounts(h.normalize_amounts, seed=seed).score == 4


PARCEL_MISTAKES = {
    "denies_everything": {"accepte_en_dessous", "limite_incluse"},
    "denies_30": {"limite_incluse"},
    "deny_without_reason": {"raison_fret"},
    "weight_from_wrong_place": {"refuse_au_dessus"},
    "compares_text": {"poids_texte"},
}


@pytest.mark.parametrize("name", PARCEL_MISTAKES)
@pytest.mark.parametrize("seed", SEEDS)
def test_parcel_hook_mistakes(name, seed):
    report = check_1_5.check_parcels(30, getattr(h, name), seed=seed)
    assert PARCEL_MISTAKES[name] <= {c.key for c in report.criteria if not c.passed}, str(report)
    assert report.score < 4


def test_a_wrong_limit_costs_the_boundary_rule():
    report = check_1_5.check_parcels(60, h.route_heavy_parcels, seed=1)
    assert not report.get("limite_incluse").passed and "MAX_PARCEL_KG vaut 60" in report.get("limite_incluse").detail


AMOUNT_MISTAKES = {
    "confuses_thousands_and_decimals": {"texte_virgule"},
    "misses_cents": {"centimes"},
    "misses_comma_decimals": {"texte_virgule"},
    "misses_point_decimals": {"texte_point"},
    "divides_every_number": {"meme_forme"},
    "returns_a_dict": {"meme_forme"},
}


@pytest.mark.parametrize("name", AMOUNT_MISTAKES)
@pytest.mark.parametrize("seed", SEEDS)
def test_amount_normaliser_mistakes(name, seed):
    report = check_1_5.check_amounts(getattr(h, name), seed=seed)
    assert AMOUNT_MISTAKES[name] <= {c.key for c in report.criteria if not c.passed}, str(report)
    assert report.score < 4


def test_hostile_callbacks_are_scored_not_fatal():
    async def spins(input_data, tool_use_id, context):
        while True:
            pass

    def not_async(input_data, tool_use_id, context):
        return {}

    async def exits(input_data, tool_use_id, context):
        raise SystemExit(3)
    for hook in (spins, not_async, exits):
        assert check_1_5.check_parcels(30, hook, seed=1).score <= 0.75
        assert check_1_5.check_amounts(hook, seed=1).score == 0


@pytest.mark.cli
@pytest.mark.timeout(300)
def test_end_to_end_through_the_real_cli_discriminates():
    assert check_1_5.check_end_to_end(h.HOOKS, seed=5).score == 4
    expectations = {
        "REFUSAL_IN_POSTTOOLUSE": "colis_lourd_route",
        "MATCHER_ON_ARGUMENTS": "colis_lourd_route",
        "PLAIN_NAME_MATCHER": "colis_lourd_route",
        "NO_NORMALISER": "montants_lus",
        "EVERY_PARCEL_DENIED": "colis_leger",
        "DENY_WITHOUT_REASON": "colis_lourd_route",
    }
    for name, rule in expectations.items():
        report = check_1_5.check_end_to_end(getattr(h, name), seed=5)
        assert not report.get(rule).passed, (name, str(report))
        assert report.score < 4


@pytest.mark.cli
@pytest.mark.timeout(300)
def test_a_hook_that_posts_a_refusal_for_the_clis_tool_use_id_earns_nothing_for_it():
    """The hook lets the parcel go, after posting to the model a refusal and a freight booking for the CLI's own
    tool_use_id: requests the CLI did not send, and two tool_results for one call. Both are findings."""
    report = check_1_5.check_end_to_end(h.FORGED_REFUSAL, seed=5)
    big = report.get("colis_lourd_route")
    assert not big.passed and "CLI" in big.detail, str(report)


def test_malformed_hooks_mapping_is_explained():
    report = check_1_5.check_end_to_end({"PreToolUse": [h.route_heavy_parcels]})
    assert report.score == 0 and "HookMatcher" in str(report)


def test_a_hook_that_raises_is_told_the_lesson_s_point_and_a_stub_is_told_it_is_not_written():
    """A raising hook decides nothing and the CLI lets the call through: the report says so (the parcel would go)."""
    import helpers

    async def compares_text(input_data, tool_use_id, context):
        if input_data["tool_input"]["weight_kg"] > 30:
            return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                           "permissionDecisionReason": "Appelez book_freight."}}
        return {}

    async def stub(input_data, tool_use_id, context):
        raise NotImplementedError()

    text = str(helpers.verify("1.5.a", 30, compares_text))
    assert "le hook a levé TypeError" in text and "le colis partirait" in text
    stubbed = str(helpers.verify("1.5.a", 30, stub))
    assert "le hook n'est pas encore écrit (il lève NotImplementedError pour weight_kg" in stubbed
    assert "serait exécuté" not in stubbed
