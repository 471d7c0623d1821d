"""How long the session lasts."""

import datetime
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from ..models import Round, TableAssignment, Tournament


@dataclass(frozen=True)
class SessionEstimate:
    """The playing time: rounds × boards per round × minutes per board.

    Changing tables between rounds is not counted (no setting says how long it takes; clubs
    fold it into the minutes per board). ``start`` is when the first round started, if it has;
    ``end`` then follows from it."""

    rounds: int
    boards_per_round: int
    minutes_per_board: int
    start: datetime.datetime | None = None

    @property
    def minutes(self) -> int:
        return self.rounds * self.boards_per_round * self.minutes_per_board

    @property
    def duration_text(self) -> str:
        """« 3 h 20 », « 45 min »."""
        hours, minutes = divmod(self.minutes, 60)
        if not hours:
            return gettext("%(minutes)s min") % {"minutes": minutes}
        return gettext("%(hours)s h %(minutes)02d") % {"hours": hours, "minutes": minutes}

    @property
    def sentence(self) -> str:
        """« Durée estimée : 3 h 16 (7 tours de 4 étuis, 7 min par étui) »."""
        rounds = ngettext("%(count)s tour", "%(count)s tours", self.rounds) % {"count": self.rounds}
        boards = ngettext("de %(count)s étui", "de %(count)s étuis", self.boards_per_round) % {
            "count": self.boards_per_round
        }
        return gettext(
            "Durée estimée : %(duration)s (%(rounds)s %(boards)s, %(minutes)s min par étui)"
        ) % {
            "duration": self.duration_text,
            "rounds": rounds,
            "boards": boards,
            "minutes": self.minutes_per_board,
        }

    @property
    def end(self) -> datetime.datetime | None:
        if self.start is None:
            return None
        return self.start + datetime.timedelta(minutes=self.minutes)


def session_estimate(tournament: Tournament) -> SessionEstimate | None:
    """The session's length from the plan's rounds and boards (or the settings'); None
    while neither is known (a complete movement depends on the teams checked in)."""
    rounds = Round.objects.filter(tournament=tournament)
    count = rounds.count() or tournament.rounds
    if not count:
        return None
    first = rounds.order_by("number").first()
    # The plan's rounds as they were generated (the settings may have changed since).
    planned = TableAssignment.objects.filter(round__tournament=tournament).values_list(
        "boards", flat=True
    )
    boards_per_round = max((len(boards) for boards in planned), default=0)
    return SessionEstimate(
        rounds=count,
        boards_per_round=boards_per_round or tournament.boards_per_round,
        minutes_per_board=tournament.minutes_per_board,
        start=first.started_at if first is not None else None,
    )
