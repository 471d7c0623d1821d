"""Clubs that run the day on their own laptop (``bin/run``, no internet in the hall): the event's
package going out (signed, its deals bound to the commitment), read on the laptop into a
tournament of the club, and the club's results going back as a signed upload
(``uploads.accept_upload`` on the site)."""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_date
from django.utils.translation import gettext

from scoring.deals.generator import generate_boards, seed_from_hex
from scoring.deals.pbn import export_pbn
from tournaments.accounts.roles import Account
from tournaments.deals.services import DealsError, import_event_pbn
from tournaments.results.models import Result
from tournaments.results.selectors import counting_results
from tournaments.setup.models import Tournament
from tournaments.setup.services import OrganizerError, create_tournament

from .. import selectors, signing
from ..models import Event, EventClub, LaptopEvent
from .errors import EventError


def export_package(*, entry: EventClub) -> dict[str, Any]:
    """The club's signed package: the event's identity and rules, and its deals as PBN. Only
    once the deals reached the club (the view asks the club's organizers)."""
    event = entry.event
    if event.status != Event.Status.OPEN or not selectors.deals_reached_club(entry):
        raise EventError(
            "embargo",
            [gettext("Les donnes ne sont pas encore disponibles pour ce club.")],
        )
    boards = generate_boards(seed_from_hex(event.seed_hex), event.board_count)
    payload = {
        "kind": signing.PACKAGE_KIND,
        "format": signing.FORMAT,
        "event": event.slug,
        "event_name": event.name,
        "date": event.date.isoformat(),
        "club": entry.club.slug,
        "club_name": entry.club.name,
        "commitment": event.commitment,
        "generator_version": event.generator_version,
        "board_count": event.board_count,
        "rules_preset": event.rules_preset,
        "rules": event.rules,
        "scoring_method": event.scoring_method,
        "pbn": export_pbn(boards, event.name, entry.club.name, event.date),
    }
    logging.getLogger(__name__).info("event %s: package for %s", event.slug, entry.club.slug)
    return signing.sign(payload, entry.key)


def _package_refused() -> EventError:
    return EventError(
        "bad_package",
        [
            gettext(
                "Ce paquet n'est pas valide : il a été modifié, ou la clé du club n'est pas la "
                "bonne. Rien n'a été importé."
            )
        ],
    )


@transaction.atomic
def import_package(*, data: bytes | str, key: str, by: Account) -> tuple[LaptopEvent, bool]:
    """On the laptop: read a signed package with the club's key into a tournament of the club
    dealt the event's boards: (its record, whether it is new). The same package again changes
    nothing."""
    try:
        payload = signing.verified_payload(
            signing.read_document(data), key.strip(), kind=signing.PACKAGE_KIND
        )
    except signing.BadSignature as error:
        raise _package_refused() from error
    existing = LaptopEvent.objects.filter(
        event_slug=payload.get("event"), club_slug=payload.get("club")
    ).first()
    if existing is not None:
        if existing.commitment != payload.get("commitment"):
            raise _package_refused()
        return existing, False
    day = parse_date(str(payload.get("date"))) or timezone.localdate()
    try:
        tournament = create_tournament(
            by=by,
            fields={
                "name": f"{payload['event_name']} – {payload['club_name']}",
                "date": day,
                "club": payload["club_name"],
                "rules_preset": payload["rules_preset"],
                "scoring_method": payload["scoring_method"],
                "deals_mode": Tournament.DealsMode.IMPORTED,
            },
            rules=payload["rules"],
        )
        tournament.in_event = True
        tournament.save(update_fields=["in_event"])
        import_event_pbn(
            tournament=tournament,
            text=payload["pbn"],
            commitment=payload["commitment"],
            generator_version=payload["generator_version"],
            by=by,
        )
    except (KeyError, TypeError, OrganizerError, DealsError) as error:
        raise _package_refused() from error
    laptop = LaptopEvent.objects.create(
        event_slug=payload["event"],
        event_name=payload["event_name"],
        club_slug=payload["club"],
        commitment=payload["commitment"],
        key=key.strip(),
        tournament=tournament,
    )
    return laptop, True


def _upload_line(result: Result, numbers: dict[int, int]) -> dict[str, Any] | None:
    """A counted result as a line of the upload: where, who, and the record (or the adjusted
    or assigned score); None for a sit-out table."""
    assignment = result.assignment
    if assignment.ns_team_id is None or assignment.ew_team_id is None:
        return None
    line: dict[str, Any] = {
        "board": result.board_number,
        "round": result.round.number,
        "table": result.table.number,
        "ns_team": numbers[assignment.ns_team_id],
        "ew_team": numbers[assignment.ew_team_id],
        "arrow_switch": assignment.arrow_switch,
    }
    if result.record is not None:
        line["record"] = result.record
    elif result.ns_adjustment or result.ew_adjustment:
        line["adjusted"] = {"ns": result.ns_adjustment or "A", "ew": result.ew_adjustment or "A"}
    elif result.ns_marks is not None and result.ew_marks is not None:
        line["assigned"] = {"ns": result.ns_marks, "ew": result.ew_marks}
    else:
        return None
    return line


def build_upload(*, laptop: LaptopEvent) -> dict[str, Any]:
    """On the laptop: the club's results as a signed upload, each counted result where it was
    played (round, table, the teams of the plan) with its record as entered (the site scores
    it with the event's rules)."""
    tournament = laptop.tournament
    teams = tournament.teams.all()
    numbers = {team.pk: team.number for team in teams}
    lines = []
    for result in counting_results(tournament).select_related("assignment"):
        line = _upload_line(result, numbers)
        if line is not None:
            lines.append(line)
    payload = {
        "kind": signing.UPLOAD_KIND,
        "format": signing.FORMAT,
        "event": laptop.event_slug,
        "club": laptop.club_slug,
        "commitment": laptop.commitment,
        "teams": {str(team.number): team.display_name for team in teams},
        "lines": lines,
    }
    return signing.sign(payload, laptop.key)
