"""Reads on standings, for the pages, the printing and API apps and the jobs.

Everything here reads the precomputed rows (ScoringState, BoardScore, RankingSnapshot) written
by the recomputation job; nothing is computed from the results at request time (the room
display's round, clock and late tables are the results app's reads). Other apps
import ``current_ranking``, ``board_traveller``, ``team_scorecard`` and ``freshness``: their
names and the fields of what they return are documented in docs/standings.md and stay stable.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cached_property

from django.db.models import Max, Min, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from scoring.duplicate import Method, most_plays, top
from scoring.movements import RoundChange, round_change
from tournaments import policy, vocabulary
from tournaments.results import selectors as results
from tournaments.results.models import Penalty
from tournaments.results.services.penalties import core_penalty
from tournaments.setup.models import Round, Team, Tournament
from tournaments.setup.stored_plan import stored_plan

from .models import BoardScore, RankingSnapshot, ScoreChange, ScoringState

SCHEDULED_STALE_SECONDS = ScoringState.SCHEDULED_STALE_SECONDS
RUN_STALE_SECONDS = ScoringState.RUN_STALE_SECONDS

DIRECTIONS = vocabulary.SIDE_VALUES

# ---------------------------------------------------------------------------------------------
# Freshness


@dataclass(frozen=True)
class Freshness:
    """How fresh a tournament's rankings are.

    ``version``: the latest snapshot version (0: nothing computed yet). ``computed_at``: when
    the rankings were last brought up to date. ``pending``: some result change is not in them
    yet (calcul en attente), since ``pending_since``. ``last_error``: why the latest run could
    not score the results (shown to staff), empty when it could.
    """

    version: int
    computed_at: datetime | None
    pending: bool
    pending_since: datetime | None
    last_error: str
    duration_ms: int | None

    def age_seconds(self, now: datetime | None = None) -> int | None:
        """Seconds since the rankings were last brought up to date (None: never)."""
        if self.computed_at is None:
            return None
        return max(0, int(((now or timezone.now()) - self.computed_at).total_seconds()))


def freshness(tournament: Tournament) -> Freshness:
    """The freshness of ``tournament``'s rankings (one query): pending while the journal of
    changes (``ScoreChange``) holds a row for it, since the oldest such row."""
    oldest_change = ScoreChange.objects.filter(tournament=OuterRef("tournament")).order_by("id")
    state = (
        ScoringState.objects.filter(tournament=tournament)
        .annotate(pending_since=Subquery(oldest_change.values("at")[:1]))
        .first()
    )
    if state is None:
        first = ScoreChange.objects.filter(tournament=tournament).order_by("id").first()
        return Freshness(0, None, first is not None, first and first.at, "", None)
    return Freshness(
        version=state.version,
        computed_at=state.computed_at,
        pending=state.pending_since is not None,
        pending_since=state.pending_since,
        last_error=state.last_error,
        duration_ms=state.duration_ms,
    )


def tournaments_to_catch_up(now: datetime | None = None) -> list[int]:
    """Tournaments whose scores are stale (rows in the journal of changes) and that no job is
    taking care of.

    Left out: a job queued less than ``SCHEDULED_STALE_SECONDS`` ago (it will run), a run in
    progress for less than ``RUN_STALE_SECONDS``, and a tournament whose latest run failed on
    exactly the current changes (the next change retries; retrying the same data would fail
    the same way). Oldest change first.
    """
    now = now or timezone.now()
    stale = ScoreChange.objects.values("tournament_id").annotate(since=Min("at"), latest=Max("id"))
    states = ScoringState.objects.filter(tournament_id__in=stale.values("tournament_id"))
    busy = {
        row[0]: row[1:]
        for row in states.values_list(
            "tournament_id", "scheduled_at", "started_at", "finished_at", "failed_change"
        )
    }
    queued_after = now - timedelta(seconds=SCHEDULED_STALE_SECONDS)
    running_after = now - timedelta(seconds=RUN_STALE_SECONDS)
    chosen = []
    for row in stale.order_by("since"):
        scheduled, started, finished, failed_change = busy.get(
            row["tournament_id"], (None, None, None, None)
        )
        if scheduled is not None and scheduled >= queued_after:
            continue
        if (
            started is not None
            and started >= running_after
            and (finished is None or finished < started)
        ):
            continue
        if failed_change is not None and failed_change >= row["latest"]:
            continue
        chosen.append(row["tournament_id"])
    return chosen


# ---------------------------------------------------------------------------------------------
# Rankings


@dataclass(frozen=True)
class CurrentRanking:
    """A ranking as stored in a snapshot: overall (``up_to_round`` None) or after a round.

    ``entries`` are dicts with ``rank``, ``tied``, ``display_rank`` ("3="), ``team`` (number),
    ``name``, ``direction`` ("NS", "EW" or None), ``score`` (matchpoints, difference or
    points; int when whole, else a float to two decimals), ``percentage`` (matchpoints, else
    None), ``boards`` (scored) and ``boards_won``. A two-ranking Mitchell lists the NS ranking
    then the EW one, each ranked on its own; ``direction`` keeps only one of them.
    """

    version: int
    method: str
    up_to_round: int | None
    single: bool
    direction: str | None
    entries: list[dict]
    results_counted: int
    includes_changes_until: datetime
    computed_at: datetime

    @property
    def directions(self) -> tuple[str | None, ...]:
        """(None,) for a single ranking, else the directions listed in ``entries``."""
        if self.single:
            return (None,)
        return tuple(d for d in DIRECTIONS if any(e["direction"] == d for e in self.entries))

    def by_direction(self) -> list[tuple[str | None, list[dict]]]:
        """The entries grouped per ranking: [(None, all)] or [("NS", ...), ("EW", ...)]."""
        return [
            (direction, [e for e in self.entries if e["direction"] == direction])
            for direction in self.directions
        ]

    def entry_of(self, team: int) -> dict | None:
        """The entry of team number ``team`` (None: not in this ranking)."""
        return self._by_team.get(team)

    @cached_property
    def _by_team(self) -> dict[int, dict]:
        return {entry["team"]: entry for entry in self.entries}


def current_ranking(
    tournament: Tournament,
    up_to_round: int | None = None,
    direction: str | None = None,
    *,
    version: int | None = None,
) -> CurrentRanking | None:
    """The latest ranking: overall, or after round ``up_to_round``; None when none is stored
    (nothing computed yet, or no result of that round or before).

    ``direction`` ("NS"/"EW") keeps one ranking of a two-ranking Mitchell; asking a direction
    of a single ranking raises ValueError. ``version`` reads that snapshot version instead of
    the latest (the pages pass the version their cache key was built from).
    """
    if direction is not None and direction not in DIRECTIONS:
        raise ValueError(f"direction must be NS or EW, not {direction!r}")
    if version is None:
        version = freshness(tournament).version
    if not version:
        return None
    snapshot = RankingSnapshot.objects.filter(
        tournament=tournament, version=version, up_to_round=up_to_round
    ).first()
    if snapshot is None:
        return None
    single = snapshot.single_ranking
    entries = list(snapshot.entries)
    if direction is not None:
        if single:
            raise ValueError("this tournament has a single ranking: ask with no direction")
        entries = [entry for entry in entries if entry["direction"] == direction]
    return CurrentRanking(
        version=snapshot.version,
        method=snapshot.method,
        up_to_round=snapshot.up_to_round,
        single=single,
        direction=direction,
        entries=entries,
        results_counted=snapshot.results_counted,
        includes_changes_until=snapshot.includes_changes_until,
        computed_at=snapshot.computed_at,
    )


def ranked_rounds(tournament: Tournament, version: int | None = None) -> list[int]:
    """The rounds a ranking "after round N" is stored for (1..the last round with a result)."""
    if version is None:
        version = freshness(tournament).version
    return list(
        RankingSnapshot.objects.filter(
            tournament=tournament, version=version, up_to_round__isnull=False
        )
        .order_by("up_to_round")
        .values_list("up_to_round", flat=True)
    )


# ---------------------------------------------------------------------------------------------
# Travellers


def plays_per_board(tournament: Tournament) -> dict[int, int]:
    """How many tables the plan has play each board (tables with two real teams)."""
    return stored_plan(tournament).plays_per_board


def scored_per_board(tournament: Tournament) -> dict[int, int]:
    """How many tables have a counted result on each board, in the latest scores."""
    counts: dict[int, int] = {}
    for board in BoardScore.objects.filter(tournament=tournament).values_list(
        "board_number", flat=True
    ):
        counts[board] = counts.get(board, 0) + 1
    return counts


@dataclass(frozen=True)
class BoardStatus:
    """Whether a board is finished (has a counted result at every table that plays it)."""

    board: int
    expected: int
    scored: int

    @property
    def finished(self) -> bool:
        return self.expected > 0 and self.scored >= self.expected


def board_statuses(tournament: Tournament) -> list[BoardStatus]:
    """Every board of the plan, in order, with how many of its tables are scored."""
    expected = plays_per_board(tournament)
    scored = scored_per_board(tournament)
    return [BoardStatus(board, expected[board], scored.get(board, 0)) for board in sorted(expected)]


def board_finished(tournament: Tournament, board_number: int) -> bool:
    """Has the board a counted result at every table that plays it?"""
    expected = plays_per_board(tournament).get(board_number, 0)
    scored = BoardScore.objects.filter(tournament=tournament, board_number=board_number).count()
    return BoardStatus(board_number, expected, scored).finished


@dataclass(frozen=True)
class TravellerLine:
    """One table's result on the board (ligne de la feuille ambulante).

    ``record`` is the canonical result (contract, taker, points...; None for an adjusted
    score), ``made`` whether the contract was made. Scores are matchpoints, differences or
    points depending on the method (floats: round them to show them).
    """

    round: int
    table: int
    ns_team: int | None
    ns_name: str
    ew_team: int | None
    ew_name: str
    arrow_switched: bool
    record: dict | None
    made: bool | None
    ns_marks: int | None
    ew_marks: int | None
    ns_adjustment: str
    ew_adjustment: str
    ns_score: float | None
    ew_score: float | None
    ns_percentage: float | None
    ew_percentage: float | None
    top: float | None
    datum: int | None
    # The marks are an assigned score the arbiter gave (score assigné), not a deal played.
    assigned: bool = False

    @property
    def adjusted(self) -> bool:
        return bool(self.ns_adjustment or self.ew_adjustment)


@dataclass(frozen=True)
class Traveller:
    """The traveller (feuille ambulante) of a board: every scored table, by round then table.

    ``finished``: every table that plays the board has a counted result (players may see it
    only then). ``expected``/``scored``: tables that play it / that have a counted result.
    """

    board: int
    method: str
    expected: int
    scored: int
    lines: tuple[TravellerLine, ...]
    penalties: tuple[PenaltyLine, ...] = ()

    @property
    def finished(self) -> bool:
        return BoardStatus(self.board, self.expected, self.scored).finished

    @property
    def datum(self) -> int | None:
        return next((line.datum for line in self.lines if line.datum is not None), None)


def _team_names(tournament: Tournament) -> dict[int, tuple[int, str]]:
    """Team pk -> (number, display name), in one query."""
    return {
        pk: (number, name or f"{first} – {second}")
        for pk, number, name, first, second in Team.objects.filter(
            tournament=tournament
        ).values_list("pk", "number", "name", "player_one__last_name", "player_two__last_name")
    }


def board_traveller(tournament: Tournament, board_number: int) -> Traveller:
    """The traveller of ``board_number`` from the latest scores, whether finished or not:
    callers showing it to players check ``finished`` first (see ``can_see_traveller``)."""
    names = _team_names(tournament)
    rows = (
        BoardScore.objects.filter(tournament=tournament, board_number=board_number)
        .select_related("result")
        .order_by("round_number", "table_number")
    )
    lines = tuple(_traveller_line(row, names) for row in rows)
    plays = plays_per_board(tournament)
    return Traveller(
        board=board_number,
        method=tournament.scoring_method,
        expected=plays.get(board_number, 0),
        scored=len(lines),
        lines=lines,
        penalties=tuple(penalty_lines(tournament, board=board_number, plays=plays)),
    )


def _traveller_line(row: BoardScore, names: dict[int, tuple[int, str]]) -> TravellerLine:
    ns_number, ns_name = names.get(row.ns_team_id, (None, ""))
    ew_number, ew_name = names.get(row.ew_team_id, (None, ""))
    result = row.result
    return TravellerLine(
        round=row.round_number,
        table=row.table_number,
        ns_team=ns_number,
        ns_name=ns_name,
        ew_team=ew_number,
        ew_name=ew_name,
        arrow_switched=row.arrow_switched,
        record=result.record if result is not None and not row.adjusted else None,
        made=result.made if result is not None and not row.adjusted else None,
        ns_marks=row.ns_marks,
        ew_marks=row.ew_marks,
        ns_adjustment=row.ns_adjustment,
        ew_adjustment=row.ew_adjustment,
        ns_score=row.ns_score,
        ew_score=row.ew_score,
        ns_percentage=row.ns_percentage,
        ew_percentage=row.ew_percentage,
        top=row.top,
        datum=row.datum,
        assigned=row.assigned,
    )


def can_see_traveller(user, tournament: Tournament, board_number: int) -> bool:
    """Players see a traveller once the board is finished at every table; staff always."""
    if policy.can_see_board_results(user, tournament, finished_everywhere=False):
        return True
    return policy.can_see_board_results(
        user, tournament, finished_everywhere=board_finished(tournament, board_number)
    )


# ---------------------------------------------------------------------------------------------
# Procedural penalties


@dataclass(frozen=True)
class PenaltyLine:
    """A procedural penalty (pénalité de procédure) as travellers and scorecards show it.

    ``board`` is None for a penalty on the session. ``amount`` is in ``unit`` ("percent": % of
    a top, "points"); ``deduction`` is what it takes off the team's score in the ranking
    (matchpoints, difference or points), 0 when ``applies`` is False: it was given in the unit
    of another ranking method than the tournament's now.
    """

    team: int
    team_name: str
    board: int | None
    round: int
    amount: int
    unit: str
    reason: str
    deduction: float
    applies: bool


def penalty_lines(
    tournament: Tournament,
    *,
    team: Team | None = None,
    board: int | None = None,
    plays: dict[int, int] | None = None,
) -> list[PenaltyLine]:
    """The penalties in force (not removed), of ``team`` or on ``board`` when given, in the
    order they were given."""
    rows = Penalty.objects.filter(tournament=tournament, removed_at__isnull=True).select_related(
        "team", "team__player_one", "team__player_two"
    )
    if team is not None:
        rows = rows.filter(team=team)
    if board is not None:
        rows = rows.filter(board_number=board)
    rows = list(rows)
    if not rows:
        return []
    method = tournament.scoring_method
    common_top = None
    if Method(method) is Method.MATCHPOINTS:
        most = most_plays(plays if plays is not None else plays_per_board(tournament))
        common_top = top(most) if most else None
    lines = []
    for row in rows:
        penalty = core_penalty(row, row.team.number)
        lines.append(
            PenaltyLine(
                team=row.team.number,
                team_name=row.team.display_name,
                board=row.board_number,
                round=row.round_number,
                amount=row.amount,
                unit=row.unit,
                reason=row.reason,
                deduction=float(penalty.deduction(method, common_top)),
                applies=penalty.applies_to(method),
            )
        )
    return lines


# ---------------------------------------------------------------------------------------------
# Team scorecards


@dataclass(frozen=True)
class ScorecardLine:
    """One board of a team's scorecard (carte de score de l'équipe).

    ``direction`` is the line the team sat in ("NS"/"EW"); ``marks``/``opponent_marks`` are
    None on an adjusted board, where ``adjustment`` ("A-", "A", "A+") says what the team got.
    ``finished``: the board has a counted result at every table that plays it.
    """

    round: int
    board: int
    table: int
    direction: str
    arrow_switched: bool
    opponent: int | None
    opponent_name: str
    record: dict | None
    made: bool | None
    marks: int | None
    opponent_marks: int | None
    adjustment: str
    score: float
    percentage: float | None
    top: float | None
    running_score: float
    running_percentage: float | None
    finished: bool
    assigned: bool = False


@dataclass(frozen=True)
class Scorecard:
    """A team's scorecard: its scored boards by round, with running totals.

    ``hidden``: boards left out because they are not finished everywhere (``finished_only``).
    ``penalties``: the team's procedural penalties in force; ``total`` and ``percentage`` are
    after them (the lines' running totals are the compared scores, before them).
    """

    team: int
    name: str
    method: str
    lines: tuple[ScorecardLine, ...]
    hidden: int = 0
    penalties: tuple[PenaltyLine, ...] = ()
    tops: float = 0.0

    @property
    def penalty_total(self) -> float:
        return sum(penalty.deduction for penalty in self.penalties)

    @property
    def total(self) -> float:
        running = self.lines[-1].running_score if self.lines else 0
        return running - self.penalty_total

    @property
    def percentage(self) -> float | None:
        if not self.lines or self.lines[-1].running_percentage is None or not self.tops:
            return None
        return self.lines[-1].running_percentage - 100 * self.penalty_total / self.tops


def team_scorecard(
    tournament: Tournament, team: Team | int, *, finished_only: bool = False
) -> Scorecard:
    """The scorecard of ``team`` (a Team, or its number) from the latest scores, ordered by
    round then board. Raises ``Team.DoesNotExist`` for an unknown number.

    ``finished_only``: leave out boards not yet finished at every table (what players may see:
    another team's contract on a board still to be played is not public); the running totals
    then add up the boards shown.
    """
    if not isinstance(team, Team):
        team = Team.objects.select_related("player_one", "player_two").get(
            tournament=tournament, number=team
        )
    names = _team_names(tournament)
    rows = (
        BoardScore.objects.filter(tournament=tournament)
        .filter(Q(ns_team=team) | Q(ew_team=team))
        .select_related("result")
        .order_by("round_number", "board_number", "table_number")
    )
    rows = list(rows)
    statuses = {}
    if rows:
        expected = plays_per_board(tournament)
        scored = scored_per_board(tournament)
        statuses = {
            board: BoardStatus(board, expected.get(board, 0), scored.get(board, 0)).finished
            for board in {row.board_number for row in rows}
        }
    lines: list[ScorecardLine] = []
    hidden = 0
    running, running_top = 0.0, 0.0
    for row in rows:
        finished = statuses[row.board_number]
        if finished_only and not finished:
            hidden += 1
            continue
        is_ns = row.ns_team_id == team.pk
        opponent_id = row.ew_team_id if is_ns else row.ns_team_id
        opponent, opponent_name = names.get(opponent_id, (None, ""))
        score = (row.ns_score if is_ns else row.ew_score) or 0.0
        percentage = row.ns_percentage if is_ns else row.ew_percentage
        running += score
        running_top += row.top or 0
        result = row.result
        lines.append(
            ScorecardLine(
                round=row.round_number,
                board=row.board_number,
                table=row.table_number,
                direction="NS" if is_ns else "EW",
                arrow_switched=row.arrow_switched,
                opponent=opponent,
                opponent_name=opponent_name,
                record=result.record if result is not None and not row.adjusted else None,
                made=result.made if result is not None and not row.adjusted else None,
                marks=row.ns_marks if is_ns else row.ew_marks,
                opponent_marks=row.ew_marks if is_ns else row.ns_marks,
                adjustment=row.ns_adjustment if is_ns else row.ew_adjustment,
                score=score,
                percentage=percentage,
                top=row.top,
                running_score=running,
                running_percentage=100 * running / running_top if running_top else None,
                finished=finished,
                assigned=row.assigned,
            )
        )
    return Scorecard(
        team=team.number,
        name=team.display_name,
        method=tournament.scoring_method,
        lines=tuple(lines),
        hidden=hidden,
        penalties=tuple(penalty_lines(tournament, team=team)),
        tops=running_top,
    )


# ---------------------------------------------------------------------------------------------
# The room display (affichage en salle)


@dataclass(frozen=True)
class RoomState:
    """What the room display polls every second (two small queries): the ranking's version,
    the rounds' state and the tournament's. ``key`` changes whenever the display has something
    new to show."""

    version: int
    pending: bool
    rounds: tuple[tuple[int, bool, datetime | None], ...]
    status: str = ""

    @property
    def key(self) -> str:
        started = ",".join(
            f"{number}{'p' if published else ''}{at.timestamp() if at else ''}"
            for number, published, at in self.rounds
        )
        return f"{self.version}:{started}:{self.status}"

    def as_json(self) -> dict:
        return {"key": self.key, "version": self.version, "pending": self.pending}


def room_state(tournament: Tournament) -> RoomState:
    fresh = freshness(tournament)
    rounds = tuple(
        Round.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", "published", "started_at")
    )
    return RoomState(fresh.version, fresh.pending, rounds, tournament.status)


@dataclass(frozen=True)
class RoomDisplay:
    """The room display's live part besides the ranking: the round, the next movement in words
    (empty when there is nothing to say), the tables still entering after their time; once the
    tournament is finished, only that (the ranking is the final one)."""

    round: int | None
    movement: str
    late_tables: list[int]
    finished: bool = False


def room_display(tournament: Tournament, now: datetime | None = None) -> RoomDisplay:
    current = results.current_round(tournament)
    if tournament.status == Tournament.Status.FINISHED:
        number = current.number if current else None
        return RoomDisplay(number, gettext("Tournoi terminé : classement final."), [], True)
    late = results.late_tables(results.dashboard(tournament, now))
    if current is None:
        return RoomDisplay(None, "", late)
    published = set(
        Round.objects.filter(tournament=tournament, published=True).values_list("number", flat=True)
    )
    rows = [row for row in stored_plan(tournament).rows if row.round in published]
    # While a round is played, the room reads where it goes next; before the round starts,
    # how it got there.
    from_round = current.number if current.started_at is not None else current.number - 1
    change = round_change(rows, from_round)
    last_round = max((row.round for row in rows), default=None)
    if change is None:
        text = gettext("Dernier tour.") if current.number == last_round else ""
    else:
        text = movement_text(change)
    return RoomDisplay(current.number, text, late)


def movement_text(change: RoundChange) -> str:
    """The change of round in words, as the room display reads it: « Tour 3 : les EO avancent
    d'une table, les étuis descendent d'une table. »"""
    if not change.regular:
        moves = gettext("consultez votre fiche de route ou le plan de salle")
    else:
        moves = _ew_move(change.ew_step) + ", " + _boards_move(change.boards_step)
    text = gettext("Tour %(round)s : %(moves)s.") % {"round": change.round, "moves": moves}
    if change.arrow_switch:
        text += " " + gettext("Tour inversé : les NS jouent les cartes EO.")
    return text


def _ew_move(step: int) -> str:
    if step == 0:
        return gettext("les EO restent à leur table")
    count = abs(step)
    if step > 0:
        template = ngettext(
            "les EO avancent d'une table", "les EO avancent de %(count)s tables", count
        )
    else:
        template = ngettext(
            "les EO reculent d'une table", "les EO reculent de %(count)s tables", count
        )
    return template % {"count": count}


def _boards_move(step: int | None) -> str:
    if step is None:
        return gettext("les étuis suivent le plan de salle")
    if step == 0:
        return gettext("les étuis restent sur la table")
    count = abs(step)
    if step > 0:
        template = ngettext(
            "les étuis montent d'une table", "les étuis montent de %(count)s tables", count
        )
    else:
        template = ngettext(
            "les étuis descendent d'une table", "les étuis descendent de %(count)s tables", count
        )
    return template % {"count": count}
