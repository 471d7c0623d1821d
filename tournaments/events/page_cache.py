"""The national ranking's table, rendered once per version of the figures and language and kept
in the cache (a new version is a new key: nothing to invalidate), as the club's ranking is."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.translation import get_language

from .models import Event, EventRanking

logger = logging.getLogger(__name__)

TIMEOUT_SECONDS = 3600


def page_key(event_id: int, version: int) -> str:
    return f"events:{event_id}:v{version}:{get_language() or ''}"


def cached(key: str, render: Callable[[], str]) -> str:
    """The HTML under ``key``, rendered by ``render`` when missing; without the cache (Redis
    down) rendered each time."""
    try:
        html = cache.get(key)
    except Exception:  # noqa: BLE001 - any cache failure means "no cache"
        logger.warning("event ranking cache unavailable", exc_info=True)
        return render()
    if html is None:
        html = render()
        try:
            cache.set(key, html, TIMEOUT_SECONDS)
        except Exception:  # noqa: BLE001
            logger.warning("event ranking cache unavailable", exc_info=True)
    return html


def render_groups(event: Event, ranking: EventRanking | None) -> str:
    return render_to_string(
        "events/_ranking_groups.html",
        {"event": event, "groups": ranking.groups if ranking else []},
    )
