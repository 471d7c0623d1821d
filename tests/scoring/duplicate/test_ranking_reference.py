"""The rankings compared with a small, slow implementation written apart from
``scoring.duplicate``, straight from the rules in docs/scoring.md, on random tournaments played
on the project's own movements: Mitchells with a phantom, curtailed or arrow-switched (boards
played a different number of times: Neuberg to the common top) and Howells (one ranking, where
teams meet and head-to-head applies).

The reference matchpoints: each played net on the N-S cards against every other, 2 per score
beaten and 1 per tie; E the most plays of any board; M' = (M + 1) x E / A - 1; the other side
at the table the top 2(E - 1) minus that; an adjusted side 40/50/60 % of the top.

The reference ranking, docs/scoring.md "Tie-breaks, in order":
1. main score: percentage (matchpoints; a team with no percentage after every team with one),
   total difference (datum), total points;
2. boards won: more than half the top, a positive difference, more points than the opponents;
3. head-to-head, only when every pair of the tied teams met: share of the tops (matchpoints)
   or sum of the scores on the boards they played against each other; teams still equal are
   compared again among themselves;
4. a shared rank, the next rank skipping; teams with no board last, sharing their rank.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.duplicate import Adjustment, compute
from tests.support.depth import examples
from tests.support.field_strategies import fields

SHARE = {
    Adjustment.AVERAGE_MINUS: Fraction(2, 5),
    Adjustment.AVERAGE: Fraction(1, 2),
    Adjustment.AVERAGE_PLUS: Fraction(3, 5),
}

# Few distinct marks: equal percentages and totals, hence tie-breaks, are frequent.
COARSE_MARKS = st.sampled_from([0, 80, 160, 250])


def reference_matchpoints(results, expected_plays) -> list[dict]:
    """One row per table: the NS and EW teams, their matchpoints (None for the phantom), top."""
    e = max(expected_plays.values())
    board_top = 2 * (e - 1)
    rows = []
    for result in results:
        if result.ns_marks is None:
            ns = None if result.ns_team is None else SHARE[result.ns_adjusted] * board_top
            ew = None if result.ew_team is None else SHARE[result.ew_adjusted] * board_top
        else:
            mine = _on_ns_cards(result)
            others = [
                _on_ns_cards(other)
                for other in results
                if other.board == result.board and other.ns_marks is not None
            ]
            raw = sum(2 if mine > net else 1 if mine == net else 0 for net in others) - 1
            scaled = Fraction(raw + 1) * e / len(others) - 1
            holder, other_side = scaled, board_top - scaled
            ns, ew = (other_side, holder) if result.arrow_switched else (holder, other_side)
        rows.append(
            {"ns": result.ns_team, "ew": result.ew_team, "ns_score": ns, "ew_score": ew}
            | {"top": board_top}
        )
    return rows


def _on_ns_cards(result) -> int:
    net = result.ns_marks - result.ew_marks
    return -net if result.arrow_switched else net


def reference_ranking(method: str, rows: list[dict], teams: list[int]) -> list[tuple]:
    """[(rank, team, tied)], best first, teams by number within a shared rank."""
    played = {team: [] for team in teams}  # team -> [(own, opponent's, top, opponent)]
    for row in rows:
        for me, own, them, theirs in (
            (row["ns"], row["ns_score"], row["ew"], row["ew_score"]),
            (row["ew"], row["ew_score"], row["ns"], row["ns_score"]),
        ):
            if me in played and own is not None:
                played[me].append((own, theirs, row["top"] or 0, them))

    def main(team):
        boards = played[team]
        total = sum((own for own, *_ in boards), Fraction(0))
        if method != "matchpoints":
            return (1, total)
        tops = sum(top for _, _, top, _ in boards)
        # No percentage (nothing compared): below every percentage.
        return (1, 100 * total / tops) if tops else (0, Fraction(0))

    def won(team):
        count = 0
        for own, theirs, top, _ in played[team]:
            if method == "matchpoints":
                count += own > Fraction(top, 2)
            elif method == "datum":
                count += own > 0
            else:
                count += theirs is not None and own > theirs
        return count

    def head_to_head(group):
        for a in group:
            for b in group:
                if a != b and not any(them == b for *_, them in played[a]):
                    return [sorted(group)]
        value = {}
        for team in group:
            against = [(own, top) for own, _, top, them in played[team] if them in group]
            own = sum((own for own, _ in against), Fraction(0))
            tops = sum(top for _, top in against)
            if method == "matchpoints":
                value[team] = own / tops if tops else Fraction(0)
            else:
                value[team] = own
        levels = sorted(set(value.values()), reverse=True)
        if len(levels) == 1:
            return [sorted(group)]
        out = []
        for level in levels:
            subgroup = [team for team in group if value[team] == level]
            out.extend(head_to_head(subgroup) if len(subgroup) > 1 else [subgroup])
        return out

    ranked = [team for team in teams if played[team]]
    keys = {team: (main(team), won(team)) for team in ranked}
    groups = []
    for key in sorted(set(keys.values()), reverse=True):
        group = [team for team in ranked if keys[team] == key]
        groups.extend(head_to_head(group) if len(group) > 1 else [group])
    idle = sorted(team for team in teams if not played[team])
    if idle:
        groups.append(idle)
    standing, position = [], 1
    for group in groups:
        standing.extend((position, team, len(group) > 1) for team in sorted(group))
        position += len(group)
    return standing


def _rankings_of(computation) -> list[list[tuple]]:
    return [
        [(entry.rank, entry.team, entry.tied) for entry in ranking]
        for ranking in computation.rankings
    ]


def _teams_by_ranking(computation) -> list[list[int]]:
    return [[entry.team for entry in ranking] for ranking in computation.rankings]


def _rows_of(computation) -> list[dict]:
    return [
        {
            "ns": score.result.ns_team,
            "ew": score.result.ew_team,
            "ns_score": score.ns_score,
            "ew_score": score.ew_score,
            "top": score.top,
        }
        for score in computation.scores.values()
    ]


@given(fields(marks=COARSE_MARKS, arrow_switches=True))
@settings(max_examples=examples(150), deadline=None)
def test_matchpoint_scores_match_the_reference_neuberg_to_the_common_top(field):
    computation = compute("matchpoints", field.results, field.expected_plays, field.single_ranking)
    ordered = sorted(field.results, key=lambda result: result.key)
    expected = reference_matchpoints(ordered, field.expected_plays)
    assert [
        (score.ns_score, score.ew_score, score.top) for score in computation.scores.values()
    ] == [(row["ns_score"], row["ew_score"], row["top"]) for row in expected]


@given(fields(marks=COARSE_MARKS, arrow_switches=True))
@settings(max_examples=examples(150), deadline=None)
def test_matchpoint_rankings_match_the_reference_tie_breaks(field):
    # The reference ranks the reference matchpoints: mixed plays, Neuberg, adjusted scores.
    computation = compute("matchpoints", field.results, field.expected_plays, field.single_ranking)
    rows = reference_matchpoints(list(field.results), field.expected_plays)
    expected = [
        reference_ranking("matchpoints", rows, teams) for teams in _teams_by_ranking(computation)
    ]
    assert _rankings_of(computation) == expected


@given(fields(marks=COARSE_MARKS, arrow_switches=True), st.sampled_from(["datum", "total"]))
@settings(max_examples=examples(150), deadline=None)
def test_datum_and_total_rankings_match_the_reference_tie_breaks(field, method):
    # Their per-table scores have tests of their own; the reference ranks them.
    computation = compute(method, field.results, field.expected_plays, field.single_ranking)
    rows = _rows_of(computation)
    expected = [reference_ranking(method, rows, teams) for teams in _teams_by_ranking(computation)]
    assert _rankings_of(computation) == expected


@given(
    fields(kinds=("howell",), full=True, marks=st.sampled_from([0, 80, 160])),
    st.sampled_from(["matchpoints", "datum", "total"]),
)
@settings(max_examples=examples(150), deadline=None)
def test_round_robin_rankings_match_the_reference_head_to_head(field, method):
    # A complete Howell: every pair of teams met, so every tie left after the boards won goes
    # to head-to-head; three marks only, so that such ties are frequent.
    computation = compute(method, field.results, field.expected_plays, field.single_ranking)
    if method == "matchpoints":
        rows = reference_matchpoints(list(field.results), field.expected_plays)
    else:
        rows = _rows_of(computation)
    (teams,) = _teams_by_ranking(computation)
    assert _rankings_of(computation) == [reference_ranking(method, rows, teams)]
