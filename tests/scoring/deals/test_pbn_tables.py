"""PBN 2.1 tables: column specifications (sort order, width, alignment), values quoted when
they must be, ``-`` for no value, rows read back across lines; comments skipped."""

import pytest

from scoring.deals.pbn_tables import (
    PbnColumn,
    PbnTable,
    PbnTableError,
    format_table,
    parse_columns,
    read_games,
)


def test_columns_are_read_with_their_order_width_and_alignment():
    assert parse_columns("PairId_NS\\2R;Contract\\5L;-Score_NS;Names_NS\\13") == (
        PbnColumn("PairId_NS", 2, "R"),
        PbnColumn("Contract", 5, "L"),
        PbnColumn("Score_NS", order="-"),
        PbnColumn("Names_NS", 13),
    )
    with pytest.raises(ValueError):
        parse_columns("Pair Id")


def test_a_table_is_written_padded_with_values_quoted_when_they_must_be():
    table = PbnTable(
        "ScoreTable",
        (PbnColumn("PairId_NS", 3, "R"), PbnColumn("Contract", 6, "L"), PbnColumn("Names_NS")),
        (("1", "100H", "Dupont Martin"), ("12", None, 'Le "Grand"'), ("3", "-", "")),
    )
    assert format_table(table) == [
        '[ScoreTable "PairId_NS\\3R;Contract\\6L;Names_NS"]',
        '  1 100H   "Dupont Martin"',
        ' 12 -      "Le \\"Grand\\""',
        '  3 "-"    ""',
    ]
    (game,) = read_games("\n".join(['[Board "1"]', *format_table(table)]))
    assert game.tags == {"Board": "1"}
    assert game.tables["ScoreTable"] == table


def test_rows_are_values_in_column_order_whatever_the_lines_and_comments():
    text = "\n".join(
        [
            "% a comment line",
            '[Board "2"] ; a comment to the end of the line',
            '[ScoreTable "A;B"]',
            "1 2 3",
            "4",
            "",
            '[Board "3"]',
        ]
    )
    first, second = read_games(text)
    assert first.tables["ScoreTable"].rows == (("1", "2"), ("3", "4"))
    assert second.tags == {"Board": "3"} and not second.tables


def test_a_row_too_short_is_refused_with_the_table_s_line():
    with pytest.raises(PbnTableError) as caught:
        read_games('[Board "1"]\n[ScoreTable "A;B;C"]\n1 2 3\n4 5')
    (problem,) = caught.value.problems
    assert problem.code == "short_row" and problem.line == 2


def test_a_table_must_have_a_row_of_the_right_size():
    with pytest.raises(ValueError, match="2 values, not 1"):
        PbnTable("ScoreTable", (PbnColumn("A"),), (("1", "2"),))


def test_a_value_with_a_line_break_is_not_written():
    table = PbnTable("ScoreTable", (PbnColumn("Names_NS"),), (("Dupont\nMartin",),))
    with pytest.raises(ValueError, match="one line"):
        format_table(table)
