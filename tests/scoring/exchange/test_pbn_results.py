"""PBN 2.1 with score tables: the header game with the clubs and teams, a game per board with
its hands and its traveller across the field (belote columns, the figures when scored), read
back; the boards' own reader still finds the hands in such a file; malformed files refused."""

import pytest

from scoring.deals import Board, export_pbn, import_pbn
from scoring.deals.generator import generate_boards
from scoring.duplicate import score_field
from scoring.exchange import ExchangeError, field_input, read_pbn_results, write_pbn_results
from tests.support.exchange_sample import EVENT


def test_each_board_s_score_table_has_a_row_per_table_of_every_club():
    text = write_pbn_results(EVENT)
    lines = text.splitlines()
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    assert '[Scoring "MP"]' in lines
    assert 'angers 1 "Club d\'Angers" "Pays de la Loire" 2 TWO_DIRECTIONS 1:2' in lines
    header = next(line for line in lines if line.startswith("[ScoreTable"))
    assert "PairId_NS\\3R;PairId_EW\\3R;Contract;Declarer;Result" in header
    rows = lines[lines.index(header) + 1 :]
    assert rows[0].split()[:13] == [
        "angers",
        "1",
        "1",
        "1",
        "1",
        "2",
        "100HX",
        "N",
        "92",
        "-",
        "-",
        "N",
        "S-tierce-K-C",
    ]
    assert "AVERAGE_PLUS AVERAGE_MINUS" in rows[1]


def test_the_figures_across_the_field_are_written_when_scored():
    sessions, results = field_input(EVENT)
    computation = score_field(EVENT.method, results, sessions)
    text = write_pbn_results(EVENT, computation=computation)
    header = next(line for line in text.splitlines() if line.startswith("[ScoreTable"))
    assert header.endswith(';MP_NS;MP_EW"]')
    # Two tables, the other one adjusted: the played one alone gets the average (1 of 2),
    # the adjusted NS 60 % of the top 2.
    rows = text.splitlines()[text.splitlines().index(header) + 1 :]
    assert rows[0].endswith("1.00 1.00")
    assert rows[1].endswith("1.20 0.80")
    assert read_pbn_results(text) == read_pbn_results(write_pbn_results(EVENT))


def test_the_hands_go_in_each_board_s_game_and_the_deals_reader_finds_them():
    boards = generate_boards(bytes(32), 2)
    text = write_pbn_results(EVENT, boards=boards)
    assert [board.deal.pbn() for board in import_pbn(text)] == [b.deal.pbn() for b in boards]
    back = read_pbn_results(text)
    assert back.clubs[0].lines == EVENT.clubs[0].lines


def test_a_deals_file_is_not_a_results_file():
    text = export_pbn(generate_boards(bytes(32), 1), "E", "S")
    with pytest.raises(ExchangeError, match="no ClubTable table"):
        read_pbn_results(text)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("100HX", "100ZZ"), "'100ZZ' is not a contract"),
        (("S-tierce-K-C", "S-tierce-7-C"), "not an annonce"),
        (("  480", " -480"), "is not a whole number"),
        (('[Scoring "MP"]', '[Scoring "IMP"]'), "IMP"),
        (("TWO_DIRECTIONS", "BOTH"), "the ranking is"),
        (('[ScoreTable "Section;', '[ScoreTable "Sect ion;'), "columns of the ScoreTable"),
        (("angers 1  1  2", "elsewhere 1  1  2"), "not in the ClubTable"),
        (('"Durand – Leroy"', '"Durand'), "quoted value is not closed"),
        (("AVERAGE_PLUS AVERAGE_MINUS", "AVERAGE_PLUS {AVERAGE_MINUS}"), "comment in braces"),
    ],
)
def test_what_cannot_be_read_is_refused_with_the_table_or_line(change, message):
    text = write_pbn_results(EVENT).replace(*change)
    with pytest.raises(ExchangeError, match=message):
        read_pbn_results(text)


def test_a_row_cut_short_is_refused():
    text = write_pbn_results(EVENT).replace(' "Durand – Leroy" "Moreau – Simon"', "")
    with pytest.raises(ExchangeError, match="last row of the ScoreTable table has 19 values"):
        read_pbn_results(text)


def test_a_results_file_s_board_games_keep_board_order():
    text = write_pbn_results(
        EVENT, boards=[Board.from_hands(b.number, b.hands) for b in generate_boards(bytes(32), 3)]
    )
    assert [line for line in text.splitlines() if line.startswith("[Board ")] == [
        '[Board "1"]',
        '[Board "2"]',
        '[Board "3"]',
    ]
