"""Seatings for the tests: a Mitchell with an odd number of tables, as (round, table, NS, EW,
boards) rows, the way a movement hands them to result entry."""

from collections.abc import Iterator


def mitchell(tables: int, rounds: int, boards_per_round: int = 1) -> Iterator[tuple]:
    """NS team t stays at table t; EW teams (100 + n) move up a table, board sets down one.

    With an odd number of tables nobody meets a board set twice; every board is played once a
    round, so ``rounds`` times in all.
    """
    if tables % 2 == 0:
        raise ValueError("this simple Mitchell needs an odd number of tables")
    for round_ in range(rounds):
        for table in range(tables):
            board_set = (table - round_) % tables
            boards = tuple(board_set * boards_per_round + k + 1 for k in range(boards_per_round))
            yield round_ + 1, table + 1, table + 1, 101 + (table + round_) % tables, boards
