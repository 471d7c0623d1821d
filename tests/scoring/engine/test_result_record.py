"""Parsing and validation of the canonical result record (domain.md §5)."""

import copy

import pytest

from scoring.engine.annonces import Annonce, AnnonceKind
from scoring.engine.cards import Hand, PerSide, Rank, Seat, Side, Strain, Suit
from scoring.engine.deal_score import score_deal
from scoring.engine.result_record import (
    MESSAGES,
    Capot,
    Coinche,
    Contract,
    FieldError,
    ResultRecord,
    ResultValidationError,
    bids,
    hand_problems,
    max_bid,
    max_side_total,
    parse_result,
)
from scoring.engine.rules import PRESETS

FFB = PRESETS["ffb-coinche"]
SA_TA = PRESETS["ffb-coinche-sa-ta"]
CONTREE = PRESETS["contree"]

DOMAIN_EXAMPLE = {
    "passed": False,
    "contract": {"bid": 90, "strain": "H", "taker": "W", "coinche": 0},
    "taker_points": 97,
    "capot": None,
    "belote": ["W"],
    "annonces": [{"seat": "N", "kind": "tierce", "high": "K", "suit": "S"}],
}


def record(**changes):
    data = copy.deepcopy(DOMAIN_EXAMPLE)
    for key, value in changes.items():
        if key in ("bid", "strain", "taker", "coinche"):
            data["contract"][key] = value
        elif value is ...:
            del data[key]
        else:
            data[key] = value
    return data


def errors_of(data, rules=FFB, hands=None):
    with pytest.raises(ResultValidationError) as caught:
        parse_result(data, rules, hands)
    return [(error.field, error.code) for error in caught.value.errors]


# A valid record ----------------------------------------------------------------------------


def test_the_domain_example_parses_into_a_result_record():
    parsed = parse_result(DOMAIN_EXAMPLE, FFB)
    assert parsed == ResultRecord(
        passed=False,
        contract=Contract(bid=90, strain=Strain.HEARTS, taker=Seat.WEST, coinche=0),
        taker_points=97,
        capot=None,
        belote=(Seat.WEST,),
        annonces=(Annonce(Seat.NORTH, AnnonceKind.TIERCE, Rank.KING, Suit.SPADES),),
    )
    assert parsed.contract.taking_side is Side.EW
    assert not parsed.contract.is_capot
    assert parsed.belote_points == PerSide(ns=0, ew=20)
    assert parsed.annonce_resolution.winner is Side.NS


def test_to_dict_gives_back_the_canonical_record_in_its_key_order():
    canonical = parse_result(DOMAIN_EXAMPLE, FFB).to_dict()
    assert canonical == DOMAIN_EXAMPLE
    assert list(canonical) == list(DOMAIN_EXAMPLE)
    assert list(canonical["contract"]) == ["bid", "strain", "taker", "coinche"]


def test_a_numeric_top_card_is_read_as_its_rank():
    data = record(annonces=[{"seat": "N", "kind": "tierce", "high": 10, "suit": "S"}])
    assert parse_result(data, FFB).annonces[0].high is Rank.TEN


def test_a_carre_has_no_suit_key_in_the_canonical_form():
    data = record(annonces=[{"seat": "E", "kind": "carre", "high": "9"}])
    assert parse_result(data, FFB).to_dict()["annonces"] == [
        {"seat": "E", "kind": "carre", "high": "9"}
    ]


def test_optional_fields_default_to_nothing():
    data = {"contract": {"bid": 80, "strain": "S", "taker": "N"}, "taker_points": 90}
    parsed = parse_result(data, FFB)
    assert parsed.contract.coinche == 0
    assert parsed.belote == () and parsed.annonces == () and parsed.capot is None
    assert parse_result(record(belote=None, annonces=None), FFB).belote == ()


def test_a_scored_record_reads_back_despite_its_score_keys():
    data = record(ns=0, ew=250, made=False, detail={})
    assert parse_result(data, FFB) == parse_result(DOMAIN_EXAMPLE, FFB)


def test_a_passe_generale_is_a_record_without_contract():
    parsed = parse_result({"passed": True}, FFB)
    assert parsed == ResultRecord(passed=True)
    assert parsed.to_dict() == {
        "passed": True,
        "contract": None,
        "taker_points": None,
        "capot": None,
        "belote": [],
        "annonces": [],
    }
    full = {"passed": True, "contract": None, "taker_points": None, "belote": [], "annonces": []}
    assert parse_result(full, FFB) == parsed


def test_a_capot_bid_is_read():
    parsed = parse_result(record(bid="capot", capot="taker", taker_points=None), FFB)
    assert parsed.contract.is_capot and parsed.capot is Capot.TAKER
    assert parsed.to_dict()["contract"]["bid"] == "capot"


@pytest.mark.parametrize("points", [162, 252, None])
def test_a_capot_by_the_takers_accepts_162_252_or_no_points(points):
    assert parse_result(record(capot="taker", taker_points=points), FFB).taker_points == points


def test_a_capot_by_the_defence_accepts_0_or_no_points():
    assert parse_result(record(capot="defence", taker_points=0), FFB).capot is Capot.DEFENCE


def test_a_generale_is_kept_in_the_canonical_form():
    parsed = parse_result(record(capot="taker", taker_points=None, generale=True), FFB)
    assert parsed.generale
    assert parsed.to_dict()["generale"] is True


def test_sa_and_ta_are_accepted_when_the_rules_allow_them():
    data = record(strain="SA", belote=[], annonces=[])
    assert parse_result(data, SA_TA).contract.strain is Strain.NO_TRUMP
    assert parse_result(record(strain="TA"), SA_TA).contract.strain is Strain.ALL_TRUMP


def test_tout_atout_accepts_up_to_four_belotes():
    parsed = parse_result(record(strain="TA", belote=["W", "W", "E", "N"]), SA_TA)
    assert parsed.belote_points == PerSide(ns=20, ew=60)


# Invalid records ---------------------------------------------------------------------------


def test_a_result_must_be_an_object():
    assert errors_of([1, 2]) == [("__all__", "not_an_object")]


def test_every_error_is_reported_not_only_the_first():
    data = record(bid=95, strain="X", taker="Q", coinche=3, taker_points=170)
    assert errors_of(data) == [
        ("contract.bid", "bid_not_multiple_of_10"),
        ("contract.strain", "invalid_strain"),
        ("contract.taker", "invalid_seat"),
        ("contract.coinche", "invalid_coinche"),
        ("taker_points", "points_out_of_range"),
    ]


@pytest.mark.parametrize(
    ("bid", "code"),
    [
        (95, "bid_not_multiple_of_10"),
        (175, "bid_not_multiple_of_10"),
        (70, "bid_too_low"),
        (0, "bid_too_low"),
        (740, "bid_unreachable"),
        (10**9, "bid_unreachable"),
        ("90", "invalid_bid"),
        (True, "invalid_bid"),
        (90.0, "invalid_bid"),
        (None, "required"),
    ],
)
def test_the_bid_is_a_multiple_of_10_from_80_or_capot(bid, code):
    assert errors_of(record(bid=bid)) == [("contract.bid", code)]


@pytest.mark.parametrize("bid", [80, 160, 170, 180, 250, 500, 730, "capot"])
def test_the_ffb_sets_no_maximum_bid_below_what_a_side_can_reach(bid):
    assert parse_result(record(bid=bid), FFB).contract.bid == bid


def test_the_highest_bid_is_what_one_side_can_reach_under_the_rules():
    # 162 card points + one belote + two players' carrés (J 200, 9 150, two more of 100).
    assert max_side_total(FFB) == 162 + 20 + 550
    assert max_bid(FFB) == 730
    # Tout atout: four belotes; contrée: no annonces.
    assert max_side_total(SA_TA) == 162 + 80 + 550
    assert max_side_total(CONTREE) == 162 + 20
    assert bids(CONTREE) == [80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180]
    assert errors_of(record(bid=190, annonces=[]), CONTREE) == [("contract.bid", "bid_unreachable")]


def test_a_bid_of_170_made_with_a_cent_scores_like_any_made_contract():
    data = record(
        bid=170,
        strain="H",
        taker="W",
        taker_points=80,
        belote=[],
        annonces=[{"seat": "W", "kind": "cent", "high": "A", "suit": "S"}],
    )
    score = score_deal(parse_result(data, FFB), FFB)
    # Takers: 80 + 100 = 180 >= 170 and more than the defence's 82: made, 180 + 170 = 350.
    assert score.made
    assert (score.ew, score.ns) == (350, 80)


@pytest.mark.parametrize("strain", ["SA", "TA"])
def test_sa_and_ta_are_refused_when_the_tournament_does_not_play_them(strain):
    data = record(strain=strain, belote=[], annonces=[])
    assert errors_of(data) == [("contract.strain", "strain_not_allowed")]


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"strain": ["H"]}, ("contract.strain", "invalid_strain")),
        ({"strain": None}, ("contract.strain", "required")),
        ({"taker": None}, ("contract.taker", "required")),
        ({"taker": 3}, ("contract.taker", "invalid_seat")),
        ({"coinche": True}, ("contract.coinche", "invalid_coinche")),
        ({"contract": None}, ("contract", "required")),
        ({"contract": "90H"}, ("contract", "contract_not_an_object")),
        ({"passed": "no"}, ("passed", "not_boolean")),
        ({"taker_point": 97}, ("taker_point", "unknown_field")),
    ],
)
def test_contract_fields_are_checked(changes, expected):
    assert expected in errors_of(record(**changes))


def test_an_unknown_contract_key_is_reported():
    data = record()
    data["contract"]["level"] = 2
    assert errors_of(data) == [("contract.level", "unknown_field")]


@pytest.mark.parametrize(
    ("points", "code"),
    [
        (163, "points_out_of_range"),
        (-1, "points_out_of_range"),
        (1, "impossible_points"),
        (161, "impossible_points"),
        ("97", "invalid_points"),
        (97.5, "invalid_points"),
        (..., "required"),
    ],
)
def test_taker_points_are_0_to_162(points, code):
    assert errors_of(record(taker_points=points)) == [("taker_points", code)]


def test_capot_is_taker_defence_or_empty():
    assert errors_of(record(capot="defense")) == [("capot", "invalid_capot")]


@pytest.mark.parametrize(
    ("capot", "points", "code"),
    [
        ("taker", 100, "capot_by_taker_points"),
        ("taker", 0, "capot_by_taker_points"),
        ("defence", 10, "capot_by_defence_points"),
    ],
)
def test_the_capot_side_must_agree_with_the_points(capot, points, code):
    assert errors_of(record(capot=capot, taker_points=points)) == [("taker_points", code)]


def test_a_generale_needs_a_capot():
    assert errors_of(record(generale=True)) == [("generale", "generale_without_capot")]
    assert errors_of(record(generale="yes")) == [("generale", "not_boolean")]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"contract": DOMAIN_EXAMPLE["contract"]}, "contract"),
        ({"taker_points": 97}, "taker_points"),
        ({"capot": "taker"}, "capot"),
        ({"belote": ["W"]}, "belote"),
        ({"annonces": [{"seat": "N"}]}, "annonces"),
        ({"generale": True}, "generale"),
    ],
)
def test_a_passe_generale_has_no_contract_or_result(changes, field):
    data = {"passed": True, **changes}
    assert errors_of(data) == [(field, "passed_with_contract")]


# Belote ------------------------------------------------------------------------------------


def test_belote_must_be_a_list_of_seats():
    assert errors_of(record(belote="W")) == [("belote", "not_a_list")]
    assert errors_of(record(belote=["X"])) == [("belote.0", "invalid_seat")]


def test_no_belote_in_sans_atout():
    assert errors_of(record(strain="SA", annonces=[]), SA_TA) == [("belote", "belote_in_no_trump")]


def test_one_belote_at_most_in_a_trump_suit():
    assert errors_of(record(belote=["W", "N"])) == [("belote.1", "too_many_belotes")]


def test_four_belotes_at_most_in_tout_atout():
    data = record(strain="TA", belote=["W", "W", "E", "N", "S"], annonces=[])
    assert errors_of(data, SA_TA) == [("belote", "too_many_belote_seats")]


def test_a_list_longer_than_a_deal_can_hold_is_refused_without_reading_it():
    endless = [{"seat": "N", "kind": "tierce", "high": "A", "suit": "S"}] * 100_000
    assert errors_of(record(annonces=endless)) == [("annonces", "too_many_annonces")]
    assert errors_of(record(belote=["W"] * 100_000, annonces=[])) == [
        ("belote", "too_many_belote_seats")
    ]


def test_a_passe_generale_with_zero_points_is_accepted_and_stored_empty():
    parsed = parse_result({"passed": True, "taker_points": 0}, FFB)
    assert parsed == ResultRecord(passed=True)
    assert parsed.to_dict()["taker_points"] is None


def test_hand_problems_lists_what_the_cards_contradict_without_refusing():
    hands = {Seat.WEST: Hand.from_pbn("AK.Q.AKQJ.A"), Seat.NORTH: Hand.from_pbn("KQ.AKT..")}
    parsed = parse_result(record(), FFB)
    problems = hand_problems(parsed, hands)
    assert [(p.field, p.code) for p in problems] == [
        ("belote.0", "belote_not_held"),
        ("annonces.0", "annonce_not_held"),
    ]
    assert hand_problems(parse_result({"passed": True}, FFB), hands) == []


def test_a_belote_the_seat_does_not_hold_is_refused_when_the_hands_are_known():
    hands = {Seat.WEST: Hand.from_pbn("AK.Q.AKQJ.A"), Seat.NORTH: Hand.from_pbn("KQ.AKT..")}
    assert errors_of(record(annonces=[]), hands=hands) == [("belote.0", "belote_not_held")]
    hands[Seat.WEST] = Hand.from_pbn("A.KQ.AKQJ.A")
    assert parse_result(record(annonces=[]), FFB, hands).belote == (Seat.WEST,)


def test_in_tout_atout_a_seat_announces_only_the_belotes_it_holds():
    hands = {Seat.WEST: Hand.from_pbn("KQ.KQ.A.AJ9")}
    data = record(strain="TA", belote=["W", "W", "W"], annonces=[])
    assert errors_of(data, SA_TA, hands) == [("belote.2", "belote_not_held_all_trump")]


def test_seats_whose_hand_is_unknown_are_not_checked():
    # Only E's hand is known: W's belote and N's tierce are taken on trust.
    hands = {Seat.EAST: Hand.from_pbn("A.A.AKQJT.A")}
    assert parse_result(DOMAIN_EXAMPLE, FFB, hands).belote == (Seat.WEST,)


# Annonces ----------------------------------------------------------------------------------


def test_annonces_are_refused_when_the_rules_do_not_play_them():
    assert errors_of(DOMAIN_EXAMPLE, CONTREE) == [("annonces", "annonces_not_played")]
    assert parse_result(record(annonces=[]), CONTREE).annonces == ()


@pytest.mark.parametrize(
    ("annonce", "expected"),
    [
        ("tierce", [("annonces.0", "not_an_annonce")]),
        (
            {"seat": "N", "kind": "tierce", "high": "K", "suit": "S", "x": 1},
            [("annonces.0.x", "unknown_field")],
        ),
        ({"kind": "tierce", "high": "K", "suit": "S"}, [("annonces.0.seat", "required")]),
        ({"seat": "N", "high": "K", "suit": "S"}, [("annonces.0.kind", "required")]),
        ({"seat": "N", "kind": "tierce", "suit": "S"}, [("annonces.0.high", "required")]),
        (
            {"seat": "N", "kind": "quinte", "high": "K", "suit": "S"},
            [("annonces.0.kind", "invalid_kind")],
        ),
        (
            {"seat": "N", "kind": "tierce", "high": "T", "suit": "S"},
            [("annonces.0.high", "invalid_rank")],
        ),
        (
            {"seat": "N", "kind": "tierce", "high": "K", "suit": "SA"},
            [("annonces.0.suit", "invalid_suit")],
        ),
        (
            {"seat": "N", "kind": "carre", "high": "K", "suit": "S"},
            [("annonces.0.suit", "carre_with_suit")],
        ),
        ({"seat": "N", "kind": "tierce", "high": "K"}, [("annonces.0.suit", "suit_required")]),
        (
            {"seat": "N", "kind": "cent", "high": "10", "suit": "S"},
            [("annonces.0.high", "sequence_too_low")],
        ),
        (
            {"seat": "N", "kind": "carre", "high": "8"},
            [("annonces.0.high", "carre_does_not_count")],
        ),
    ],
)
def test_each_annonce_is_checked_field_by_field(annonce, expected):
    assert errors_of(record(annonces=[annonce])) == expected


def test_annonces_must_be_a_list():
    assert errors_of(record(annonces={"seat": "N"})) == [("annonces", "not_a_list")]


def test_a_card_counts_in_one_annonce_only():
    data = record(
        belote=[],
        annonces=[
            {"seat": "N", "kind": "carre", "high": "J"},
            {"seat": "N", "kind": "tierce", "high": "J", "suit": "S"},
        ],
    )
    assert errors_of(data) == [("annonces.1", "card_in_two_annonces")]


def test_one_card_cannot_sit_in_two_hands():
    data = record(
        annonces=[
            {"seat": "N", "kind": "tierce", "high": "K", "suit": "S"},
            {"seat": "E", "kind": "tierce", "high": "A", "suit": "S"},
        ]
    )
    assert errors_of(data) == [("annonces.1", "card_held_twice")]


def test_the_belote_holder_has_the_king_and_queen_of_trump():
    # W announced the belote in hearts: N cannot show a tierce to the K♥.
    data = record(annonces=[{"seat": "N", "kind": "tierce", "high": "K", "suit": "H"}])
    assert errors_of(data) == [("annonces.0", "card_held_twice")]
    own = record(annonces=[{"seat": "W", "kind": "tierce", "high": "K", "suit": "H"}])
    assert parse_result(own, FFB).annonces[0].seat is Seat.WEST


def test_a_seat_holds_eight_cards_for_its_annonces():
    data = record(
        belote=[],
        annonces=[
            {"seat": "N", "kind": "carre", "high": "J"},
            {"seat": "N", "kind": "carre", "high": "9"},
            {"seat": "N", "kind": "tierce", "high": "A", "suit": "S"},
        ],
    )
    assert errors_of(data) == [("annonces.2", "too_many_cards")]


def test_an_annonce_the_seat_cannot_show_is_refused_when_the_hands_are_known():
    # FFB « renonce »: the record is refused; the penalty is for the arbiter to give.
    hands = {Seat.NORTH: Hand.from_pbn("AKJ.AKQ.AK.")}
    with pytest.raises(ResultValidationError) as caught:
        parse_result(DOMAIN_EXAMPLE, FFB, hands)
    [error] = caught.value.errors
    assert (error.field, error.code) == ("annonces.0", "annonce_not_held")
    assert error.render() == "N cannot show this tierce: Q♠ missing."


@pytest.mark.parametrize(
    "declared",
    [
        [{"seat": "N", "kind": "cent", "high": "K", "suit": "H"}],
        [
            {"seat": "N", "kind": "carre", "high": "Q"},
            {"seat": "N", "kind": "tierce", "high": "J", "suit": "H"},
        ],
        [{"seat": "N", "kind": "cinquante", "high": "Q", "suit": "H"}],
        [{"seat": "N", "kind": "carre", "high": "Q"}],
        [],
    ],
)
def test_any_non_overlapping_set_the_hand_holds_is_accepted(declared):
    hands = {Seat.NORTH: Hand.from_pbn("Q.KQJT9.Q.Q")}
    data = record(strain="S", belote=[], annonces=declared)
    assert len(parse_result(data, FFB, hands).annonces) == len(declared)


def test_an_overlapping_set_of_a_held_hand_is_refused():
    hands = {Seat.NORTH: Hand.from_pbn("Q.KQJT9.Q.Q")}
    data = record(
        strain="S",
        belote=[],
        annonces=[
            {"seat": "N", "kind": "carre", "high": "Q"},
            {"seat": "N", "kind": "cent", "high": "K", "suit": "H"},
        ],
    )
    assert errors_of(data, hands=hands) == [("annonces.1", "card_in_two_annonces")]


# Errors and records ------------------------------------------------------------------------


def test_field_errors_render_their_english_template():
    error = FieldError("contract.bid", "bid_too_low", MESSAGES["bid_too_low"], {
        "value": 70, "min": 80,
    })  # fmt: skip
    assert error.render() == "The bid must be at least 80 (70 given)."
    assert error.to_dict() == {
        "field": "contract.bid",
        "code": "bid_too_low",
        "message": "The bid must be at least 80 (70 given).",
        "params": {"value": 70, "min": 80},
    }


def test_the_validation_error_lists_every_problem():
    with pytest.raises(ResultValidationError) as caught:
        parse_result(record(bid=95, taker_points=1), FFB)
    assert str(caught.value) == (
        "contract.bid: The bid must be a multiple of 10 (95 given).; "
        "taker_points: No card is worth a single point: 1 points cannot happen."
    )


def test_every_message_template_renders_with_the_parameters_it_names():
    import re

    for code, template in MESSAGES.items():
        names = set(re.findall(r"%\((\w+)\)s", template))
        assert template % dict.fromkeys(names, "x"), code


def test_a_record_built_by_hand_keeps_its_invariants():
    contract = Contract(bid=80, strain=Strain.SPADES, taker=Seat.NORTH)
    with pytest.raises(ValueError):
        ResultRecord(passed=True, contract=contract, taker_points=90)
    with pytest.raises(ValueError):
        ResultRecord(passed=False)
    with pytest.raises(ValueError):
        ResultRecord(passed=False, contract=contract)
    with pytest.raises(ValueError):
        ResultRecord(passed=False, contract=contract, taker_points=90, generale=True)


@pytest.mark.parametrize("level", list(Coinche))
def test_the_coinche_level_reads_as_the_coinche_enum_and_writes_back_its_number(level):
    parsed = parse_result(record(coinche=level.value), FFB)

    assert parsed.contract.coinche is level
    assert parsed.to_dict()["contract"]["coinche"] == level.value
    assert type(parsed.to_dict()["contract"]["coinche"]) is int


def test_a_coinche_level_past_surcoinche_is_refused():
    with pytest.raises(ResultValidationError) as refused:
        parse_result(record(coinche=3), FFB)
    assert [error.code for error in refused.value.errors] == ["invalid_coinche"]
