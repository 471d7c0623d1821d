"""The round clock (la pendule du tour) and the round the room is playing."""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

from django.utils import timezone

from tournaments.setup.models import Round, TableAssignment, Tournament

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
