"""The online tournament's scoring (scoring/duplicate/online.py): worked examples, then
properties over any set of plays."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.duplicate.online import (
    OnlinePlay,
    common_plays,
    pool_instance,
    rank_online,
    score_plays,
)


def play(player, deal, order, ns, ew, instance=1):
    return OnlinePlay(player, deal, instance, order, ns, ew)


def test_one_deal_four_players_matchpoints_and_differences():
    plays = [
        play("ana", 1, 1, 190, 62),  # net +128
        play("bob", 1, 2, 0, 262),  # net -262
        play("cam", 1, 3, 190, 62),  # net +128
        play("dan", 1, 4, 100, 62),  # net +38
    ]
    scores = {score.play.player: score for score in score_plays(plays)}
    # Top 6: ana and cam beat bob and dan, tie each other.
    assert scores["ana"].matchpoints == 5
    assert scores["cam"].matchpoints == 5
    assert scores["dan"].matchpoints == 2
    assert scores["bob"].matchpoints == 0
    assert {score.top for score in scores.values()} == {6}
    # Belote'L: each against the one who finished just before.
    assert (scores["ana"].difference, scores["ana"].against) == (None, None)
    assert (scores["bob"].difference, scores["bob"].against) == (-390, "ana")
    assert (scores["cam"].difference, scores["cam"].against) == (390, "bob")
    assert (scores["dan"].difference, scores["dan"].against) == (-90, "cam")


def test_an_abandoned_deal_is_below_every_result_and_skipped_as_the_one_before():
    plays = [
        play("ana", 1, 1, 0, 500),
        play("bob", 1, 2, None, None),
        play("cam", 1, 3, 0, 250),
    ]
    scores = {score.play.player: score for score in score_plays(plays)}
    assert scores["bob"].matchpoints == 0
    assert scores["ana"].matchpoints == 2
    assert scores["cam"].matchpoints == 4
    assert scores["bob"].difference is None
    assert (scores["cam"].difference, scores["cam"].against) == (250, "ana")


def test_two_abandons_tie_at_the_bottom():
    plays = [play("a", 1, 1, None, None), play("b", 1, 2, None, None), play("c", 1, 3, 0, 162)]
    scores = {score.play.player: score.matchpoints for score in score_plays(plays)}
    assert scores == {"a": 1, "b": 1, "c": 4}


def test_an_instance_played_fewer_times_is_neuberg_scaled_to_the_common_top():
    # Deal 1 has two instances: instance 1 played by three, instance 2 by two.
    plays = [
        play("a", 1, 1, 100, 0, instance=1),
        play("b", 1, 2, 50, 0, instance=1),
        play("c", 1, 3, 0, 0, instance=1),
        play("d", 1, 1, 100, 0, instance=2),
        play("e", 1, 2, 0, 100, instance=2),
    ]
    assert common_plays(plays) == 3
    scores = {score.play.player: score for score in score_plays(plays)}
    assert {score.top for score in scores.values()} == {4}
    assert scores["a"].matchpoints == 4
    # Neuberg from 2 to 3 plays: (M + 1) * 3 / 2 - 1.
    assert scores["d"].matchpoints == Fraction(7, 2)
    assert scores["e"].matchpoints == Fraction(1, 2)
    # The instances are compared apart: d's difference is against e's instance only.
    assert scores["e"].against == "d"
    assert scores["a"].against is None


def test_ranking_percentages_and_shared_ranks():
    plays = [
        play("ana", 1, 1, 190, 62),
        play("bob", 1, 2, 62, 190),
        play("cam", 1, 3, 190, 62),
        play("ana", 2, 4, 0, 162),
        play("bob", 2, 5, 162, 0),
        play("cam", 2, 6, 80, 82),
    ]
    ranking = rank_online(plays)
    lines = {line.player: line for line in ranking}
    # Deal 1 (top 4): ana 3, cam 3, bob 0. Deal 2: bob 4, cam 2, ana 0.
    assert lines["ana"].matchpoints == 3 and lines["ana"].top == 8
    assert lines["cam"].matchpoints == 5
    assert lines["bob"].matchpoints == 4
    assert lines["cam"].percentage == Fraction(500, 8)
    assert [(line.rank, line.player, line.tied) for line in ranking] == [
        (1, "cam", False),
        (2, "bob", False),
        (3, "ana", False),
    ]
    assert lines["bob"].difference == -256 + 324
    assert [score.play.deal for score in lines["ana"].deals] == [1, 2]


def test_equal_percentages_share_the_rank():
    plays = [play("b", 1, 1, 100, 0), play("a", 1, 2, 100, 0), play("c", 1, 3, 0, 100)]
    ranking = rank_online(plays)
    assert [(line.rank, line.player, line.tied) for line in ranking] == [
        (1, "a", True),
        (1, "b", True),
        (3, "c", False),
    ]


def test_a_lone_player_has_half():
    assert rank_online([play("a", 1, 1, 100, 0)])[0].percentage == 50


def test_a_deal_played_twice_by_one_player_is_refused():
    with pytest.raises(ValueError):
        score_plays([play("a", 1, 1, 0, 0), play("a", 1, 2, 0, 0, instance=2)])


def test_a_play_with_one_mark_is_refused():
    with pytest.raises(ValueError):
        OnlinePlay("a", 1, 1, 1, 100, None)


def test_the_pool_goes_round_the_instances_shifted_by_the_deal():
    assert [pool_instance(1, entry, 3) for entry in range(1, 7)] == [1, 2, 3, 1, 2, 3]
    assert [pool_instance(2, entry, 3) for entry in range(1, 4)] == [2, 3, 1]
    assert pool_instance(5, 9, 1) == 1
    with pytest.raises(ValueError):
        pool_instance(1, 0, 2)


# --- Properties ---------------------------------------------------------------------------

MARK = st.one_of(st.none(), st.integers(min_value=0, max_value=50).map(lambda tens: 10 * tens))


@st.composite
def tournaments(draw):
    """Plays of a random online tournament: each player plays some deals, on the pool's
    instance, some abandoned, in a random finishing order (drawn in a few lists: generating
    stays quick on a loaded machine)."""
    players = draw(st.integers(min_value=1, max_value=7))
    deals = draw(st.integers(min_value=1, max_value=4))
    instances = draw(st.integers(min_value=1, max_value=3))
    count = players * deals
    orders = draw(st.permutations(range(count)))
    choices = draw(st.lists(st.tuples(st.booleans(), MARK, MARK), min_size=count, max_size=count))
    plays = []
    for index, (skipped, ns, ew) in enumerate(choices):
        entry, deal = index // deals + 1, index % deals + 1
        if skipped and plays:
            continue
        marks = (None, None) if ns is None or ew is None else (ns, ew)
        plays.append(
            OnlinePlay(
                f"p{entry}", deal, pool_instance(deal, entry, instances), orders[index], *marks
            )
        )
    return plays


@given(tournaments())
def test_matchpoints_stay_within_the_top_and_add_up_on_a_full_instance(plays):
    scores = score_plays(plays)
    common = common_plays(plays)
    by_instance: dict = {}
    for score in scores:
        assert 0 <= score.matchpoints <= score.top == 2 * (common - 1)
        by_instance.setdefault((score.play.deal, score.play.instance), []).append(score)
    for instance_scores in by_instance.values():
        total = sum(score.matchpoints for score in instance_scores)
        # Neuberg keeps the average at half the top.
        assert total == Fraction(len(instance_scores) * (common - 1))


@given(tournaments())
def test_an_abandon_never_beats_a_played_result(plays):
    scores = score_plays(plays)
    for score in scores:
        if score.play.abandoned:
            for other in scores:
                same = (other.play.deal, other.play.instance) == (
                    score.play.deal,
                    score.play.instance,
                )
                if same and not other.play.abandoned:
                    assert other.matchpoints > score.matchpoints


@given(tournaments())
def test_belote_l_differences_telescope_on_each_instance(plays):
    scores = score_plays(plays)
    by_instance: dict = {}
    for score in scores:
        if not score.play.abandoned:
            by_instance.setdefault((score.play.deal, score.play.instance), []).append(score)
    for instance_scores in by_instance.values():
        ordered = sorted(instance_scores, key=lambda score: score.play.order)
        assert ordered[0].difference is None
        assert all(score.difference is not None for score in ordered[1:])
        total = sum(score.difference for score in ordered[1:])
        assert total == ordered[-1].play.net - ordered[0].play.net


@given(tournaments())
def test_ranks_follow_percentages_and_ties_share_them(plays):
    ranking = rank_online(plays)
    assert len(ranking) == len({play.player for play in plays})
    for index, line in enumerate(ranking):
        assert 0 <= line.percentage <= 100
        better = sum(1 for other in ranking if other.percentage > line.percentage)
        assert line.rank == better + 1
        assert line.tied == (sum(1 for other in ranking if other.percentage == line.percentage) > 1)
        if index:
            assert ranking[index - 1].percentage >= line.percentage


@given(tournaments(), st.randoms())
def test_the_input_order_changes_nothing(plays, random):
    shuffled = list(plays)
    random.shuffle(shuffled)
    assert rank_online(shuffled) == rank_online(plays)


@given(
    st.integers(min_value=1, max_value=12),
    st.integers(min_value=1, max_value=60),
    st.integers(min_value=1, max_value=4),
)
def test_the_pool_is_balanced(deal, entries, instances):
    counts = [0] * instances
    for entry in range(1, entries + 1):
        counts[pool_instance(deal, entry, instances) - 1] += 1
    assert max(counts) - min(counts) <= 1
