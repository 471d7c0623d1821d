"""Rendered parts of the public standings pages (and what they are built from), cached per
snapshot version.

A key names the tournament and the snapshot version, so a new snapshot is a new key: nothing
to invalidate, and old keys simply expire. When many players open a page just as a snapshot
lands, one request renders it and the others wait briefly for it (no stampede). If the cache
backend is unreachable (Redis down), the page is rendered without it.
"""

import logging
import time
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.utils.translation import get_language

logger = logging.getLogger(__name__)

T = TypeVar("T")

TIMEOUT_SECONDS = 3600
LOCK_SECONDS = 10
WAIT_SECONDS = 2.0
POLL_SECONDS = 0.05


def page_key(tournament_id: int, version: int, *parts) -> str:
    """The cache key of a page part: tournament, snapshot version, the part's name and
    options, and the language it is rendered in."""
    bits = ":".join("-" if part is None else str(part) for part in parts)
    return f"standings:{tournament_id}:v{version}:{bits}:{get_language() or ''}"


def cached(key: str, render: Callable[[], T]) -> T:
    """The cached value (rendered HTML, or a small dict) under ``key``, built once by
    ``render`` when missing."""
    html = _safely(cache.get, key)
    if html is not None:
        return html
    lock = f"{key}:lock"
    acquired = _safely(cache.add, lock, 1, LOCK_SECONDS)
    if acquired is False:
        # Someone else is rendering this version right now: wait for it.
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            time.sleep(POLL_SECONDS)
            html = _safely(cache.get, key)
            if html is not None:
                return html
        return render()
    try:
        html = render()
        _safely(cache.set, key, html, TIMEOUT_SECONDS)
    finally:
        if acquired:
            _safely(cache.delete, lock)
    return html


def _safely(operation, *args):
    """A cache operation, or None when the cache backend cannot be reached."""
    from redis.exceptions import RedisError

    try:
        return operation(*args)
    except (RedisError, OSError) as error:
        logger.warning("page cache unavailable (%s): rendering without it", error)
        return None
