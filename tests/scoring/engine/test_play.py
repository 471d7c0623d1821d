"""The play of the cards (FFB §5): legal cards, the trick winner and the replay of a deal."""

import pytest

from scoring.engine.cards import Card, Hand, PerSide, Seat, Side, Strain
from scoring.engine.play import (
    IllegalCard,
    check_card,
    legal_cards,
    opening_leader,
    replay_deal,
    trick_winner,
    winning_index,
)


def cards(text):
    return [Card.parse(word) for word in text.split()]


def legal(hand, trick, strain, **options):
    return set(legal_cards(cards(hand), cards(trick), strain, **options))


# Legal cards -------------------------------------------------------------------------------


def test_the_leader_may_lead_any_card():
    assert legal("JH 7S AD", "", Strain.HEARTS) == set(cards("JH 7S AD"))


def test_you_must_follow_the_led_suit():
    assert legal("7S KS AD JH", "AS", Strain.HEARTS) == set(cards("7S KS"))


def test_following_a_plain_suit_you_need_not_overtake():
    assert legal("7S KS", "QS", Strain.HEARTS) == set(cards("7S KS"))


def test_partner_master_lets_you_discard_when_you_cannot_follow():
    # N led the A♠ and W played the 7♠: S's partner N is winning, S may play anything.
    assert legal("JH 7C AD", "AS 7S", Strain.HEARTS) == set(cards("JH 7C AD"))


def test_you_must_trump_when_your_partner_is_not_winning():
    # N led the K♠ and W took it with the A♠: S must trump.
    assert legal("JH 7H 7C AD", "KS AS", Strain.HEARTS) == set(cards("JH 7H"))


def test_you_must_trump_when_your_partner_has_not_played_yet():
    # Second to play: the partner plays fourth, so is not master.
    assert legal("8H AD", "7S", Strain.HEARTS) == {Card.parse("8H")}


def test_without_trumps_you_discard_anything_when_you_cannot_follow():
    assert legal("7C AD", "AS", Strain.HEARTS) == set(cards("7C AD"))


def test_you_must_overtrump_an_opponents_trump_when_you_can():
    # Leader N plays A♠, W trumps with the Q♥; S must overtrump with the K♥.
    assert legal("KH 7H AD", "AS QH", Strain.HEARTS) == {Card.parse("KH")}


def test_you_need_not_undertrump_when_you_cannot_overtrump_an_opponent():
    # « On ne pisse pas »: S may discard instead of playing the 7♥ under W's 9♥.
    assert legal("7H AD 8C", "AS 9H", Strain.HEARTS) == set(cards("7H AD 8C"))


def test_undertrump_variant_forces_a_lower_trump_when_you_cannot_overtrump():
    assert legal("7H AD 8C", "AS 9H", Strain.HEARTS, must_undertrump=True) == {Card.parse("7H")}


def test_trump_led_you_must_overtake_the_highest_trump_on_the_table():
    assert legal("JH 7H AD", "9H", Strain.HEARTS) == {Card.parse("JH")}


def test_trump_led_you_must_overtake_even_your_partners_trump():
    # N led the A♥, W played the 7♥; S (N's partner) must still go over the A♥.
    assert legal("9H 8H", "AH 7H", Strain.HEARTS) == {Card.parse("9H")}


def test_trump_led_you_play_any_lower_trump_when_you_cannot_overtake():
    assert legal("8H 7H AD", "JH", Strain.HEARTS) == set(cards("8H 7H"))


def test_partner_master_by_trumping_you_may_undertrump_with_only_trumps_left():
    # FFB §5 rule 4. E led the A♠, N trumped with the J♥, W discarded: S, left with lower
    # trumps only, may play either.
    assert legal("7H 8H", "AS JH 7C", Strain.HEARTS) == set(cards("7H 8H"))


def test_in_sans_atout_you_never_have_to_trump():
    assert legal("7C AD", "AS", Strain.NO_TRUMP) == set(cards("7C AD"))


def test_in_sans_atout_following_suit_you_need_not_overtake():
    assert legal("7S KS", "QS", Strain.NO_TRUMP) == set(cards("7S KS"))


def test_in_tout_atout_you_must_always_overtake_the_winning_card():
    assert legal("7S JS", "9S", Strain.ALL_TRUMP) == {Card.parse("JS")}


def test_in_tout_atout_you_overtake_even_your_partner():
    assert legal("JS 7S", "9S 8S", Strain.ALL_TRUMP) == {Card.parse("JS")}


def test_in_tout_atout_you_discard_anything_when_you_cannot_follow():
    assert legal("7C AD", "AS", Strain.ALL_TRUMP) == set(cards("7C AD"))


def test_legal_cards_come_in_deck_order():
    assert legal_cards(cards("7S AS KS"), [], Strain.HEARTS) == tuple(cards("AS KS 7S"))


# Trick winner ------------------------------------------------------------------------------


def test_the_highest_trump_wins_the_trick():
    assert trick_winner(Seat.NORTH, cards("AS 7H JH AD"), Strain.HEARTS) is Seat.SOUTH


def test_without_trumps_the_highest_card_of_the_led_suit_wins():
    assert trick_winner(Seat.NORTH, cards("KS AD 10S 7S"), Strain.HEARTS) is Seat.SOUTH


def test_a_discard_never_wins_the_trick():
    assert winning_index(cards("7S AD AC AH"), Strain.NO_TRUMP) == 0


def test_in_tout_atout_only_the_led_suit_wins():
    assert winning_index(cards("7S JD 8S 9C"), Strain.ALL_TRUMP) == 2


def test_in_tout_atout_the_nine_beats_the_ace():
    assert winning_index(cards("AS 9S"), Strain.ALL_TRUMP) == 1


def test_in_sans_atout_the_ten_beats_the_king():
    assert winning_index(cards("KS 10S"), Strain.NO_TRUMP) == 1


def test_the_player_to_the_dealers_right_leads_first():
    assert opening_leader(Seat.NORTH) is Seat.WEST
    assert opening_leader(Seat.EAST) is Seat.NORTH


# Replaying a deal --------------------------------------------------------------------------

# A sans atout deal where both sides win tricks (worked out by hand).
SPLIT_HANDS = {
    Seat.NORTH: Hand(cards("AS KS AH KH AD KD AC KC")),
    Seat.WEST: Hand(cards("10S 9S 10H 9H QD JD QC JC")),
    Seat.SOUTH: Hand(cards("QS JS QH JH 10D 9D 10C 9C")),
    Seat.EAST: Hand(cards("8S 7S 8H 7H 8D 7D 8C 7C")),
}
SPLIT_PLAY = cards(
    "KS 10S QS 8S "  # N leads; W's ten wins (17 to EW)
    "9S JS 7S AS "  # W leads; N's ace wins (21)
    "AH 9H JH 7H "  # N (21)
    "KH 10H QH 8H "  # W's ten (17 to EW)
    "QD 10D 8D AD "  # W leads; N (32)
    "KD JD 9D 7D "  # N (6)
    "AC JC 9C 8C "  # N (21)
    "KC QC 10C 7C"  # S's ten (17) and the dix de der
)


def test_replay_counts_the_tricks_of_each_side():
    played = replay_deal(SPLIT_HANDS, Seat.NORTH, Strain.NO_TRUMP, SPLIT_PLAY)
    assert [trick.winner for trick in played.tricks] == [
        Seat.WEST, Seat.NORTH, Seat.NORTH, Seat.WEST,
        Seat.NORTH, Seat.NORTH, Seat.NORTH, Seat.SOUTH,
    ]  # fmt: skip
    assert played.card_points == PerSide(ns=118, ew=34)
    assert played.last_trick is Side.NS
    assert played.dix_de_der == 10
    assert played.points == PerSide(ns=128, ew=34)
    assert played.capot is None and played.generale is None
    assert played.tricks[0].points == 17
    assert played.tricks[1].seat_of(3) is Seat.NORTH


def test_replay_gives_the_result_fields_for_the_taker():
    played = replay_deal(SPLIT_HANDS, Seat.NORTH, Strain.NO_TRUMP, SPLIT_PLAY)
    assert played.result_fields(Seat.EAST) == {"taker_points": 34, "capot": None}


ONE_SUIT_EACH = {
    Seat.NORTH: Hand.from_pbn("AKQJT987..."),
    Seat.WEST: Hand.from_pbn(".AKQJT987.."),
    Seat.SOUTH: Hand.from_pbn("..AKQJT987."),
    Seat.EAST: Hand.from_pbn("...AKQJT987"),
}


def test_one_player_winning_all_eight_tricks_is_a_generale_and_a_capot_of_252():
    # Hearts are trump; N leads the A♠, W must trump, then W runs the hearts.
    play = cards(
        "AS 7H AD AC  8H KD KC KS  9H QD QC QS  10H JD JC JS "
        "JH 10D 10C 10S  QH 9D 9C 9S  KH 8D 8C 8S  AH 7D 7C 7S"
    )
    played = replay_deal(ONE_SUIT_EACH, Seat.NORTH, Strain.HEARTS, play)
    assert {trick.winner for trick in played.tricks} == {Seat.WEST}
    assert played.capot is Side.EW
    assert played.generale is Seat.WEST
    assert played.dix_de_der == 100
    assert played.points == PerSide(ns=0, ew=252)
    assert played.result_fields(Seat.EAST) == {
        "taker_points": 252,
        "capot": "taker",
        "generale": True,
    }
    assert played.result_fields(Seat.NORTH)["capot"] == "defence"


def test_a_capot_by_two_partners_is_no_generale():
    hands = {
        Seat.NORTH: Hand.from_pbn("AKQJ...AKQJ"),
        Seat.WEST: Hand.from_pbn(".AKQJT987.."),
        Seat.SOUTH: Hand.from_pbn("T987...T987"),
        Seat.EAST: Hand.from_pbn("..AKQJT987."),
    }
    # SA: N cashes the spades, S wins the J♣ with the 10♣, N takes the rest.
    play = cards(
        "AS JH 10S 7D  KS QH 9S 8D  QS KH 8S 9D  JS AH 7S 10D "
        "JC 10H 10C JD  9C QD QC 9H  AC 8H 8C KD  KC 7H 7C AD"
    )
    played = replay_deal(hands, Seat.NORTH, Strain.NO_TRUMP, play)
    assert [trick.winner for trick in played.tricks] == [Seat.NORTH] * 4 + [Seat.SOUTH] + [
        Seat.NORTH
    ] * 3
    assert played.capot is Side.NS
    assert played.generale is None
    assert played.points == PerSide(ns=252, ew=0)
    assert played.result_fields(Seat.SOUTH) == {"taker_points": 252, "capot": "taker"}


# Illegal cards -----------------------------------------------------------------------------


def test_replay_rejects_a_card_that_does_not_follow_suit():
    play = list(SPLIT_PLAY)
    # Trick 2: S holds the J♠ but throws the 10♦ (S's card of trick 5).
    play[5], play[17] = play[17], play[5]
    with pytest.raises(IllegalCard) as caught:
        replay_deal(SPLIT_HANDS, Seat.NORTH, Strain.NO_TRUMP, play)
    error = caught.value
    assert error.position == 5 and error.trick == 2
    assert error.seat is Seat.SOUTH
    assert error.code == "follow_suit"
    assert error.legal == (Card.parse("JS"),)
    assert error.render() == "S must follow suit in ♠."
    assert str(error) == "trick 2, 10♦: S must follow suit in ♠."


def test_replay_rejects_a_card_the_seat_does_not_hold():
    play = list(SPLIT_PLAY)
    play[0] = Card.parse("QS")
    with pytest.raises(IllegalCard) as caught:
        replay_deal(SPLIT_HANDS, Seat.NORTH, Strain.NO_TRUMP, play)
    assert caught.value.code == "not_in_hand"
    assert caught.value.legal == ()
    assert "N does not hold Q♠" in str(caught.value)


def trump_deal():
    return {
        Seat.NORTH: Hand.from_pbn("AKQJT987..."),
        Seat.WEST: Hand.from_pbn(".AKQJ.AKQJ."),
        Seat.SOUTH: Hand.from_pbn(".T987.T987."),
        Seat.EAST: Hand.from_pbn("...AKQJT987"),
    }


@pytest.mark.parametrize(
    ("play", "code", "undertrump"),
    [
        # W can trump the A♠ but discards a diamond.
        ("AS AD", "trump", False),
        # W trumps with the Q♥; S can overtrump with the 10♥ but plays the 7♥.
        ("AS QH 7H", "overtrump", False),
        # W trumps with the J♥; S cannot overtrump: with the variant S must play a heart.
        ("AS JH 7D", "undertrump", True),
        # W leads the Q♥ (trump): S must overtake with the 10♥, not the 7♥.
        ("AS JH 7D 7C  QH 7H", "overtake", False),
    ],
)
def test_replay_names_the_broken_obligation(play, code, undertrump):
    partial = cards(play)
    # Complete to 32 cards with anything: the replay stops at the first illegal card.
    full = partial + [Card.parse("7S")] * (32 - len(partial))
    with pytest.raises(IllegalCard) as caught:
        replay_deal(trump_deal(), Seat.NORTH, Strain.HEARTS, full, must_undertrump=undertrump)
    assert caught.value.code == code
    assert caught.value.position == len(partial) - 1


def test_replay_without_the_variant_lets_you_discard_under_an_opponents_trump():
    partial = cards("AS JH 7D")
    full = partial + [Card.parse("7S")] * 29
    with pytest.raises(IllegalCard) as caught:
        replay_deal(trump_deal(), Seat.NORTH, Strain.HEARTS, full)
    # The 7♦ was fine; the first bad card is the filler that E does not hold.
    assert caught.value.position == 3
    assert caught.value.code == "not_in_hand"


def test_replay_needs_four_hands_of_eight_cards():
    hands = dict(SPLIT_HANDS)
    hands[Seat.EAST] = Hand(cards("8S 7S 8H 7H 8D 7D 8C"))
    with pytest.raises(ValueError, match="8 cards"):
        replay_deal(hands, Seat.NORTH, Strain.NO_TRUMP, SPLIT_PLAY)
    hands[Seat.EAST] = SPLIT_HANDS[Seat.NORTH]
    with pytest.raises(ValueError, match="32 cards"):
        replay_deal(hands, Seat.NORTH, Strain.NO_TRUMP, SPLIT_PLAY)


def test_replay_needs_32_cards_played():
    with pytest.raises(ValueError, match="32 cards played"):
        replay_deal(SPLIT_HANDS, Seat.NORTH, Strain.NO_TRUMP, SPLIT_PLAY[:31])


# One card checked on its own (a game played online: tournaments/play) -------------------------


def test_check_card_names_the_obligation_from_the_hand_and_the_trick_alone():
    with pytest.raises(IllegalCard) as caught:
        check_card(
            cards("7S KS AD JH"), cards("AS"), Strain.HEARTS, seat=Seat.SOUTH, card=cards("AD")[0]
        )
    assert caught.value.code == "follow_suit"
    assert caught.value.render() == "S must follow suit in ♠."
    assert set(caught.value.legal) == set(cards("7S KS"))


def test_check_card_lets_a_legal_card_through_and_refuses_one_not_held():
    check_card(
        cards("7S KS AD JH"), cards("AS"), Strain.HEARTS, seat=Seat.SOUTH, card=cards("KS")[0]
    )
    with pytest.raises(IllegalCard) as caught:
        check_card(cards("7S KS"), (), Strain.HEARTS, seat=Seat.SOUTH, card=cards("AS")[0])
    assert caught.value.code == "not_in_hand"


def test_check_card_follows_the_rules_variants():
    # W trumped with the 9♥ over N's lead; S (no spade) holds only the 7♥ below it.
    hand, trick = cards("7H AD"), cards("AS 9H")
    check_card(hand, trick, Strain.HEARTS, seat=Seat.SOUTH, card=cards("AD")[0])
    with pytest.raises(IllegalCard) as caught:
        check_card(
            hand, trick, Strain.HEARTS, seat=Seat.SOUTH, card=cards("AD")[0], must_undertrump=True
        )
    assert caught.value.code == "undertrump"
