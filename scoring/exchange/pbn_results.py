"""The event's results in PBN 2.1: a header game with the clubs and teams (``ClubTable``,
``TeamTable``), then one game per board with its hands when given (``Deal``) and its
traveller across the field (``ScoreTable``, one row per table of every club), belote columns
beside PBN's own. docs/exchange.md lists the columns; ``read_pbn_results`` reads back what
``write_pbn_results`` wrote (the players and licence numbers travel in the XML only).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable

from scoring.deals.board import Board
from scoring.deals.pbn import PBN_VERSION
from scoring.deals.pbn_tables import (
    PbnColumn,
    PbnGame,
    PbnTable,
    PbnTableError,
    format_game,
    read_games,
)
from scoring.deals.problems import Problem
from scoring.duplicate import BoardResult, FieldComputation, Method
from scoring.engine.annonces import Annonce, AnnonceKind
from scoring.engine.cards import Rank, Seat, Side, Strain, Suit
from scoring.engine.result_record import CAPOT, Contract, ResultRecord
from scoring.engine.rule_values import Coinche
from scoring.exchange.event_results import (
    ADJUSTMENT_NAMES,
    CAPOT_NAMES,
    RANKING_NAMES,
    ClubResults,
    EventResults,
    Team,
    TravellerLine,
    field_figures,
)
from scoring.exchange.safe_xml import ExchangeError
from scoring.translation import gettext_noop

SCORING = {Method.MATCHPOINTS: "MP", Method.DATUM: "Datum", Method.TOTAL: "Total"}
RANKINGS, ADJUSTMENTS, CAPOTS = RANKING_NAMES, ADJUSTMENT_NAMES, CAPOT_NAMES
PASSED_OUT = "PASS"  # the contract of a passe générale

CLUB_COLUMNS = ("Club", "Session", "Name", "Region", "Tables", "Ranking", "Plays")
TEAM_COLUMNS = ("Club", "Session", "Team", "Name", "Direction")
SCORE_COLUMNS = (
    "Section",
    "Session",
    "Round",
    "Table",
    "PairId_NS",
    "PairId_EW",
    "Contract",
    "Declarer",
    "Result",
    "Capot",
    "Generale",
    "Belote",
    "Annonces",
    "Score_NS",
    "Score_EW",
    "Adjusted_NS",
    "Adjusted_EW",
    "ArrowSwitch",
    "Assigned",
    "Names_NS",
    "Names_EW",
)
FIGURE_COLUMNS = {Method.MATCHPOINTS: ("MP_NS", "MP_EW"), Method.DATUM: ("Datum_NS", "Datum_EW")}
_CONTRACT = re.compile(r"(\d{1,4}|CAPOT)(SA|TA|S|H|D|C)(X{0,2})")
_WIDTHS = {"Round": 2, "Table": 2, "PairId_NS": 3, "PairId_EW": 3, "Score_NS": 4, "Score_EW": 4}


def _columns(names: Iterable[str]) -> tuple[PbnColumn, ...]:
    return tuple(
        PbnColumn(name, _WIDTHS.get(name), "R" if name in _WIDTHS else "") for name in names
    )


def write_pbn_results(
    event: EventResults,
    boards: Iterable[Board] = (),
    computation: FieldComputation | None = None,
) -> str:
    """The event as a PBN 2.1 file. ``boards``: the hands, written in each board's game (the
    hand records: only once the event is over); ``computation``: the event scored across the
    field, whose figures (matchpoints or datum differences) are added to the score tables for
    the readers (they are computed again on import, never read)."""
    hands = {board.number: board for board in boards}
    tags = [("Event", event.name), ("EventId", event.event)]
    if event.date is not None:
        tags.append(("Date", event.date.strftime("%Y.%m.%d")))
    tags.append(("Scoring", SCORING[event.method]))
    clubs = PbnTable(
        "ClubTable",
        _columns(CLUB_COLUMNS),
        tuple(
            (
                club.club,
                str(club.session),
                club.name,
                club.region,
                None if club.tables is None else str(club.tables),
                RANKINGS[club.single_ranking],
                ",".join(f"{b}:{p}" for b, p in sorted(club.expected_plays.items())) or None,
            )
            for club in event.clubs
        ),
    )
    teams = PbnTable(
        "TeamTable",
        _columns(TEAM_COLUMNS),
        tuple(
            (
                club.club,
                str(club.session),
                str(team.number),
                team.name,
                None if team.direction is None else team.direction.value,
            )
            for club in event.clubs
            for team in club.teams
        ),
    )
    lines = [f"% PBN {PBN_VERSION}", "% EXPORT", *format_game(tags, (clubs, teams)), ""]
    by_board: dict[int, list[tuple[ClubResults, TravellerLine]]] = {}
    for club in event.clubs:
        for line in club.lines:
            by_board.setdefault(line.result.board, []).append((club, line))
    figures = field_figures(computation)
    extra = FIGURE_COLUMNS.get(event.method, ()) if computation is not None else ()
    for number in sorted(set(by_board) | set(hands)):
        game = [("Event", event.name), ("Board", str(number))]
        if number in hands:
            game += [("Dealer", hands[number].dealer.value), ("Deal", hands[number].pbn_deal())]
        rows = tuple(
            _row(club, line)
            + (figures.get((club.club, club.session, *line.result.key)) or (None, None))[
                : len(extra)
            ]
            for club, line in by_board.get(number, [])
        )
        table = PbnTable("ScoreTable", _columns((*SCORE_COLUMNS, *extra)), rows)
        lines += [*format_game(game, (table,)), ""]
    return "\n".join(lines)


def _row(club: ClubResults, line: TravellerLine) -> tuple[str | None, ...]:
    result, record = line.result, line.record
    contract = declarer = points = capot = generale = belote = annonces = None
    if record is not None and record.contract is None:
        contract = PASSED_OUT
    elif record is not None and record.contract is not None:
        deal = record.contract
        bid = "CAPOT" if deal.is_capot else str(deal.bid)
        contract = f"{bid}{deal.strain.value}{'X' * int(deal.coinche)}"
        declarer = deal.taker.value
        points = None if record.taker_points is None else str(record.taker_points)
        capot = None if record.capot is None else CAPOTS[record.capot]
        generale = "1" if record.generale else None
        belote = "".join(seat.value for seat in record.belote) or None
        annonces = ",".join(_annonce(annonce) for annonce in record.annonces) or None
    return (
        club.club,
        str(club.session),
        str(result.round),
        str(result.table),
        None if result.ns_team is None else str(result.ns_team),
        None if result.ew_team is None else str(result.ew_team),
        contract,
        declarer,
        points,
        capot,
        generale,
        belote,
        annonces,
        None if result.ns_marks is None else str(result.ns_marks),
        None if result.ew_marks is None else str(result.ew_marks),
        None if result.ns_adjusted is None else ADJUSTMENTS[result.ns_adjusted],
        None if result.ew_adjusted is None else ADJUSTMENTS[result.ew_adjusted],
        "1" if result.arrow_switched else None,
        "1" if result.assigned else None,
        club.team_name(result.ns_team) or None,
        club.team_name(result.ew_team) or None,
    )


def _annonce(annonce: Annonce) -> str:
    parts = [annonce.seat.value, annonce.kind.value, annonce.high.value]
    if annonce.suit is not None:
        parts.append(annonce.suit.value)
    return "-".join(parts)


# ---------------------------------------------------------------------------------------------
# Reading

_MISSING_TABLE = gettext_noop("The results file has no %(tag)s table.")
_MISSING_COLUMN = gettext_noop("The %(tag)s table has no %(column)s column.")
_BAD_ROW = gettext_noop("A row of the %(tag)s table cannot be read: %(reason)s")
_MISSING_TAG = gettext_noop("The results file has no %(tag)s tag.")


def _fail(message: str, line: int | None = None, **params: str | int) -> ExchangeError:
    return ExchangeError([Problem("invalid_results_pbn", message, params, line=line)])


def read_pbn_results(text: str) -> EventResults:
    """The event written by ``write_pbn_results``. Raises ``ExchangeError`` on what it cannot
    read, saying which table, row or tag (the figure columns are never read: an import scores
    the event again)."""
    try:
        games = read_games(text)
    except PbnTableError as error:
        raise ExchangeError(error.problems) from None
    header = next((game for game in games if "ClubTable" in game.tables), None)
    if header is None:
        raise _fail(_MISSING_TABLE, tag="ClubTable")
    for tag in ("Event", "Scoring"):
        if tag not in header.tags:
            raise _fail(_MISSING_TAG, tag=tag)
    method = {text: method for method, text in SCORING.items()}.get(header.tags["Scoring"])
    if method is None:
        raise _fail(
            _BAD_ROW, header.lines.get("Scoring"), tag="Scoring", reason=header.tags["Scoring"][:40]
        )
    date = None
    if "Date" in header.tags:
        try:
            date = datetime.datetime.strptime(header.tags["Date"], "%Y.%m.%d").date()
        except ValueError:
            raise _fail(
                _BAD_ROW, header.lines.get("Date"), tag="Date", reason=header.tags["Date"][:40]
            ) from None
    clubs = _read_clubs(header)
    teams = _read_teams(header)
    lines: dict[tuple[str, int], list[TravellerLine]] = {key: [] for key in clubs}
    for game in games:
        if game is header or "ScoreTable" not in game.tables:
            continue
        for key, line in _read_score_table(game):
            if key not in lines:
                raise _fail(
                    _BAD_ROW,
                    game.lines.get("ScoreTable"),
                    tag="ScoreTable",
                    reason=f"club {key[0]} session {key[1]} is not in the ClubTable",
                )
            lines[key].append(line)
    return EventResults(
        event=header.tags.get("EventId", ""),
        name=header.tags["Event"],
        method=method,
        date=date,
        clubs=tuple(
            _club(club, tuple(teams.get(key, ())), tuple(lines[key])) for key, club in clubs.items()
        ),
    )


def _cells(game: PbnGame, tag: str, names: Iterable[str]) -> Iterable[dict[str, str | None]]:
    table = game.tables[tag]
    positions = {}
    for name in names:
        position = table.index(name)
        if position is None:
            raise _fail(_MISSING_COLUMN, game.lines.get(tag), tag=tag, column=name)
        positions[name] = position
    for row in table.rows:
        yield {name: row[position] for name, position in positions.items()}


def _int(value: str | None, least: int = 1) -> int:
    if value is None or not (value.isascii() and value.isdigit()) or len(value) > 10:
        raise ValueError(f"'{value}' is not a whole number")
    number = int(value)
    if not least <= number <= 2_147_483_647:
        raise ValueError(f"'{value}' is not a whole number from {least}")
    return number


def _optional_int(value: str | None, least: int = 1) -> int | None:
    return None if value is None else _int(value, least)


def _read_clubs(game: PbnGame) -> dict[tuple[str, int], ClubResults]:
    clubs: dict[tuple[str, int], ClubResults] = {}
    for cells in _cells(game, "ClubTable", CLUB_COLUMNS):
        try:
            plays = {}
            for pair in (cells["Plays"] or "").split(",") if cells["Plays"] else []:
                board, _, count = pair.partition(":")
                plays[_int(board)] = _int(count, 0)
            if cells["Ranking"] not in RANKINGS.values():
                raise ValueError(f"the ranking is {RANKINGS[False]} or {RANKINGS[True]}")
            if not cells["Club"] or not cells["Name"]:
                raise ValueError("a club has an identifier and a name")
            club = ClubResults(
                club=cells["Club"],
                name=cells["Name"],
                session=_int(cells["Session"]),
                region=cells["Region"],
                tables=_optional_int(cells["Tables"]),
                single_ranking=cells["Ranking"] == RANKINGS[True],
                expected_plays=plays,
            )
        except ValueError as error:
            raise _fail(
                _BAD_ROW, game.lines.get("ClubTable"), tag="ClubTable", reason=str(error)
            ) from None
        clubs[(club.club, club.session)] = club
    return clubs


def _read_teams(game: PbnGame) -> dict[tuple[str, int], list[Team]]:
    teams: dict[tuple[str, int], list[Team]] = {}
    if "TeamTable" not in game.tables:
        return teams
    for cells in _cells(game, "TeamTable", TEAM_COLUMNS):
        try:
            direction = None if cells["Direction"] is None else Side(cells["Direction"])
            team = Team(_int(cells["Team"]), cells["Name"] or "", direction)
            key = (cells["Club"] or "", _int(cells["Session"]))
        except ValueError as error:
            raise _fail(
                _BAD_ROW, game.lines.get("TeamTable"), tag="TeamTable", reason=str(error)
            ) from None
        teams.setdefault(key, []).append(team)
    return teams


def _read_score_table(game: PbnGame) -> Iterable[tuple[tuple[str, int], TravellerLine]]:
    try:
        board = _int(game.tags.get("Board"))
    except ValueError as error:
        raise _fail(_BAD_ROW, game.lines.get("Board"), tag="Board", reason=str(error)) from None
    for cells in _cells(game, "ScoreTable", SCORE_COLUMNS):
        try:
            line = _line(board, cells)
            key = (cells["Section"] or "", _int(cells["Session"]))
        except (ValueError, KeyError) as error:
            raise _fail(
                _BAD_ROW, game.lines.get("ScoreTable"), tag="ScoreTable", reason=str(error)
            ) from None
        yield key, line


def _line(board: int, cells: dict[str, str | None]) -> TravellerLine:
    adjustments = {text: adjustment for adjustment, text in ADJUSTMENTS.items()}
    result = BoardResult(
        board,
        _int(cells["Round"]),
        _int(cells["Table"]),
        _optional_int(cells["PairId_NS"]),
        _optional_int(cells["PairId_EW"]),
        ns_marks=_optional_int(cells["Score_NS"], 0),
        ew_marks=_optional_int(cells["Score_EW"], 0),
        ns_adjusted=None if cells["Adjusted_NS"] is None else adjustments[cells["Adjusted_NS"]],
        ew_adjusted=None if cells["Adjusted_EW"] is None else adjustments[cells["Adjusted_EW"]],
        arrow_switched=cells["ArrowSwitch"] == "1",
        assigned=cells["Assigned"] == "1",
    )
    return TravellerLine(result, _record(cells))


def _record(cells: dict[str, str | None]) -> ResultRecord | None:
    text = cells["Contract"]
    if text is None:
        return None
    if text == PASSED_OUT:
        return ResultRecord(passed=True)
    match = _CONTRACT.fullmatch(text)
    if match is None:
        raise ValueError(f"'{text}' is not a contract (such as 100H, 120SAX, CAPOTTA)")
    bid: int | str = CAPOT if match.group(1) == "CAPOT" else int(match.group(1))
    taker = Seat(cells["Declarer"])
    capots = {value: capot for capot, value in CAPOTS.items()}
    return ResultRecord(
        passed=False,
        contract=Contract(bid, Strain(match.group(2)), taker, Coinche(len(match.group(3)))),
        taker_points=_optional_int(cells["Result"], 0),
        capot=None if cells["Capot"] is None else capots[cells["Capot"]],
        generale=cells["Generale"] == "1",
        belote=tuple(Seat(seat) for seat in cells["Belote"] or ""),
        annonces=tuple(
            _read_annonce(part) for part in (cells["Annonces"] or "").split(",") if part
        ),
    )


def _read_annonce(text: str) -> Annonce:
    parts = text.split("-")
    if len(parts) not in (3, 4):
        raise ValueError(f"'{text}' is not an annonce (such as N-tierce-K-H)")
    suit = Suit(parts[3]) if len(parts) == 4 else None
    return Annonce(Seat(parts[0]), AnnonceKind(parts[1]), Rank(parts[2]), suit)


def _club(
    club: ClubResults, teams: tuple[Team, ...], lines: tuple[TravellerLine, ...]
) -> ClubResults:
    return ClubResults(
        club=club.club,
        name=club.name,
        session=club.session,
        region=club.region,
        tables=club.tables,
        single_ranking=club.single_ranking,
        expected_plays=club.expected_plays,
        teams=teams,
        lines=lines,
    )
