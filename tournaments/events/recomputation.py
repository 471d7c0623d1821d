"""The body of the event's job: every result of every club read as traveller lines, scored across
the field by the core (``scoring.duplicate.field``), ranked per group, stored in ``EventRanking``.

Each club is one session of the field (``FieldSession``, named by the club's slug), its results
the core's ``BoardResult`` lines as its own tournament scores them (its round, table and team
numbers, arrow-switched rounds said so); the core compares them across the field.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from scoring.duplicate import (
    Adjustment,
    BoardResult,
    FieldRanking,
    FieldResult,
    FieldSession,
    score_field,
)
from tournaments.results.models import Result
from tournaments.setup.stored_plan import stored_plan
from tournaments.vocabulary import ADJUSTMENTS

from . import selectors
from .models import Event, EventClub, EventRanking

logger = logging.getLogger(__name__)


def _site_session(entry: EventClub) -> tuple[FieldSession, list[BoardResult], dict[int, str]]:
    """A club's session on the site: its plan's facts, its counted results, its teams."""
    tournament = entry.tournament
    plan = stored_plan(tournament)
    session = FieldSession(
        club=entry.club.slug,
        region=entry.region or None,
        tables=tournament.tables.count() or None,
        single_ranking=plan.single_ranking,
        expected_plays=plan.plays_per_board,
    )
    teams = {team.number: team.display_name for team in tournament.teams.all()}
    rows = (
        Result.objects.filter(
            tournament=tournament, is_current=True, status__in=Result.COUNTING_STATUSES
        )
        .exclude(assignment__ns_team=None)
        .exclude(assignment__ew_team=None)
        .order_by()
        .values_list(
            "board_number",
            "assignment__round__number",
            "assignment__table__number",
            "assignment__ns_team__number",
            "assignment__ew_team__number",
            "assignment__arrow_switch",
            "ns_marks",
            "ew_marks",
            "ns_adjustment",
            "ew_adjustment",
            "status",
        )
    )
    results = []
    for board, round_, table, ns, ew, switched, ns_marks, ew_marks, ns_adj, ew_adj, status in rows:
        place = (board, round_, table, ns, ew)
        if ns_adj or ew_adj:
            results.append(
                BoardResult(
                    *place,
                    ns_adjusted=ADJUSTMENTS.get(ns_adj, Adjustment.AVERAGE),
                    ew_adjusted=ADJUSTMENTS.get(ew_adj, Adjustment.AVERAGE),
                    arrow_switched=switched,
                )
            )
        elif ns_marks is not None and ew_marks is not None:
            assigned = status == Result.Status.ADJUSTED
            results.append(
                BoardResult(
                    *place,
                    ns_marks=ns_marks,
                    ew_marks=ew_marks,
                    arrow_switched=switched,
                    assigned=assigned,
                )
            )
    return session, results, teams


def upload_result(line: dict) -> BoardResult:
    """A stored line of a laptop club's upload as the core's result."""
    place = (line["board"], line["round"], line["table"], line["ns_team"], line["ew_team"])
    switched = bool(line.get("arrow_switch", False))
    if line.get("ns_adjusted"):
        return BoardResult(
            *place,
            ns_adjusted=ADJUSTMENTS[line["ns_adjusted"]],
            ew_adjusted=ADJUSTMENTS[line["ew_adjusted"]],
            arrow_switched=switched,
        )
    return BoardResult(
        *place,
        ns_marks=line["ns"],
        ew_marks=line["ew"],
        arrow_switched=switched,
        assigned=bool(line.get("assigned", False)),
    )


def _upload_session(entry: EventClub) -> tuple[FieldSession, list[BoardResult], dict[int, str]]:
    upload = selectors.current_upload(entry)
    session = FieldSession(club=entry.club.slug, region=entry.region or None)
    if upload is None:
        return session, [], {}
    teams = {int(number): name for number, name in upload.teams.items()}
    return session, [upload_result(line) for line in upload.lines], teams


@dataclass(frozen=True)
class Field:
    """Every club's session of the event as the core reads it, and the names to show."""

    sessions: list[FieldSession]
    results: list[FieldResult]
    clubs: dict[str, str]  # slug -> name
    teams: dict[tuple[str, int], str]  # (club, number) -> name


def field_of(event: Event) -> Field:
    """Every counted result of the event's accepted clubs (their sessions on the site, the
    laptop clubs' current uploads)."""
    field = Field([], [], {}, {})
    for entry in selectors.accepted_entries(event):
        if entry.laptop:
            session, results, teams = _upload_session(entry)
        elif entry.tournament is not None:
            session, results, teams = _site_session(entry)
        else:
            continue
        if not results:
            continue
        field.sessions.append(session)
        field.results.extend(FieldResult(session.club, 1, result) for result in results)
        field.clubs[session.club] = entry.club.name
        field.teams.update({(session.club, number): name for number, name in teams.items()})
    return field


def _group_key(ranking: FieldRanking) -> str:
    parts = [ranking.scope.value]
    if ranking.name:
        parts.append(ranking.name)
    if ranking.tables:
        low, high = ranking.tables
        parts.append(f"{low}-{high or ''}")
    if ranking.direction is not None:
        parts.append(ranking.direction.value)
    return ":".join(parts)


def _percentage(value) -> float | None:
    return None if value is None else round(float(value), 2)


def ranking_groups(computation, field: Field) -> list[dict]:
    """The core's rankings as the stored groups: each its key, scope, name, direction, and
    rows in rank order (``rank``, ``team``, ``club``, ``direction``, ``percentage``...)."""
    groups = []
    for ranking in computation.rankings:
        rows = [
            {
                "rank": entry.display_rank,
                "team": field.teams.get((entry.team.club, entry.team.team), str(entry.team.team)),
                "number": entry.team.team,
                "club": field.clubs.get(entry.team.club, entry.team.club),
                "club_slug": entry.team.club,
                "direction": entry.direction.value if entry.direction else None,
                "percentage": _percentage(entry.percentage),
                "score": round(float(entry.score), 2),
                "boards": entry.boards,
                "local": _percentage(entry.local.percentage) if entry.local else None,
            }
            for entry in ranking.entries
        ]
        groups.append(
            {
                "key": _group_key(ranking),
                "scope": ranking.scope.value,
                "name": ranking.name,
                "tables": list(ranking.tables) if ranking.tables else None,
                "direction": ranking.direction.value if ranking.direction else None,
                "rows": rows,
            }
        )
    return groups


def compute_groups(event: Event) -> tuple[list[dict], int]:
    """The event's rankings now, and how many results they count."""
    field = field_of(event)
    if not field.results:
        return [], 0
    computation = score_field(
        event.scoring_method,
        field.results,
        field.sessions,
        table_groups=(event.small_clubs_below,) if event.small_clubs_below else (),
    )
    return ranking_groups(computation, field), len(field.results)


def recompute_event(event_id: int) -> int:
    """Recompute the event's figures now; the new version (0 when the event is gone)."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return 0
    started = timezone.now()
    groups, count = compute_groups(event)
    with transaction.atomic():
        ranking = EventRanking.objects.select_for_update().get(event=event)
        ranking.version += 1
        ranking.groups = groups
        ranking.results = count
        ranking.provisional = selectors.provisional(event)
        ranking.computed_at = timezone.now()
        ranking.scheduled_at = None
        if ranking.stale_since is not None and ranking.stale_since <= started:
            ranking.stale_since = None
        ranking.save()
    logger.info("event %s: figures v%s (%s results)", event.slug, ranking.version, count)
    return ranking.version
