"""Properties of the across-the-field scoring, on events made of random clubs' sessions played
on the project's movements (Mitchell with a phantom, curtailed, Howell; missing and adjusted
tables): one club alone is the single tournament; an independent, naive comparison agrees;
the order of the results and of the clubs does not matter; matchpoints add up; a club more
never reorders a board's results; the incremental field equals a fresh one."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.duplicate import (
    FieldResult,
    FieldScoring,
    FieldSession,
    FieldTeam,
    Scope,
    compute,
    score_field,
)
from tests.support.field_strategies import fields

CLUB_NAMES = ("Angers", "Brest", "Caen", "Dax", "Eu")


@st.composite
def events(draw, *, min_clubs=1, max_clubs=4, kinds=("mitchell", "howell"), arrow_switches=True):
    """(sessions, results) of a few clubs, each a random tournament on the same board numbers
    (a club with fewer boards plays the first ones), its last round now and then
    arrow-switched (one field)."""
    count = draw(st.integers(min_value=min_clubs, max_value=max_clubs))
    sessions, results = [], []
    for club in CLUB_NAMES[:count]:
        tournament = draw(fields(kinds=kinds, arrow_switches=arrow_switches))
        region = draw(st.sampled_from([None, "Nord", "Sud"]))
        sessions.append(
            FieldSession(
                club,
                region=region,
                single_ranking=tournament.single_ranking,
                expected_plays=tournament.expected_plays,
            )
        )
        results.extend(FieldResult(club, 1, result) for result in tournament.results)
    return sessions, results


def naive_matchpoints(results, common_plays):
    """The NS-cards holder's matchpoints of every played result, by key: compared one by one
    with every other played result of its board in the field, then Neuberg-scaled."""
    nets = {line.key: line.result.net_on_ns_cards for line in results}
    played = [line for line in results if nets[line.key] is not None]
    points = {}
    for line in played:
        others = [o for o in played if o.board == line.board and o.key != line.key]
        raw = sum(
            2 if nets[line.key] > nets[o.key] else 1 if nets[line.key] == nets[o.key] else 0
            for o in others
        )
        plays = len(others) + 1
        points[line.key] = Fraction(raw + 1) * common_plays / plays - 1
    return points


def holder_score(field_score):
    score = field_score.score
    return score.ew_score if score.result.arrow_switched else score.ns_score


@given(events(min_clubs=1, max_clubs=1), st.sampled_from(["matchpoints", "datum"]))
@settings(max_examples=60, deadline=None)
def test_a_single_club_s_field_is_its_tournament(event, method):
    sessions, results = event
    (session,) = sessions
    computation = score_field(method, results, sessions)
    local = compute(
        method,
        [line.result for line in results],
        session.expected_plays,
        session.single_ranking,
    )
    for field_score in computation.scores():
        table_score = local.scores[field_score.score.result.key]
        assert (field_score.score.ns_score, field_score.score.ew_score) == (
            table_score.ns_score,
            table_score.ew_score,
        )
    for ranking in local.rankings:
        for entry in ranking:
            field_entry = computation.national(ranking.direction).entry(
                FieldTeam(session.club, 1, entry.team)
            )
            assert field_entry.score == entry.score
            assert field_entry.percentage == entry.percentage
            assert field_entry.local == entry


@given(events(min_clubs=2))
@settings(max_examples=60, deadline=None)
def test_the_field_agrees_with_a_naive_comparison_of_every_pair(event):
    sessions, results = event
    computation = score_field("matchpoints", results, sessions)
    expected = naive_matchpoints(results, computation.common_plays)
    got = {s.key: holder_score(s) for s in computation.scores() if s.score.result.is_played}
    assert got == expected


@given(events(min_clubs=2), st.randoms(use_true_random=False))
@settings(max_examples=40, deadline=None)
def test_the_order_of_results_and_clubs_does_not_matter(event, random):
    sessions, results = event
    computation = score_field("matchpoints", results, sessions)
    shuffled_results, shuffled_sessions = list(results), list(sessions)
    random.shuffle(shuffled_results)
    random.shuffle(shuffled_sessions)
    assert score_field("matchpoints", shuffled_results, shuffled_sessions) == computation


@given(events(min_clubs=2))
@settings(max_examples=60, deadline=None)
def test_each_board_s_played_matchpoints_add_up_to_a_times_e_minus_one(event):
    sessions, results = event
    computation = score_field("matchpoints", results, sessions)
    common, top = computation.common_plays, computation.common_top
    for board, scale in computation.boards.items():
        played = [s for s in computation.traveller(board) if s.score.result.is_played]
        assert len(played) == scale.plays
        assert sum(holder_score(s) for s in played) == scale.plays * (common - 1)
        for field_score in played:
            assert field_score.score.ns_score + field_score.score.ew_score == top
            assert 0 <= field_score.score.ns_score <= top


@given(events(min_clubs=2, max_clubs=4))
@settings(max_examples=60, deadline=None)
def test_a_club_more_never_reorders_a_board_s_results(event):
    sessions, results = event
    last = sessions[-1].club
    before = score_field(
        "matchpoints", [line for line in results if line.club != last], sessions[:-1]
    )
    after = score_field("matchpoints", results, sessions)

    def holders(computation):
        return {s.key: holder_score(s) for s in computation.scores() if s.score.result.is_played}

    old, new = holders(before), holders(after)
    for first in old:
        for second in old:
            if first[2] == second[2]:  # the same board
                assert (old[first] > old[second]) == (new[first] > new[second])
                assert (old[first] == old[second]) == (new[first] == new[second])


@given(events(min_clubs=2), st.data())
@settings(max_examples=40, deadline=None)
def test_the_incremental_field_equals_a_fresh_scoring(event, data):
    """Clubs put in one by one, some twice (a correction), one taken out: the field then equals
    scoring what is left from nothing."""
    sessions, results = event
    method = data.draw(st.sampled_from(["matchpoints", "datum"]))
    by_club = {s.club: [line.result for line in results if line.club == s.club] for s in sessions}
    field = FieldScoring(method)
    for session in sessions:
        field.put_session(session, by_club[session.club][: len(by_club[session.club]) // 2])
        field.computation()  # the boards' comparisons are kept between computations
    for session in data.draw(st.permutations(sessions)):
        field.put_session(session, by_club[session.club])
    gone = data.draw(st.sampled_from(sessions))
    field.remove_session(gone.club)
    left = [s for s in sessions if s is not gone]
    fresh = score_field(method, [line for line in results if line.club != gone.club], left)
    assert field.computation() == fresh


@given(events(min_clubs=2, kinds=("mitchell",), arrow_switches=False))
@settings(max_examples=40, deadline=None)
def test_every_team_is_in_the_national_its_club_s_and_its_region_s_ranking(event):
    sessions, results = event
    computation = score_field("matchpoints", results, sessions)
    regions = {s.club: s.region for s in sessions}
    national = [e for r in computation.scopes(Scope.NATIONAL) for e in r]
    for entry in national:
        club = computation.ranking(Scope.CLUB, entry.direction, name=entry.team.club)
        assert club.entry(entry.team).percentage == entry.percentage
        region = regions[entry.team.club]
        if region is not None:
            in_region = computation.ranking(Scope.REGION, entry.direction, name=region)
            assert in_region.entry(entry.team).rank <= entry.rank
    for ranking in computation.rankings:
        ranks = [entry.rank for entry in ranking]
        assert ranks == sorted(ranks)
        assert not ranks or ranks[0] == 1
