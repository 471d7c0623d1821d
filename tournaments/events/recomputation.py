"""The body of the event's job, and the event's results as the exchange formats carry them.

``event_results`` reads every accepted club's results — a club on the site from its session's
counted results, a laptop club from its current upload — as the core's ``EventResults``
(``scoring.exchange``): each club one session (named by its slug), its teams and players, its
traveller lines as its own tournament scores them (round, table, team numbers, arrow-switched
rounds said so). The national figures are the core's ``FieldScoring`` over ``field_input`` of
that value (``scoring.duplicate.field_scoring``), so an exported event read back is ranked the
same; the export commands write the same value (``write_xml``, ``write_jsonl``). The worker
keeps each event's field between runs and puts in again only the clubs whose results changed.
"""

from __future__ import annotations

import gc
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from functools import partial

from django.db import connection, transaction
from django.db.models import Count, F, Func, JSONField, Max
from django.utils import timezone

from scoring.duplicate import Adjustment, BoardResult, FieldRanking, FieldScoring, Method
from scoring.engine.record_errors import ResultValidationError
from scoring.engine.result_record import parse_result
from scoring.engine.rules import RuleSettings
from scoring.exchange import ClubResults, EventResults, Player, Team, TravellerLine, field_input
from tournaments import public_pages
from tournaments.results.models import Result
from tournaments.setup.stored_plan import stored_plan
from tournaments.vocabulary import ADJUSTMENTS

from . import selectors
from .models import Event, EventClub, EventRanking, EventUpload

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


def _laptop_club(
    entry: EventClub, rules: RuleSettings | None, upload: tuple[dict, list] | None = None
) -> ClubResults:
    """A laptop club: the teams and lines of its current upload (already checked and scored
    with the event's rules when it came); ``upload``: those teams and lines when already read
    (``_current_uploads``)."""
    if upload is None:
        current = selectors.current_upload(entry)
        upload = (current.teams, current.lines) if current else ({}, [])
    upload_teams, upload_lines = upload
    lines = []
    for line in upload_lines:
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
        for number, name in sorted(upload_teams.items(), key=_by_number)
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


def _rounded(value) -> float | None:
    # A fraction's float as ``float()`` makes it, without the abstract class's indirection.
    return None if value is None else round(value.numerator / value.denominator, 2)


def ranking_groups(computation, results: EventResults) -> list[dict]:
    """The core's rankings as the stored groups: each its key, scope, name, direction, and
    rows in rank order (``rank``, ``team``, ``club``, ``direction``, ``percentage``...)."""
    clubs = {club.club: club.name for club in results.clubs}
    names = {(club.club, team.number): team.name for club in results.clubs for team in club.teams}
    groups = []
    for ranking in computation.rankings:
        rows = []
        for entry in ranking.entries:
            team = entry.team
            rows.append(
                {
                    "rank": entry.display_rank,
                    "team": names.get((team.club, team.team), str(team.team)),
                    "number": team.team,
                    "club": clubs[team.club],
                    "club_slug": team.club,
                    "direction": entry.direction.value if entry.direction else None,
                    "percentage": _rounded(entry.percentage),
                    "score": _rounded(entry.score),
                    "boards": entry.boards,
                    "local": _rounded(entry.local.percentage) if entry.local else None,
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
    return sorted(groups, key=_group_order)


_SCOPES = ("national", "field_size", "region", "club")


def _group_order(group: dict) -> tuple:
    """National first, then the field sizes, the regions and the clubs, each by name, NS
    before EW: the same order whichever clubs the kept field put in last."""
    scope = _SCOPES.index(group["scope"]) if group["scope"] in _SCOPES else len(_SCOPES)
    direction = {"NS": 0, "EW": 1}.get(group["direction"] or "", 2)
    return (scope, group["tables"] or [], group["name"] or "", direction)


@dataclass
class _Kept:
    """An event's field kept in this process between two runs of its job: the core's
    ``FieldScoring`` (each club's results put in once), what each club's results were read
    from (``digests``), and each club's results for the names."""

    key: tuple
    field: FieldScoring
    digests: dict[str, tuple] = dataclass_field(default_factory=dict)
    clubs: dict[str, ClubResults] = dataclass_field(default_factory=dict)


_KEPT: dict[int, _Kept] = {}
_KEPT_LOCK = threading.Lock()  # a web process's threads (no broker) share the kept fields
"""Per event, its field as this worker process last scored it. Each run reads every club's
digest (cheap) and puts in again only the clubs whose results changed; another process, or a
restarted one, starts from nothing and reads every club once."""


def _digests(entries: list[EventClub]) -> dict[str, tuple]:
    """What each club's results are now, in two queries: a session's last result version and
    count (every change adds a version), an offline club's current upload."""
    sessions = [entry.tournament_id for entry in entries if not entry.laptop]
    marks = {
        row["tournament"]: (row["last"], row["count"])
        for row in Result.objects.filter(tournament_id__in=sessions)
        .values("tournament")
        .annotate(last=Max("pk"), count=Count("pk"))
    }
    uploads = dict(
        EventUpload.objects.filter(
            entry__in=[entry for entry in entries if entry.laptop], is_current=True
        ).values_list("entry_id", "digest")
    )
    return {
        entry.club.slug: (
            entry.region,
            uploads.get(entry.pk)
            if entry.laptop
            else (entry.tournament_id, marks.get(entry.tournament_id)),
        )
        for entry in entries
    }


def _update(kept: _Kept, event: Event, entries: list[EventClub]) -> int:
    """Put in the clubs whose results changed since the last run, take out those gone; how
    many clubs were read (every one on the first run of a process)."""
    digests = _digests(entries)
    for slug in set(kept.digests) - set(digests):
        if slug in kept.clubs:
            kept.field.remove_session(slug)
            del kept.clubs[slug]
        del kept.digests[slug]
    method = Method(event.scoring_method)
    changed = [
        entry for entry in entries if kept.digests.get(entry.club.slug) != digests[entry.club.slug]
    ]
    for start in range(0, len(changed), _READ_AT_ONCE):
        chunk = changed[start : start + _READ_AT_ONCE]
        uploads = _current_uploads([entry for entry in chunk if entry.laptop])
        for entry in chunk:
            slug = entry.club.slug
            if entry.laptop:
                club = _laptop_club(entry, None, uploads.get(entry.pk, ({}, [])))
            else:
                club = _site_club(entry, None)
            _put(kept, event, method, slug, club)
            kept.digests[slug] = digests[slug]
    return len(changed)


_READ_AT_ONCE = 25
"""Clubs read per query on a run that puts many in (the first run of a process: every club):
a few MB of lines decoded at a time, not the whole field's."""


def _current_uploads(entries: list[EventClub]) -> dict[int, tuple[dict, list]]:
    """The laptop clubs' current uploads (teams, lines) by entry, in one query; on PostgreSQL
    each line without its deal record, which the ranking does not read (less than half the
    JSON to send and decode)."""
    lines = _WithoutRecords("lines") if connection.vendor == "postgresql" else F("lines")
    rows = (
        EventUpload.objects.filter(entry__in=entries, is_current=True)
        .order_by("entry_id", "received_at", "pk")
        .values_list("entry_id", "teams", lines)
    )
    return {entry_id: (teams, lines) for entry_id, teams, lines in rows}  # the newest wins


class _WithoutRecords(Func):
    """PostgreSQL: a JSON array of objects, each without its ``record`` key, in order."""

    template = (
        "(SELECT coalesce(jsonb_agg(line - 'record' ORDER BY place), '[]'::jsonb) "
        "FROM jsonb_array_elements(%(expressions)s) WITH ORDINALITY AS upload_lines(line, place))"
    )
    output_field = JSONField()


def _put(kept: _Kept, event: Event, method: Method, slug: str, club: ClubResults) -> None:
    """Put a club's results in the kept field (or take it out: no results any more)."""
    if club.lines:
        one = EventResults(event=event.slug, name=event.name, method=method, clubs=(club,))
        sessions, lines = field_input(one)
        kept.field.put_session(sessions[0], [line.result for line in lines])
        kept.clubs[slug] = club
    elif slug in kept.clubs:
        kept.field.remove_session(slug)
        del kept.clubs[slug]


def compute_groups(event: Event) -> tuple[list[dict], int, int]:
    """The event's rankings now, how many results they count and how many clubs were read:
    the field kept by this process brought up to date (``_update``), then ranked by the
    core."""
    entries = [
        entry
        for entry in selectors.accepted_entries(event)
        if entry.laptop or entry.tournament_id is not None
    ]
    key = (event.commitment, event.scoring_method)
    with _KEPT_LOCK:
        kept = _KEPT.get(event.pk)
        if kept is None or kept.key != key:
            kept = _KEPT[event.pk] = _Kept(key, FieldScoring(event.scoring_method))
        try:
            read = _update(kept, event, entries)
            if not kept.clubs:
                return [], 0, read
            computation = kept.field.computation(
                table_groups=(event.small_clubs_below,) if event.small_clubs_below else ()
            )
        except Exception:
            # Whatever failed, the next run starts from nothing rather than half an update.
            _KEPT.pop(event.pk, None)
            raise
        clubs = tuple(kept.clubs.values())
    results = EventResults(
        event=event.slug, name=event.name, method=Method(event.scoring_method), clubs=clubs
    )
    return ranking_groups(computation, results), sum(len(club.lines) for club in clubs), read


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused while the field is read and ranked: the run makes
    hundreds of thousands of objects (lines, results, fractions) and no cycle, and each
    collection the allocations trigger walks the whole kept field again (measured at 108,000
    results: 40 % of a first run's CPU, a quarter of a later run's). Objects without a cycle
    are freed as usual; the collector runs again afterwards."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def recompute_event(event_id: int) -> int:
    """Recompute the event's figures now; the new version (0 when the event is gone)."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return 0
    started = timezone.now()
    with _no_cycle_collection():
        groups, count, read = compute_groups(event)
    with transaction.atomic():
        # The old groups are not read to be replaced (megabytes of JSON at a national size).
        ranking = EventRanking.objects.select_for_update().defer("groups").get(event=event)
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
    logger.info(
        "event %s: figures v%s (%s results, %s clubs read)",
        event.slug,
        ranking.version,
        count,
        read,
    )
    return ranking.version
