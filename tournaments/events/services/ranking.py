"""The national figures' job: marked stale by a change in any session, published once per burst
(debounced), run by a Celery worker or, without a broker, by a thread of the web process
(``tournaments.background``), or in the request where ``EVENTS_IN_PROCESS`` says so."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from tournaments import background
from tournaments.jobs import BrokerUnavailable, after_commit, publish

from .. import recomputation
from ..models import EventRanking
from ..tasks import recompute_event_task

logger = logging.getLogger(__name__)

COALESCE_SECONDS = 5
"""A change waits this long before the job runs: the changes of a burst (an upload, a round's
results) are counted by one run."""
SCHEDULED_STALE_SECONDS = 300
"""A job queued this long ago and not run is presumed lost: the next change queues another."""
IN_BACKGROUND = "background"
IN_REQUEST = "1"


def mark_event_changed(*, event_id: int) -> None:
    """A session's results (or an upload) changed: the figures are stale, their job queued
    after the commit."""
    now = timezone.now()
    EventRanking.objects.filter(event_id=event_id, stale_since__isnull=True).update(stale_since=now)
    after_commit(enqueue_event_ranking, event_id=event_id)


def _claim(event_id: int) -> tuple[bool, object]:
    now = timezone.now()
    stale = now - timedelta(seconds=SCHEDULED_STALE_SECONDS)
    claimed = (
        EventRanking.objects.filter(event_id=event_id)
        .filter(Q(scheduled_at__isnull=True) | Q(scheduled_at__lt=stale))
        .update(scheduled_at=now)
    )
    return bool(claimed), now


def enqueue_event_ranking(*, event_id: int) -> bool:
    """Queue the event's recomputation unless a job is queued already (it reads the results when
    it starts); never raises. False when nothing was queued."""
    claimed, at = _claim(event_id)
    if not claimed:
        return False
    if recompute_event_task.app.conf.task_always_eager:
        if getattr(settings, "EVENTS_IN_PROCESS", IN_BACKGROUND) == IN_REQUEST:
            recompute_event_task.apply((event_id,))
        else:
            background.events.submit(event_id, recompute_event_task.apply, (event_id,))
        return True
    countdown = getattr(settings, "EVENTS_COALESCE_SECONDS", COALESCE_SECONDS)
    try:
        publish(recompute_event_task, (event_id,), countdown=countdown)
    except BrokerUnavailable as error:
        EventRanking.objects.filter(event_id=event_id, scheduled_at=at).update(scheduled_at=None)
        logger.warning("event %s: broker unreachable (%s), figures stay stale", event_id, error)
        return False
    return True


def recompute_event(*, event_id: int) -> int:
    """Recompute the figures now (``recomputation.recompute_event``); a change that came during
    the run queues the next one. The new version."""
    version = recomputation.recompute_event(event_id)
    if EventRanking.objects.filter(event_id=event_id, stale_since__isnull=False).exists():
        enqueue_event_ranking(event_id=event_id)
    return version
