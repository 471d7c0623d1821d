"""What a tournament's scores are computed from: the tournament, its table plan, teams, penalties
in force and counted results, read in a few queries, and the setup's digest."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from django.db import connection

from scoring.duplicate import (
    Adjustment,
    BoardResult,
    Penalty,
    PenaltyUnit,
    most_plays,
)
from scoring.engine.cards import Side
from tournaments.results.models import Penalty as PenaltyRow
from tournaments.results.models import Result
from tournaments.setup.models import Team, Tournament
from tournaments.setup.stored_plan import stored_plan
from tournaments.vocabulary import ADJUSTMENTS

from ..models import (
    SetupVersion,
)

logger = logging.getLogger(__name__)


RULES_REVISION = 3
"""Part of every ranking's fingerprint; bumped when ``scoring.duplicate`` gives other scores for
the same inputs, so that no ranking is copied from a snapshot the older rules computed.
2: every board scaled to the common top (Neuberg to the most plays of any board).
3: a ranking after a round no longer shares the overall one's entries when a penalty counts
from a later round (revision 2 stored it with that penalty taken off)."""


@dataclass
class Inputs:
    """Everything a tournament's scores are computed from, read in a few queries."""

    tournament: Tournament
    method: str
    single_ranking: bool
    expected_plays: dict[int, int]
    common_plays: int | None  # the Neuberg E: the most plays of any board of the plan
    team_lines: dict[int, Side | None]
    team_ids: dict[int, int]  # number -> pk
    team_names: dict[int, str]
    digest: str = ""  # of the setup read (_Setup.digest)
    results: list[BoardResult] = field(default_factory=list)
    result_pks: dict[tuple[int, int, int], int] = field(default_factory=dict)
    adjustments: dict[tuple[int, int, int], tuple[str, str]] = field(default_factory=dict)
    penalties: list[Penalty] = field(default_factory=list)  # the arbiter's, not removed
    skipped: int = 0  # counted results that cannot be scored (sit-out table, no marks)


def load(tournament_id: int) -> Inputs:
    inputs = _load_context(tournament_id)
    load_results(inputs)
    return inputs


@dataclass(frozen=True)
class _Setup:
    """What a tournament's rankings depend on besides the results, as read from the database,
    and its digest (``ScoringState.totals_digest``)."""

    tournament: Tournament
    plan: object  # setup.stored_plan.StoredPlan
    teams: list[tuple]
    penalties: list[tuple]
    digest: str


def _load_setup(tournament_id: int) -> _Setup:
    """The tournament, its plan, teams and penalties in force, nothing derived."""
    tournament = Tournament.objects.get(pk=tournament_id)
    # The setup's version before its rows: a change committed in between makes the digest
    # older than the rows read, so the next live change goes the general way (never the
    # reverse: totals trusted under a digest newer than their inputs).
    version = _setup_version(tournament_id)
    plan = stored_plan(tournament)
    teams = list(
        Team.objects.filter(tournament_id=tournament_id)
        .order_by("number")
        .values_list(
            "pk", "number", "name", "withdrawn", "player_one__last_name", "player_two__last_name"
        )
    )
    penalties = penalty_rows(tournament_id)
    digest = setup_digest(tournament, penalties, plan.rows, teams, version=version)
    return _Setup(tournament, plan, teams, penalties, digest)


def penalty_rows(tournament_id: int) -> list[tuple]:
    return sorted(
        PenaltyRow.objects.filter(tournament_id=tournament_id, removed_at__isnull=True).values_list(
            "team__number", "amount", "unit", "round_number", "board_number"
        ),
        key=repr,
    )


def _setup_version(tournament_id: int) -> int | None:
    """How many times the tournament's setup rows were written (``SetupVersion``, counted by
    PostgreSQL triggers); None elsewhere (SQLite: the setup's values are digested)."""
    if connection.vendor != "postgresql":
        return None
    version = (
        SetupVersion.objects.filter(tournament_id=tournament_id)
        .values_list("version", flat=True)
        .first()
    )
    return version or 0


def setup_digest(
    tournament: Tournament,
    penalties: list[tuple],
    rows=None,
    teams=None,
    version: int | None = None,
) -> str:
    """A digest of everything the rankings depend on besides the results: the rules' revision,
    method and movement kind, the penalties in force, and the plan's rows and the teams (their
    row ids, numbers, names, players' names, withdrawals). On PostgreSQL the rows stand for
    themselves by the setup's version (``SetupVersion``: triggers count every write of a plan
    row, round, table, team or player; read first by ``_load_setup``, or here): a live change
    reads none of those rows. Elsewhere (SQLite) ``rows`` and ``teams``, read by the caller,
    are digested here."""
    if connection.vendor == "postgresql":
        if version is None:
            version = _setup_version(tournament.pk)
        setup_part = ("setup version", version)
    else:
        if rows is None or teams is None:
            loaded = _load_setup(tournament.pk)
            return loaded.digest
        setup_part = (repr(rows), repr(teams))
    return hashlib.sha256(
        repr(
            (
                RULES_REVISION,
                tournament.scoring_method,
                tournament.movement_type,
                penalties,
                setup_part,
            )
        ).encode()
    ).hexdigest()


def _load_context(tournament_id: int) -> Inputs:
    """Everything but the results: the tournament, its plan, teams and penalties in force."""
    setup = _load_setup(tournament_id)
    tournament, plan, teams = setup.tournament, setup.plan, setup.teams
    expected = plan.plays_per_board
    single = plan.single_ranking
    if single:
        lines = {number: None for _pk, number, _n, withdrawn, *_ in teams if not withdrawn}
        lines.update(dict.fromkeys(plan.hands_played))
    else:
        # Two rankings: no team plays both hands, so each plays in the one direction it sits in.
        lines = {number: next(iter(sides)) for number, sides in plan.hands_played.items() if sides}
    return _inputs(
        tournament,
        setup.penalties,
        setup.digest,
        single_ranking=single,
        expected_plays=expected,
        team_lines=lines,
        team_ids={number: pk for pk, number, *_rest in teams},
        team_names={
            number: name or f"{first} – {second}" for _pk, number, name, _w, first, second in teams
        },
    )


def _inputs(tournament, penalties: list[tuple], digest: str, **context) -> Inputs:
    inputs = Inputs(
        tournament=tournament,
        method=tournament.scoring_method,
        common_plays=most_plays(context["expected_plays"]),
        digest=digest,
        **context,
    )
    inputs.penalties = sorted(
        (
            Penalty(team, amount, PenaltyUnit(unit), max(round_number, 1), board)
            for team, amount, unit, round_number, board in penalties
        ),
        key=lambda penalty: (penalty.team, penalty.round, penalty.board or 0, penalty.amount),
    )
    return inputs


def stored_context(inputs: Inputs) -> dict:
    """The rankings' inputs but the results and penalties, as JSON (``totals_context``): a live
    change under the same setup digest reads them here instead of the plan and the teams."""
    return {
        "single_ranking": inputs.single_ranking,
        "expected_plays": sorted(inputs.expected_plays.items()),
        "lines": sorted(
            (team, line.value if line else None) for team, line in inputs.team_lines.items()
        ),
        "team_ids": sorted(inputs.team_ids.items()),
        "team_names": sorted(inputs.team_names.items()),
    }


def context_from_store(tournament, penalties, digest, stored: Mapping) -> Inputs:
    return _inputs(
        tournament,
        penalties,
        digest,
        single_ranking=stored["single_ranking"],
        expected_plays=dict(stored["expected_plays"]),
        team_lines={team: Side(line) if line else None for team, line in stored["lines"]},
        team_ids=dict(stored["team_ids"]),
        team_names=dict(stored["team_names"]),
    )


def board_result(
    place: tuple[int, int, int, int, int],
    arrow_switched: bool,
    marks: tuple[int | None, int | None],
    adjustments: tuple[Adjustment | None, Adjustment | None] | None,
    assigned: bool,
) -> BoardResult:
    """A counted result as the core's: ``place`` is its board, round, table and NS and EW
    teams' numbers; adjusted (``adjustments``: each side's) or played (``marks``,
    ``assigned``: an arbiter's assigned score)."""
    if adjustments is not None:
        return BoardResult(
            *place,
            ns_adjusted=adjustments[0],
            ew_adjusted=adjustments[1],
            arrow_switched=arrow_switched,
        )
    return BoardResult(
        *place,
        ns_marks=marks[0],
        ew_marks=marks[1],
        arrow_switched=arrow_switched,
        assigned=assigned,
    )


def load_results(inputs: Inputs, boards: Collection[int] | None = None) -> None:
    """The counted results (of ``boards`` only, when given) into ``inputs``, by round, with
    their table plan rows (round, table, teams, arrow-switch) in the same query."""
    rows = Result.objects.filter(
        tournament_id=inputs.tournament.pk, is_current=True, status__in=Result.COUNTING_STATUSES
    )
    if boards is not None:
        rows = rows.filter(board_number__in=sorted(boards))
    # No ORDER BY (the model's ordering joins the round and the table again only to sort):
    # the results are sorted here.
    rows = rows.order_by().values_list(
        "pk",
        "assignment_id",
        "board_number",
        "ns_marks",
        "ew_marks",
        "ns_adjustment",
        "ew_adjustment",
        "status",
        "assignment__round__number",
        "assignment__table__number",
        "assignment__ns_team__number",
        "assignment__ew_team__number",
        "assignment__arrow_switch",
    )
    for (
        pk,
        _assignment,
        board,
        ns_marks,
        ew_marks,
        ns_adjustment,
        ew_adjustment,
        status,
        round_number,
        table_number,
        ns,
        ew,
        arrow_switch,
    ) in rows:
        if ns is None or ew is None:
            # A sit-out team scores nothing on the boards it does not play.
            inputs.skipped += 1
            continue
        adjusted = bool(ns_adjustment or ew_adjustment)
        if not adjusted and (ns_marks is None or ew_marks is None):
            logger.warning("result %s counts but has neither marks nor adjustment: skipped", pk)
            inputs.skipped += 1
            continue
        # Marks with the adjusted status: the arbiter's assigned score.
        assigned = status == Result.Status.ADJUSTED
        place = (board, round_number, table_number, ns, ew)
        adjustments = (
            (
                ADJUSTMENTS.get(ns_adjustment, Adjustment.AVERAGE),
                ADJUSTMENTS.get(ew_adjustment, Adjustment.AVERAGE),
            )
            if adjusted
            else None
        )
        result = board_result(place, arrow_switch, (ns_marks, ew_marks), adjustments, assigned)
        inputs.results.append(result)
        inputs.result_pks[result.key] = pk
        inputs.adjustments[result.key] = (ns_adjustment or "", ew_adjustment or "")
    inputs.results.sort(key=_by_round)


def _by_round(result: BoardResult) -> tuple[int, int, int]:
    return (result.round, result.board, result.table)
