"""The room display (affichage en salle): its state polled every second, the ranking and the
next movement."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext, ngettext

from scoring.movements import RoundChange, round_change
from tournaments.results import selectors as results
from tournaments.setup.models import Round, Tournament
from tournaments.setup.stored_plan import stored_plan

from .scoring_state import freshness


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
