"""PBN export and import of boards, and hands typed from the boards (étuis)."""

import datetime

import pytest

from scoring.deals.board import Board
from scoring.deals.generator import generate_boards
from scoring.deals.pbn import PbnImportError, export_pbn, import_pbn, parse_typed_board
from tests.support.hands import SUIT_PER_SEAT, E, N, S, W, hands

SEED = bytes.fromhex("a5" * 32)
MIXED = {N: "AKT.J9..Q87", E: "QJ.AK.AK.AK", S: "98.QT.QJT.J", W: "7.87.987.T9"}
MIXED_DEAL = "N:AKT.J9..Q87 QJ.AK.AK.AK 98.QT.QJT.J 7.87.987.T9"

# What a dealing program writes for bridge boards: a header of inherited tags, the bridge tags,
# comments of every kind, sections with data lines, Deal tags from various seats, CRLF endings.
REAL_WORLD = """% PBN 2.1\r
% EXPORT\r
% Content-type: text/x-pbn; charset=ISO-8859-1\r
% Creator: DealMaster 7.3\r
{ Boards for the Thursday club session.\r
  Shuffled by machine; hand records on the board. }\r
[Event "##Coinche du jeudi"]\r
[Site "##Villeurbanne"]\r
[Date "2024.03.14"]\r
[Board "1"]\r
[West ""]\r
[North ""]\r
[East ""]\r
[South ""]\r
[Dealer "N"]\r
[Vulnerable "None"]\r
[Deal "N:AKT.J9..Q87 QJ.AK.AK.AK 98.QT.QJT.J 7.87.987.T9"]\r
[Scoring ""]\r
[Declarer ""]\r
[Contract ""]\r
[Result ""]\r
[DealId "0314-1"] ; our own reference\r
[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\r
N NT 3\r
N S 5\r
\r
[Date "#"]\r
[Board "2"]\r
[Vulnerable "NS"]\r
[Dealer "E"]\r
[Deal "E:..AKQJT987. ...AKQJT987 AKQJT987... .AKQJT987.."]\r
[Auction "E"]\r
Pass 1S Pass =1= Pass\r
[Note "1:artificial"]\r
\r
[Board "3"]\r
{ no Dealer tag on this one }\r
[Deal "W:98.QT.QJT.J 7.87.987.T9 AKT.J9..Q87 QJ.AK.AK.AK"]\r
\r
[Deal "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"]\r
[Dealer "W"]\r
[Board "4"]\r
[Generator "DealMaster 7.3 seed 1234"]\r
"""


def _problems(text: str) -> list[tuple[str, int | None, int | None]]:
    with pytest.raises(PbnImportError) as raised:
        import_pbn(text)
    return [(problem.code, problem.board, problem.line) for problem in raised.value.problems]


def _game(board: str = "1", deal: str = MIXED_DEAL, dealer: str | None = None) -> str:
    dealer_tag = f'[Dealer "{dealer}"]\n' if dealer is not None else ""
    return f'[Event "Club"]\n[Board "{board}"]\n{dealer_tag}[Deal "{deal}"]\n'


# ----------------------------------------------------------------------------------------------
# Export


def test_export_writes_the_header_and_the_tags_of_each_board():
    boards = [Board.from_hands(1, hands(MIXED)), Board.from_hands(2, hands(SUIT_PER_SEAT))]
    text = export_pbn(boards, "Coinche du jeudi", "Villeurbanne", datetime.date(2024, 3, 14))
    assert text.splitlines()[:2] == ["% PBN 2.1", "% EXPORT"]
    games = [game for game in text.split("\n\n") if game.startswith("[")]
    assert games[0].splitlines() == [
        '[Event "Coinche du jeudi"]',
        '[Site "Villeurbanne"]',
        '[Date "2024.03.14"]',
        '[Board "1"]',
        '[Dealer "N"]',
        f'[Deal "{MIXED_DEAL}"]',
    ]
    assert games[1].splitlines()[3:5] == ['[Board "2"]', '[Dealer "W"]']
    assert text.endswith("\n")


def test_export_writes_an_unknown_date_with_question_marks():
    text = export_pbn(generate_boards(SEED, 1), "Club", "Lyon")
    assert '[Date "????.??.??"]' in text


def test_export_escapes_quotes_and_keeps_each_tag_on_one_line():
    text = export_pbn(generate_boards(SEED, 1), 'Le "Grand" Prix\\2024', "Salle\nB")
    assert '[Event "Le \\"Grand\\" Prix\\\\2024"]' in text
    assert '[Site "Salle B"]' in text


def test_export_puts_boards_in_number_order():
    boards = generate_boards(SEED, 5)
    text = export_pbn(list(reversed(boards)), "Club", "Lyon")
    assert [board.number for board in import_pbn(text)] == [1, 2, 3, 4, 5]


def test_export_refuses_two_boards_with_one_number():
    board = generate_boards(SEED, 1)[0]
    with pytest.raises(ValueError):
        export_pbn([board, board], "Club", "Lyon")


def test_export_then_import_gives_back_every_board():
    boards = generate_boards(SEED, 36)
    text = export_pbn(boards, 'Tournoi "Noël"', "Salle des fêtes", datetime.date(2024, 12, 24))
    assert import_pbn(text) == boards


# ----------------------------------------------------------------------------------------------
# Import of files from elsewhere


def test_a_real_world_file_with_extra_tags_and_comments_reads():
    boards = import_pbn(REAL_WORLD)
    assert [board.number for board in boards] == [1, 2, 3, 4]
    assert boards[0].hands == hands(MIXED)
    assert boards[1].hands == hands(
        {N: ".AKQJT987..", E: "..AKQJT987.", S: "...AKQJT987", W: "AKQJT987..."}
    )
    assert boards[2].hands == hands({N: MIXED[W], E: MIXED[N], S: MIXED[E], W: MIXED[S]})
    assert boards[3].hands == hands(SUIT_PER_SEAT)


def test_the_dealer_comes_from_the_dealer_tag_else_from_the_rotation():
    assert [board.dealer for board in import_pbn(REAL_WORLD)] == [N, E, S, W]


def test_the_rotation_can_replace_the_dealers_of_a_bridge_file():
    boards = import_pbn(REAL_WORLD, dealer_from_tag=False)
    assert [board.dealer for board in boards] == [N, W, S, E]


def test_a_deal_may_start_from_any_seat():
    from_north = import_pbn(_game(deal=MIXED_DEAL))[0]
    from_south = import_pbn(_game(deal="S:98.QT.QJT.J 7.87.987.T9 AKT.J9..Q87 QJ.AK.AK.AK"))[0]
    assert from_south == from_north


def test_lower_case_and_10_for_the_ten_are_read():
    (board,) = import_pbn(_game(deal="n:akt.j9..q87 qj.ak.ak.ak 98.q10.qj10.j 7.87.987.109"))
    assert board.hands == hands(MIXED)


def test_inherited_tags_do_not_hide_a_board():
    text = '[Event "##Club"]\n[Board "1"]\n[Deal "' + MIXED_DEAL + '"]\n\n[Event "#"]\n'
    text += '[Board "2"]\n[Deal "' + MIXED_DEAL + '"]\n'
    assert [board.number for board in import_pbn(text)] == [1, 2]


def test_games_without_blank_lines_between_them_are_separated():
    text = _game("1") + _game("2")
    assert [board.number for board in import_pbn(text)] == [1, 2]


# ----------------------------------------------------------------------------------------------
# Import errors, one by one


def test_an_unknown_card_is_named():
    with pytest.raises(PbnImportError) as raised:
        import_pbn(_game(deal="N:AKZ.J9..Q87 QJ.AK.AK.AK 98.QT.QJT.J 7.87.987.T9"))
    (problem,) = raised.value.problems
    assert (problem.code, problem.board, problem.line) == ("unknown_card", 1, 3)
    assert problem.render() == (
        "Board 1, line 3: Unknown card 'Z' (♠) in the hand of North: a coinche deck has only "
        "A K Q J T 9 8 7 in each suit."
    )


def test_a_bridge_deal_is_refused_for_its_small_cards_and_its_13_card_hands():
    bridge = "N:AKQ2.J74.T98.76 JT3.AK.AK5.AKQ82 9876.Q9853.Q2.43 54.T62.J7643.JT9"
    codes = [code for code, _board, _line in _problems(_game(deal=bridge))]
    assert codes.count("unknown_card") == 4
    assert codes.count("hand_size") == 4


def test_a_hand_without_eight_cards_is_named():
    short = "N:AKT.J9..Q8 QJ.AK.AK.AK 98.QT.QJT.J 7.87.987.T97"
    with pytest.raises(PbnImportError) as raised:
        import_pbn(_game(deal=short))
    messages = raised.value.messages()
    assert "Board 1, line 3: North holds 7 cards, not 8." in messages
    assert "Board 1, line 3: West holds 9 cards, not 8." in messages


def test_a_card_in_two_hands_is_not_32_distinct_cards():
    twice = "N:AKT.J9..Q87 QJ.AK.AK.AK 98.QT.QJT.J A.87.987.T9"
    assert _problems(_game(deal=twice)) == [
        ("duplicate_card", 1, 3),
        ("missing_cards", 1, 3),
    ]


def test_an_unknown_hand_is_refused():
    unknown = "N:AKT.J9..Q87 QJ.AK.AK.AK 98.QT.QJT.J -"
    with pytest.raises(PbnImportError) as raised:
        import_pbn(_game(deal=unknown))
    assert raised.value.codes == ["unknown_hand"]
    assert "The hand of West is unknown ('-')" in str(raised.value)


def test_a_deal_tag_needs_its_first_seat():
    assert _problems(_game(deal=MIXED_DEAL[2:])) == [("deal_syntax", 1, 3)]


def test_a_deal_tag_needs_four_hands():
    three = "N:AKT.J9..Q87 QJ.AK.AK.AK 98.QT.QJT.J"
    assert _problems(_game(deal=three)) == [("deal_hand_count", 1, 3)]


def test_a_hand_needs_four_suits():
    three_suits = "N:AKT.J9.Q87 QJ.AK.AK.AK 98.QT.QJT.J 7.87.987.T9"
    assert _problems(_game(deal=three_suits)) == [("hand_syntax", 1, 3)]


def test_a_board_number_used_twice_is_refused():
    problems = _problems(_game("3") + "\n" + _game("3"))
    assert problems == [("duplicate_board", 3, 6)]


def test_a_board_without_deal_tag_is_refused():
    assert _problems('[Event "Club"]\n[Board "5"]\n[Dealer "N"]\n') == [("missing_deal", 5, 1)]


def test_a_deal_without_board_number_is_refused():
    assert _problems(f'[Deal "{MIXED_DEAL}"]\n') == [("missing_board", None, 1)]


@pytest.mark.parametrize("number", ["0", "two", "", "-1", "²", "1.5"])
def test_a_board_number_is_a_whole_number_from_one(number):
    assert _problems(_game(board=number)) == [("invalid_board_number", None, 2)]


@pytest.mark.parametrize("number", ["1000", "32768", "99999999999", "9" * 5000])
def test_a_board_number_above_999_is_refused_at_its_line(number):
    text = _game("1") + "\n" + _game(board=number)
    with pytest.raises(PbnImportError) as raised:
        import_pbn(text)
    [problem] = raised.value.problems
    assert (problem.code, problem.board, problem.line) == ("invalid_board_number", None, 6)
    assert problem.render().endswith("boards are numbered from 1 to 999.")


def test_board_999_is_the_last_number():
    assert [board.number for board in import_pbn(_game(board="999"))] == [999]


def test_an_unknown_dealer_is_refused():
    assert _problems(_game(dealer="O")) == [("invalid_dealer", 1, 3)]


def test_a_malformed_tag_is_located():
    text = _game("1") + '\n[Board 2]\n[Deal "' + MIXED_DEAL + '"]\n'
    # The unreadable tag is reported, and the deal after it has no board number.
    assert _problems(text) == [("malformed_tag", None, 5), ("missing_board", None, 6)]


def test_a_file_without_boards_is_refused():
    assert _problems("% PBN 2.1\n; nothing here\n") == [("no_boards", None, None)]


def test_every_problem_is_reported_and_no_board_returned():
    text = "\n".join(
        [
            _game("1"),
            _game("2", deal="N:AKZ.J9..Q87 QJ.AK.AK.AK 98.QT.QJT.J 7.87.987.T9"),
            _game("3", dealer="X"),
            _game("1"),
        ]
    )
    assert _problems(text) == [
        ("unknown_card", 2, 7),
        ("invalid_dealer", 3, 11),
        ("duplicate_board", 1, 15),
    ]


# ----------------------------------------------------------------------------------------------
# Hands typed from the boards


def test_typed_hands_make_a_board():
    board = parse_typed_board(
        7, None, {"N": "AKT.J9..Q87", "E": "qj.ak.ak.ak", S: "98.Q10.QJ10.J", "w": "7.87.987.T9"}
    )
    assert board.hands == hands(MIXED)
    assert board.number == 7
    assert board.dealer is S  # the rotation: 7 is dealt like 3


def test_typed_hands_may_name_the_dealer():
    board = parse_typed_board(1, "E", {seat.value: text for seat, text in MIXED.items()})
    assert board.dealer is E


def test_typed_hands_accept_spaces_and_a_dash_for_a_void():
    board = parse_typed_board(
        1, N, {N: "A K T . J 9 . - . Q 8 7", E: MIXED[E], S: MIXED[S], W: MIXED[W]}
    )
    assert board.hand(N) == hands(MIXED)[N]


def test_the_last_hand_left_blank_gets_the_remaining_cards():
    board = parse_typed_board(2, None, {N: MIXED[N], E: MIXED[E], S: MIXED[S], W: ""})
    assert board.hands == hands(MIXED)


def test_two_blank_hands_are_missing():
    with pytest.raises(PbnImportError) as raised:
        parse_typed_board(2, None, {N: MIXED[N], E: MIXED[E]})
    assert raised.value.codes == ["missing_hand", "missing_hand", "missing_cards"]
    assert all(problem.board == 2 for problem in raised.value.problems)


def test_typed_hands_report_every_problem():
    with pytest.raises(PbnImportError) as raised:
        parse_typed_board(4, "Z", {N: "AKT.J9..Q8X", E: MIXED[E], S: MIXED[S], W: "7.87.987"})
    assert raised.value.codes == ["invalid_dealer", "unknown_card", "hand_syntax"]
    assert raised.value.messages()[0] == "Board 4: 'Z' is not a dealer: the dealer is N, E, S or W."


def test_a_typed_card_in_two_hands_is_refused():
    with pytest.raises(PbnImportError) as raised:
        parse_typed_board(1, None, {N: MIXED[N], E: MIXED[E], S: MIXED[S], W: "A.87.987.T9"})
    assert raised.value.codes == ["duplicate_card", "missing_cards"]


def test_a_typed_seat_must_be_a_seat():
    with pytest.raises(PbnImportError) as raised:
        parse_typed_board(1, None, {N: MIXED[N], E: MIXED[E], S: MIXED[S], "O": MIXED[W]})
    assert raised.value.codes[0] == "unknown_seat"


@pytest.mark.parametrize("number", [0, 1000])
def test_a_typed_board_number_is_from_one_to_999(number):
    with pytest.raises(PbnImportError) as raised:
        parse_typed_board(number, None, MIXED)
    assert raised.value.codes == ["invalid_board_number"]


def test_comments_hide_everything_inside_them():
    text = (
        '[Board "1"]\n'
        "{ an old deal, kept for the record:\n"
        "\n"
        '[Deal "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"] }\n'
        f'[Deal "{MIXED_DEAL}"] ; [Deal "N:- - - -"]\n'
        '% [Board "9"]\n'
    )
    (board,) = import_pbn(text)
    assert (board.number, board.hands) == (1, hands(MIXED))


def test_a_byte_order_mark_before_the_header_is_ignored():
    # Unless the mark is dropped, this escape line would be read as a tag.
    text = '\ufeff% [Board "9"] PBN 2.1\n' + _game("1")
    assert [board.number for board in import_pbn(text)] == [1]
