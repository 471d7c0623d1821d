"""The event's results in XML: USEBIO's structure (club, event, participants with their
licence numbers, boards, traveller lines) adapted to belote coinchée. docs/exchange.md
describes every element; ``write_xml`` and ``read_xml`` are each other's inverse.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from typing import TypeVar
from xml.etree import ElementTree

from scoring.deals.problems import Problem, Term
from scoring.duplicate import BoardResult, FieldComputation, FieldKey, Method
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
    Player,
    Team,
    TravellerLine,
    field_figures,
)
from scoring.exchange.safe_xml import ExchangeError, Node, parse_xml
from scoring.translation import gettext_noop

FORMAT_VERSION = "1.0"
ROOT = "COINCHE_RESULTS"
METHODS = {Method.MATCHPOINTS: "MATCH_POINTS", Method.DATUM: "DATUM", Method.TOTAL: "TOTAL_POINTS"}
RANKINGS, ADJUSTMENTS, CAPOTS = RANKING_NAMES, ADJUSTMENT_NAMES, CAPOT_NAMES
# The figures across the field on a traveller line: USEBIO's names for matchpoints.
FIGURES = {
    Method.MATCHPOINTS: ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
    Method.DATUM: ("NS_DATUM_SCORE", "EW_DATUM_SCORE"),
}
MAX_NUMBER = 2_147_483_647  # PostgreSQL's integer: what the site can store

# ---------------------------------------------------------------------------------------------
# Writing

_Figures = dict[FieldKey, tuple[str | None, str | None]]


# Characters XML 1.0 cannot hold at all (a name with one would make a file nobody can read).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _text(parent: ElementTree.Element, tag: str, value: object) -> ElementTree.Element:
    text = str(value)
    if _NOT_XML.search(text):
        raise ValueError(f"<{tag}> holds a control character XML cannot carry: {text!r}")
    element = ElementTree.SubElement(parent, tag)
    element.text = text
    return element


def write_xml(event: EventResults, computation: FieldComputation | None = None) -> str:
    """The event as an XML document (UTF-8, indented), clubs and lines in the order given.
    ``computation``: the event scored across the field, whose figures are added to each
    traveller line for the readers (USEBIO's ``NS_MATCH_POINTS``...; never read back: an
    import scores the event again). Raises ValueError on a text holding a control character
    XML cannot carry."""
    root = ElementTree.Element(ROOT, {"FORMAT_VERSION": FORMAT_VERSION})
    if _NOT_XML.search(event.event):
        raise ValueError(f"the event's identifier holds a control character: {event.event!r}")
    element = ElementTree.SubElement(root, "EVENT", {"EVENT_ID": event.event})
    _text(element, "EVENT_DESCRIPTION", event.name)
    if event.date is not None:
        _text(element, "DATE", event.date.isoformat())
    _text(element, "BOARD_SCORING_METHOD", METHODS[event.method])
    figures = field_figures(computation)
    tags = FIGURES.get(computation.method, ()) if computation is not None else ()
    for club in event.clubs:
        _write_club(element, club, figures, tags)
    ElementTree.indent(root)
    body = ElementTree.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


def _write_club(
    parent: ElementTree.Element, club: ClubResults, figures: _Figures, tags: tuple[str, ...]
) -> None:
    element = ElementTree.SubElement(parent, "CLUB")
    _text(element, "CLUB_ID_NUMBER", club.club)
    _text(element, "CLUB_NAME", club.name)
    _text(element, "SESSION_NUMBER", club.session)
    if club.region is not None:
        _text(element, "REGION", club.region)
    if club.tables is not None:
        _text(element, "TABLES", club.tables)
    movement = ElementTree.SubElement(
        element, "MOVEMENT", {"RANKING": RANKINGS[club.single_ranking]}
    )
    for board, plays in sorted(club.expected_plays.items()):
        _text(movement, "BOARD_PLAYS", plays).set("BOARD_NUMBER", str(board))
    participants = ElementTree.SubElement(element, "PARTICIPANTS")
    for team in club.teams:
        node = ElementTree.SubElement(participants, "TEAM")
        _text(node, "TEAM_NUMBER", team.number)
        _text(node, "TEAM_NAME", team.name)
        if team.direction is not None:
            _text(node, "DIRECTION", team.direction.value)
        for player in team.players:
            person = ElementTree.SubElement(node, "PLAYER")
            _text(person, "PLAYER_NAME", player.name)
            if player.licence is not None:
                _text(person, "NATIONAL_ID_NUMBER", player.licence)
    boards: dict[int, list[TravellerLine]] = {}
    for line in club.lines:
        boards.setdefault(line.result.board, []).append(line)
    for board, lines in sorted(boards.items()):
        node = ElementTree.SubElement(element, "BOARD")
        _text(node, "BOARD_NUMBER", board)
        for line in lines:
            figure = figures.get((club.club, club.session, *line.result.key), (None, None))
            _write_line(node, line, tuple(zip(tags, figure, strict=False)))


def _write_line(
    parent: ElementTree.Element,
    line: TravellerLine,
    figures: tuple[tuple[str, str | None], ...] = (),
) -> None:
    result = line.result
    element = ElementTree.SubElement(parent, "TRAVELLER_LINE")
    _text(element, "ROUND_NUMBER", result.round)
    _text(element, "TABLE_NUMBER", result.table)
    if result.ns_team is not None:
        _text(element, "NS_TEAM_NUMBER", result.ns_team)
    if result.ew_team is not None:
        _text(element, "EW_TEAM_NUMBER", result.ew_team)
    if result.arrow_switched:
        ElementTree.SubElement(element, "ARROW_SWITCHED")
    if line.record is not None:
        _write_record(element, line.record)
    if result.is_played:
        _text(element, "NS_SCORE", result.ns_marks)
        _text(element, "EW_SCORE", result.ew_marks)
        if result.assigned:
            ElementTree.SubElement(element, "ASSIGNED")
    else:
        if result.ns_adjusted is not None:
            _text(element, "NS_ADJUSTED", ADJUSTMENTS[result.ns_adjusted])
        if result.ew_adjusted is not None:
            _text(element, "EW_ADJUSTED", ADJUSTMENTS[result.ew_adjusted])
    for tag, figure in figures:
        if figure is not None:
            _text(element, tag, figure)


def _write_record(parent: ElementTree.Element, record: ResultRecord) -> None:
    deal = ElementTree.SubElement(parent, "DEAL")
    contract = record.contract
    if contract is None:
        ElementTree.SubElement(deal, "PASSED")
        return
    node = ElementTree.SubElement(deal, "CONTRACT")
    _text(node, "BID", "CAPOT" if contract.is_capot else contract.bid)
    _text(node, "STRAIN", contract.strain.value)
    _text(node, "COINCHE", int(contract.coinche))
    _text(deal, "PLAYED_BY", contract.taker.value)
    if record.taker_points is not None:
        _text(deal, "POINTS_MADE", record.taker_points)
    if record.capot is not None:
        _text(deal, "CAPOT", CAPOTS[record.capot])
    if record.generale:
        ElementTree.SubElement(deal, "GENERALE")
    for seat in record.belote:
        _text(deal, "BELOTE", seat.value)
    for annonce in record.annonces:
        node = ElementTree.SubElement(deal, "ANNONCE")
        _text(node, "SEAT", annonce.seat.value)
        _text(node, "KIND", annonce.kind.value)
        _text(node, "HIGH", annonce.high.value)
        if annonce.suit is not None:
            _text(node, "SUIT", annonce.suit.value)


# ---------------------------------------------------------------------------------------------
# Reading

_T = TypeVar("_T")

_MISSING = gettext_noop("<%(parent)s> needs a <%(element)s> element.")
_INVALID = gettext_noop("<%(element)s> cannot be '%(value)s': %(expected)s.")
_REFUSED = gettext_noop("This traveller line cannot be read: %(reason)s")
_WHOLE_NUMBER = {0: gettext_noop("a whole number from 0"), 1: gettext_noop("a whole number from 1")}
_ROOT = gettext_noop("This is not a results file of this format: its root is <%(element)s>.")


class _Reader:
    """Reads the document, collecting every problem (each with its line) before giving up."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def problem(self, message: str, node: Node, **params: str | int) -> None:
        # What was expected is a phrase of the format's, translated with the message.
        if isinstance(params.get("expected"), str):
            params["expected"] = Term(str(params["expected"]))
        self.problems.append(Problem("invalid_results_xml", message, params, line=node.line))

    def child(self, node: Node, tag: str, required: bool = True) -> Node | None:
        for child in node.children:
            if child.tag == tag:
                return child
        if required:
            self.problem(_MISSING, node, parent=node.tag, element=tag)
        return None

    def text(self, node: Node, tag: str, required: bool = True) -> str | None:
        child = self.child(node, tag, required)
        return None if child is None else child.text

    def value(
        self,
        node: Node,
        tag: str,
        convert: Callable[[str], _T],
        expected: str,
        required: bool = True,
    ) -> _T | None:
        child = self.child(node, tag, required)
        if child is None:
            return None
        try:
            return convert(child.text)
        except (ValueError, KeyError):
            self.problem(_INVALID, child, element=tag, value=child.text[:40], expected=expected)
            return None

    def number(self, node: Node, tag: str, required: bool = True, least: int = 1) -> int | None:
        return self.value(
            node, tag, lambda text: _number(text, least), _WHOLE_NUMBER[least], required
        )


def _number(text: str, least: int) -> int:
    """ASCII digits only (``int`` also reads ``²`` or ``1_000``), at most ``MAX_NUMBER``."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_NUMBER)):
        raise ValueError(text)
    number = int(text)
    if not least <= number <= MAX_NUMBER:
        raise ValueError(text)
    return number


def _inverse(mapping: dict[_T, str]) -> Callable[[str], _T]:
    reverse = {text: key for key, text in mapping.items()}
    return lambda text: reverse[text]


def read_xml(data: str | bytes) -> EventResults:
    """The event written by ``write_xml`` (or by any program following docs/exchange.md).

    Raises ``ExchangeError`` with every problem found, located by line: malformed or refused
    XML (``safe_xml``), a missing element, a value of the wrong kind, a traveller line that is
    not a result (``BoardResult``'s and ``ResultRecord``'s own checks).
    """
    root = parse_xml(data)
    reader = _Reader()
    if root.tag != ROOT:
        reader.problem(_ROOT, root, element=root.tag[:40])
        raise ExchangeError(reader.problems)
    event = reader.child(root, "EVENT")
    if event is None:
        raise ExchangeError(reader.problems)
    name = reader.text(event, "EVENT_DESCRIPTION")
    date = reader.value(
        event,
        "DATE",
        datetime.date.fromisoformat,
        gettext_noop("a date such as 2026-12-07"),
        required=False,
    )
    method = reader.value(
        event,
        "BOARD_SCORING_METHOD",
        _inverse(METHODS),
        gettext_noop("MATCH_POINTS, DATUM or TOTAL_POINTS"),
    )
    clubs = [_read_club(reader, node) for node in event.children if node.tag == "CLUB"]
    if reader.problems or name is None or method is None:
        raise ExchangeError(reader.problems)
    return EventResults(
        event=event.attributes.get("EVENT_ID", ""),
        name=name,
        method=method,
        date=date,
        clubs=tuple(club for club in clubs if club is not None),
    )


def _read_club(reader: _Reader, node: Node) -> ClubResults | None:
    club = reader.text(node, "CLUB_ID_NUMBER")
    name = reader.text(node, "CLUB_NAME")
    session = reader.number(node, "SESSION_NUMBER")
    tables = reader.number(node, "TABLES", required=False)
    movement = reader.child(node, "MOVEMENT")
    single_ranking = False
    expected: dict[int, int] = {}
    if movement is not None:
        ranking = movement.attributes.get("RANKING", RANKINGS[False])
        if ranking not in RANKINGS.values():
            reader.problem(
                _INVALID,
                movement,
                element="MOVEMENT RANKING",
                value=ranking[:40],
                expected=gettext_noop("TWO_DIRECTIONS or ONE_FIELD"),
            )
        single_ranking = ranking == RANKINGS[True]
        for plays in movement.children:
            board = plays.attributes.get("BOARD_NUMBER", "")
            try:
                expected[_number(board, 1)] = _number(plays.text, 0)
            except ValueError:
                reader.problem(
                    _INVALID,
                    plays,
                    element="BOARD_PLAYS",
                    value=f"{board[:12]}: {plays.text[:12]}",
                    expected=gettext_noop("a board number and its plays"),
                )
    participants = reader.child(node, "PARTICIPANTS", required=False)
    teams = [
        _read_team(reader, team)
        for team in (participants.children if participants is not None else [])
        if team.tag == "TEAM"
    ]
    lines = [
        _read_line(reader, line, board)
        for board_node in node.children
        if board_node.tag == "BOARD"
        for board in [reader.number(board_node, "BOARD_NUMBER")]
        for line in board_node.children
        if line.tag == "TRAVELLER_LINE"
    ]
    if club is None or name is None or session is None:
        return None
    try:
        return ClubResults(
            club=club,
            name=name,
            session=session,
            region=reader.text(node, "REGION", required=False),
            tables=tables,
            single_ranking=single_ranking,
            expected_plays=expected,
            teams=tuple(team for team in teams if team is not None),
            lines=tuple(line for line in lines if line is not None),
        )
    except ValueError as error:
        reader.problem(_REFUSED, node, reason=str(error))
        return None


def _read_team(reader: _Reader, node: Node) -> Team | None:
    number = reader.number(node, "TEAM_NUMBER")
    name = reader.text(node, "TEAM_NAME")
    direction = reader.value(node, "DIRECTION", Side, gettext_noop("NS or EW"), required=False)
    players = []
    for person in node.children:
        if person.tag == "PLAYER":
            player_name = reader.text(person, "PLAYER_NAME")
            licence = reader.text(person, "NATIONAL_ID_NUMBER", required=False)
            if player_name is not None:
                players.append(Player(player_name, licence))
    if number is None or name is None:
        return None
    return Team(number, name, direction, tuple(players))


def _read_line(reader: _Reader, node: Node, board: int | None) -> TravellerLine | None:
    before = len(reader.problems)
    round_ = reader.number(node, "ROUND_NUMBER")
    table = reader.number(node, "TABLE_NUMBER")
    ns_team = reader.number(node, "NS_TEAM_NUMBER", required=False)
    ew_team = reader.number(node, "EW_TEAM_NUMBER", required=False)
    ns_marks = reader.number(node, "NS_SCORE", required=False, least=0)
    ew_marks = reader.number(node, "EW_SCORE", required=False, least=0)
    adjustment = _inverse(ADJUSTMENTS)
    expected = gettext_noop("AVERAGE_MINUS, AVERAGE or AVERAGE_PLUS")
    ns_adjusted = reader.value(node, "NS_ADJUSTED", adjustment, expected, required=False)
    ew_adjusted = reader.value(node, "EW_ADJUSTED", adjustment, expected, required=False)
    deal = reader.child(node, "DEAL", required=False)
    record = _read_record(reader, deal) if deal is not None else None
    if len(reader.problems) > before or board is None or round_ is None or table is None:
        return None
    try:
        result = BoardResult(
            board,
            round_,
            table,
            ns_team,
            ew_team,
            ns_marks=ns_marks,
            ew_marks=ew_marks,
            ns_adjusted=ns_adjusted,
            ew_adjusted=ew_adjusted,
            arrow_switched=reader.child(node, "ARROW_SWITCHED", required=False) is not None,
            assigned=reader.child(node, "ASSIGNED", required=False) is not None,
        )
    except ValueError as error:
        reader.problem(_REFUSED, node, reason=str(error))
        return None
    return TravellerLine(result, record)


def _read_record(reader: _Reader, deal: Node) -> ResultRecord | None:
    if reader.child(deal, "PASSED", required=False) is not None:
        return ResultRecord(passed=True)
    before = len(reader.problems)
    contract = reader.child(deal, "CONTRACT")
    bid: int | str | None = None
    strain = coinche = None
    if contract is not None:
        bid = reader.value(
            contract,
            "BID",
            lambda text: CAPOT if text == "CAPOT" else _number(text, 1),
            gettext_noop("a number of points or CAPOT"),
        )
        strain = reader.value(contract, "STRAIN", Strain, gettext_noop("S, H, D, C, SA or TA"))
        coinche = reader.value(
            contract, "COINCHE", lambda text: Coinche(_number(text, 0)), gettext_noop("0, 1 or 2")
        )
    taker = reader.value(deal, "PLAYED_BY", Seat, gettext_noop("N, E, S or W"))
    points = reader.number(deal, "POINTS_MADE", required=False, least=0)
    capot = reader.value(
        deal, "CAPOT", _inverse(CAPOTS), gettext_noop("TAKER or DEFENCE"), required=False
    )
    belote = []
    annonces = []
    for node in deal.children:
        if node.tag == "BELOTE":
            try:
                belote.append(Seat(node.text))
            except ValueError:
                reader.problem(
                    _INVALID,
                    node,
                    element="BELOTE",
                    value=node.text[:40],
                    expected=gettext_noop("N, E, S or W"),
                )
        elif node.tag == "ANNONCE":
            annonce = _read_annonce(reader, node)
            if annonce is not None:
                annonces.append(annonce)
    if len(reader.problems) > before or None in (bid, strain, coinche, taker):
        return None
    assert bid is not None and strain is not None and coinche is not None and taker is not None
    try:
        return ResultRecord(
            passed=False,
            contract=Contract(bid, strain, taker, coinche),
            taker_points=points,
            capot=capot,
            belote=tuple(belote),
            annonces=tuple(annonces),
            generale=reader.child(deal, "GENERALE", required=False) is not None,
        )
    except ValueError as error:
        reader.problem(_REFUSED, deal, reason=str(error))
        return None


def _read_annonce(reader: _Reader, node: Node) -> Annonce | None:
    seat = reader.value(node, "SEAT", Seat, gettext_noop("N, E, S or W"))
    kind = reader.value(node, "KIND", AnnonceKind, gettext_noop("tierce, cinquante, cent or carre"))
    high = reader.value(node, "HIGH", Rank, gettext_noop("7, 8, 9, 10, J, Q, K or A"))
    suit = reader.value(node, "SUIT", Suit, gettext_noop("S, H, D or C"), required=False)
    if seat is None or kind is None or high is None:
        return None
    try:
        return Annonce(seat, kind, high, suit)
    except ValueError as error:
        reader.problem(_REFUSED, node, reason=str(error))
        return None
