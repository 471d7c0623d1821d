"""The last axes of variants.md: the bid scale (82 floor, steps of 5), the Fédération Française
de Coinche's doubled sans atout, and the 350 capot (docs/rules.md)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.card_values import DEAL_POINTS
from scoring.engine.cards import Hand, Seat
from scoring.engine.deal_score import score_deal
from scoring.engine.result_record import (
    ResultValidationError,
    bids,
    max_bid,
    parse_result,
)
from scoring.engine.rules import (
    PRESETS,
    CapotBid,
    MadeScore,
    MultiplierScope,
    Rounding,
    RuleSettings,
    WinCondition,
    explanation_params,
)
from tests.support.deal_scores import deal, marks
from tests.support.depth import examples
from tests.support.record_strategies import records

FFB = PRESETS["ffb-coinche"]
SA_TA = PRESETS["ffb-coinche-sa-ta"]


def rules(base=FFB, **settings):
    return RuleSettings.from_dict({**base.to_dict(), **settings})


def bid_errors(bid, rule):
    with pytest.raises(ResultValidationError) as error:
        parse_result(deal(bid=bid, points=100), rule)
    return [(e.field, e.code, e.params) for e in error.value.errors]


# --- the scale ----------------------------------------------------------------------------


def test_the_defaults_keep_every_preset_but_belote_l_on_the_ffb_scale():
    for name, preset in PRESETS.items():
        if name == "belote-l":
            # « L'enchère minimale étant 82 points puis 90, 100 etc. »
            assert bids(preset)[:3] == [82, 90, 100]
            continue
        assert (preset.lowest_bid, preset.bid_step, preset.no_trump_doubles) == (80, 10, False)
        assert bids(preset)[:3] == [80, 90, 100], name


def test_an_old_stored_dict_without_the_scale_means_the_ffb_scale():
    stored = SA_TA.to_dict()
    for key in ("lowest_bid", "bid_step", "no_trump_doubles"):
        del stored[key]
    assert RuleSettings.from_dict(stored) == SA_TA
    assert RuleSettings.from_dict(stored).preset_name() == "ffb-coinche-sa-ta"


@pytest.mark.parametrize(
    ("settings", "first"),
    [
        ({}, [80, 90, 100, 110]),
        ({"lowest_bid": 82}, [82, 90, 100, 110]),
        ({"bid_step": 5}, [80, 85, 90, 95]),
        ({"lowest_bid": 82, "bid_step": 5}, [82, 85, 90, 95]),
    ],
)
def test_the_scale_is_the_lowest_bid_then_the_multiples_of_the_step(settings, first):
    rule = rules(annonces=False, **settings)
    scale = bids(rule)
    assert scale[:4] == first
    assert rule.first_bids(4) == first
    assert scale[-1] == max_bid(rule) == 180
    assert all(b - a == rule.bid_step for a, b in zip(scale[1:], scale[2:], strict=False))
    assert all(rule.is_on_bid_scale(bid) for bid in scale)


def test_a_step_of_5_reaches_the_highest_multiple_of_5():
    # 162 + 20 + 550 = 732: 730 either way.
    assert max_bid(rules(bid_step=5)) == 730
    assert bids(rules(bid_step=5))[-2:] == [725, 730]


def test_82_refuses_an_80_and_an_85_and_accepts_82_and_90():
    rule = rules(lowest_bid=82)
    assert bid_errors(80, rule) == [("contract.bid", "bid_too_low", {"value": 80, "min": 82})]
    assert bid_errors(85, rule) == [
        ("contract.bid", "bid_not_on_scale", {"value": 85, "lowest": 82, "step": 10})
    ]
    assert bid_errors(92, rule)[0][1] == "bid_not_on_scale"
    for bid in (82, 90, 100):
        assert parse_result(deal(bid=bid, points=100), rule).contract.bid == bid


def test_steps_of_5_accept_95_and_refuse_97():
    rule = rules(bid_step=5)
    assert parse_result(deal(bid=95, points=100), rule).contract.bid == 95
    assert bid_errors(97, rule) == [
        ("contract.bid", "bid_not_on_scale", {"value": 97, "lowest": 80, "step": 5})
    ]
    # The FFB scale keeps its own code.
    assert bid_errors(95, FFB)[0][1] == "bid_not_multiple_of_10"


def test_the_bid_error_is_the_same_whether_the_hands_are_known_or_not():
    # The bid is checked against the rules only: nothing about the cards can show through.
    hands = {Seat.NORTH: Hand.from_pbn("AKQJT987...")}
    rule = rules(lowest_bid=82)
    with pytest.raises(ResultValidationError) as with_hands:
        parse_result(deal(bid=85, points=100), rule, hands)
    assert [(e.field, e.code, e.params) for e in with_hands.value.errors] == bid_errors(85, rule)


def test_an_82_is_scored_as_an_82_contract():
    rule = rules(lowest_bid=82)
    assert marks(rule, bid=82, points=85) == (170, 80, True)
    assert marks(rule, bid=82, points=81) == (0, 240, False)
    assert marks(rules(lowest_bid=82, rounding="none"), bid=82, points=81) == (0, 242, False)


def test_a_95_is_scored_as_a_95_contract():
    rule = rules(bid_step=5, rounding="none")
    assert marks(rule, bid=95, taker="E", points=97) == (65, 192, True)
    assert marks(rule, bid=95, taker="E", points=92, coinche=1) == (510, 0, False)


def test_the_scale_explanations_name_the_first_bids():
    explained = {info.name: info for info in rules(lowest_bid=82, bid_step=5).explain()}
    params = explanation_params(rules(lowest_bid=82, bid_step=5))
    assert explained["bid_step"].explanation % params == "Bids go up by 5: 82, 85, 90 and so on."
    assert explained["lowest_bid"].value == "82"
    assert "82" in explained["lowest_bid"].explanation


# --- sans atout counts double ---------------------------------------------------------------


def test_no_trump_doubles_needs_sans_atout():
    with pytest.raises(ValueError, match="no_trump_doubles needs no_trump"):
        rules(no_trump_doubles=True)
    assert rules(SA_TA, no_trump_doubles=True).combination_problem() is None


def test_a_sans_atout_contract_counts_double_made_or_failed():
    rule = rules(SA_TA, no_trump_doubles=True)
    assert marks(rule, bid=100, strain="SA", points=110) == (310, 50, True)
    assert marks(rule, bid=100, strain="SA", points=90) == (0, 360, False)
    # The takers need their bid, not twice it; the coinche multiplies the doubled contract.
    assert marks(rule, bid=100, strain="SA", points=100) == (300, 60, True)
    assert marks(rule, bid=100, strain="SA", points=110, coinche=1) == (2 * (160 + 200), 0, True)


def test_other_strains_are_not_doubled():
    rule = rules(SA_TA, no_trump_doubles=True)
    for strain in ("H", "TA"):
        assert marks(rule, bid=100, strain=strain, points=110) == marks(
            SA_TA, bid=100, strain=strain, points=110
        )


def test_a_sans_atout_capot_doubles_its_value():
    rule = rules(SA_TA, no_trump_doubles=True, rounding="none")
    assert marks(rule, bid="capot", strain="SA", capot="taker") == (252 + 500, 0, True)
    flat = rules(SA_TA, no_trump_doubles=True, capot_bid="flat_500")
    assert marks(flat, bid="capot", strain="SA", points=150) == (0, 1000, False)


# --- capot 350 --------------------------------------------------------------------------------


def test_capot_350_is_a_350_contract():
    rule = rules(capot_bid="contract_350", rounding="none")
    assert marks(rule, bid="capot", strain="C", taker="E", capot="taker") == (0, 602, True)
    assert marks(rule, bid="capot", strain="C", taker="E", points=150) == (510, 0, False)
    assert marks(rule, bid="capot", capot="taker", coinche=1) == ((250 + 350) * 2, 0, True)
    explained = {info.name: info for info in rule.explain()}["capot_bid"]
    assert explained.value == "a 350 contract"


# --- properties -------------------------------------------------------------------------------

scales = st.builds(
    RuleSettings,
    win_condition=st.sampled_from(WinCondition),
    made_score=st.sampled_from([MadeScore.POINTS_AND_BID, MadeScore.BID_ONLY]),
    failure_base=st.sampled_from([160, 162]),
    surcoinche_multiplier=st.sampled_from([4, 3]),
    rounding=st.sampled_from(Rounding),
    capot_bid=st.sampled_from(CapotBid),
    annonces=st.booleans(),
    no_trump=st.just(True),
    all_trump=st.just(True),
    multiplier_scope=st.sampled_from(MultiplierScope),
    lowest_bid=st.sampled_from([80, 82]),
    bid_step=st.sampled_from([10, 5]),
    no_trump_doubles=st.booleans(),
    capot_points=st.sampled_from([252, 250]),
)


@st.composite
def scaled(draw):
    """Rules with any scale, and a record whose bid is drawn from that scale."""
    rule = draw(scales)
    data = draw(records())
    if not data["passed"]:
        bid = draw(st.sampled_from([*bids(rule)[:20], "capot"]))
        data = {**data, "contract": {**data["contract"], "bid": bid}}
        if not rule.annonces:
            data = {**data, "annonces": []}
    return rule, data


@settings(max_examples=examples(250), deadline=None)
@given(scaled())
def test_made_is_decided_on_the_exact_totals_against_the_bid_itself(case):
    rule, data = case
    result = score_deal(parse_result(data, rule), rule)
    if data["passed"]:
        assert (result.ns, result.ew, result.made) == (0, 0, None)
        return
    taking = result.detail.taking_side
    total, other = result.detail.totals.of(taking), result.detail.totals.of(taking.other)
    bid = data["contract"]["bid"]
    reached = data["capot"] == "taker" if bid == "capot" else total >= bid
    if rule.win_condition is WinCondition.BID_AND_MORE_THAN_DEFENCE:
        reached = reached and total > other
    if rule.win_condition is WinCondition.BID_AND_82 and bid != "capot":
        reached = reached and total >= 82
    # Rounding never makes a failed contract succeed, nor doubling the sans atout.
    assert result.made == reached
    for mark, exact in (
        (result.ns, result.detail.unrounded.ns),
        (result.ew, result.detail.unrounded.ew),
    ):
        assert abs(mark - exact) <= 5
        assert mark % 10 == 0 or rule.rounding is Rounding.NONE


@settings(max_examples=examples(250), deadline=None)
@given(scaled())
def test_doubling_the_sans_atout_adds_the_bid_once_more_and_nothing_else(case):
    rule, data = case
    if data["passed"] or data["contract"]["strain"] != "SA":
        return
    plain = rules(rule, no_trump_doubles=False, rounding="none")
    doubled = rules(rule, no_trump_doubles=True, rounding="none")
    a = score_deal(parse_result(data, plain), plain)
    b = score_deal(parse_result(data, doubled), doubled)
    assert a.made == b.made
    taking = a.detail.taking_side
    winner = taking if a.made else taking.other
    assert b.detail.unrounded.of(winner.other) == a.detail.unrounded.of(winner.other)
    extra = b.detail.unrounded.of(winner) - a.detail.unrounded.of(winner)
    assert extra > 0
    assert extra % a.detail.multiplier == 0


@settings(max_examples=examples(200), deadline=None)
@given(scaled())
def test_the_total_marked_per_deal_under_the_ffb_scoring_with_any_scale(case):
    rule, data = case
    if data["passed"] or data["contract"]["coinche"]:
        return
    rule = rules(
        rule,
        made_score="points_and_bid",
        multiplier_scope="whole_score",
        failure_score="base_and_bid",
        failure_capot_base=False,
        rounding="none",
        win_condition="bid_and_more_than_defence",
        belote_imprenable=True,
        belote_transferred=False,
        generale_bonus=0,
    )
    result = score_deal(parse_result(data, rule), rule)
    detail = result.detail
    bid = data["contract"]["bid"]
    value = {"contract_250": 250, "flat_500": 250, "bid_270": 270, "contract_350": 350}
    bid_value = value[rule.capot_bid.value] if bid == "capot" else bid
    if rule.no_trump_doubles and data["contract"]["strain"] == "SA":
        bid_value *= 2
    winner = detail.annonces_winner
    annonces = detail.annonces.of(winner) if winner is not None else 0
    belotes = detail.belote.ns + detail.belote.ew
    if bid == "capot" and rule.capot_bid is CapotBid.FLAT_500:
        return
    if result.made:
        cards = rule.capot_points if data["capot"] else DEAL_POINTS
        assert result.ns + result.ew == cards + bid_value + annonces + belotes
    else:
        assert result.ns + result.ew == rule.failure_base + bid_value + annonces + belotes
