"""PBN (Portable Bridge Notation) export and import of boards, and hands typed from the boards.

Dealing machines and bridge software exchange deals as PBN; a coinche deal fits as is, with
8-card hands. Import reports every problem at once and returns nothing when there is one.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from scoring.deals.board import (
    HAND_SIZE,
    MAX_BOARD_NUMBER,
    Board,
    deal_problems,
    hand_size_problem,
)
from scoring.deals.problems import Problem, ProblemError, seat_name
from scoring.engine.cards import DECK, SEATS_PBN_ORDER, SUITS, Card, Rank, Seat
from scoring.translation import gettext_noop

PBN_VERSION = "2.1"


class PbnImportError(ProblemError):
    """Boards could not be read (from a PBN file or typed hands); ``problems`` lists why."""


# ---------------------------------------------------------------------------------------------
# Export


def _tag(name: str, value: str) -> str:
    # A tag holds one line; PBN escapes a quote or a backslash inside the value with a backslash.
    flat = " ".join(value.split())
    return f'[{name} "' + flat.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def export_pbn(
    boards: Iterable[Board], event: str, site: str, date: datetime.date | None = None
) -> str:
    """The boards as a PBN 2.1 file: Event, Site, Date, Board, Dealer and Deal tags per board.

    Boards come out in number order, one game each, separated by a blank line; an unknown date
    is written ``????.??.??`` as PBN asks. Raises ValueError when two boards share a number.
    """
    ordered = sorted(boards, key=lambda board: board.number)
    numbers = [board.number for board in ordered]
    repeated = sorted({number for number in numbers if numbers.count(number) > 1})
    if repeated:
        raise ValueError(f"board numbers appear more than once: {repeated}")
    date_value = date.strftime("%Y.%m.%d") if date is not None else "????.??.??"
    lines = [f"% PBN {PBN_VERSION}", "% EXPORT", ""]
    for board in ordered:
        lines += [
            _tag("Event", event),
            _tag("Site", site),
            _tag("Date", date_value),
            _tag("Board", str(board.number)),
            _tag("Dealer", board.dealer.value),
            _tag("Deal", board.pbn_deal()),
            "",
        ]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Reading hands, shared by the PBN reader and the typed-hands reader

_UNKNOWN_HAND = "-"


def _board_number_problem(value: str) -> Problem:
    return Problem(
        "invalid_board_number",
        gettext_noop("'%(value)s' is not a board number: boards are numbered from 1 to %(max)s."),
        {"value": value, "max": MAX_BOARD_NUMBER},
    )


def _board_number(text: str) -> int | None:
    """The board number written ``text``, or None when it is not one from 1 to 999.

    Only ASCII digits: ``str.isdigit`` also accepts ``²``, which ``int`` refuses, and a
    number thousands of digits long is refused before ``int`` is asked to read it.
    """
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_BOARD_NUMBER)):
        return None
    number = int(text)
    return number if 1 <= number <= MAX_BOARD_NUMBER else None


def _dealer_problem(value: str) -> Problem:
    return Problem(
        "invalid_dealer",
        gettext_noop("'%(value)s' is not a dealer: the dealer is N, E, S or W."),
        {"value": value},
    )


@dataclass(frozen=True)
class _HandRead:
    """What one written hand holds: its known cards (repeats kept) and what could not be read."""

    cards: list[Card]
    written: int
    problems: list[Problem]


def _read_hand(text: str, seat: Seat) -> _HandRead:
    """Read one hand in suit-dot form (``AKT.J9..Q87``).

    Lenient on what people and programs write: lower case, ``10`` for the ten, spaces, and
    ``-`` for a void suit.
    """
    compact = "".join(text.split()).upper().replace("10", "T")
    suits = compact.split(".")
    if len(suits) != len(SUITS):
        problem = Problem(
            "hand_syntax",
            gettext_noop(
                "The hand of %(seat)s must give four suits separated by dots "
                "(spades.hearts.diamonds.clubs, such as AKT.J9..Q87), not '%(hand)s'."
            ),
            {"seat": seat_name(seat), "hand": text.strip()},
        )
        return _HandRead([], 0, [problem])
    cards: list[Card] = []
    unknown: list[str] = []
    for suit, ranks in zip(SUITS, suits, strict=True):
        if ranks == "-":
            continue
        for char in ranks:
            try:
                cards.append(Card(Rank.parse(char), suit))
            except ValueError:
                unknown.append(f"'{char}' ({suit.symbol})")
    problems = []
    if unknown:
        template = (
            gettext_noop(
                "Unknown card %(cards)s in the hand of %(seat)s: a coinche deck has only "
                "A K Q J T 9 8 7 in each suit."
            )
            if len(unknown) == 1
            else gettext_noop(
                "Unknown cards %(cards)s in the hand of %(seat)s: a coinche deck has only "
                "A K Q J T 9 8 7 in each suit."
            )
        )
        problems.append(
            Problem(
                "unknown_card", template, {"cards": ", ".join(unknown), "seat": seat_name(seat)}
            )
        )
    return _HandRead(cards, len(cards) + len(unknown), problems)


def _check_hands(reads: Mapping[Seat, _HandRead]) -> list[Problem]:
    """Every problem of the hands read, reading problems first, then the deal's own.

    With an unknown card, the distinct-card check would only echo it (the unknown card is
    usually a mistyped missing one), so only the hand sizes, as written, are checked.
    """
    problems = [problem for read in reads.values() for problem in read.problems]
    if any(problem.code == "hand_syntax" for problem in problems):
        return problems
    if problems:
        return problems + [
            hand_size_problem(seat, reads[seat].written)
            for seat in SEATS_PBN_ORDER
            if seat in reads and reads[seat].written != HAND_SIZE
        ]
    return deal_problems({seat: read.cards for seat, read in reads.items()})


# ---------------------------------------------------------------------------------------------
# PBN import

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_DEAL = re.compile(r"([NESWnesw])\s*:(.*)", re.DOTALL)
# A repeat of one of these tags starts a new game even without the blank line PBN asks for.
_GAME_STARTING_TAGS = frozenset({"Event", "Board", "Deal"})
# Tags whose value cannot be inherited with "#" (PBN 4.8), as they describe this game only.
_NOT_INHERITED = frozenset({"Dealer", "Vulnerable", "Deal", "Declarer", "Contract"})


@dataclass
class _Game:
    """The tags of one PBN game as read: name -> (value, line number or None)."""

    tags: dict[str, tuple[str, int | None]] = field(default_factory=dict)

    @property
    def first_line(self) -> int | None:
        lines = [line for _value, line in self.tags.values() if line is not None]
        return min(lines) if lines else None


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _read_games(text: str) -> tuple[list[_Game], list[Problem]]:
    """Split the file into games of tags, skipping comments, escape lines and section data."""
    games: list[_Game] = []
    problems: list[Problem] = []
    current = _Game()
    in_comment = False

    def close() -> None:
        nonlocal current
        if current.tags:
            games.append(current)
        current = _Game()

    for number, line in enumerate(text.splitlines(), start=1):
        position = 0
        if in_comment:
            end = line.find("}")
            if end < 0:
                continue
            in_comment = False
            position = end + 1
        elif line.startswith("%"):
            continue
        elif not line.strip():
            close()
            continue
        while position < len(line):
            char = line[position]
            if char == ";":
                break
            if char == "{":
                end = line.find("}", position)
                if end < 0:
                    in_comment = True
                    break
                position = end + 1
            elif char == "[":
                match = _TAG.match(line, position)
                if match is None:
                    problems.append(
                        Problem(
                            "malformed_tag",
                            gettext_noop(
                                'Cannot read this tag (a tag is written [Name "value"]): %(text)s'
                            ),
                            {"text": line[position:].strip()},
                            line=number,
                        )
                    )
                    break
                name, value = match.group(1), _unescape(match.group(2))
                if name in _GAME_STARTING_TAGS and name in current.tags:
                    close()
                current.tags.setdefault(name, (value, number))
                position = match.end()
            elif char == '"':
                # A string in section data (an auction note, a table row): skip it whole.
                end = line.find('"', position + 1)
                position = len(line) if end < 0 else end + 1
            else:
                # Blanks, and section data after [Auction], [Play] or a table tag: not needed.
                position += 1
    close()
    return games, problems


def _inherit(games: list[_Game]) -> None:
    """Apply PBN tag value inheritance: ``#`` repeats the previous game's value, and ``##x``
    gives x to every later game that does not give the tag itself."""
    previous: dict[str, str] = {}
    standing: dict[str, str] = {}
    for game in games:
        for name, (value, line) in list(game.tags.items()):
            if name in _NOT_INHERITED:
                continue
            if value.startswith("##"):
                standing[name] = value[2:]
                game.tags[name] = (value[2:], line)
            elif value == "#":
                game.tags[name] = (previous.get(name, ""), line)
        for name, value in standing.items():
            game.tags.setdefault(name, (value, None))
        previous.update({name: value for name, (value, _line) in game.tags.items()})


def _read_deal_tag(value: str) -> tuple[dict[Seat, _HandRead], list[Problem]]:
    """The hands of a Deal tag value, by seat, or the problems that keep it from being read."""
    match = _DEAL.fullmatch(value.strip())
    if match is None:
        problem = Problem(
            "deal_syntax",
            gettext_noop(
                "The Deal tag starts with the first seat and a colon, such as "
                "'N:AKQT.J7.T98.7 ...', not '%(value)s'."
            ),
            {"value": value},
        )
        return {}, [problem]
    parts = match.group(2).split()
    if len(parts) != len(SEATS_PBN_ORDER):
        problem = Problem(
            "deal_hand_count",
            gettext_noop("The Deal tag gives %(count)s hands separated by spaces, not 4."),
            {"count": len(parts)},
        )
        return {}, [problem]
    start = SEATS_PBN_ORDER.index(Seat.parse(match.group(1)))
    seats = SEATS_PBN_ORDER[start:] + SEATS_PBN_ORDER[:start]
    reads: dict[Seat, _HandRead] = {}
    problems: list[Problem] = []
    for seat, part in zip(seats, parts, strict=True):
        if part == _UNKNOWN_HAND:
            problems.append(
                Problem(
                    "unknown_hand",
                    gettext_noop(
                        "The hand of %(seat)s is unknown ('-'): a board needs all four hands."
                    ),
                    {"seat": seat_name(seat)},
                )
            )
        else:
            reads[seat] = _read_hand(part, seat)
    return reads, problems


def _read_board(
    game: _Game, dealer_from_tag: bool, first_line_of: dict[int, int | None]
) -> tuple[Board | None, list[Problem]]:
    """One game as a board, or the problems found in it, located by board and line."""
    problems: list[Problem] = []
    number: int | None = None
    if "Board" not in game.tags:
        problems.append(
            Problem(
                "missing_board",
                gettext_noop("This game has a Deal tag but no Board tag giving its number."),
                line=game.first_line,
            )
        )
    else:
        value, line = game.tags["Board"]
        number = _board_number(value)
        if number is None:
            problems.append(replace(_board_number_problem(value), line=line))
        elif number in first_line_of:
            problems.append(
                Problem(
                    "duplicate_board",
                    gettext_noop(
                        "This board number is used more than once (first at line %(first)s)."
                    ),
                    {"first": first_line_of[number] or "?"},
                    line=line,
                )
            )
        else:
            first_line_of[number] = line
    dealer: Seat | None = None
    value, line = game.tags.get("Dealer", ("", None))
    if dealer_from_tag and value.strip() not in ("", "?"):
        try:
            dealer = Seat.parse(value)
        except ValueError:
            problems.append(replace(_dealer_problem(value), line=line))
    reads: dict[Seat, _HandRead] = {}
    if "Deal" not in game.tags:
        problems.append(
            Problem(
                "missing_deal",
                gettext_noop("This board has no Deal tag giving its hands."),
                line=game.first_line,
            )
        )
    else:
        value, line = game.tags["Deal"]
        reads, found = _read_deal_tag(value)
        if not found:
            found = _check_hands(reads)
        problems += [replace(problem, line=line) for problem in found]
    problems = [replace(problem, board=number) for problem in problems]
    if problems or number is None:
        return None, problems
    cards = {seat: read.cards for seat, read in reads.items()}
    return Board.from_hands(number, cards, dealer), []


def import_pbn(text: str, *, dealer_from_tag: bool = True) -> list[Board]:
    """The boards of a PBN file (from a dealing machine or other software), in file order.

    Reads tags in any order and ignores the ones not needed; skips ``%`` lines, ``;`` and
    ``{...}`` comments and section data; applies ``#`` and ``##`` tag value inheritance; accepts
    a Deal tag starting from any seat. A game with neither Board nor Deal tag (a header) is
    skipped. The dealer comes from the Dealer tag when present, else from the rotation; pass
    ``dealer_from_tag=False`` to always use the rotation (a file made for bridge boards carries
    bridge's clockwise dealers).

    Raises ``PbnImportError`` with every problem found, each located by board and line; no
    board is returned then.
    """
    # Windows programs often start a UTF-8 file with a byte order mark.
    games, problems = _read_games(text.removeprefix("\ufeff"))
    _inherit(games)
    boards: list[Board] = []
    first_line_of: dict[int, int | None] = {}
    for game in games:
        if "Board" not in game.tags and "Deal" not in game.tags:
            continue
        board, found = _read_board(game, dealer_from_tag, first_line_of)
        problems += found
        if board is not None:
            boards.append(board)
    if not problems and not boards:
        problems.append(
            Problem(
                "no_boards",
                gettext_noop("No board found: the file has no game with a Deal tag."),
            )
        )
    if problems:
        raise PbnImportError(problems)
    return boards


# ---------------------------------------------------------------------------------------------
# Hands typed from the boards


def _typed_seat(key: Seat | str) -> Seat | None:
    if isinstance(key, Seat):
        return key
    try:
        return Seat.parse(str(key))
    except ValueError:
        return None


def parse_typed_board(
    number: int, dealer: Seat | str | None, hands: Mapping[Seat | str, str | None]
) -> Board:
    """A board from hands typed in suit-dot form, seat by seat: ``{"N": "AKT.J9..Q87", ...}``.

    ``dealer`` None (or blank) follows the rotation. When exactly one hand is left blank (or
    ``-``), it gets the eight cards the other three do not hold, as people typing hand records
    expect. Raises ``PbnImportError`` listing every problem, located by board number.
    """
    if (
        isinstance(number, bool)
        or not isinstance(number, int)
        or not 1 <= number <= MAX_BOARD_NUMBER
    ):
        raise PbnImportError([_board_number_problem(str(number))])
    problems: list[Problem] = []
    chosen_dealer: Seat | None = None
    if dealer is not None and str(dealer).strip():
        chosen_dealer = _typed_seat(dealer)
        if chosen_dealer is None:
            problems.append(_dealer_problem(str(dealer)))
    reads: dict[Seat, _HandRead] = {}
    for key, text in hands.items():
        seat = _typed_seat(key)
        if seat is None:
            problems.append(
                Problem(
                    "unknown_seat",
                    gettext_noop("'%(seat)s' is not a seat; the seats are N, E, S and W."),
                    {"seat": str(key)},
                )
            )
        elif text is not None and text.strip() not in ("", _UNKNOWN_HAND):
            reads[seat] = _read_hand(text, seat)
    blank = [seat for seat in SEATS_PBN_ORDER if seat not in reads]
    if len(blank) == 1 and not any(read.problems for read in reads.values()):
        held = {card for read in reads.values() for card in read.cards}
        rest = [card for card in DECK if card not in held]
        reads[blank[0]] = _HandRead(rest, len(rest), [])
    problems += _check_hands(reads)
    if problems:
        raise PbnImportError(replace(problem, board=number) for problem in problems)
    cards = {seat: read.cards for seat, read in reads.items()}
    return Board.from_hands(number, cards, chosen_dealer)
