"""Every worked example of domain.md §6 (FFB coinche default)."""

from tests.support.deal_scores import marks, score, tierce


def test_bid_110_takers_103_plus_dix_de_der_113_scores_223_rounded_to_220():
    assert marks(bid=110, points=113) == (220, 50, True)
    assert score(bid=110, points=113).detail.unrounded.ns == 223


def test_bid_100_takers_83_plus_a_tierce_103_is_made_annonces_count_towards_the_contract():
    result = score(bid=100, points=83, annonces=[tierce("N", "K", "S")])
    assert result.made is True
    assert result.detail.totals.ns == 103
    assert (result.ns, result.ew) == (200, 80)


def test_bid_90_takers_89_is_failed_rounding_never_makes_a_contract():
    assert marks(bid=90, points=89) == (0, 250, False)


def test_bid_90_failed_with_the_belote_in_defence_gives_160_90_20_270():
    assert marks(bid=90, points=89, belote=["E"]) == (0, 270, False)


def test_bid_80_with_142_in_cards_dix_de_der_and_belote_172_scores_252_rounded_to_250():
    result = score(bid=80, points=152, belote=["S"])
    assert result.detail.totals.ns == 172
    assert (result.ns, result.ew, result.made) == (250, 10, True)


def test_capot_bid_made_scores_252_plus_250_rounded_to_500():
    result = score(bid="capot", capot="taker")
    assert result.detail.unrounded.ns == 502
    assert (result.ns, result.ew, result.made) == (500, 0, True)


def test_capot_bid_failed_gives_the_defence_160_plus_250():
    assert marks(bid="capot", points=150) == (0, 410, False)
