"""The Belote'L card signals, given and read (docs/robots.md « Les signalisations »)."""

from scoring.engine.cards import Card, Seat, Strain, Suit
from scoring.engine.rules import PRESETS
from scoring.robots.auction import PASS, Call, CallKind
from scoring.robots.signals import discards, promises, signal_value
from scoring.robots.view import SeatView
from scoring.robots.worlds import draw_worlds

FFB = PRESETS["ffb-coinche"]
# North deals, West takes 80 in hearts and leads.
CALLS = (Call(CallKind.BID, 80, Strain.HEARTS), PASS, PASS, PASS)
HANDS = {
    Seat.WEST: "AS KS QS JH 9H 8H 7H KD",
    Seat.SOUTH: "7S 8S 9S JS AH TH KH QH",
    Seat.EAST: "TS AD TD QD 8D 9D AC 7C",
    Seat.NORTH: "7D 8C 9C JC QC KC TC JD",
}


def hand(text):
    return frozenset(Card.parse(item) for item in text.split(" "))


def cards(*texts):
    return tuple(Card.parse(text) for text in texts)


def view_of(seat, play):
    return SeatView(FFB, Seat.NORTH, seat, hand(HANDS[seat]), CALLS, play)


def test_a_first_discard_calls_the_suit_of_the_ace_and_is_read_so():
    # West leads the ace of spades, South and East follow; North, with neither spades nor
    # hearts (trumps), discards: its first discard.
    north = view_of(Seat.NORTH, cards("AS", "7S", "TS"))
    assert signal_value(north, Card.parse("8C")) == -1  # North holds no ace of clubs
    assert signal_value(north, Card.parse("7D")) == -1  # nor of diamonds
    south = view_of(Seat.SOUTH, cards("AS", "7S", "TS", "8C"))
    assert [item.card for item in discards(south)] == [Card.parse("8C")]
    read = promises(south)
    assert read.cards == {Seat.NORTH: {Card.parse("AC")}}
    # South cannot know that East holds it: its worlds give North the ace of clubs.
    worlds = draw_worlds(south, 10, 3)
    assert all(Card.parse("AC") in world[Seat.NORTH] for world in worlds)


def test_a_played_card_of_the_led_suit_or_a_trump_is_no_signal():
    south = view_of(Seat.SOUTH, cards("AS"))
    assert signal_value(south, Card.parse("7S")) == 0
    west = view_of(Seat.WEST, cards("AS", "7S", "TS", "8C"))
    assert signal_value(west, Card.parse("KS")) == 0  # West leads: no discard


def test_a_robot_discards_in_the_suit_of_its_ace():
    # East, out of hearts (trumps) on West's lead of the jack, discards.
    east = view_of(Seat.EAST, cards("JH", "AH"))
    assert signal_value(east, Card.parse("8D")) == 1
    assert signal_value(east, Card.parse("7C")) == 1  # it holds the ace of clubs too
    assert signal_value(east, Card.parse("TS")) == 1  # a bare ten may go
    assert signal_value(east, Card.parse("TD")) == -1  # a guarded ten says it was bare
    assert signal_value(east, Card.parse("AD")) == 1  # the ace with the ten behind


def test_an_ace_discarded_promises_the_ten_and_a_ten_discarded_was_bare():
    play = cards("JH", "AH", "AD")
    north = view_of(Seat.NORTH, play)
    assert promises(north).cards == {Seat.EAST: {Card.parse("TD")}}
    play = cards("JH", "AH", "TS")
    north = view_of(Seat.NORTH, play)
    read = promises(north)
    assert read.voids == {Seat.EAST: {Suit.SPADES}}
    for world in draw_worlds(north, 8, 2):
        if read.kept_by(world):
            assert not any(card.suit is Suit.SPADES for card in world[Seat.EAST] - set(play))
