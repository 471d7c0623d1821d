"""The season ranking of players (scoring.duplicate.season): hand-computed rankings for both
methods (best N, minimum played, ties, shared places, field scaling) and properties that hold
for any season."""

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.duplicate.season import (
    Placing,
    SeasonMethod,
    SeasonSettings,
    place_points,
    placings_from_ranking,
    season_ranking,
)
from tests.support.depth import examples

AVERAGE = SeasonMethod.AVERAGE
POINTS = SeasonMethod.POINTS


def pct(player, tournament, percentage):
    return Placing(player, tournament, rank=1, field=10, percentage=percentage)


AVERAGE_SEASON = [
    pct("A", "T1", 60), pct("B", "T1", 55), pct("C", "T1", 50),
    pct("A", "T2", 40), pct("B", "T2", 65), pct("D", "T2", 70),
    pct("A", "T3", 58), pct("C", "T3", 62), pct("D", "T3", 52), pct("E", "T3", 80),
]  # fmt: skip


def table(lines):
    return [(line.player, line.rank, line.score, line.counted, line.played) for line in lines]


def test_average_of_the_best_two_with_a_minimum_of_two():
    lines = season_ranking(AVERAGE_SEASON, SeasonSettings(AVERAGE, best=2, minimum=2))
    # A: 60, 40, 58 → best two 60 and 58 → 59; B (55 + 65) / 2 = 60; C (50 + 62) / 2 = 56;
    # D (70 + 52) / 2 = 61; E played once: listed last, unranked.
    assert table(lines) == [
        ("D", 1, 61.0, 2, 2),
        ("B", 2, 60.0, 2, 2),
        ("A", 3, 59.0, 2, 3),
        ("C", 4, 56.0, 2, 2),
        ("E", None, 80.0, 1, 1),
    ]
    a = lines[2]
    assert [(r.tournament, r.figure, r.counted) for r in a.results] == [
        ("T1", 60.0, True),
        ("T2", 40.0, False),
        ("T3", 58.0, True),
    ]


def test_average_of_every_tournament():
    lines = season_ranking(AVERAGE_SEASON, SeasonSettings(AVERAGE))
    # A: (60 + 40 + 58) / 3 = 52.666… → 52.67
    assert table(lines) == [
        ("E", 1, 80.0, 1, 1),
        ("D", 2, 61.0, 2, 2),
        ("B", 3, 60.0, 2, 2),
        ("C", 4, 56.0, 2, 2),
        ("A", 5, 52.67, 3, 3),
    ]


def test_average_ties_more_tournaments_then_the_best_single_then_shared():
    placings = [
        pct("P", "T1", 60), pct("P", "T2", 50),  # 55, two counted, best 60
        pct("Q", "T1", 55),  # 55, one counted
        pct("R", "T1", 70), pct("R", "T2", 40),  # 55, two counted, best 70
        pct("S", "T1", 50), pct("S", "T2", 60),  # the same as P: shared rank
    ]  # fmt: skip
    lines = season_ranking(placings, SeasonSettings(AVERAGE))
    assert [(line.player, line.rank, line.tied) for line in lines] == [
        ("R", 1, False),
        ("P", 2, True),
        ("S", 2, True),
        ("Q", 4, False),
    ]


def test_exact_means_tie_where_floats_would_not():
    # In floats (50.3 + 50.1 + 50.2) / 3 > (50.3 + 50.0 + 50.3) / 3; the season compares the
    # decimals as given: the same mean, the same best single result, a shared rank.
    assert (50.3 + 50.1 + 50.2) / 3 != (50.3 + 50.0 + 50.3) / 3
    placings = [
        pct("X", "T1", 50.3),
        pct("X", "T2", 50.1),
        pct("X", "T3", 50.2),
        pct("Y", "T1", 50.3),
        pct("Y", "T2", 50.0),
        pct("Y", "T3", 50.3),
    ]
    lines = season_ranking(placings, SeasonSettings(AVERAGE))
    assert [(line.player, line.rank, line.tied) for line in lines] == [
        ("X", 1, True),
        ("Y", 1, True),
    ]


def place(player, tournament, rank, field, tied=1):
    return Placing(player, tournament, rank=rank, field=field, tied=tied)


# T1: 4 teams; team AB first, CD and EF share the 2nd place, GH 4th. T2: 3 teams; C 1st,
# E 2nd, A 3rd.
POINTS_SEASON = [
    place("A", "T1", 1, 4), place("B", "T1", 1, 4),
    place("C", "T1", 2, 4, 2), place("D", "T1", 2, 4, 2),
    place("E", "T1", 2, 4, 2), place("F", "T1", 2, 4, 2),
    place("G", "T1", 4, 4), place("H", "T1", 4, 4),
    place("C", "T2", 1, 3), place("E", "T2", 2, 3), place("A", "T2", 3, 3),
]  # fmt: skip
SCALE = (20, 17, 15, 13, 11)


def test_points_per_place_with_shared_places():
    lines = season_ranking(POINTS_SEASON, SeasonSettings(POINTS, scale=SCALE))
    # Shared 2nd place: (17 + 15) / 2 = 16 each. C 16 + 20 = 36, A 20 + 15 = 35, E 16 + 17 = 33.
    assert table(lines) == [
        ("C", 1, 36.0, 2, 2),
        ("A", 2, 35.0, 2, 2),
        ("E", 3, 33.0, 2, 2),
        ("B", 4, 20.0, 1, 1),
        ("D", 5, 16.0, 1, 1),
        ("F", 5, 16.0, 1, 1),
        ("G", 7, 13.0, 1, 1),
        ("H", 7, 13.0, 1, 1),
    ]


def test_points_of_the_best_one():
    lines = season_ranking(POINTS_SEASON, SeasonSettings(POINTS, best=1, scale=SCALE))
    assert [(line.player, line.rank, line.score) for line in lines] == [
        ("A", 1, 20.0),
        ("B", 1, 20.0),
        ("C", 1, 20.0),
        ("E", 4, 17.0),
        ("D", 5, 16.0),
        ("F", 5, 16.0),
        ("G", 7, 13.0),
        ("H", 7, 13.0),
    ]


def test_points_scaled_by_the_field():
    lines = season_ranking(POINTS_SEASON, SeasonSettings(POINTS, scale=SCALE, reference_field=4))
    # T2 has 3 teams: its points × 3/4. A 20 + 11.25 = 31.25, C 16 + 15 = 31, E 16 + 12.75.
    assert [(line.player, line.score) for line in lines[:3]] == [
        ("A", 31.25),
        ("C", 31.0),
        ("E", 28.75),
    ]


def test_places_past_the_scale_score_nothing():
    assert place_points(6, 1, 8, SeasonSettings(POINTS, scale=SCALE)) == 0
    assert place_points(5, 2, 8, SeasonSettings(POINTS, scale=SCALE)) == Fraction(11, 2)


def test_a_tournament_without_percentages_does_not_count_in_an_average():
    placings = [Placing("A", "T1", 1, 4, percentage=None), pct("A", "T2", 50)]
    (line,) = season_ranking(placings, SeasonSettings(AVERAGE, minimum=2))
    assert (line.rank, line.played, line.score) == (None, 1, 50.0)


def test_two_merged_records_in_one_tournament_count_it_once():
    placings = [pct("A", "T1", 40), pct("A", "T1", 60)]
    (line,) = season_ranking(placings, SeasonSettings(AVERAGE))
    assert (line.played, line.score) == (1, 60.0)


def test_settings_are_checked():
    with pytest.raises(ValueError):
        SeasonSettings(best=0)
    with pytest.raises(ValueError):
        SeasonSettings(scale=(10, -1))


def test_placings_from_a_two_direction_ranking():
    entries = [
        {"rank": 1, "team": 1, "direction": "NS", "percentage": 62.5},
        {"rank": 2, "team": 2, "direction": "NS", "percentage": 50.0},
        {"rank": 2, "team": 3, "direction": "NS", "percentage": 50.0},
        {"rank": 1, "team": 4, "direction": "EW", "percentage": 55.0},
        {"rank": 2, "team": 5, "direction": "EW", "percentage": 45.0},
        {"rank": None, "team": 6, "direction": "EW", "percentage": None},
    ]
    players = {1: ["a", "b"], 2: ["c"], 3: ["d", "e"], 4: ["f", "g"], 5: ["h", "i"], 6: ["j"]}
    placings = {p.player: p for p in placings_from_ranking("T", entries, players)}
    assert placings["c"] == Placing("c", "T", rank=2, field=3, tied=2, percentage=50.0)
    assert placings["h"] == Placing("h", "T", rank=2, field=2, tied=1, percentage=45.0)
    assert "j" not in placings


# --- Properties ------------------------------------------------------------------------------


@st.composite
def seasons(draw):
    """Random tournaments: teams of two players drawn from a pool, ranked with ties, in one or
    two ranking groups, with percentages."""
    pool = [f"P{n}" for n in range(draw(st.integers(4, 14)))]
    placings = []
    for t in range(draw(st.integers(1, 5))):
        players = draw(st.permutations(pool))
        teams = [players[i : i + 2] for i in range(0, len(players) - 1, 2)]
        teams = teams[: draw(st.integers(1, len(teams)))]
        percentages = [draw(st.integers(0, 1000)) / 10 for _ in teams]
        groups = draw(st.sampled_from([1, 2])) if len(teams) > 1 else 1
        entries = []
        for index, percentage in enumerate(percentages):
            entries.append({"team": index, "percentage": percentage, "direction": index % groups})
        for group in range(groups):
            members = sorted(
                (e for e in entries if e["direction"] == group), key=lambda e: -e["percentage"]
            )
            for position, entry in enumerate(members):
                same = [e for e in members[:position] if e["percentage"] == entry["percentage"]]
                entry["rank"] = same[0]["rank"] if same else position + 1
        placings += placings_from_ranking(f"T{t}", entries, dict(enumerate(teams)))
    return placings


SETTINGS = st.builds(
    SeasonSettings,
    method=st.sampled_from(list(SeasonMethod)),
    best=st.one_of(st.none(), st.integers(1, 4)),
    minimum=st.integers(0, 3),
    scale=st.lists(st.integers(0, 30), min_size=1, max_size=8).map(tuple),
    reference_field=st.one_of(st.none(), st.integers(1, 8)),
)


@settings(max_examples=examples(150), deadline=None)
@given(seasons(), SETTINGS, st.randoms(use_true_random=False))
def test_the_order_of_the_placings_does_not_matter(placings, season, rng):
    shuffled = list(placings)
    rng.shuffle(shuffled)
    assert season_ranking(shuffled, season) == season_ranking(placings, season)


@settings(max_examples=examples(150), deadline=None)
@given(seasons(), SETTINGS)
def test_ranks_are_competition_ranks_and_the_minimum_decides_who_is_ranked(placings, season):
    lines = season_ranking(placings, season)
    ranked = [line for line in lines if line.ranked]
    assert all(not line.ranked for line in lines[len(ranked) :])
    for index, line in enumerate(ranked):
        assert line.played >= max(season.minimum, 1)
        if (
            index == 0
            or ranked[index - 1].exact != line.exact
            or (ranked[index - 1].counted != line.counted)
        ):
            assert line.rank == index + 1
        else:
            assert line.rank in (index + 1, ranked[index - 1].rank)
        if index:
            assert line.exact <= ranked[index - 1].exact
    for line in lines[len(ranked) :]:
        assert line.played < max(season.minimum, 1)
    assert {line.player for line in lines} == {p.player for p in placings}


@settings(max_examples=examples(150), deadline=None)
@given(seasons(), st.integers(1, 4))
def test_the_best_n_average_is_at_least_the_whole_average(placings, best):
    whole = {line.player: line for line in season_ranking(placings, SeasonSettings(AVERAGE))}
    for line in season_ranking(placings, SeasonSettings(AVERAGE, best=best)):
        assert line.counted == min(best, line.played)
        assert line.exact >= whole[line.player].exact
        figures = [r.figure for r in line.results]
        assert min(figures) - 0.01 <= line.score <= max(figures) + 0.01


@settings(max_examples=examples(150), deadline=None)
@given(seasons(), st.lists(st.integers(0, 30), min_size=1, max_size=8).map(tuple))
def test_shared_places_share_the_scale_and_lose_nothing(placings, scale):
    """In every tournament, the points given to a group's teams add up to the scale's points of
    its places, whatever the ties."""
    by_team: dict = {}
    for p in placings:
        by_team.setdefault((p.tournament, p.field, p.rank, p.tied), []).append(p)
    season = SeasonSettings(POINTS, scale=scale)
    lines = season_ranking(placings, season)
    total = sum(line.exact for line in lines)
    expected = sum(place_points(p.rank, p.tied, p.field, season) for p in placings)
    assert total == expected
    # A group of teams tied for places r..r+k-1 shares exactly those places' points.
    for _tournament, field, rank, tied in by_team:
        shared = place_points(rank, tied, field, season) * tied
        assert shared == sum(
            (Fraction(scale[q - 1]) if q <= len(scale) else 0) for q in range(rank, rank + tied)
        )


def test_a_random_season_is_stable_under_a_fixed_seed():
    """Not a property: a smoke run over a larger field, for the benchmark-minded."""
    rng = random.Random(7)
    placings = [
        pct(f"P{rng.randrange(200)}", f"T{t}", rng.randrange(1000) / 10)
        for t in range(30)
        for _ in range(40)
    ]
    lines = season_ranking(placings, SeasonSettings(AVERAGE, best=10, minimum=3))
    assert lines[0].rank == 1
