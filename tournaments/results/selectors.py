"""Reads on results: current versions, score sheets of a round, the arbiter's grid, histories.

The state of a board at a table (``board_state``) is what the arbiter's dashboard shows:
missing (no result, or a deleted one), entered (waiting for the other side), confirmed,
disputed or adjusted.
"""

from __future__ import annotations

import datetime
import functools
import math
from collections import Counter
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Prefetch, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from scoring.engine.annonces import declarable_annonces
from scoring.engine.belote import belote_holdings
from scoring.engine.cards import SEATS_PBN_ORDER, Hand, Seat, Strain, Suit
from tournaments import checklist, rows, vocabulary
from tournaments.checklist import Step
from tournaments.deals.models import Board
from tournaments.setup.models import Round, Table, TableAssignment, Team, Tournament
from tournaments.setup.selectors import plan_assignments

from .annonce_text import format_annonces_text
from .models import (
    ADJUSTED,
    CONFIRMED,
    DISPUTED,
    ENTERED,
    MISSING,
    SITOUT,
    STATES,
    Penalty,
    Result,
    ResultEvent,
)
from .table_links import table_entry_qr_svg, table_entry_url

# The cell of a table shows its most urgent board.
_URGENCY = (DISPUTED, MISSING, ENTERED, ADJUSTED, CONFIRMED)


def board_state(result: Result | None) -> str:
    """missing, entered, confirmed, disputed or adjusted."""
    if result is None or result.status == Result.Status.DELETED:
        return MISSING
    return result.status


def board_hands(tournament: Tournament, board_number: int) -> dict[Seat, Hand] | None:
    """The four hands of a board, or None when they are not recorded (hand checks off)."""
    board = Board.objects.filter(tournament=tournament, number=board_number).first()
    return None if board is None else hands_from_pbn(board.hands)


def hands_from_pbn(hands: dict[str, str] | None) -> dict[Seat, Hand] | None:
    """``Board.hands`` as the rules engine takes them; None unless all four are recorded."""
    if not hands or len(hands) != 4:
        return None
    return {Seat(seat): _hand(pbn) for seat, pbn in hands.items()}


@functools.lru_cache(maxsize=4096)
def _hand(pbn: str) -> Hand:
    """A hand read once per process: a ``Hand`` is immutable, and every result entry reads its
    board's four (parsing them was a tenth of an entry's CPU). What is cached depends on which
    boards were entered, never on their cards."""
    return Hand.from_pbn(pbn)


def hands_by_board(tournament: Tournament) -> dict[int, dict[Seat, Hand]]:
    """Every board whose four hands are recorded, by number."""
    return {
        board.number: {Seat(seat): Hand.from_pbn(pbn) for seat, pbn in board.hands.items()}
        for board in Board.objects.filter(tournament=tournament)
        if board.has_hands
    }


def current_result(assignment: TableAssignment, board_number: int) -> Result | None:
    return Result.objects.filter(
        assignment=assignment, board_number=board_number, is_current=True
    ).first()


def current_results(tournament: Tournament, round_: Round | None = None) -> dict[tuple, Result]:
    """Current versions keyed by (round number, table number, board number)."""
    queryset = Result.objects.filter(tournament=tournament, is_current=True).select_related(
        "round", "table"
    )
    if round_ is not None:
        queryset = queryset.filter(round=round_)
    return {
        (result.round.number, result.table.number, result.board_number): result
        for result in queryset
    }


def assignment_at(tournament: Tournament, round_number: int, table_number: int):
    """The table plan row of that table in that round, or None (with its tournament: the
    access policy and the results services ask it)."""
    return (
        plan_assignments(tournament)
        .filter(round__number=round_number, table__number=table_number)
        .select_related("round__tournament")
        .first()
    )


def entry_assignment(
    tournament: Tournament, round_number: int, table_number: int, board_number: int
) -> TableAssignment | None:
    """The table plan row a result entry names, or None when that table does not play that
    round: with its round (and ``tournament`` as its tournament), table and teams, and the
    board's recorded hands as ``board_hands`` (``hands_from_pbn``), all in one query.

    Every entry runs it: it is fixed SQL (``tournaments.rows``), which costs a fraction of the
    CPU of the same statement built by the ORM."""
    with rows.cursor() as cursor:
        cursor.execute(
            _entry_assignment_sql(),
            [tournament.pk, board_number, tournament.pk, round_number, table_number],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    (assignment, round_, table, ns_team, ew_team), (hands,) = rows.split(
        row, _ASSIGNMENT, _ROUND, _TABLE, _NS_TEAM, _EW_TEAM
    )
    assignment.round, assignment.table = round_, table
    assignment.ns_team, assignment.ew_team = ns_team, ew_team
    round_.tournament = tournament
    assignment.board_hands = hands_from_pbn(rows.convert(_BOARD_HANDS, hands))
    return assignment


_ASSIGNMENT = rows.Columns(TableAssignment, "assignment")
_ROUND = rows.Columns(Round, "round")
_TABLE = rows.Columns(Table, "plan_table")
_NS_TEAM = rows.Columns(Team, "ns_team")
_EW_TEAM = rows.Columns(Team, "ew_team")
_BOARD_HANDS = Board._meta.get_field("hands")


@functools.cache
def _entry_assignment_sql() -> str:
    quote = connection.ops.quote_name
    teams = quote(Team._meta.db_table)
    return f"""
SELECT {_ASSIGNMENT.sql}, {_ROUND.sql}, {_TABLE.sql}, {_NS_TEAM.sql}, {_EW_TEAM.sql},
    (SELECT board.hands FROM {quote(Board._meta.db_table)} board
        WHERE board.tournament_id = %s AND board.number = %s LIMIT 1)
FROM {quote(TableAssignment._meta.db_table)} assignment
JOIN {quote(Round._meta.db_table)} round ON round.id = assignment.round_id
JOIN {quote(Table._meta.db_table)} plan_table ON plan_table.id = assignment.table_id
LEFT JOIN {teams} ns_team ON ns_team.id = assignment.ns_team_id
LEFT JOIN {teams} ew_team ON ew_team.id = assignment.ew_team_id
WHERE round.tournament_id = %s AND round.number = %s AND plan_table.number = %s
LIMIT 1
"""  # noqa: S608 - table and column names from the models, values as parameters


# --- Choices offered from the hands -------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    seat: str
    # The strains where this choice applies ("H" for the belote of hearts; "" for any).
    strains: str = ""


def belote_choices(hands: dict[Seat, Hand]) -> list[Choice]:
    """Every (seat, suit) holding K and Q of one suit: a belote if that suit is trump (or TA)."""
    choices = []
    for seat, suit in belote_holdings(hands, Strain.ALL_TRUMP):
        choices.append(
            Choice(
                value=f"{seat.value}:{suit.value}",
                label=f"{vocabulary.seat_letter(seat.value)} {suit.symbol}",
                seat=seat.value,
                strains=f"{suit.value} TA",
            )
        )
    return choices


def annonce_choices(hands: dict[Seat, Hand], strains: list[Strain]) -> list[Choice]:
    """Per seat, the annonces it can declare (the best set, over the strains played)."""
    choices: list[Choice] = []
    for seat in SEATS_PBN_ORDER:
        seen: dict[str, Choice] = {}
        for strain in strains:
            for annonce in declarable_annonces(hands[seat], strain, seat):
                data = annonce.to_dict()
                value = ":".join([data["seat"], data["kind"], data["high"], data.get("suit", "")])
                if value not in seen:
                    seen[value] = Choice(
                        value=value, label=format_annonces_text([data]), seat=seat.value
                    )
        choices.extend(seen.values())
    return choices


def annonce_from_choice(value: str) -> dict:
    """The record dict of an annonce choice value ``N:tierce:K:S``."""
    seat, kind, high, suit = (value.split(":") + ["", "", "", ""])[:4]
    annonce = {"seat": seat, "kind": kind, "high": high}
    if suit:
        annonce["suit"] = suit
    return annonce


def annonce_choice_value(annonce: dict) -> str:
    return ":".join([annonce["seat"], annonce["kind"], annonce["high"], annonce.get("suit") or ""])


def played_strains(rules) -> list[Strain]:
    """The strains a tournament's contracts may be played in."""
    strains = [Strain(suit.value) for suit in Suit]
    if rules.no_trump:
        strains.append(Strain.NO_TRUMP)
    if rules.all_trump:
        strains.append(Strain.ALL_TRUMP)
    return strains


# --- The score sheets of a round (arbiter entry) -----------------------------------------------


@dataclass
class SheetRow:
    board: int
    result: Result | None
    state: str
    hands: dict[Seat, Hand] | None


@dataclass
class TableSheet:
    assignment: TableAssignment
    rows: list[SheetRow] = field(default_factory=list)

    @property
    def table(self) -> Table:
        return self.assignment.table


def round_sheets(tournament: Tournament, round_: Round) -> list[TableSheet]:
    """Each table of the round with its boards and their current results, in table order."""
    results = current_results(tournament, round_)
    hands = hands_by_board(tournament)
    sheets = []
    for assignment in plan_assignments(tournament).filter(round=round_).order_by("table__number"):
        sheet = TableSheet(assignment)
        if not assignment.has_phantom:
            for board in assignment.boards:
                result = results.get((round_.number, assignment.table.number, board))
                sheet.rows.append(SheetRow(board, result, board_state(result), hands.get(board)))
        sheets.append(sheet)
    return sheets


def first_unfinished_round(tournament: Tournament) -> Round | None:
    """The first round with a board not confirmed at some table (else the last round)."""
    rounds = list(tournament.round_set.order_by("number"))
    if not rounds:
        return None
    results = current_results(tournament)
    for round_ in rounds:
        for assignment in round_.assignments.select_related("table"):
            if assignment.has_phantom:
                continue
            for board in assignment.boards:
                key = (round_.number, assignment.table.number, board)
                if board_state(results.get(key)) not in Result.COUNTING_STATUSES:
                    return round_
    return rounds[-1]


# --- The arbiter's dashboard ------------------------------------------------------------


@dataclass
class BoardCell:
    board: int
    state: str
    result: Result | None


@dataclass
class GridCell:
    assignment: TableAssignment
    boards: list[BoardCell]
    state: str
    late: bool
    due_at: datetime.datetime | None

    @property
    def done(self) -> int:
        return sum(1 for cell in self.boards if cell.state in Result.COUNTING_STATUSES)


@dataclass
class GridRound:
    round: Round
    cells: list[GridCell | None]
    counts: Counter


@dataclass
class Dashboard:
    tables: list[int]
    rounds: list[GridRound]
    counts: Counter
    late_tables: int
    now: datetime.datetime

    @property
    def state_counts(self) -> list[tuple[str, int]]:
        """(state, number of boards) in a fixed order, for the page."""
        return [(state, self.counts[state]) for state in STATES]


def _cell_state(states: list[str]) -> str:
    for state in _URGENCY:
        if state in states:
            return state
    return MISSING


def dashboard(tournament: Tournament, now: datetime.datetime | None = None) -> Dashboard:
    """The grid round × table: each board's state, late tables, counts per state."""
    now = now or timezone.now()
    results = current_results(tournament)
    assignments = list(plan_assignments(tournament).order_by("round__number", "table__number"))
    tables = sorted({assignment.table.number for assignment in assignments})
    rounds: dict[int, GridRound] = {}
    counts: Counter = Counter(dict.fromkeys(STATES, 0))
    late_tables = 0
    for round_ in tournament.round_set.order_by("number"):
        rounds[round_.number] = GridRound(round_, [None] * len(tables), Counter())
    for assignment in assignments:
        grid_round = rounds[assignment.round.number]
        column = tables.index(assignment.table.number)
        if assignment.has_phantom:
            grid_round.cells[column] = GridCell(assignment, [], SITOUT, False, None)
            continue
        boards = []
        for board in assignment.boards:
            result = results.get((assignment.round.number, assignment.table.number, board))
            state = board_state(result)
            boards.append(BoardCell(board, state, result))
            grid_round.counts[state] += 1
            counts[state] += 1
        states = [cell.state for cell in boards]
        due_at = None
        late = False
        if assignment.round.started_at is not None:
            minutes = len(assignment.boards) * tournament.minutes_per_board
            due_at = assignment.round.started_at + datetime.timedelta(minutes=minutes)
            late = now > due_at and any(state not in Result.COUNTING_STATUSES for state in states)
        late_tables += late
        grid_round.cells[column] = GridCell(assignment, boards, _cell_state(states), late, due_at)
    return Dashboard(tables, list(rounds.values()), counts, late_tables, now)


# --- The round clock -----------------------------------------------------------------

# The clock turns to its warning state this long before the end of the round.
CLOCK_WARNING_SECONDS = 5 * 60


@dataclass(frozen=True)
class RoundClock:
    """The clock of a round (la pendule du tour): it runs from « Démarrer le tour » for the
    round's boards × the tournament's minutes per board.

    ``state``: ``none`` (no published round), ``waiting`` (not started), ``running``,
    ``warning`` (less than five minutes left), ``over`` (« Temps écoulé »).
    """

    now: datetime.datetime
    round: int | None
    minutes: int
    started_at: datetime.datetime | None

    @property
    def ends_at(self) -> datetime.datetime | None:
        if self.started_at is None:
            return None
        return self.started_at + datetime.timedelta(minutes=self.minutes)

    @property
    def seconds_left(self) -> int | None:
        """Seconds until the end, rounded up (0 once over: the last second still counts as
        one), None before the start."""
        if self.ends_at is None:
            return None
        return max(0, math.ceil((self.ends_at - self.now).total_seconds()))

    @property
    def state(self) -> str:
        if self.round is None:
            return "none"
        if self.started_at is None:
            return "waiting"
        left = self.seconds_left
        if left == 0:
            return "over"
        return "warning" if left <= CLOCK_WARNING_SECONDS else "running"

    def as_json(self) -> dict:
        """The clock as the JSON endpoint gives it (ISO 8601 times, the server's now)."""
        return {
            "now": self.now.isoformat(),
            "round": self.round,
            "minutes": self.minutes,
            "started_at": self.started_at.isoformat() if self.started_at else None,
            "ends_at": self.ends_at.isoformat() if self.ends_at else None,
            "seconds_left": self.seconds_left,
            "warning_seconds": CLOCK_WARNING_SECONDS,
            "state": self.state,
        }


def current_round(tournament: Tournament) -> Round | None:
    """The round the room is playing: the last started published round, else the first
    published one (not started yet), else None."""
    rounds = Round.objects.filter(tournament=tournament, published=True)
    started = rounds.filter(started_at__isnull=False).order_by("-number").first()
    return started or rounds.order_by("number").first()


def round_clock(
    tournament: Tournament,
    round_number: int | None = None,
    now: datetime.datetime | None = None,
) -> RoundClock:
    """The clock of round ``round_number`` (a published one), or of the current round."""
    now = now or timezone.now()
    if round_number is None:
        round_ = current_round(tournament)
    else:
        round_ = Round.objects.filter(
            tournament=tournament, number=round_number, published=True
        ).first()
    if round_ is None:
        return RoundClock(now, None, 0, None)
    boards = max(
        (
            len(b)
            for b in TableAssignment.objects.filter(round=round_).values_list("boards", flat=True)
        ),
        default=tournament.boards_per_round,
    )
    return RoundClock(now, round_.number, boards * tournament.minutes_per_board, round_.started_at)


def late_tables(board: Dashboard) -> list[int]:
    """The tables of the grid still entering after their round's time (in table order)."""
    return sorted(
        {
            cell.assignment.table.number
            for row in board.rounds
            for cell in row.cells
            if cell and cell.late
        }
    )


def flagged_results(tournament: Tournament) -> list[Result]:
    """Current results whose record disagrees with the hands (« résultats à vérifier »), entered
    by someone who could not see them. For those who may see the hands only."""
    return list(
        Result.objects.filter(tournament=tournament, is_current=True)
        .exclude(flags=[])
        .exclude(status=Result.Status.DELETED)
        .select_related("round", "table")
        .order_by("round__number", "table__number", "board_number")
    )


def disputed_results(tournament: Tournament) -> list[Result]:
    """Current results disputed by a table (contestés), for the arbiter to resolve."""
    return list(
        Result.objects.filter(tournament=tournament, is_current=True, status=Result.Status.DISPUTED)
        .select_related("round", "table")
        .order_by("round__number", "table__number", "board_number")
    )


# --- A result's history -------------------------------------------------------------------


@dataclass
class History:
    assignment: TableAssignment
    board: int
    versions: list[Result]
    events: list[ResultEvent]

    @property
    def current(self) -> Result | None:
        return next((version for version in self.versions if version.is_current), None)

    @property
    def state(self) -> str:
        return board_state(self.current)


def result_history(
    assignment: TableAssignment, board_number: int, *, with_flags: bool = True
) -> History:
    """Every version (newest first) and every event (oldest first) of a board at a table.

    The audit snapshots record the result's flags (what the hands contradict); without
    ``with_flags`` (a reader who may not see the hands) they are left out of the events."""
    versions = list(
        Result.objects.filter(assignment=assignment, board_number=board_number)
        .select_related("entered_by", "confirmed_by")
        .order_by("-version")
    )
    events = list(
        ResultEvent.objects.filter(
            tournament=assignment.round.tournament,
            round_number=assignment.round.number,
            table_number=assignment.table.number,
            board_number=board_number,
        )
        .select_related("actor", "result")
        .order_by("at", "pk")
    )
    if not with_flags:
        for event in events:
            for snapshot in (event.before, event.after):
                if snapshot:
                    snapshot.pop("flags", None)
    return History(assignment, board_number, versions, events)


# --- Table entry ----------------------------------------------------------------------


def table_by_token(token: str) -> Table | None:
    return Table.objects.select_related("tournament").filter(token=token).first()


@dataclass
class TableRound:
    assignment: TableAssignment
    rows: list[SheetRow]

    @property
    def round(self) -> Round:
        return self.assignment.round

    @property
    def finished(self) -> bool:
        return all(row.state in Result.COUNTING_STATUSES for row in self.rows)


def table_rounds(table: Table) -> list[TableRound]:
    """The published rounds of a table where it has two teams, with each board's state."""
    tournament = table.tournament
    assignments = (
        plan_assignments(tournament)
        .filter(table=table, round__published=True)
        .order_by("round__number")
        .prefetch_related(
            Prefetch(
                "results",
                queryset=Result.objects.filter(is_current=True),
                to_attr="current_results",
            )
        )
    )
    rounds = []
    for assignment in assignments:
        if assignment.has_phantom:
            continue
        # Already read: a write from this table's page reads neither again.
        assignment.round.tournament = tournament
        assignment.table = table
        by_board = {result.board_number: result for result in assignment.current_results}
        rows = [
            SheetRow(board, by_board.get(board), board_state(by_board.get(board)), None)
            for board in assignment.boards
        ]
        rounds.append(TableRound(assignment, rows))
    return rounds


# --- Export -------------------------------------------------------------------------------


def counting_results(tournament: Tournament) -> QuerySet[Result]:
    """Current confirmed and adjusted results, in round, table, board order."""
    return (
        Result.objects.filter(
            tournament=tournament,
            is_current=True,
            status__in=Result.COUNTING_STATUSES,
        )
        .select_related("round", "table")
        .order_by("round__number", "table__number", "board_number")
    )


# --- Table links ------------------------------------------------------------------------


@dataclass(frozen=True)
class TableLink:
    """A table's entry link as the cards print it (from ``SITE_URL``) and its QR code."""

    number: int
    url: str
    qr_svg: str


def table_links(tournament: Tournament) -> list[TableLink]:
    """Every table's entry link, in table order, for the « Liens des tables » page."""
    links = []
    for table in Table.objects.filter(tournament=tournament).order_by("number"):
        svg = table_entry_qr_svg(table, box_size=6)
        # Each SVG names its path "qr-path": one id per table keeps the page's ids unique.
        svg = svg.replace('id="qr-path"', f'id="qr-path-{table.number}"')
        links.append(TableLink(table.number, table_entry_url(table), svg))
    return links


# --- The organizer's checklist: rounds and results ----------------------------------------


def _round_is_open(round_: Round, tournament: Tournament) -> bool:
    return round_.started_at is not None or (round_.published and tournament.all_rounds_open)


def rounds_step(tournament: Tournament) -> Step:
    """« Tours »: which rounds are started (« Démarrer le tour » on the arbiter's dashboard)."""
    name = gettext("Tours")
    url = reverse("results:dashboard", args=[tournament.slug])
    rounds = list(tournament.round_set.order_by("number"))
    if not rounds:
        return Step("rounds", name, checklist.BLOCKED, gettext("Pas encore de plan de table"), url)
    if not any(round_.published for round_ in rounds):
        return Step("rounds", name, checklist.BLOCKED, gettext("Publiez d'abord les tours"), url)
    started = [round_ for round_ in rounds if _round_is_open(round_, tournament)]
    if tournament.all_rounds_open and len(started) == len(rounds):
        state, reason = checklist.DONE, gettext("Saisie ouverte dans tous les tours")
    elif len(started) == len(rounds):
        reason = ngettext(
            "%(count)s tour démarré", "Les %(count)s tours sont démarrés", len(rounds)
        ) % {"count": len(rounds)}
        state = checklist.DONE
    elif started:
        state = checklist.IN_PROGRESS
        reason = gettext("Tour %(number)s en cours (%(count)s sur %(total)s démarrés)") % {
            "number": started[-1].number,
            "count": len(started),
            "total": len(rounds),
        }
    else:
        state = checklist.TODO
        reason = gettext("Aucun tour démarré : « Démarrer le tour » sur le tableau d'arbitrage")
    if (
        state != checklist.DONE
        and tournament.table_entry
        and tournament.status != Tournament.Status.RUNNING
    ):
        reason = gettext(
            "%(reason)s ; le tournoi n'est pas « En cours » : les tables ne peuvent pas saisir"
        ) % {"reason": reason}
    return Step("rounds", name, state, reason, url)


def results_step(tournament: Tournament) -> Step:
    """« Résultats »: how many are confirmed, waiting for the other team, disputed, missing in
    the rounds already open."""
    name = gettext("Résultats")
    url = reverse("results:dashboard", args=[tournament.slug])
    grid = dashboard(tournament)
    total = sum(grid.counts.values())
    if not total:
        return Step("results", name, checklist.BLOCKED, gettext("Pas encore de plan de table"), url)
    done = sum(grid.counts[state] for state in Result.COUNTING_STATUSES)
    if done == total:
        reason = ngettext("%(count)s résultat confirmé", "%(count)s résultats confirmés", total) % {
            "count": total
        }
        return Step("results", name, checklist.DONE, reason, url)
    opened = [r for r in grid.rounds if _round_is_open(r.round, tournament)]
    if not opened and grid.counts[MISSING] == total:
        return Step("results", name, checklist.BLOCKED, gettext("Aucun tour démarré"), url)
    parts = [
        ngettext("%(count)s confirmé sur %(total)s", "%(count)s confirmés sur %(total)s", done)
        % {"count": done, "total": total}
    ]
    if grid.counts[ENTERED]:
        parts.append(
            ngettext("%(count)s à confirmer", "%(count)s à confirmer", grid.counts[ENTERED])
            % {"count": grid.counts[ENTERED]}
        )
    if grid.counts[DISPUTED]:
        parts.append(
            ngettext("%(count)s contesté", "%(count)s contestés", grid.counts[DISPUTED])
            % {"count": grid.counts[DISPUTED]}
        )
    late = next((r for r in opened if r.counts[MISSING]), None)
    if late is not None:
        missing = late.counts[MISSING]
        parts.append(
            ngettext(
                "%(count)s résultat manquant au tour %(number)s",
                "%(count)s résultats manquants au tour %(number)s",
                missing,
            )
            % {"count": missing, "number": late.round.number}
        )
    return Step("results", name, checklist.IN_PROGRESS, ", ".join(parts), url)


# --- Procedural penalties ---------------------------------------------------------------


def penalties_of(tournament: Tournament) -> list[Penalty]:
    """Every penalty of the tournament, in force or removed, in the order given."""
    return list(
        Penalty.objects.filter(tournament=tournament)
        .select_related("team", "given_by", "removed_by")
        .order_by("given_at", "pk")
    )


def board_penalties(assignment: TableAssignment, board_number: int) -> list[Penalty]:
    """The penalties given on this board to the two teams of this table."""
    teams = [team for team in (assignment.ns_team_id, assignment.ew_team_id) if team]
    return list(
        Penalty.objects.filter(
            tournament=assignment.round.tournament, board_number=board_number, team_id__in=teams
        )
        .select_related("team", "given_by", "removed_by")
        .order_by("given_at", "pk")
    )


def penalty_events(tournament: Tournament) -> list[ResultEvent]:
    """The audit trail of the penalties: who gave or removed which, when, from where."""
    return list(
        ResultEvent.objects.filter(tournament=tournament, penalty__isnull=False)
        .select_related("actor")
        .order_by("at", "pk")
    )
