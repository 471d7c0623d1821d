"""The Mitchell movement (mouvement Mitchell): NS teams stay, EW teams move up, boards move down.

With an even number of tables the EW teams skip one table halfway (skip Mitchell); an odd number
of teams gets a phantom at the last table's NS places, and the EW team that reaches it sits out.
"""

from __future__ import annotations

from collections.abc import Iterable

from scoring.movements.messages import MovementError, gettext_noop
from scoring.movements.plan import (
    DEFAULT_BOARDS_PER_ROUND,
    Assignment,
    Movement,
    MovementKind,
    board_set,
    require_boards_per_round,
    require_whole_number,
)

#: Fewer teams than this cannot make a Mitchell in which two results are ever compared.
MIN_MITCHELL_TEAMS = 4


def mitchell_tables(teams: int) -> int:
    """The number of tables: one per two teams, the odd team facing the phantom."""
    return (teams + 1) // 2


def max_mitchell_rounds(teams: int) -> int:
    """The most rounds a Mitchell for ``teams`` teams can have without a repeated meeting.

    Odd number of tables: one round per table, every EW team meets every NS team. Even number:
    one fewer, since after the skip the EW teams come back to the NS team they started against
    (the "revenge round"). Two tables share their boards and play two rounds.
    """
    tables = mitchell_tables(teams)
    if tables == 2 or tables % 2 == 1:
        return tables
    return tables - 1


def skip_after_round(teams: int) -> int | None:
    """After which round the EW teams skip a table, or ``None`` when they never do.

    Only an even number of tables (four or more) needs the skip, made after half of the full
    Mitchell, so that the second half of the rounds brings the EW teams the board sets of the
    other parity.
    """
    tables = mitchell_tables(teams)
    if tables % 2 == 1 or tables == 2:
        return None
    return tables // 2


def mitchell(
    teams: int,
    rounds: int | None = None,
    boards_per_round: int = DEFAULT_BOARDS_PER_ROUND,
    arrow_switch_rounds: Iterable[int] = (),
) -> Movement:
    """A Mitchell for ``teams`` teams, numbered NS first.

    NS team ``t`` stays at table ``t``; the EW teams are numbered on after the NS teams and start
    at tables 1, 2, ... in order. Each round the EW teams move up one table (from the last to
    table 1) and the board sets move down one (from table 1 to the last); with an even number of
    tables the EW teams move up two tables once, after round ``tables / 2``. With an odd number of
    teams the NS places of the last table are the phantom's.

    ``rounds`` defaults to ``max_mitchell_rounds(teams)``; fewer rounds curtail the movement.
    In ``arrow_switch_rounds`` every NS team plays the EW hands, which links the two fields into
    one ranking. Impossible requests raise ``MovementError``.
    """
    require_whole_number(teams, "teams")
    if teams < MIN_MITCHELL_TEAMS:
        raise MovementError(
            gettext_noop("A Mitchell needs at least %(minimum)s teams; %(teams)s were given."),
            minimum=MIN_MITCHELL_TEAMS,
            teams=teams,
        )
    require_boards_per_round(boards_per_round)
    tables = mitchell_tables(teams)
    most = max_mitchell_rounds(teams)
    if rounds is None:
        rounds = most
    require_whole_number(rounds, "rounds")
    if not 1 <= rounds <= most:
        if tables % 2 == 0 and rounds == tables:
            raise MovementError(
                gettext_noop(
                    "A Mitchell on %(tables)s tables can have at most %(most)s rounds: with an "
                    "even number of tables, round %(rounds)s would bring every EW team back to "
                    "the NS team it met in round 1."
                ),
                tables=tables,
                most=most,
                rounds=rounds,
            )
        raise MovementError(
            gettext_noop(
                "A Mitchell for %(teams)s teams has between 1 and %(most)s rounds; "
                "%(rounds)s were asked for."
            ),
            teams=teams,
            most=most,
            rounds=rounds,
        )
    switched = _arrow_switch_rounds(arrow_switch_rounds, rounds)

    has_phantom = teams % 2 == 1
    ns_teams = tables - 1 if has_phantom else tables
    skip = skip_after_round(teams)
    assignments = []
    for r in range(rounds):
        # The EW teams have moved up r tables, plus one more once they have made the skip.
        moved = r + (1 if skip is not None and r >= skip else 0)
        for t in range(tables):
            ns = None if has_phantom and t == tables - 1 else t + 1
            ew = ns_teams + (t - moved) % tables + 1
            if tables == 2:
                # Two tables cannot pass boards along: both play the round's set, shared.
                boards = board_set(r, boards_per_round)
            else:
                boards = board_set((t + r) % tables, boards_per_round)
            assignments.append(Assignment(r + 1, t + 1, ns, ew, boards, r + 1 in switched))
    set_count = rounds if tables == 2 else tables
    return Movement(
        kind=MovementKind.MITCHELL,
        teams=teams,
        rounds=rounds,
        boards_per_round=boards_per_round,
        board_count=set_count * boards_per_round,
        assignments=tuple(assignments),
        single_ranking=bool(switched),
    )


def _arrow_switch_rounds(requested: Iterable[int], rounds: int) -> frozenset[int]:
    switched = frozenset(requested)
    for round_number in sorted(switched):
        require_whole_number(round_number, "arrow_switch_rounds")
        if not 1 <= round_number <= rounds:
            raise MovementError(
                gettext_noop(
                    "Round %(round)s cannot be arrow-switched: the movement has rounds 1 to "
                    "%(rounds)s."
                ),
                round=round_number,
                rounds=rounds,
            )
    if switched and len(switched) == rounds:
        # Turning every round round only renames the two fields; it never links them.
        raise MovementError(
            gettext_noop(
                "Arrow-switching all %(rounds)s rounds still gives two separate rankings: "
                "switch only some rounds (often the last one)."
            ),
            rounds=rounds,
        )
    return switched
