"""The axes added with the rule families (variants.md): their scoring, their validation, their
labels and explanations, and the play rule « always overtake the partner »."""

import pytest

from scoring.engine.cards import Card, Hand, Seat, Strain
from scoring.engine.play import IllegalCard, legal_cards, replay_deal
from scoring.engine.rule_texts import VALUE_LABELS
from scoring.engine.rules import (
    PRESETS,
    SETTINGS,
    FailureScore,
    MultiplierScope,
    OvertakePartner,
    RuleSettings,
    explanation_params,
    setting_names,
)
from tests.support.deal_scores import marks, tierce

FFB = PRESETS["ffb-coinche"]


def rules(**settings):
    return RuleSettings.from_dict({**FFB.to_dict(), **settings})


PRENABLE = {"belote_imprenable": False, "belote_transferred": True}


# --- validation -------------------------------------------------------------------------


def test_an_old_stored_dict_without_the_new_axes_means_the_same_rules():
    # What a tournament stored before the families: the twelve first settings only.
    old = {
        "win_condition": "bid_and_more_than_defence",
        "made_score": "points_and_bid",
        "failure_base": 162,
        "surcoinche_multiplier": 3,
        "belote_imprenable": False,
        "rounding": "half_down",
        "capot_bid": "flat_500",
        "generale_bonus": 0,
        "annonces": False,
        "no_trump": False,
        "all_trump": False,
        "must_undertrump": True,
    }
    loaded = RuleSettings.from_dict(old)
    assert loaded.failure_score is FailureScore.BASE_AND_BID
    assert loaded.multiplier_scope is MultiplierScope.WHOLE_SCORE
    assert not loaded.belote_transferred and not loaded.failure_capot_base
    assert loaded.belote_counts_for_bid and loaded.annonces_count_for_bid
    assert loaded.overtake_partner is OvertakePartner.TRUMP_LED
    assert {k: v for k, v in loaded.to_dict().items() if k in old} == old


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        ({"belote_transferred": True}, "belote_transferred needs belote_imprenable false"),
        (
            {"multiplier_scope": "bid_only", "made_score": "points_only"},
            "made_score points_only cannot go with a multiplier_scope on the bid",
        ),
        (
            {"multiplier_scope": "bid_only_takes_all", "failure_score": "base_only"},
            "failure_score base_only cannot go with a multiplier_scope on the bid",
        ),
        (
            {"failure_capot_base": True, "failure_score": "bid_only"},
            "failure_capot_base needs a failure_score with a base",
        ),
        ({"multiplier_scope": "bid"}, "multiplier_scope must be one of whole_score, bid_only"),
        ({"overtake_partner": "never"}, "overtake_partner must be one of trump_led, always"),
        ({"failure_capot_base": "yes"}, "failure_capot_base must be true or false"),
    ],
)
def test_impossible_combinations_are_refused_with_the_reason(chosen, message):
    with pytest.raises(ValueError, match=message):
        rules(**chosen)


def test_the_combinations_next_to_the_refused_ones_are_accepted():
    assert rules(belote_imprenable=False, belote_transferred=True).belote_transferred
    assert rules(multiplier_scope="bid_only", made_score="bid_only").combination_problem() is None
    assert rules(failure_capot_base=True, failure_score="base_only").failure_capot_base


# --- labels and explanations ---------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_setting_of_every_preset_has_a_label_a_value_and_an_explanation(name):
    infos = PRESETS[name].explain()
    assert [info.name for info in infos] == list(setting_names())
    assert list(PRESETS[name].to_dict()) == list(setting_names())
    for info in infos:
        assert info.label and info.value and info.explanation.endswith(".")
        assert "%" not in info.explanation % explanation_params(PRESETS[name])


def test_every_value_of_every_choice_has_an_explanation():
    for settings in (
        {"win_condition": "bid_and_82", "failure_score": "bid_only", "capot_bid": "bid_270"},
        {"failure_score": "base_only", "failure_capot_base": True, "rounding": "half_down"},
        {"multiplier_scope": "bid_only_takes_all", "overtake_partner": "always", **PRENABLE},
        {"made_score": "bid_only", "multiplier_scope": "bid_only", "generale_bonus": 100},
        {"belote_counts_for_bid": False, "annonces_count_for_bid": False, "capot_bid": "flat_500"},
        {"lowest_bid": 82, "bid_step": 5, "capot_bid": "contract_350"},
        {"no_trump": True, "no_trump_doubles": True},
    ):
        chosen = rules(**settings)
        explained = {info.name: info for info in chosen.explain()}
        for key in settings:
            assert explained[key].explanation
    bonus = {info.name: info for info in rules(generale_bonus=100).explain()}["generale_bonus"]
    assert bonus.explanation % {"bonus": 100} == (
        "A side whose single player wins all eight tricks scores 100 more."
    )


def test_six_up_rounding_is_labelled_as_such():
    assert dict(rules(rounding="half_down").describe())["Rounding"] == (
        "to the nearest ten, 6 up: 85 to 80, 86 to 90"
    )


# --- scoring --------------------------------------------------------------------------------


def test_win_condition_82_fails_an_81_on_80_and_makes_82():
    rule = rules(win_condition="bid_and_82")
    assert marks(rule, bid=80, points=81) == (0, 240, False)
    assert marks(rule, bid=80, points=82) == (160, 80, True)
    # Higher bids need their value only, even when the defence has more with its annonces.
    assert marks(rule, bid=90, points=90, annonces=[tierce("E", "K", "S")])[2] is True
    # The FFB's « more than the defence » fails it: 90 against 72 + 20.
    assert marks(FFB, bid=90, points=90, annonces=[tierce("E", "K", "S")])[2] is False


def test_failure_score_base_only_and_bid_only():
    assert marks(rules(failure_score="base_only"), bid=140, points=100) == (0, 160, False)
    assert marks(rules(failure_score="bid_only"), bid=140, points=100) == (0, 140, False)
    # Multiplied with the rest under the whole-score scope.
    assert marks(rules(failure_score="base_only"), bid=140, coinche=1, points=100) == (
        0,
        320,
        False,
    )


def test_failure_capot_base_adds_90_when_the_defence_takes_every_trick():
    rule = rules(failure_capot_base=True)
    assert marks(rule, bid=100, capot="defence") == (0, 350, False)
    assert marks(rule, bid=100, points=60) == (0, 260, False)
    assert marks(rules(failure_capot_base=True, failure_base=162), bid=100, capot="defence") == (
        0,
        350,
        False,
    )


def test_multiplier_scope_bid_only_keeps_each_sides_points():
    rule = rules(multiplier_scope="bid_only", rounding="none")
    # Made coinché: 110 + 100 × 2 + belote; the defence keeps its 52.
    assert marks(rule, bid=100, coinche=1, points=110, belote=["N"]) == (330, 52, True)
    # Failed surcoinché: 160 + 100 × 4 to the defence, the takers' belote imprenable.
    assert marks(rule, bid=100, coinche=2, points=70, belote=["N"]) == (20, 560, False)
    # Not coinched, the same as the FFB.
    assert marks(rule, bid=100, points=110) == marks(rules(rounding="none"), bid=100, points=110)


def test_multiplier_scope_takes_all_gives_every_card_point_to_the_winner():
    rule = rules(multiplier_scope="bid_only_takes_all", failure_base=162, rounding="none")
    assert marks(rule, bid=100, coinche=1, points=110, belote=["E"]) == (362, 20, True)
    assert marks(rule, bid=100, coinche=2, capot="taker") == (252 + 400, 0, True)
    assert marks(rule, bid=100, points=110) == (210, 52, True)


def test_multiplier_scope_each_mark_multiplies_both_sides_and_adds_the_belote_after():
    rule = rules(multiplier_scope="each_mark_but_belote", rounding="none")
    # Made coinché: (110 + 100) × 2 + 20; the defence's 52 × 2 + its belote.
    assert marks(rule, bid=100, coinche=1, points=110, belote=["N"]) == (440, 104, True)
    assert marks(rule, bid=100, coinche=1, points=110, belote=["E"]) == (420, 124, True)
    # Failed surcoinché: (160 + 100) × 4, the takers keep their belote (imprenable).
    assert marks(rule, bid=100, coinche=2, points=70, belote=["N"]) == (20, 1040, False)
    # A transferred belote is a belote: added after, not multiplied.
    prenable = rules(multiplier_scope="each_mark_but_belote", rounding="none", **PRENABLE)
    assert marks(prenable, bid=100, coinche=1, points=70, belote=["N"]) == (0, 540, False)
    # Not coinched, the same as the FFB.
    assert marks(rule, bid=100, points=110) == marks(rules(rounding="none"), bid=100, points=110)


def test_capot_points_250_stand_for_the_points_made_with_every_trick():
    rule = rules(capot_points=250, rounding="none")
    assert marks(rule, bid=100, capot="taker") == (350, 0, True)
    assert marks(rules(rounding="none"), bid=100, capot="taker") == (352, 0, True)
    # A capot bid is still a 250 contract; a coinched one still has the base of 250.
    assert marks(rule, bid="capot", capot="taker") == (500, 0, True)
    assert marks(rule, bid=100, coinche=1, capot="taker") == (700, 0, True)
    takes_all = rules(
        capot_points=250, multiplier_scope="bid_only_takes_all", failure_base=162, rounding="none"
    )
    assert marks(takes_all, bid=100, coinche=1, capot="taker") == (250 + 200, 0, True)


def test_belote_transferred_goes_to_the_side_that_scores():
    rule = rules(**PRENABLE, rounding="none")
    # Failed: the takers' belote goes to the defence.
    assert marks(rule, bid=130, points=100, belote=["N"]) == (0, 310, False)
    # Made coinché: the defence's belote goes to the takers, multiplied with the rest.
    assert marks(rule, bid=100, coinche=1, points=110, belote=["E"]) == (560, 0, True)
    # Not transferred: lost.
    assert marks(rules(belote_imprenable=False), bid=130, points=100, belote=["N"]) == (
        0,
        290,
        False,
    )


def test_belote_and_annonces_can_be_left_out_of_the_bid():
    assert marks(rules(belote_counts_for_bid=False), bid=90, points=75, belote=["N"])[2] is False
    assert marks(rules(belote_counts_for_bid=False), bid=90, points=90, belote=["N"]) == (
        200,
        70,
        True,
    )
    annonce = [tierce("N", "K", "S")]
    assert marks(rules(annonces_count_for_bid=False), bid=100, points=83, annonces=annonce) == (
        0,
        280,
        False,
    )


def test_capot_bid_270_is_a_270_contract():
    rule = rules(capot_bid="bid_270", rounding="none")
    assert marks(rule, bid="capot", capot="taker") == (522, 0, True)
    assert marks(rule, bid="capot", points=150) == (0, 430, False)
    assert marks(
        rules(capot_bid="bid_270", multiplier_scope="bid_only"),
        bid="capot",
        coinche=1,
        capot="taker",
    ) == (790, 0, True)


# --- the play rule --------------------------------------------------------------------------

EAST = Hand([Card.parse("8H"), Card.parse("AH"), Card.parse("7C")])
TRICK = [Card.parse("7S"), Card.parse("QH"), Card.parse("KS")]


def test_always_overtake_forbids_a_lower_trump_on_the_partners_trump():
    assert set(legal_cards(EAST, TRICK, Strain.HEARTS)) == set(EAST)
    assert legal_cards(EAST, TRICK, Strain.HEARTS, always_overtake_partner=True) == (
        Card.parse("AH"),
        Card.parse("7C"),
    )


def test_always_overtake_changes_nothing_when_no_higher_trump_or_a_plain_card_wins():
    low = Hand([Card.parse("8H"), Card.parse("7C")])
    assert set(legal_cards(low, TRICK, Strain.HEARTS, always_overtake_partner=True)) == set(low)
    plain = [Card.parse("7S"), Card.parse("AS"), Card.parse("KS")]
    assert set(legal_cards(EAST, plain, Strain.HEARTS, always_overtake_partner=True)) == set(EAST)


def test_replay_refuses_the_lower_trump_on_the_partners_trump_under_always_overtake():
    hands = {
        Seat.NORTH: "7S 8S 9S 10S JS QS AS 7C",
        Seat.WEST: "QH 7D 8D 9D 10D JD QD KD",
        Seat.SOUTH: "KS 8C 9C 10C JC QC KC AC",
        Seat.EAST: "8H AH 7H 9H JH 10H KH AD",
    }
    hands = {seat: Hand([Card.parse(c) for c in text.split()]) for seat, text in hands.items()}
    # N leads 7♠, W (void) trumps Q♥, S follows K♠, E (void) plays the 8♥ under his partner.
    first = [Card.parse(c) for c in ("7S", "QH", "KS", "8H")]
    padding = [Card.parse("7D")] * 28  # never reached: the fourth card is refused
    with pytest.raises(IllegalCard) as raised:
        replay_deal(hands, Seat.NORTH, Strain.HEARTS, first + padding, always_overtake_partner=True)
    assert raised.value.code == "overtrump" and raised.value.position == 3
    assert Card.parse("8H") not in raised.value.legal
    assert Card.parse("AD") in raised.value.legal
    # Under the FFB rule the 8♥ is legal there.
    assert Card.parse("8H") in legal_cards(hands[Seat.EAST], first[:3], Strain.HEARTS)


def test_a_failure_under_the_bid_scope_without_base_or_with_a_flat_capot():
    rule = rules(multiplier_scope="bid_only", failure_score="bid_only", rounding="none")
    assert marks(rule, bid=100, coinche=1, points=70) == (0, 200, False)
    flat = rules(multiplier_scope="bid_only", capot_bid="flat_500")
    assert marks(flat, bid="capot", coinche=1, points=150) == (0, 1000, False)
    assert marks(flat, bid="capot", coinche=1, capot="taker") == (1000, 0, True)


# --- one source: each field of RuleSettings says what it is ------------------------------


def test_every_setting_says_its_type_label_and_values_once():
    for setting in SETTINGS:
        assert setting.label and setting.default == getattr(FFB, setting.name)
        assert isinstance(setting.default, setting.kind)
        if setting.is_enum:
            # Every value of an enum setting has its words (not the fallback, its JSON value).
            assert all(VALUE_LABELS.get(value) for value in setting.values())
        elif setting.kind is int and not setting.choices:
            assert setting.minimum is not None and setting.maximum is not None
        for value in setting.values():
            setting.check(value)  # every value offered is a value the engine takes


@pytest.mark.parametrize(
    ("name", "bad", "message"),
    [
        ("failure_base", 161, "failure_base must be 160 or 162, not 161"),
        ("lowest_bid", 85, "lowest_bid must be 80 or 82, not 85"),
        ("generale_bonus", 25, "generale_bonus must be a multiple of 10 from 0 to 1000, not 25"),
        ("generale_bonus", 1010, "generale_bonus must be a multiple of 10 from 0 to 1000"),
        ("annonces", 1, "annonces must be true or false, not 1"),
        ("rounding", "sometimes", "rounding must be one of half_up, half_down, none"),
    ],
)
def test_a_value_outside_the_setting_is_refused_by_name(name, bad, message):
    with pytest.raises(ValueError, match=message):
        RuleSettings.from_dict({name: bad})
