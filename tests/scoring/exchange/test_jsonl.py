"""JSON lines: one traveller line a line with exactly the six keys, adjusted scores by name;
bad lines refused with their number; a field scored from the lines alone."""

import json
from fractions import Fraction

import pytest

from scoring.duplicate import Adjustment, score_field
from scoring.engine.cards import Side
from scoring.exchange import ExchangeError, JsonLine, event_lines, read_jsonl, write_jsonl
from scoring.exchange.jsonl import field_input
from tests.support.exchange_sample import EVENT


def test_one_traveller_line_a_line_with_the_six_keys():
    text = write_jsonl(event_lines(EVENT))
    first, second = (json.loads(line) for line in text.splitlines())
    assert list(first) == ["club", "board", "ns_team", "ew_team", "ns", "ew"]
    assert first == {
        "club": "angers",
        "board": 1,
        "ns_team": "Dupont – Martin",
        "ew_team": "Bernard – Petit",
        "ns": 480,
        "ew": 0,
    }
    assert (second["ns"], second["ew"]) == ("average_plus", "average_minus")
    assert "Dupont – Martin" in text  # UTF-8 as is, not \u escapes


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("{", "not JSON"),
        ("[]", "exactly the keys"),
        ("[" * 9000, "nested too deeply"),
        ('{"club": "a", "board": 1, "ns_team": "x", "ew_team": "y", "ns": 1}', "keys"),
        ('{"club": "", "board": 1, "ns_team": "x", "ew_team": "y", "ns": 1, "ew": 0}', "club is"),
        (
            '{"club": "a", "board": 1000, "ns_team": "x", "ew_team": "y", "ns": 1, "ew": 0}',
            "board is",
        ),
        (
            '{"club": "a", "board": true, "ns_team": "x", "ew_team": "y", "ns": 1, "ew": 0}',
            "board is",
        ),
        (
            '{"club": "a", "board": 1, "ns_team": 3, "ew_team": "y", "ns": 1, "ew": 0}',
            "a team is named",
        ),
        (
            '{"club": "a", "board": 1, "ns_team": "x", "ew_team": "y", "ns": -1, "ew": 0}',
            "ns and ew are",
        ),
        (
            '{"club": "a", "board": 1, "ns_team": "x", "ew_team": "y", "ns": 1.5, "ew": 0}',
            "ns and ew are",
        ),
        (
            '{"club": "a", "board": 1, "ns_team": "x", "ew_team": "y", "ns": 1, "ew": "top"}',
            "ns and ew are",
        ),
    ],
)
def test_a_line_that_is_not_a_traveller_line_is_refused_with_its_number(line, reason):
    good = write_jsonl(event_lines(EVENT))
    with pytest.raises(ExchangeError) as caught:
        read_jsonl(good + "\n" + line + "\n")
    (problem,) = caught.value.problems
    assert problem.line == 4
    assert reason in str(problem)


def test_every_bad_line_is_listed():
    with pytest.raises(ExchangeError) as caught:
        read_jsonl("{\n\n[]\n" + "x" * 20_000)
    assert [problem.line for problem in caught.value.problems] == [1, 3, 4]
    assert "longer than" in str(caught.value.problems[2])


def test_a_field_is_scored_from_the_lines_alone():
    lines = [
        JsonLine("A", 1, "Nord 1", "Est 1", 250, 0),
        JsonLine("A", 1, "Nord 2", "Est 2", 100, 0),
        JsonLine("B", 1, "Nord 1", "Est 1", 0, 50),
        JsonLine("B", 1, "Nord 2", "Est 2", Adjustment.AVERAGE, Adjustment.AVERAGE),
    ]
    sessions, results = field_input(read_jsonl(write_jsonl(lines)))
    computation = score_field("matchpoints", results, sessions)
    # Four tables, three played (+250, +100, -50) Neuberg-scaled to E = 4: 17/3, 3, 1/3; the
    # adjusted table 50 % of the top 6. Teams are numbered as they first appear in a club.
    ranking = computation.national(Side.NS)
    assert [(e.team.club, e.team.team, e.score, e.display_rank) for e in ranking] == [
        ("A", 1, Fraction(17, 3), "1"),
        ("A", 3, 3, "2="),
        ("B", 3, 3, "2="),
        ("B", 1, Fraction(1, 3), "4"),
    ]


def test_a_team_on_both_lines_makes_its_club_one_field():
    lines = [
        JsonLine("H", 1, "Un", "Deux", 100, 0),
        JsonLine("H", 2, "Deux", "Un", 100, 0),
    ]
    sessions, _ = field_input(lines)
    assert sessions[0].single_ranking


def test_a_line_against_itself_says_which():
    with pytest.raises(ValueError, match="club H, board 1: .* cannot play against itself"):
        field_input([JsonLine("H", 1, "Un", "Un", 100, 0)])
