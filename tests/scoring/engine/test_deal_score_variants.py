"""Every rule setting that departs from the FFB text (domain.md §2 « Variants »)."""

import pytest

from scoring.engine.deal_score import score_deal
from scoring.engine.result_record import parse_result
from scoring.engine.rules import PRESETS, RuleSettings
from tests.support.deal_scores import SA_TA, deal, marks, tierce

FFB = PRESETS["ffb-coinche"]


def rules(**settings):
    return RuleSettings.from_dict({**SA_TA.to_dict(), **settings})


def test_win_condition_bid_only_makes_81_81_on_80():
    assert marks(rules(win_condition="bid_only"), bid=80, points=81) == (160, 80, True)
    assert marks(rules(win_condition="bid_only"), bid=90, points=81)[2] is False


def test_made_score_points_only_leaves_out_the_bid():
    assert marks(rules(made_score="points_only"), bid=110, points=113) == (110, 50, True)
    # Coinched: the 160 base doubled, without the bid.
    assert marks(rules(made_score="points_only"), bid=110, coinche=1, points=113) == (
        320,
        0,
        True,
    )


def test_made_score_bid_only_scores_the_bid_and_the_belote():
    assert marks(rules(made_score="bid_only"), bid=110, points=113, belote=["N"]) == (
        130,
        50,
        True,
    )
    assert marks(rules(made_score="bid_only"), bid=110, coinche=1, points=113) == (220, 0, True)


def test_made_score_variants_leave_failures_alone():
    for made_score in ("points_only", "bid_only"):
        assert marks(rules(made_score=made_score), bid=110, points=100) == (0, 270, False)


def test_failure_base_162():
    assert marks(rules(failure_base=162), bid=90, points=89) == (0, 250, False)
    # A made coinched contract uses the same base: (162 + 100) x 2 = 524 → 520.
    assert marks(rules(failure_base=162), bid=100, coinche=1, points=110) == (520, 0, True)


def test_surcoinche_multiplier_3():
    assert marks(rules(surcoinche_multiplier=3), bid=100, coinche=2, points=110) == (
        (160 + 100) * 3,
        0,
        True,
    )


def test_belote_not_imprenable_is_lost_by_a_failed_taker():
    assert marks(rules(belote_imprenable=False), bid=130, points=100, belote=["N"]) == (
        0,
        290,
        False,
    )


def test_belote_not_imprenable_is_lost_by_the_defence_of_a_made_coinched_contract():
    assert marks(rules(belote_imprenable=False), bid=100, coinche=1, points=110, belote=["E"]) == (
        520,
        0,
        True,
    )


@pytest.mark.parametrize(
    ("rounding", "expected"),
    [("half_up", (180, 90)), ("half_down", (180, 80)), ("none", (177, 85))],
)
def test_rounding_variants(rounding, expected):
    # N-S 77 + belote 20 = 97 on 80: 177 for N-S, 85 for E-W before rounding.
    assert marks(rules(rounding=rounding), bid=80, points=77, belote=["N"])[:2] == expected


def test_capot_bid_flat_500():
    flat = rules(capot_bid="flat_500")
    assert marks(flat, bid="capot", capot="taker", belote=["N"]) == (520, 0, True)
    assert marks(flat, bid="capot", points=150) == (0, 500, False)
    assert marks(flat, bid="capot", coinche=1, capot="taker") == (1000, 0, True)
    # A capot made on a numeric bid is not a capot bid: the usual scoring.
    assert marks(flat, bid=120, capot="taker") == (370, 0, True)


def test_generale_bonus_goes_to_the_side_whose_one_player_won_every_trick():
    bonus = rules(generale_bonus=100)
    assert marks(bonus, bid=120, capot="taker", generale=True) == (470, 0, True)
    assert marks(bonus, bid=120, capot="taker") == (370, 0, True)
    assert marks(bonus, bid=120, coinche=1, capot="taker", generale=True) == (940, 0, True)
    assert marks(bonus, bid=120, capot="defence", generale=True) == (0, 380, False)


def test_the_ffb_has_no_generale_bonus():
    assert marks(FFB, bid=120, capot="taker", generale=True) == (370, 0, True)


def test_without_annonces_a_declared_annonce_does_not_count():
    record = parse_result(deal(bid=100, points=83, annonces=[tierce("N", "K", "S")]), FFB)
    assert score_deal(record, FFB).made is True
    result = score_deal(record, PRESETS["contree"])
    assert (result.ns, result.ew, result.made) == (0, 260, False)
    assert result.detail.annonces_winner is None


def test_contree_scores_like_coinche_otherwise():
    contree = PRESETS["contree"]
    assert marks(contree, bid=110, points=113) == (220, 50, True)
