"""Hypothesis strategies for the duplicate tests: whole tournaments played on the project's own
movements (Mitchell, curtailed or with a phantom, and Howell), so that boards get unequal
numbers of plays, with missing, adjusted and sit-out results."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from scoring.duplicate import Adjustment, BoardResult
from scoring.movements.howell import howell, max_howell_rounds
from scoring.movements.mitchell import max_mitchell_rounds, mitchell
from scoring.movements.plan import Movement

# Small marks in steps of 10 so that equal nets (ties) are frequent.
MARKS = st.integers(min_value=0, max_value=12).map(lambda tens: 10 * tens)


@dataclass(frozen=True)
class Field:
    """A tournament to score: its results, each board's plays in the plan, one ranking or two."""

    movement: Movement
    results: tuple[BoardResult, ...]
    expected_plays: dict[int, int]
    single_ranking: bool


def plays(movement: Movement) -> dict[int, int]:
    """How many tables with two real teams play each board (the phantom's table does not); 0
    for a board that, in a curtailed movement, only ever reached the phantom's table."""
    counts: dict[int, int] = {}
    for assignment in movement.assignments:
        for board in assignment.boards:
            counts[board] = counts.get(board, 0) + (not assignment.is_phantom_table)
    return counts


@st.composite
def movements(
    draw,
    *,
    kinds: tuple[str, ...] = ("mitchell", "howell"),
    full: bool = False,
    arrow_switches: bool = False,
) -> Movement:
    """A Mitchell (odd teams: a phantom; 7, 11, 15 teams: an even number of tables) or a
    Howell, curtailed to fewer rounds unless ``full``; with ``arrow_switches`` a Mitchell of
    two rounds or more may have its last round arrow-switched (one ranking)."""
    kind = draw(st.sampled_from(kinds))
    per_round = draw(st.integers(min_value=1, max_value=2))
    if kind == "mitchell":
        teams = draw(st.sampled_from([5, 6, 7, 8, 9, 11, 15]))
        most = max_mitchell_rounds(teams)
        rounds = most if full else draw(st.integers(min_value=1, max_value=most))
        switched = [rounds] if arrow_switches and rounds > 1 and draw(st.booleans()) else []
        return mitchell(
            teams, rounds=rounds, boards_per_round=per_round, arrow_switch_rounds=switched
        )
    teams = draw(st.integers(min_value=4, max_value=8))
    most = max_howell_rounds(teams)
    rounds = most if full else draw(st.integers(min_value=1, max_value=most))
    return howell(teams, rounds=rounds, boards_per_round=per_round)


@st.composite
def fields(
    draw,
    *,
    kinds: tuple[str, ...] = ("mitchell", "howell"),
    complete: bool = False,
    full: bool = False,
    arrow_switches: bool = False,
    marks: st.SearchStrategy[int] = MARKS,
) -> Field:
    """A movement with a result drawn for every board of every table: mostly played, some
    adjusted, some missing (late tables), and now and then an adjusted score for a team sitting
    out; ``complete``: every table plays every board it is due, nothing adjusted; ``full``: the
    movement's full number of rounds; ``arrow_switches``: see ``movements``."""
    movement = draw(movements(kinds=kinds, full=full, arrow_switches=arrow_switches))
    results = []
    for assignment in movement.assignments:
        for board in assignment.boards:
            if assignment.is_phantom_table:
                if not complete and draw(st.integers(0, 9)) == 0:
                    adjustment = draw(st.sampled_from(Adjustment))
                    results.append(
                        BoardResult(
                            board,
                            assignment.round,
                            assignment.table,
                            assignment.ns,
                            assignment.ew,
                            ns_adjusted=adjustment if assignment.ns is not None else None,
                            ew_adjusted=adjustment if assignment.ew is not None else None,
                        )
                    )
                continue
            kind = "played" if complete else draw(st.sampled_from(["played"] * 6 + ["adj", "-"]))
            if kind == "-":
                continue
            common = {
                "board": board,
                "round": assignment.round,
                "table": assignment.table,
                "ns_team": assignment.ns,
                "ew_team": assignment.ew,
                "arrow_switched": assignment.arrow_switch,
            }
            if kind == "adj":
                results.append(
                    BoardResult(
                        **common,
                        ns_adjusted=draw(st.sampled_from(Adjustment)),
                        ew_adjusted=draw(st.sampled_from(Adjustment)),
                    )
                )
            else:
                results.append(BoardResult(**common, ns_marks=draw(marks), ew_marks=draw(marks)))
    return Field(movement, tuple(results), plays(movement), movement.single_ranking)
