"""What one seat knows of a deal, and nothing more: its own eight cards, the dealer, every call
and every card played so far. The robots decide from a ``SeatView`` only, so that two deals
differing in cards the seat cannot see give the same decision.

``SeatView.read`` builds it from the robots' protocol (docs/robots.md) and refuses what cannot
be: a card played twice, a card of the seat's hand played by another seat, the seat's own card
played out of turn or against the rules of play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.engine.card_values import card_points
from scoring.engine.cards import DECK, Card, PerSide, Seat, Side, Strain, Suit
from scoring.engine.play import (
    CARDS_PER_HAND,
    TRICKS_PER_DEAL,
    legal_cards,
    opening_leader,
    winning_index,
)
from scoring.engine.result_record import Contract
from scoring.engine.rules import OvertakePartner, RuleSettings
from scoring.robots.auction import Auction, Call, read_calls

PLAYERS = 4


class BadRequest(ValueError):
    """A request that describes no possible position (the protocol answers ``{"error": …}``)."""


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card of the play, with who played it and in which trick (from 0)."""

    seat: Seat
    card: Card
    trick: int


@dataclass(frozen=True, slots=True)
class SeatView:
    """A seat's knowledge: rules, dealer, seat, the eight cards dealt to it, calls and play."""

    rules: RuleSettings
    dealer: Seat
    seat: Seat
    hand: frozenset[Card]
    calls: tuple[Call, ...] = ()
    play: tuple[Card, ...] = ()
    auction: Auction = field(init=False, repr=False, compare=False)
    played: tuple[PlayedCard, ...] = field(init=False, repr=False, compare=False)
    trick_winners: tuple[Seat, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.hand) != CARDS_PER_HAND:
            raise BadRequest(f"hand must hold 8 different cards, not {len(self.hand)}")
        try:
            auction = Auction.replay(self.rules, self.dealer, self.calls)
        except ValueError as problem:
            raise BadRequest(str(problem)) from None
        object.__setattr__(self, "auction", auction)
        if self.play and not auction.is_over():
            raise BadRequest("cards are played only once the auction is over")
        if self.play and auction.contract() is None:
            raise BadRequest("no card is played after a passe générale")
        played, winners = self._replay_play()
        object.__setattr__(self, "played", played)
        object.__setattr__(self, "trick_winners", winners)

    @classmethod
    def read(
        cls,
        rules: RuleSettings,
        dealer: Seat,
        seat: Seat,
        hand: Sequence[Card],
        calls: Sequence[Call],
        play: Sequence[Card],
    ) -> SeatView:
        if len(set(hand)) != len(hand):
            raise BadRequest("hand holds a card twice")
        return cls(rules, dealer, seat, frozenset(hand), tuple(calls), tuple(play))

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract() if self.auction.is_over() else None

    @property
    def strain(self) -> Strain:
        contract = self.contract
        if contract is None:
            raise BadRequest("there is no contract to play")
        return contract.strain

    @property
    def in_auction(self) -> bool:
        return not self.auction.is_over()

    @property
    def finished(self) -> bool:
        return len(self.play) == PLAYERS * TRICKS_PER_DEAL

    def to_play(self) -> Seat:
        """Whose turn it is: to speak in the auction, or to play a card."""
        if self.in_auction:
            return self.auction.next_seat
        return self._next_player(len(self.play))

    def current_trick(self) -> tuple[Seat, tuple[Card, ...]]:
        """The leader of the trick being played and its cards so far."""
        start = len(self.play) - len(self.play) % PLAYERS
        return self._leader_of(start // PLAYERS), self.play[start:]

    def remaining(self) -> frozenset[Card]:
        """The seat's cards not played yet."""
        own = {item.card for item in self.played if item.seat is self.seat}
        return self.hand - own

    def played_by(self, seat: Seat) -> tuple[Card, ...]:
        return tuple(item.card for item in self.played if item.seat is seat)

    def unseen(self) -> frozenset[Card]:
        """The cards the seat has not seen: neither in its hand nor played."""
        return frozenset(DECK) - self.hand - set(self.play)

    def legal(self) -> tuple[Card, ...]:
        """The cards the seat may play now."""
        _, trick = self.current_trick()
        return legal_cards(self.remaining(), trick, self.strain, **self.play_rules())

    def play_rules(self) -> dict[str, bool]:
        return play_rules(self.rules)

    def points_won(self) -> PerSide:
        """The card points of the tricks already completed, per side (no dix de der)."""
        strain = self.strain
        ns = ew = 0
        for index, winner in enumerate(self.trick_winners):
            cards = self.play[PLAYERS * index : PLAYERS * index + PLAYERS]
            points = sum(card_points(card, strain) for card in cards)
            if winner.side is Side.NS:
                ns += points
            else:
                ew += points
        return PerSide(ns, ew)

    def sole_winner(self) -> Side | None:
        """The side that has won every completed trick, if any trick is completed."""
        sides = {winner.side for winner in self.trick_winners}
        return next(iter(sides)) if len(sides) == 1 else None

    def voids(self) -> dict[Seat, set[Suit]]:
        """The suits each seat has shown out of (it did not follow), and no trump for a seat
        that did not trump when any trump would have been legal and required."""
        found: dict[Seat, set[Suit]] = {seat: set() for seat in Seat}
        strain = self.strain if self.play else None
        for trick in range(len(self.trick_winners) + 1):
            cards = self.play[PLAYERS * trick : PLAYERS * trick + PLAYERS]
            if not cards or strain is None:
                break
            led = cards[0].suit
            trump = strain.trump_suit
            for index in range(1, len(cards)):
                seat, card = self._seat_at(trick, index), cards[index]
                if card.suit is led:
                    continue
                found[seat].add(led)
                if (
                    trump is not None
                    and card.suit is not trump
                    and self._had_to_trump(cards[:index], strain)
                ):
                    found[seat].add(trump)
        return found

    def _had_to_trump(self, before: Sequence[Card], strain: Strain) -> bool:
        """Whether a player out of the led suit, after ``before``, must play any trump it
        holds: not when its partner is winning the trick, nor (unless the rules make it
        undertrump) when an opponent's trump wins it: a low trump may then be kept."""
        best = winning_index(before, strain)
        if len(before) >= 2 and best == len(before) - 2:
            return False
        return before[best].suit is not strain.trump_suit or self.rules.must_undertrump

    def _leader_of(self, trick: int) -> Seat:
        return self.trick_winners[trick - 1] if trick else opening_leader(self.dealer)

    def _seat_at(self, trick: int, index: int) -> Seat:
        seat = self._leader_of(trick)
        for _ in range(index):
            seat = seat.next
        return seat

    def _next_player(self, position: int) -> Seat:
        return self._seat_at(position // PLAYERS, position % PLAYERS)

    def _replay_play(self) -> tuple[tuple[PlayedCard, ...], tuple[Seat, ...]]:
        if not self.play:
            return (), ()
        strain = self.strain
        seen: set[Card] = set()
        played: list[PlayedCard] = []
        winners: list[Seat] = []
        leader = opening_leader(self.dealer)
        if len(self.play) > PLAYERS * TRICKS_PER_DEAL:
            raise BadRequest("a deal has 32 cards")
        for position, card in enumerate(self.play):
            trick, index = divmod(position, PLAYERS)
            seat = leader
            for _ in range(index):
                seat = seat.next
            self._check_card(card, seat, seen, played, position)
            seen.add(card)
            played.append(PlayedCard(seat, card, trick))
            if index == PLAYERS - 1:
                cards = self.play[position - 3 : position + 1]
                winner = leader
                for _ in range(winning_index(cards, strain)):
                    winner = winner.next
                winners.append(winner)
                leader = winner
        return tuple(played), tuple(winners)

    def _check_card(
        self, card: Card, seat: Seat, seen: set[Card], played: list[PlayedCard], position: int
    ) -> None:
        if card in seen:
            raise BadRequest(f"{card} is played twice")
        if seat is not self.seat:
            if card in self.hand:
                raise BadRequest(f"{card} is in {self.seat.value}'s hand, not {seat.value}'s")
            return
        if card not in self.hand:
            raise BadRequest(f"{self.seat.value} does not hold {card}")
        own = {item.card for item in played if item.seat is self.seat}
        trick = self.play[position - position % PLAYERS : position]
        legal = legal_cards(self.hand - own, trick, self.strain, **self.play_rules())
        if card not in legal:
            raise BadRequest(f"{self.seat.value} may not play {card} there")


def play_rules(rules: RuleSettings) -> dict[str, bool]:
    """The rules' play variants, as the engine's ``legal_cards`` and the solver take them."""
    return {
        "must_undertrump": rules.must_undertrump,
        "always_overtake_partner": rules.overtake_partner is OvertakePartner.ALWAYS,
    }


def read_request(data: Mapping[str, Any], rules: RuleSettings) -> SeatView:
    """The ``SeatView`` of one protocol request (``rules`` already read)."""
    try:
        dealer = Seat.parse(str(data["dealer"]))
        seat = Seat.parse(str(data["seat"]))
        hand = [Card.parse(str(text)) for text in _list(data, "hand")]
        calls = read_calls(dealer, _list(data, "auction"))
        play = [Card.parse(str(text)) for text in _list(data, "play")]
    except KeyError as missing:
        raise BadRequest(f"missing field {missing.args[0]!r}") from None
    except ValueError as problem:
        raise BadRequest(str(problem)) from None
    return SeatView.read(rules, dealer, seat, hand, calls, play)


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise BadRequest(f"{key} must be a list")
    return value
