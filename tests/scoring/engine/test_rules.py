"""Rule settings: the FFB defaults, the variants, presets and their JSON form."""

import json

import pytest

from scoring.engine.rules import (
    DEFAULT_PRESET,
    PRESET_LABELS,
    PRESETS,
    CapotBid,
    MadeScore,
    Rounding,
    RuleSettings,
    WinCondition,
)


def test_the_default_preset_is_ffb_coinche_with_the_ffb_rules():
    assert DEFAULT_PRESET == "ffb-coinche"
    rules = PRESETS[DEFAULT_PRESET]
    assert rules == RuleSettings()
    assert rules.win_condition is WinCondition.BID_AND_MORE_THAN_DEFENCE
    assert rules.made_score is MadeScore.POINTS_AND_BID
    assert rules.failure_base == 160
    assert rules.surcoinche_multiplier == 4
    assert rules.belote_imprenable
    assert rules.rounding is Rounding.HALF_UP
    assert rules.capot_bid is CapotBid.CONTRACT_250
    assert rules.generale_bonus == 0
    # « La coinche se joue toujours avec les annonces. »
    assert rules.annonces
    # Sans atout / tout atout is the organizer's option (FFB §11).
    assert not rules.no_trump and not rules.all_trump
    assert not rules.must_undertrump


def test_contree_is_coinche_without_annonces():
    assert PRESETS["contree"] == RuleSettings(annonces=False)


def test_the_sa_ta_preset_allows_both():
    rules = PRESETS["ffb-coinche-sa-ta"]
    assert rules.no_trump and rules.all_trump


def test_every_preset_has_a_label():
    assert set(PRESET_LABELS) == set(PRESETS)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_survive_a_json_round_trip(name):
    rules = PRESETS[name]
    stored = json.loads(json.dumps(rules.to_dict()))
    assert RuleSettings.from_dict(stored) == rules
    assert rules.preset_name() == name


def test_to_dict_lists_every_setting_as_plain_json():
    assert RuleSettings(rounding=Rounding.HALF_DOWN).to_dict() == {
        "win_condition": "bid_and_more_than_defence",
        "made_score": "points_and_bid",
        "failure_base": 160,
        "surcoinche_multiplier": 4,
        "belote_imprenable": True,
        "rounding": "half_down",
        "capot_bid": "contract_250",
        "generale_bonus": 0,
        "annonces": True,
        "no_trump": False,
        "all_trump": False,
        "must_undertrump": False,
        "failure_score": "base_and_bid",
        "failure_capot_base": False,
        "multiplier_scope": "whole_score",
        "belote_transferred": False,
        "belote_counts_for_bid": True,
        "annonces_count_for_bid": True,
        "overtake_partner": "trump_led",
        "lowest_bid": 80,
        "bid_step": 10,
        "no_trump_doubles": False,
        "capot_points": 252,
        "coinche_ends_bidding": True,
    }


def test_from_dict_reads_a_partial_dict_over_the_ffb_defaults():
    rules = RuleSettings.from_dict({"surcoinche_multiplier": 3, "rounding": "none"})
    assert rules == RuleSettings(surcoinche_multiplier=3, rounding=Rounding.NONE)
    assert rules.preset_name() is None
    assert RuleSettings.from_dict({}) == RuleSettings()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"surcoinche": 3}, "unknown rule setting"),
        ({"rounding": "up"}, "rounding must be one of half_up, half_down, none"),
        ({"failure_base": 161}, "failure_base must be 160 or 162"),
        ({"surcoinche_multiplier": 2}, "surcoinche_multiplier must be 4 or 3"),
        ({"generale_bonus": 55}, "generale_bonus must be a multiple of 10"),
        ({"generale_bonus": -10}, "generale_bonus must be a multiple of 10"),
        ({"annonces": "yes"}, "annonces must be true or false"),
        ({"failure_base": True}, "failure_base must be a whole number"),
        ({"failure_base": "160"}, "failure_base must be a whole number"),
        ({"lowest_bid": 90}, "lowest_bid must be 80 or 82"),
        ({"bid_step": 20}, "bid_step must be 10 or 5"),
        ({"bid_step": "5"}, "bid_step must be a whole number"),
        ({"no_trump_doubles": 1}, "no_trump_doubles must be true or false"),
        ({"no_trump_doubles": True}, "no_trump_doubles needs no_trump"),
    ],
)
def test_from_dict_rejects_unknown_keys_and_values(data, message):
    with pytest.raises(ValueError, match=message):
        RuleSettings.from_dict(data)


def test_settings_built_directly_are_checked_too():
    with pytest.raises(ValueError, match="Rounding"):
        RuleSettings(rounding="half_up")


def test_multiplier_is_2_coinched_and_4_or_3_surcoinched():
    assert [RuleSettings().multiplier(level) for level in (0, 1, 2)] == [1, 2, 4]
    assert RuleSettings(surcoinche_multiplier=3).multiplier(2) == 3


@pytest.mark.parametrize(
    ("rounding", "points", "marks"),
    [
        (Rounding.HALF_UP, 85, 90),
        (Rounding.HALF_UP, 84, 80),
        (Rounding.HALF_UP, 95, 100),
        (Rounding.HALF_UP, 94, 90),
        (Rounding.HALF_DOWN, 85, 80),
        (Rounding.HALF_DOWN, 86, 90),
        (Rounding.NONE, 85, 85),
        (Rounding.HALF_UP, 0, 0),
    ],
)
def test_rounding_to_the_ten(rounding, points, marks):
    assert rounding.apply(points) == marks


def test_describe_gives_a_label_and_a_value_for_every_setting():
    pairs = RuleSettings(generale_bonus=100, must_undertrump=True).describe()
    assert len(pairs) == len(RuleSettings().to_dict())
    labels = dict(pairs)
    assert labels["Surcoinche multiplier"] == "x4"
    assert labels["Générale bonus"] == "100"
    assert labels["Must undertrump"] == "yes"
    assert labels["Sans atout allowed"] == "no"
    assert dict(RuleSettings().describe())["Générale bonus"] == "none"
    assert labels["Rounding"] == "to the nearest ten, 85 to 90"
