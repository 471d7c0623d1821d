"""The body of the event's job, and the event's results as the exchange formats carry them.

``event_results`` reads every accepted club's results — a club on the site from its session's
counted results, a laptop club from its current upload — as the core's ``EventResults``
(``scoring.exchange``): each club one session (named by its slug), its teams and players, its
traveller lines as its own tournament scores them (round, table, team numbers, arrow-switched
rounds said so). The national figures are ``score_field`` over ``field_input`` of that value
(``scoring.duplicate.field``), so an exported event read back is ranked the same; the export
commands write the same value (``write_xml``, ``write_jsonl``).
"""

from __future__ import annotations

import logging
from functools import partial

from django.db import transaction
from django.utils import timezone

from scoring.duplicate import Adjustment, BoardResult, FieldRanking, Method, score_field
from scoring.engine.record_errors import ResultValidationError
from scoring.engine.result_record import parse_result
from scoring.engine.rules import RuleSettings
from scoring.exchange import ClubResults, EventResults, Player, Team, TravellerLine, field_input
from tournaments import public_pages
from tournaments.results.models import Result
from tournaments.setup.stored_plan import stored_plan
from tournaments.vocabulary import ADJUSTMENTS

from . import selectors
from .models import Event, EventClub, EventRanking

logger = logging.getLogger(__name__)

_RESULT_FIELDS = (
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
    "record",
)


def _record(data, rules: RuleSettings | None):
    """The core's record of a stored one (None when not asked, or not a record)."""
    if rules is None or not data:
        return None
    try:
        return parse_result(data, rules, None)
    except ResultValidationError:
        return None


def _line(place: tuple, switched: bool, marks: tuple, adjusted: tuple, assigned: bool, record):
    """One traveller line: the adjusted scores, or the marks (``assigned``: an arbiter's)."""
    if adjusted[0] or adjusted[1]:
        result = BoardResult(
            *place,
            ns_adjusted=ADJUSTMENTS.get(adjusted[0], Adjustment.AVERAGE),
            ew_adjusted=ADJUSTMENTS.get(adjusted[1], Adjustment.AVERAGE),
            arrow_switched=switched,
        )
        return TravellerLine(result)
    result = BoardResult(
        *place, ns_marks=marks[0], ew_marks=marks[1], arrow_switched=switched, assigned=assigned
    )
    return TravellerLine(result, record)


def _site_club(entry: EventClub, rules: RuleSettings | None) -> ClubResults:
    """A club's session on the site: its plan's facts, its teams and players, its counted
    results (a sit-out table's left out)."""
    tournament = entry.tournament
    plan = stored_plan(tournament)
    teams = tuple(
        Team(
            number=team.number,
            name=team.display_name,
            players=tuple(
                Player(f"{player.first_name} {player.last_name}".strip(), player.licence or None)
                for player in (team.player_one, team.player_two)
            ),
        )
        for team in tournament.teams.select_related("player_one", "player_two")
    )
    rows = (
        Result.objects.filter(
            tournament=tournament, is_current=True, status__in=Result.COUNTING_STATUSES
        )
        .exclude(assignment__ns_team=None)
        .exclude(assignment__ew_team=None)
        .order_by("board_number", "assignment__round__number", "assignment__table__number")
        .values_list(*_RESULT_FIELDS)
    )
    lines = []
    for board, round_, table, ns, ew, switched, *scores, status, record in rows:
        ns_marks, ew_marks, ns_adj, ew_adj = scores
        if not (ns_adj or ew_adj) and (ns_marks is None or ew_marks is None):
            continue
        lines.append(
            _line(
                (board, round_, table, ns, ew),
                switched,
                (ns_marks, ew_marks),
                (ns_adj, ew_adj),
                status == Result.Status.ADJUSTED,
                _record(record, rules),
            )
        )
    return ClubResults(
        club=entry.club.slug,
        name=entry.club.name,
        region=entry.region or None,
        tables=tournament.tables.count() or None,
        single_ranking=plan.single_ranking,
        expected_plays=dict(plan.plays_per_board),
        teams=teams,
        lines=tuple(lines),
    )


def _laptop_club(entry: EventClub, rules: RuleSettings | None) -> ClubResults:
    """A laptop club: the teams and lines of its current upload (already checked and scored
    with the event's rules when it came)."""
    upload = selectors.current_upload(entry)
    lines = []
    for line in upload.lines if upload else ():
        place = (line["board"], line["round"], line["table"], line["ns_team"], line["ew_team"])
        lines.append(
            _line(
                place,
                bool(line.get("arrow_switch")),
                (line.get("ns"), line.get("ew")),
                (line.get("ns_adjusted", ""), line.get("ew_adjusted", "")),
                bool(line.get("assigned")),
                _record(line.get("record"), rules),
            )
        )
    teams = tuple(
        Team(number=int(number), name=name)
        for number, name in sorted((upload.teams if upload else {}).items(), key=_by_number)
    )
    return ClubResults(
        club=entry.club.slug,
        name=entry.club.name,
        region=entry.region or None,
        teams=teams,
        lines=tuple(lines),
    )


def _by_number(item: tuple[str, str]) -> int:
    return int(item[0])


def event_results(event: Event, *, records: bool = False) -> EventResults:
    """The event's results as the exchange formats carry them; ``records``: with each line's
    deal record (the exports), not only what the ranking reads."""
    rules = RuleSettings.from_dict(event.rules) if records else None
    clubs = []
    for entry in selectors.accepted_entries(event):
        if entry.laptop:
            club = _laptop_club(entry, rules)
        elif entry.tournament is not None:
            club = _site_club(entry, rules)
        else:
            continue
        if club.lines:
            clubs.append(club)
    return EventResults(
        event=event.slug,
        name=event.name,
        method=Method(event.scoring_method),
        date=event.date,
        clubs=tuple(clubs),
    )


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


def ranking_groups(computation, results: EventResults) -> list[dict]:
    """The core's rankings as the stored groups: each its key, scope, name, direction, and
    rows in rank order (``rank``, ``team``, ``club``, ``direction``, ``percentage``...)."""
    clubs = {club.club: club for club in results.clubs}
    groups = []
    for ranking in computation.rankings:
        rows = []
        for entry in ranking.entries:
            club = clubs[entry.team.club]
            rows.append(
                {
                    "rank": entry.display_rank,
                    "team": club.team_name(entry.team.team),
                    "number": entry.team.team,
                    "club": club.name,
                    "club_slug": club.club,
                    "direction": entry.direction.value if entry.direction else None,
                    "percentage": _percentage(entry.percentage),
                    "score": round(float(entry.score), 2),
                    "boards": entry.boards,
                    "local": _percentage(entry.local.percentage) if entry.local else None,
                }
            )
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
    results = event_results(event)
    sessions, lines = field_input(results)
    if not lines:
        return [], 0
    computation = score_field(
        results.method,
        lines,
        sessions,
        table_groups=(event.small_clubs_below,) if event.small_clubs_below else (),
    )
    return ranking_groups(computation, results), len(lines)


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
        transaction.on_commit(partial(public_pages.bump, event.slug))
    logger.info("event %s: figures v%s (%s results)", event.slug, ranking.version, count)
    return ranking.version
