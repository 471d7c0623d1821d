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


ROWS_PER_PAGE = 500
"""A ranking group's rows on one page: a national ranking of 300 clubs holds 4,500 teams a
direction."""


def page_key(event_id: int, version: int, *parts) -> str:
    bits = ":".join(str(part) for part in parts)
    return f"events:{event_id}:v{version}:{bits}:{get_language() or ''}"


def section_of(group: dict) -> str:
    """The section a ranking group is shown in: its key without the direction (the national
    ranking's NS and EW groups are one section)."""
    key = group["key"]
    if group.get("direction") and key.endswith(f":{group['direction']}"):
        return key[: -len(group["direction"]) - 1]
    return key


def sections(ranking: EventRanking | None) -> list[dict]:
    """The sections of the figures, in the order of their groups: national, field size,
    regions, clubs; each its key, scope, name (a club's name for a club's section)."""
    found: dict[str, dict] = {}
    for group in ranking.groups if ranking else []:
        key = section_of(group)
        if key not in found:
            name = group["name"]
            if group["scope"] == "club" and group["rows"]:
                name = group["rows"][0]["club"]
            found[key] = {
                "key": key,
                "scope": group["scope"],
                "name": name,
                "tables": group.get("tables"),
            }
    return list(found.values())


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


def render_groups(event: Event, ranking: EventRanking | None, section: str, page: int) -> str:
    """One section's groups, ``page`` of their rows (``ROWS_PER_PAGE`` a page)."""
    start = (page - 1) * ROWS_PER_PAGE
    groups = [
        {**group, "rows": group["rows"][start : start + ROWS_PER_PAGE], "first": start}
        for group in (ranking.groups if ranking else [])
        if section_of(group) == section
    ]
    longest = (
        max(
            (len(group["rows"]) for group in ranking.groups if section_of(group) == section),
            default=0,
        )
        if ranking
        else 0
    )
    return render_to_string(
        "events/_ranking_groups.html",
        {
            "event": event,
            "groups": groups,
            "section": section,
            "page": page,
            "previous_page": page - 1 if page > 1 else None,
            "next_page": page + 1 if start + ROWS_PER_PAGE < longest else None,
        },
    )
