"""Properties that hold for any tournament: matchpoints add up, order does not matter, datum
differences balance, exchanging every NS/EW label mirrors every score, and every board weighs
the same (one common top, Neuberg to the most plays of any board)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.duplicate import (
    Adjustment,
    BoardResult,
    Penalty,
    PenaltyUnit,
    compute,
    compute_rankings,
    matchpoints,
    most_plays,
    neuberg,
    score_matchpoints,
    top,
)
from scoring.engine.cards import Side
from tests.support.depth import examples
from tests.support.field_strategies import fields
from tests.support.movements import mitchell

MARKS = st.integers(min_value=0, max_value=50).map(lambda tens: 10 * tens)
METHODS = st.sampled_from(["matchpoints", "datum", "total"])


@st.composite
def tournaments(draw, *, complete=False, arrow_switches=False):
    """(results, expected_plays) of a random Mitchell with missing, adjusted and arrow-switched
    tables (unless ``complete``: every table played every board it was due)."""
    tables = draw(st.sampled_from([3, 5, 7]))
    rounds = draw(st.integers(min_value=1, max_value=tables))
    per_round = draw(st.integers(min_value=1, max_value=2))
    results = []
    for round_, table, ns_team, ew_team, boards in mitchell(tables, rounds, per_round):
        for board in boards:
            kind = "played" if complete else draw(st.sampled_from(["played"] * 6 + ["adj", "-"]))
            switched = arrow_switches and draw(st.booleans())
            if kind == "-":
                continue
            if kind == "adj":
                ns_adj, ew_adj = (
                    draw(st.sampled_from(Adjustment)),
                    draw(st.sampled_from(Adjustment)),
                )
                results.append(
                    BoardResult(
                        board,
                        round_,
                        table,
                        ns_team,
                        ew_team,
                        ns_adjusted=ns_adj,
                        ew_adjusted=ew_adj,
                        arrow_switched=switched,
                    )
                )
            else:
                results.append(
                    BoardResult(
                        board,
                        round_,
                        table,
                        ns_team,
                        ew_team,
                        draw(MARKS),
                        draw(MARKS),
                        arrow_switched=switched,
                    )
                )
    expected = dict.fromkeys(range(1, tables * per_round + 1), rounds)
    return results, expected


def _mirror(result: BoardResult) -> BoardResult:
    """The same result with every North-South and East-West label exchanged."""
    return BoardResult(
        result.board,
        result.round,
        result.table,
        ns_team=result.ew_team,
        ew_team=result.ns_team,
        ns_marks=result.ew_marks,
        ew_marks=result.ns_marks,
        ns_adjusted=result.ew_adjusted,
        ew_adjusted=result.ns_adjusted,
        arrow_switched=result.arrow_switched,
    )


@given(st.lists(st.integers(min_value=-50, max_value=50).map(lambda t: 10 * t), min_size=1))
@settings(max_examples=examples(200))
def test_matchpoints_on_n_results_add_up_to_n_times_n_minus_one(nets):
    n = len(nets)
    assert sum(matchpoints(nets)) == n * (n - 1)
    assert all(0 <= points <= 2 * (n - 1) for points in matchpoints(nets))


@given(tournaments(complete=True))
@settings(max_examples=examples(60), deadline=None)
def test_on_a_fully_played_board_each_direction_shares_n_times_n_minus_one(tournament):
    results, expected = tournament
    computation = compute("matchpoints", results, expected, single_ranking=False)
    for board in expected:
        traveller = computation.traveller(board)
        n = len(traveller)
        assert n == expected[board]
        assert sum(score.ns_score for score in traveller) == n * (n - 1)
        assert sum(score.ew_score for score in traveller) == n * (n - 1)


@given(
    st.integers(min_value=1, max_value=12).flatmap(
        lambda expected: st.tuples(st.just(expected), st.integers(1, expected))
    )
)
def test_neuberg_keeps_the_average_of_the_board(plays):
    # A results scaled to E: they add up to A x (E - 1), i.e. an average of half the top.
    expected, actual = plays
    raw = matchpoints(list(range(actual)))
    assert sum(neuberg(points, expected, actual) for points in raw) == actual * (expected - 1)


@given(tournaments(arrow_switches=True), METHODS, st.randoms(use_true_random=False))
@settings(max_examples=examples(60), deadline=None)
def test_the_output_does_not_depend_on_the_order_of_the_results(tournament, method, rng):
    results, expected = tournament
    shuffled = list(results)
    rng.shuffle(shuffled)
    first = compute(method, results, expected, single_ranking=True)
    second = compute(method, shuffled, expected, single_ranking=True)
    assert first == second
    assert list(first.scores) == sorted(first.scores)


@given(tournaments())
@settings(max_examples=examples(60), deadline=None)
def test_datum_differences_on_a_board_add_up_to_zero_within_rounding(tournament):
    results, expected = tournament
    computation = compute("datum", results, expected, single_ranking=False)
    for board in expected:
        played = [score for score in computation.traveller(board) if score.result.is_played]
        # The datum is the mean rounded to 10, at most 5 points off, once per played table.
        assert abs(sum(score.ns_score for score in played)) <= 5 * len(played)
        assert all(score.ns_score == -score.ew_score for score in played)


@given(tournaments(arrow_switches=True), METHODS)
@settings(max_examples=examples(60), deadline=None)
def test_exchanging_every_ns_and_ew_label_mirrors_the_scores(tournament, method):
    results, expected = tournament
    original = compute(method, results, expected, single_ranking=True)
    mirrored = compute(method, [_mirror(result) for result in results], expected, True)
    for key, score in original.scores.items():
        assert (mirrored.scores[key].ns_score, mirrored.scores[key].ew_score) == (
            score.ew_score,
            score.ns_score,
        )
    assert original.ranking() == mirrored.ranking()


@given(tournaments(), METHODS)
@settings(max_examples=examples(40), deadline=None)
def test_mirroring_a_mitchell_exchanges_its_two_rankings(tournament, method):
    results, expected = tournament
    original = compute(method, results, expected, single_ranking=False)
    mirrored = compute(method, [_mirror(result) for result in results], expected, False)
    for ours, theirs in ((Side.NS, Side.EW), (Side.EW, Side.NS)):
        assert [(e.rank, e.team, e.score, e.tied) for e in original.ranking(ours)] == [
            (e.rank, e.team, e.score, e.tied) for e in mirrored.ranking(theirs)
        ]


@given(tournaments(arrow_switches=True), METHODS)
@settings(max_examples=examples(40), deadline=None)
def test_ranks_are_consistent_with_shared_places(tournament, method):
    results, expected = tournament
    entries = compute(method, results, expected, single_ranking=True).ranking().entries
    teams = {team for result in results for team in result.teams()}
    assert sorted(entry.team for entry in entries) == sorted(teams)
    position = 1
    index = 0
    while index < len(entries):
        group = [entry for entry in entries if entry.rank == entries[index].rank]
        assert entries[index].rank == position
        assert all(entry.tied == (len(group) > 1) for entry in group)
        position += len(group)
        index += len(group)


def test_a_shuffled_large_field_gives_the_same_rankings():
    # A deterministic companion to the property above on a field too big for hypothesis.
    results = [
        BoardResult(board, round_, table, ns, ew, 10 * ((board * 7 + table * 3) % 40), 60)
        for round_, table, ns, ew, boards in mitchell(9, 9, 2)
        for board in boards
    ]
    expected = dict.fromkeys(range(1, 19), 9)
    shuffled = list(results)
    random.Random(7).shuffle(shuffled)
    for method in ("matchpoints", "datum", "total"):
        assert compute(method, results, expected, False) == compute(
            method, shuffled, expected, False
        )


# --- One common top: every board weighs the same ---------------------------------------------


@given(fields())
@settings(max_examples=examples(80), deadline=None)
def test_every_board_is_scored_on_the_common_top_of_the_most_played_board(field):
    common_top = top(most_plays(field.expected_plays))
    scores = score_matchpoints(field.results, field.expected_plays)
    for score in scores:
        assert score.top == common_top
        for own in (score.ns_score, score.ew_score):
            assert own is None or 0 <= own <= common_top


@given(fields())
@settings(max_examples=examples(80), deadline=None)
def test_every_board_adds_the_same_top_to_a_teams_percentage(field):
    # A team's percentage is its score over (common top x boards it has a score on), however
    # many times each of those boards was played.
    common_top = top(most_plays(field.expected_plays))
    computation = compute("matchpoints", field.results, field.expected_plays, field.single_ranking)
    for ranking in computation.rankings:
        for entry in ranking:
            if entry.boards and common_top:
                assert entry.percentage == 100 * entry.score / (common_top * entry.boards)


@given(fields())
@settings(max_examples=examples(80), deadline=None)
def test_the_played_results_of_any_board_average_half_the_common_top(field):
    # A results scaled to E add up to A x (E - 1) per direction: whether a board was played
    # twice or three times, its average result is worth the same to a team.
    common = most_plays(field.expected_plays)
    scores = score_matchpoints(field.results, field.expected_plays)
    by_board: dict[int, list] = {}
    for score in scores:
        if score.result.is_played:
            by_board.setdefault(score.result.board, []).append(score)
    for board_scores in by_board.values():
        on_ns_cards = [
            score.ew_score if score.result.arrow_switched else score.ns_score
            for score in board_scores
        ]
        assert sum(on_ns_cards) == len(board_scores) * (common - 1)


@given(fields())
@settings(max_examples=examples(60), deadline=None)
def test_scaling_to_the_common_plays_is_neuberg_to_the_board_then_to_the_common_plays(field):
    # Neuberg composes: (M + 1) x E / A - 1 is scaling from A to the board's own plays, then
    # from those to E. The board-by-board scores of before, once Neuberg-scaled to E, are the
    # common-top scores.
    common = most_plays(field.expected_plays)
    scores = {score.key: score for score in score_matchpoints(field.results, field.expected_plays)}
    for board, own_plays in field.expected_plays.items():
        board_results = [result for result in field.results if result.board == board]
        if not own_plays:
            continue  # only a sit-out's adjusted score, on a board nobody plays
        alone = score_matchpoints(board_results, {board: own_plays})
        for before in alone:
            after = scores[before.key]
            if before.result.is_played:
                assert after.ns_score == neuberg(before.ns_score, common, own_plays)
                assert after.ew_score == neuberg(before.ew_score, common, own_plays)
            elif before.top:
                # An adjusted score is the same share of either top.
                assert after.ns_percentage == before.ns_percentage
                assert after.ew_percentage == before.ew_percentage


@given(tournaments(arrow_switches=True))
@settings(max_examples=examples(60), deadline=None)
def test_scaling_changes_nothing_when_every_board_has_the_same_plays(tournament):
    # Every board expected E times: the common top is each board's own top, and scoring the
    # boards together gives what scoring each alone gives.
    results, expected = tournament
    together = score_matchpoints(results, expected)
    for board in expected:
        board_results = [result for result in results if result.board == board]
        alone = score_matchpoints(board_results, {board: expected[board]})
        assert alone == [score for score in together if score.result.board == board]


@given(fields(complete=True, full=True, kinds=("howell",)))
@settings(max_examples=examples(40), deadline=None)
def test_a_complete_howell_is_plain_law_78a(field):
    # Every board of a Howell is played the same number of times: no Neuberg at all.
    assert len(set(field.expected_plays.values())) == 1
    scores = score_matchpoints(field.results, field.expected_plays)
    for board in field.expected_plays:
        on_board = [score for score in scores if score.result.board == board]
        raw = matchpoints([score.result.net_on_ns_cards for score in on_board])
        assert [score.ns_score for score in on_board if not score.result.arrow_switched] == [
            points
            for points, score in zip(raw, on_board, strict=True)
            if not score.result.arrow_switched
        ]


@st.composite
def penalties_of(draw, field):
    """A few procedural penalties on the field's teams, in either unit, from any round."""
    teams = sorted({team for result in field.results for team in result.teams()})
    if not teams:
        return []
    last = max((result.round for result in field.results), default=1)
    return draw(
        st.lists(
            st.builds(
                Penalty,
                team=st.sampled_from(teams),
                amount=st.integers(1, 5).map(lambda n: 10 * n),
                unit=st.sampled_from(PenaltyUnit),
                round=st.integers(1, last + 1),
                board=st.none(),
            ),
            max_size=3,
        )
    )


@given(
    st.one_of(
        fields(arrow_switches=True),
        # Two marks only: many teams tie, and the head-to-head splits them.
        fields(kinds=("howell",), complete=True, marks=st.sampled_from([0, 160])),
    ),
    METHODS,
    st.data(),
)
# Its full count at every depth (tests/support/depth.py): fewer examples leave the tally's
# « start afresh » branch (scoring/duplicate/computation.py) unreached in some runs.
@settings(max_examples=120, deadline=None)
def test_the_rankings_after_every_round_in_one_pass_are_those_computed_one_by_one(
    field, method, data
):
    # compute_rankings carries the boards' scores and the teams' totals from one round to the
    # next; each ranking must be exactly compute's for that round, ties and penalties included.
    penalties = data.draw(penalties_of(field))
    last = max((result.round for result in field.results), default=0)
    rounds = [*range(0, last + 2), None]
    chosen = data.draw(st.lists(st.sampled_from(rounds), min_size=1, unique=True))
    kept = None
    if data.draw(st.booleans()):
        kept = compute(method, field.results, field.expected_plays, field.single_ranking).scores
    series = compute_rankings(
        method,
        field.results,
        field.expected_plays,
        field.single_ranking,
        chosen,
        penalties=penalties,
        scores=None if kept is None else kept.values(),
    )
    assert set(series) == set(chosen)
    for up_to_round in chosen:
        alone = compute(
            method,
            field.results,
            field.expected_plays,
            field.single_ranking,
            up_to_round=up_to_round,
            penalties=penalties,
        )
        together = series[up_to_round]
        assert together.rankings == alone.rankings
        assert together.scores == alone.scores
        assert list(together.scores) == list(alone.scores)
        assert {
            team: (t.score, t.top, t.boards, t.won) for team, t in together.tallies.items()
        } == {team: (t.score, t.top, t.boards, t.won) for team, t in alone.tallies.items()}
