"""FFB §10 « Calcul du score », with §7 (belote), §8 (annonces) and §9 (dix de der, capot).

One test per rule of the FFB text, named after it. N-S take unless said.
"""

from scoring.engine.cards import PerSide, Side
from scoring.engine.deal_score import score_result
from tests.support.deal_scores import SA_TA, carre, cinquante, marks, score, tierce


def test_each_side_totals_its_tricks_dix_de_der_belote_and_annonces():
    result = score(bid=80, points=100, belote=["S"], annonces=[tierce("N", "K", "S")])
    detail = result.detail
    assert detail.card_points == PerSide(ns=100, ew=62)
    assert detail.belote == PerSide(ns=20, ew=0)
    assert detail.annonces == PerSide(ns=20, ew=0)
    assert detail.annonces_winner is Side.NS
    assert detail.totals == PerSide(ns=140, ew=62)
    assert detail.taking_side is Side.NS
    assert detail.multiplier == 1
    assert (result.ns, result.ew) == (220, 60)


# Contrat réussi: two conditions -----------------------------------------------------------


def test_made_needs_a_total_at_least_the_bid():
    assert marks(bid=100, points=100)[2] is True
    assert marks(bid=100, points=99) == (0, 260, False)


def test_made_needs_a_total_above_the_defence_81_81_on_80_is_a_failure():
    assert marks(bid=80, points=81) == (0, 240, False)


def test_a_tie_with_the_defence_above_the_bid_is_a_failure():
    # 71 + belote 20 = 91 against 162 - 71 = 91 on a bid of 90.
    result = score(bid=90, points=71, belote=["N"])
    assert result.detail.totals == PerSide(ns=91, ew=91)
    assert (result.ns, result.ew, result.made) == (20, 250, False)


def test_the_belote_counts_towards_the_contract():
    result = score(bid=100, points=82, belote=["N"])
    assert result.made is True
    assert (result.ns, result.ew) == (200, 80)


def test_a_capot_bid_is_made_only_by_winning_all_eight_tricks():
    # 162 points without the last trick's capot is not a capot.
    assert marks(bid="capot", points=162) == (0, 410, False)
    assert marks(bid="capot", capot="defence") == (0, 410, False)
    assert marks(bid="capot", capot="taker")[2] is True


def test_all_eight_tricks_still_need_more_than_the_defence():
    # E declared the carrés of jacks and nines (350): N-S's 252 do not beat them.
    annonces = [carre("E", "J"), carre("E", "9")]
    assert marks(bid="capot", capot="taker", annonces=annonces) == (0, 160 + 350 + 250, False)
    assert marks(bid=80, capot="taker", annonces=annonces) == (0, 160 + 350 + 80, False)


# Contrat réussi: what each side scores -----------------------------------------------------


def test_made_the_takers_score_their_total_plus_the_bid_the_defence_its_total():
    # W takes 90♥ and makes 97: 187 → 190 for E-W, 65 → 70 for N-S.
    assert marks(bid=90, taker="W", points=97) == (70, 190, True)


def test_a_capot_bid_counts_250_as_the_contract():
    result = score(bid="capot", capot="taker", belote=["N"])
    assert result.detail.unrounded == PerSide(ns=252 + 20 + 250, ew=0)


def test_a_capot_by_the_takers_makes_the_defences_annonces_change_hands():
    # Bid 100, capot not bid: E's carré of queens goes to N-S.
    result = score(bid=100, capot="taker", annonces=[carre("E", "Q")])
    assert result.detail.annonces_winner is Side.EW
    assert result.detail.unrounded == PerSide(ns=252 + 100 + 100, ew=0)
    assert (result.ns, result.ew) == (450, 0)


def test_a_capot_bid_and_made_also_takes_the_defences_annonces():
    assert marks(bid="capot", capot="taker", annonces=[carre("E", "Q")]) == (600, 0, True)


def test_without_a_capot_the_defence_keeps_the_annonces_it_won():
    result = score(bid=100, points=130, annonces=[cinquante("E", "A", "D")])
    # N-S 130 against 32 + 50: made, E-W score their 82.
    assert (result.ns, result.ew, result.made) == (230, 80, True)


# Coinche and surcoinche --------------------------------------------------------------------


def test_made_and_coinched_the_takers_score_160_their_annonces_belote_and_the_bid_doubled():
    result = score(bid=100, coinche=1, points=110, belote=["N"], annonces=[tierce("N", "K", "S")])
    assert result.detail.multiplier == 2
    assert (result.ns, result.ew, result.made) == ((160 + 20 + 20 + 100) * 2, 0, True)


def test_made_and_coinched_the_defences_annonces_change_hands():
    result = score(
        bid=100,
        coinche=1,
        points=110,
        belote=["N"],
        annonces=[tierce("N", "K", "S"), cinquante("E", "A", "D")],
    )
    # E-W won the annonces (cinquante over tierce): N-S score them, and lose their tierce.
    assert result.detail.annonces_winner is Side.EW
    assert (result.ns, result.ew) == ((160 + 20 + 50 + 100) * 2, 0)


def test_made_and_coinched_the_defence_keeps_only_its_belote_imprenable():
    assert marks(bid=100, coinche=1, points=110, belote=["E"]) == (520, 20, True)


def test_surcoinche_multiplies_by_four():
    result = score(bid=100, coinche=2, points=110, belote=["N"], annonces=[tierce("N", "K", "S")])
    assert result.detail.multiplier == 4
    assert (result.ns, result.ew) == ((160 + 20 + 20 + 100) * 4, 0)


def test_made_and_coinched_with_all_eight_tricks_counts_250_instead_of_160():
    assert marks(bid=120, coinche=1, capot="taker") == ((250 + 120) * 2, 0, True)
    assert marks(bid="capot", coinche=1, capot="taker") == ((250 + 250) * 2, 0, True)


# Chute -------------------------------------------------------------------------------------


def test_failed_the_takers_score_nothing_but_their_belote_imprenable():
    assert marks(bid=130, points=100, belote=["N"]) == (20, 160 + 130, False)


def test_failed_the_defence_scores_160_its_annonces_belote_the_takers_annonces_and_the_bid():
    result = score(
        bid=150,
        points=100,
        belote=["E"],
        annonces=[tierce("N", "K", "S"), tierce("S", "9", "C")],
    )
    # N-S won the annonces (40): they change hands with the failure.
    assert (result.ns, result.ew, result.made) == (0, 160 + 20 + 40 + 150, False)


def test_failed_the_defence_scores_its_own_annonces_when_it_won_them():
    result = score(bid=150, points=100, annonces=[tierce("N", "K", "S"), cinquante("E", "A", "D")])
    assert (result.ns, result.ew) == (0, 160 + 50 + 150)


def test_failed_coinched_or_surcoinched_the_defence_doubles_or_quadruples():
    assert marks(bid=150, coinche=1, points=100) == (0, (160 + 150) * 2, False)
    assert marks(bid=150, coinche=2, points=100) == (0, (160 + 150) * 4, False)


def test_failed_and_coinched_the_takers_belote_is_not_multiplied():
    assert marks(bid=150, coinche=1, points=100, belote=["N"]) == (20, 620, False)


def test_failed_and_coinched_the_defences_belote_is_multiplied():
    assert marks(bid=150, coinche=1, points=100, belote=["E"]) == (0, (160 + 20 + 150) * 2, False)


def test_a_failed_capot_bid_counts_250_as_the_contract():
    assert marks(bid="capot", coinche=1, points=140) == (0, (160 + 250) * 2, False)


# Marque: rounding --------------------------------------------------------------------------


def test_deal_scores_are_rounded_to_the_nearest_ten_85_to_90():
    # N-S 77 + belote = 97 against 85: made; 177 → 180 and 85 → 90.
    result = score(bid=80, points=77, belote=["N"])
    assert result.detail.unrounded == PerSide(ns=177, ew=85)
    assert (result.ns, result.ew) == (180, 90)


def test_deal_scores_are_rounded_to_the_nearest_ten_84_to_80():
    assert marks(bid=80, points=78, belote=["N"]) == (180, 80, True)


def test_95_is_rounded_to_100_and_94_to_90():
    # E-W take 80 and make 95 + 20 (belote) + 80 = 195 → 200; N-S keep 67 → 70.
    result = score(bid=80, taker="E", points=95, belote=["W"])
    assert result.detail.unrounded == PerSide(ns=67, ew=195)
    assert (result.ns, result.ew) == (70, 200)
    assert marks(bid=80, taker="E", points=94, belote=["W"])[:2] == (70, 190)


def test_rounding_never_makes_a_contract_99_on_100_fails():
    assert marks(bid=100, points=99)[2] is False


# Passe générale, dix de der ----------------------------------------------------------------


def test_four_passes_score_nothing():
    result = score_result({"passed": True}, SA_TA)
    assert (result.ns, result.ew, result.made) == (0, 0, None)
    assert result.to_dict()["detail"]["taking_side"] is None


def test_a_capot_makes_the_dix_de_der_100_so_the_side_has_252():
    result = score(bid=100, capot="taker")
    assert result.detail.card_points == PerSide(ns=252, ew=0)
    assert result.detail.capot_side is Side.NS
    assert score(bid=100, capot="defence").detail.card_points == PerSide(ns=0, ew=252)
    assert score(bid=100, capot="defence").detail.capot_side is Side.EW


# Belote in SA/TA, annonces -----------------------------------------------------------------


def test_in_tout_atout_four_belotes_score_80():
    result = score(bid=100, strain="TA", points=90, belote=["N", "N", "S", "S"])
    assert result.detail.belote == PerSide(ns=80, ew=0)
    assert (result.ns, result.ew) == (270, 70)


def test_in_sans_atout_the_carre_of_aces_is_worth_200():
    result = score(bid=100, strain="SA", points=80, annonces=[carre("N", "A")])
    assert result.detail.totals.ns == 280
    assert (result.ns, result.ew) == (380, 80)


def test_equal_best_annonces_make_no_annonce_count_for_either_side():
    result = score(
        bid=80,
        strain="D",
        points=90,
        annonces=[tierce("N", "K", "H"), tierce("S", "9", "C"), tierce("W", "K", "S")],
    )
    assert result.detail.annonces_winner is None
    assert result.detail.totals == PerSide(ns=90, ew=72)


def test_the_detail_reads_as_json():
    data = score(bid=90, taker="W", points=97, belote=["W"]).to_dict()
    assert data == {
        "ns": 70,
        "ew": 210,
        "made": True,
        "detail": {
            "taking_side": "EW",
            "multiplier": 1,
            "card_points": {"ns": 65, "ew": 97},
            "belote": {"ns": 0, "ew": 20},
            "annonces": {"ns": 0, "ew": 0},
            "annonces_winner": None,
            "totals": {"ns": 65, "ew": 117},
            "capot_side": None,
            "generale": False,
            "unrounded": {"ns": 65, "ew": 207},
        },
    }
    assert score(bid=90, taker="W", points=97).of(Side.EW) == 190
