"""The Belote'L preset (jeubelote.com) on worked deals and random ones (docs/rules.md, `belote-l`).

« Partie réussie : les preneurs marquent : points faits + contrat annoncé + belote éventuelle /
les adversaires marquent : points faits + belote éventuelle. Partie perdue : les preneurs
marquent : belote éventuelle / les adversaires marquent : 160 + contrat annoncé + belote
éventuelle. En cas de capot non annoncé, les points faits sont de 250. En cas de capot annoncé,
contrat et points faits sont de 250 chacun. Doublés si contré, Quadruplés si surcontré. »
"""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.engine.card_values import DEAL_POINTS
from scoring.engine.deal_score import score_deal
from scoring.engine.result_record import Capot, ResultValidationError, bids, parse_result
from scoring.engine.rules import PRESETS
from tests.support.deal_scores import deal, marks, score
from tests.support.depth import examples
from tests.support.record_strategies import parse as parse_any
from tests.support.record_strategies import records

BELOTE_L = PRESETS["belote-l"]


def belote_l(**fields):
    return marks(BELOTE_L, **fields)


def parse(data, rules):
    """The record under ``rules``; tout atout deals, which Belote'L does not play, skipped."""
    assume(data["contract"]["strain"] != "TA")
    return parse_any(data, rules)


def with_coinche(data, level):
    return {**data, "contract": {**data["contract"], "coinche": level}}


# --- the bids ---------------------------------------------------------------------------------


def test_the_bids_are_82_then_90_100_up_to_160_and_capot():
    # « L'enchère minimale étant 82 points puis 90, 100 etc. jusqu'à 162 ou 250 (capot) »: the
    # belote does not count toward the bid, so no bid above the 162 points of a deal.
    assert bids(BELOTE_L) == [82, 90, 100, 110, 120, 130, 140, 150, 160]


@pytest.mark.parametrize(("bid", "code"), [(80, "bid_too_low"), (85, "bid_not_on_scale")])
def test_a_bid_off_the_scale_is_refused(bid, code):
    with pytest.raises(ResultValidationError) as error:
        parse_result(deal(bid=bid, points=100), BELOTE_L)
    assert [e.code for e in error.value.errors] == [code]


def test_a_170_bid_is_refused_as_unreachable():
    with pytest.raises(ResultValidationError) as error:
        parse_result(deal(bid=170, points=100), BELOTE_L)
    assert [e.code for e in error.value.errors] == ["bid_unreachable"]


def test_sans_atout_is_bid_and_tout_atout_is_not():
    # « … suivie de la couleur ou sans atout. »
    assert belote_l(bid=100, strain="SA", points=110) == (210, 52, True)
    with pytest.raises(ResultValidationError):
        parse_result(deal(bid=100, strain="TA", points=110), BELOTE_L)


def test_there_are_no_annonces():
    with pytest.raises(ResultValidationError):
        parse_result(
            deal(bid=90, points=97, annonces=[{"seat": "N", "kind": "carre", "high": "J"}]),
            BELOTE_L,
        )


# --- made and failed --------------------------------------------------------------------------


def test_made_the_takers_score_points_made_contract_and_belote_the_defence_its_points():
    # 97 + 90 + 20 = 207 to the takers, 65 to the defence: no rounding.
    assert belote_l(bid=90, points=97, belote=["N"]) == (207, 65, True)


def test_made_with_the_belote_in_defence_the_defence_scores_its_points_and_belote():
    assert belote_l(bid=90, points=97, belote=["E"]) == (187, 85, True)


def test_made_as_soon_as_the_points_made_reach_the_bid_even_when_the_defence_has_more():
    # « Si le contrat demandé est fait, même juste, l'équipe qui a pris est gagnante »: 82 made
    # against 80 + the defence's belote (100).
    assert belote_l(bid=82, points=82, belote=["E"]) == (164, 100, True)


def test_the_belote_does_not_count_toward_the_bid():
    # 80 + the belote would be 100: the points made are 80, short of 82.
    assert belote_l(bid=82, points=80, belote=["N"]) == (20, 242, False)


def test_failed_the_takers_keep_their_belote_the_defence_scores_160_and_the_contract():
    assert belote_l(bid=120, points=110, belote=["S"]) == (20, 280, False)


def test_failed_with_the_belote_in_defence_the_defence_adds_it():
    assert belote_l(bid=120, points=110, belote=["W"]) == (0, 300, False)


def test_81_81_is_a_failed_contract():
    # « avec 81 pts, l'adversaire en aura autant et le contrat sera perdu »; « s'il y a 81
    # points partout, la partie est nulle »: read as the takers' partie counting for nothing.
    assert belote_l(bid=82, points=81) == (0, 242, False)
    assert belote_l(bid=82, points=81, belote=["N"]) == (20, 242, False)
    assert belote_l(bid=82, points=81, belote=["E"]) == (0, 262, False)


# --- capot ------------------------------------------------------------------------------------


def test_a_capot_not_bid_counts_250_points_made():
    # « En cas de capot non annoncé, les points faits sont de 250 »: 250 + 100.
    assert belote_l(bid=100, capot="taker") == (350, 0, True)
    assert score(BELOTE_L, bid=100, capot="taker").detail.card_points.ns == 250


def test_a_capot_not_bid_by_the_defence_is_a_failure_like_any_other():
    assert belote_l(bid=100, capot="defence", belote=["N"]) == (20, 260, False)


def test_a_capot_bid_and_made_scores_250_contract_and_250_points():
    assert belote_l(bid="capot", capot="taker") == (500, 0, True)
    assert belote_l(bid="capot", capot="taker", belote=["S"]) == (520, 0, True)


def test_a_capot_bid_and_failed_gives_the_defence_160_and_the_250_contract():
    assert belote_l(bid="capot", points=140, belote=["E"]) == (0, 430, False)


# --- coinche and surcoinche -------------------------------------------------------------------


def test_coinche_doubles_each_sides_marks_the_belote_added_after():
    # (97 + 90) × 2 + 20 to the takers; 65 × 2 to the defence.
    assert belote_l(bid=90, coinche=1, points=97, belote=["N"]) == (394, 130, True)


def test_surcoinche_quadruples_each_sides_marks():
    assert belote_l(bid=90, coinche=2, points=97, belote=["E"]) == (748, 280, True)


def test_a_failed_coinched_contract_gives_the_defence_twice_160_and_the_contract():
    assert belote_l(bid=110, coinche=1, points=100, belote=["N"]) == (20, 540, False)
    assert belote_l(bid=110, coinche=2, points=100) == (0, 1080, False)


def test_a_coinched_capot_bid_doubles_contract_and_points():
    assert belote_l(bid="capot", coinche=1, capot="taker") == (1000, 0, True)
    assert belote_l(bid="capot", coinche=2, capot="taker", belote=["N"]) == (2020, 0, True)


# --- every deal -------------------------------------------------------------------------------


@settings(max_examples=examples(200), deadline=None)
@given(data=records(annonces=False))
def test_made_means_the_points_made_reach_the_bid_and_the_marks_follow_the_text(data):
    if data["passed"]:
        return
    record = parse(data, BELOTE_L)
    result = score_deal(record, BELOTE_L)
    contract = record.contract
    taking = contract.taker.side
    capot = record.capot
    cards = 250 if capot is Capot.TAKER else 0 if capot is Capot.DEFENCE else record.taker_points
    bid = contract.bid
    made = capot is Capot.TAKER if bid == "capot" else cards >= bid
    assert result.made is made
    m = (1, 2, 4)[contract.coinche]
    value = 250 if bid == "capot" else bid
    belote = record.belote_points
    if made:
        other_cards = 0 if capot is Capot.TAKER else DEAL_POINTS - cards
        assert result.of(taking) == (cards + value) * m + belote.of(taking)
        assert result.of(taking.other) == other_cards * m + belote.of(taking.other)
    else:
        assert result.of(taking) == belote.of(taking)
        assert result.of(taking.other) == (160 + value) * m + belote.of(taking.other)


@settings(max_examples=examples(100), deadline=None)
@given(data=records(annonces=False), level=st.sampled_from([1, 2]))
def test_a_coinche_multiplies_every_mark_but_the_belote(data, level):
    if data["passed"]:
        return
    plain = score_deal(parse(with_coinche(data, 0), BELOTE_L), BELOTE_L)
    coinched = score_deal(parse(with_coinche(data, level), BELOTE_L), BELOTE_L)
    assert coinched.made is plain.made
    belote = plain.detail.belote
    m = BELOTE_L.multiplier(level)
    for side in (plain.detail.taking_side, plain.detail.taking_side.other):
        assert coinched.of(side) - belote.of(side) == (plain.of(side) - belote.of(side)) * m
