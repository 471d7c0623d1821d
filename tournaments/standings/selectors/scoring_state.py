"""Whether the scores are fresh (« calcul en attente ») and which tournaments the catch-up
recomputes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Max, Min, OuterRef, Subquery
from django.utils import timezone

from tournaments.setup.models import Tournament

from ..models import ScoreChange, ScoringState

SCHEDULED_STALE_SECONDS = ScoringState.SCHEDULED_STALE_SECONDS
RUN_STALE_SECONDS = ScoringState.RUN_STALE_SECONDS


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
