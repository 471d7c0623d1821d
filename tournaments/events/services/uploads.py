"""A laptop club's results coming back: a signed upload, checked like any import (against the
event's rules alone: no error speaks of the cards), idempotent, correctable until the end of the
correction window. The club's package going out is ``laptop.export_package``."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from scoring.engine.deal_score import score_deal
from scoring.engine.record_errors import ResultValidationError
from scoring.engine.result_record import parse_result
from scoring.engine.rules import RuleSettings
from tournaments.accounts.roles import Account
from tournaments.request_numbers import whole_number
from tournaments.results.exceptions import EntryInvalid, LineError
from tournaments.vocabulary import ADJUSTMENTS

from .. import selectors, signing
from ..models import Event, EventClub, EventUpload
from .errors import EventError
from .ranking import mark_event_changed

logger = logging.getLogger(__name__)

MAX_UPLOAD_BYTES = 4_000_000
MAX_TEAMS = 500
MAX_LINES = 20_000
MAX_NAME = 200
MAX_PLACE = 500
MAX_MARKS = 10_000


def _refused(code: str, message: str) -> EventError:
    return EventError(code, [message])


def _entry_and_payload(event: Event, data: bytes | str) -> tuple[EventClub, dict[str, Any]]:
    """The club an upload comes from and its verified payload, or the refusal (nothing about
    the key: a wrong key and a changed file are one answer)."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise _refused("too_large", gettext("Le fichier est trop volumineux."))
    try:
        document = signing.read_document(data)
    except signing.BadSignature as error:
        raise _refused(
            "not_signed",
            gettext("Ce fichier n'est pas un envoi signé de résultats de simultané."),
        ) from error
    club = document["payload"].get("club")
    entry = selectors.entry_of(event, club) if isinstance(club, str) else None
    if entry is None or entry.answer != EventClub.Answer.ACCEPTED or not entry.laptop:
        raise _refused(
            "unknown_club",
            gettext("Cet envoi ne vient d'aucun club participant hors ligne à ce simultané."),
        )
    try:
        payload = signing.verified_payload(document, entry.key, kind=signing.UPLOAD_KIND)
    except signing.BadSignature as error:
        raise _refused(
            "bad_signature",
            gettext(
                "La signature ne correspond pas : le fichier a été modifié, ou il n'a pas été "
                "signé avec la clé de ce club. Rien n'a été enregistré."
            ),
        ) from error
    if payload.get("event") != event.slug or payload.get("commitment") != event.commitment:
        raise _refused("wrong_event", gettext("Cet envoi est celui d'un autre simultané."))
    return entry, payload


def _teams(raw: Any) -> dict[str, str]:
    if not isinstance(raw, Mapping) or not raw or len(raw) > MAX_TEAMS:
        raise _refused("bad_teams", gettext("La liste des équipes de l'envoi est illisible."))
    teams: dict[str, str] = {}
    for number, name in raw.items():
        value = whole_number(number, minimum=1, maximum=9999)
        if (
            value is None
            or not isinstance(name, str)
            or not 0 < len(name) <= MAX_NAME
            or not name.isprintable()
        ):
            raise _refused("bad_teams", gettext("La liste des équipes de l'envoi est illisible."))
        teams[str(value)] = name
    return teams


def _adjusted(raw: Any) -> tuple[str, str] | None:
    if not isinstance(raw, Mapping):
        return None
    ns, ew = raw.get("ns"), raw.get("ew")
    if ns not in ADJUSTMENTS or ew not in ADJUSTMENTS:
        return None
    return ns, ew


def _assigned(raw: Any) -> tuple[int, int] | None:
    if not isinstance(raw, Mapping):
        return None
    ns = whole_number(raw.get("ns"), maximum=MAX_MARKS)
    ew = whole_number(raw.get("ew"), maximum=MAX_MARKS)
    return None if ns is None or ew is None else (ns, ew)


def _line(raw: Any, event: Event, rules: RuleSettings, teams: Mapping[str, str]) -> dict:
    """One line checked and scored, or ``ValueError`` with the French message."""
    if not isinstance(raw, Mapping):
        raise ValueError(gettext("la ligne n'est pas un objet JSON."))
    board = whole_number(raw.get("board"), minimum=1, maximum=event.board_count)
    if board is None:
        raise ValueError(
            gettext("l'étui doit être un numéro de 1 à %(count)s.") % {"count": event.board_count}
        )
    ns_team = whole_number(raw.get("ns_team"), minimum=1, maximum=9999)
    ew_team = whole_number(raw.get("ew_team"), minimum=1, maximum=9999)
    if ns_team is None or ew_team is None or ns_team == ew_team:
        raise ValueError(gettext("les deux équipes doivent être deux équipes différentes."))
    if str(ns_team) not in teams or str(ew_team) not in teams:
        raise ValueError(gettext("une équipe de la ligne n'est pas dans la liste des équipes."))
    round_ = whole_number(raw.get("round"), minimum=1, maximum=MAX_PLACE)
    table = whole_number(raw.get("table"), minimum=1, maximum=MAX_PLACE)
    switched = raw.get("arrow_switch", False)
    if round_ is None or table is None or not isinstance(switched, bool):
        raise ValueError(gettext("le tour et la table doivent être des numéros."))
    line: dict[str, Any] = {
        "board": board,
        "round": round_,
        "table": table,
        "ns_team": ns_team,
        "ew_team": ew_team,
        "arrow_switch": switched,
    }
    if "assigned" in raw:
        marks = _assigned(raw["assigned"])
        if marks is None:
            raise ValueError(gettext("un score assigné donne les points de chaque camp."))
        line.update(ns=marks[0], ew=marks[1], assigned=True)
        return line
    if "adjusted" in raw:
        adjusted = _adjusted(raw["adjusted"])
        if adjusted is None:
            raise ValueError(gettext("un score ajusté s'écrit A-, A ou A+ pour chaque camp."))
        line.update(ns=None, ew=None, ns_adjusted=adjusted[0], ew_adjusted=adjusted[1])
        return line
    try:
        record = parse_result(raw.get("record"), rules, None)
    except ResultValidationError as error:
        problems = EntryInvalid.from_engine(error).problems
        raise ValueError(" ; ".join(problem.text() for problem in problems)) from error
    score = score_deal(record, rules)
    line.update(record=record.to_dict(), ns=score.ns, ew=score.ew)
    return line


def validated(*, event: Event, payload: Mapping[str, Any]) -> tuple[dict[str, str], list[dict]]:
    """The upload's teams and its lines, each checked against the event's rules alone and
    scored; every bad line reported at once (``EventError`` ``invalid``), nothing kept then."""
    teams = _teams(payload.get("teams"))
    raw_lines = payload.get("lines")
    if not isinstance(raw_lines, list) or len(raw_lines) > MAX_LINES:
        raise _refused("bad_lines", gettext("Les lignes de résultats de l'envoi sont illisibles."))
    rules = RuleSettings.from_dict(event.rules)
    lines, errors, seen = [], [], set()
    for number, raw in enumerate(raw_lines, start=1):
        try:
            line = _line(raw, event, rules, teams)
        except ValueError as error:
            errors.append(LineError(number, str(error)))
            continue
        board = line["board"]
        played = {
            ("team", board, line["ns_team"]),
            ("team", board, line["ew_team"]),
            ("table", board, line["round"], line["table"]),
        }
        if played & seen:
            errors.append(
                LineError(number, gettext("une équipe ou une table joue deux fois le même étui."))
            )
            continue
        seen |= played
        lines.append(line)
    if errors:
        raise EventError("invalid", [str(error) for error in errors])
    return teams, lines


def accept_upload(
    *, event: Event, data: bytes | str, by: Account | None = None
) -> tuple[EventUpload, bool]:
    """Take a laptop club's signed results: (the club's results now, whether they changed).

    Refused when the file is not signed with the club's key, is another event's, is late
    (after the deadline for a first upload, after the correction window for a correction) or
    has a bad line. The same results sent again change nothing.
    """
    entry, payload = _entry_and_payload(event, data)
    if selectors.upload_window(entry) == "closed":
        raise _refused(
            "window_closed",
            gettext(
                "Les envois de résultats sont fermés pour ce simultané (date limite ou période "
                "de corrections passée)."
            ),
        )
    teams, lines = validated(event=event, payload=payload)
    digest = signing.digest({"teams": teams, "lines": lines})
    with transaction.atomic():
        EventClub.objects.select_for_update().get(pk=entry.pk)
        current = selectors.current_upload(entry)
        if current is not None and current.digest == digest:
            return current, False
        entry.uploads.filter(is_current=True).update(is_current=False)
        upload = EventUpload.objects.create(
            entry=entry,
            digest=digest,
            teams=teams,
            lines=lines,
            by=by if by is not None and by.is_authenticated else None,
        )
        mark_event_changed(event_id=event.pk)
    logger.info("event %s: upload of %s (%s lines)", event.slug, entry.club.slug, len(lines))
    return upload, True
