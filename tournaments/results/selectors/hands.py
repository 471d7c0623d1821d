"""The boards' recorded hands, as the core's hands."""

from __future__ import annotations

import functools

from scoring.engine.cards import Hand, Seat
from tournaments.deals.models import Board
from tournaments.setup.models import Tournament


def board_hands(tournament: Tournament, board_number: int) -> dict[Seat, Hand] | None:
    """The four hands of a board, or None when they are not recorded (hand checks off)."""
    board = Board.objects.filter(tournament=tournament, number=board_number).first()
    return None if board is None else hands_from_pbn(board.hands)


def hands_from_pbn(hands: dict[str, str] | None) -> dict[Seat, Hand] | None:
    """``Board.hands`` as the rules engine takes them; None unless all four are recorded."""
    if not hands or len(hands) != 4:
        return None
    return {Seat(seat): _hand(pbn) for seat, pbn in hands.items()}


@functools.lru_cache(maxsize=4096)
def _hand(pbn: str) -> Hand:
    """A hand read once per process: a ``Hand`` is immutable, and every result entry reads its
    board's four (parsing them was a tenth of an entry's CPU). What is cached depends on which
    boards were entered, never on their cards."""
    return Hand.from_pbn(pbn)


def hands_by_board(tournament: Tournament) -> dict[int, dict[Seat, Hand]]:
    """Every board whose four hands are recorded, by number."""
    return {
        board.number: {Seat(seat): Hand.from_pbn(pbn) for seat, pbn in board.hands.items()}
        for board in Board.objects.filter(tournament=tournament)
        if board.has_hands
    }
