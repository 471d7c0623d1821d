"""The anonymous public pages served whole from the cache, and revalidated without the database.

A visitor without a session (no ``sessionid`` cookie: not signed in, no team code given on this
phone) sees a tournament's public pages exactly as every other such visitor does, in the
language of its language cookie. Those pages (the tournament's home, a team, the ranking, the
travellers, a traveller, a scorecard, the room display) are rendered once per tournament
*epoch*, language and address, and the whole answer is kept in the cache with its ``ETag``:
the next visitors get the stored bytes, and a conditional GET (``If-None-Match``) of an
unchanged page answers 304 — neither path touches the database (the epoch lives in the cache).

The epoch is a token in the cache per tournament: a new ranking snapshot (the live scores), a
saved tournament, team, round, table or board, a plan published or hand records released
delete it, and the next request starts a new one, so the pages are rendered again. The epoch
also expires by itself after ``EPOCH_SECONDS``: a change made by a bulk update that sends no
signal shows within that time at the latest. Pages that depend on who asks (staff, a team's
phone) are never stored: a request with a session cookie goes straight to the view. Hand
records are not among these pages.
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from email.utils import formatdate
from functools import partial

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.http import HttpResponse, HttpResponseNotModified
from django.urls import Resolver404, resolve
from django.utils.translation import get_language

logger = logging.getLogger(__name__)

PAGES = frozenset(
    {
        "tournaments:public",
        "tournaments:team",
        "standings:ranking",
        "standings:travellers",
        "standings:traveller",
        "standings:scorecard",
        "standings:room",
        "events:ranking",
    }
)
"""The URL names of the pages kept whole (every one takes the tournament's ``slug``; the
national ranking of a simultaneous event takes the event's, its epoch bumped by each new
version of the figures)."""

EPOCH_SECONDS = 10
"""How long an epoch lasts at most: the staleness bound for a change no signal reports."""

PAGE_SECONDS = 600
"""How long a rendered page is kept (its key names its epoch: an old one is simply unused)."""

CACHE_CONTROL = "public, no-cache"
"""Browsers and proxies may keep the page but ask again each time: the 304 is cheap."""

KEPT_HEADERS = ("Content-Type", "Content-Language", "X-Frame-Options")
"""Headers set inside the middleware stack that a stored answer must carry again (the outer
middleware, security and the Content-Security-Policy, add theirs to every answer)."""

WATCHED_APPS = ("tournaments", "deals")
"""Apps whose saved or deleted rows change a public page (the teams, the plan, the boards);
the scores reach the pages through the ranking snapshots, which bump the epoch themselves."""


def _safely(action, *args, default=None):
    """A cache operation that never fails the request: with Redis down, pages are rendered."""
    try:
        return action(*args)
    except Exception:  # noqa: BLE001 - any cache failure means "no cache"
        logger.warning("public page cache unavailable", exc_info=True)
        return default


def _epoch_key(slug: str) -> str:
    return f"public:epoch:{slug}"


def current_epoch(slug: str) -> str | None:
    """The tournament's epoch, started when missing; None when the cache cannot be used."""
    key = _epoch_key(slug)
    epoch = _safely(cache.get, key)
    if epoch is None:
        _safely(cache.add, key, uuid.uuid4().hex, EPOCH_SECONDS)
        epoch = _safely(cache.get, key)
    return epoch


def bump(slug: str) -> None:
    """Something public about this tournament changed: its pages are rendered again.

    Writers call it at once and again once committed (``transaction.on_commit``): a page
    rendered meanwhile from the rows before the commit is then not kept beyond the commit."""
    _safely(cache.delete, _epoch_key(slug))


def _page_key(slug: str, epoch: str, request) -> str:
    address = hashlib.sha256(request.get_full_path().encode()).hexdigest()[:32]
    return f"public:page:{slug}:{epoch}:{get_language() or ''}:{address}"


def _public_slug(request) -> str | None:
    """The tournament's slug when this request may be answered from the cache."""
    if not settings.PUBLIC_PAGE_CACHE or request.method not in ("GET", "HEAD"):
        return None
    if settings.SESSION_COOKIE_NAME in request.COOKIES or "messages" in request.COOKIES:
        return None
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    if match.view_name not in PAGES:
        return None
    return match.kwargs.get("slug")


def _not_modified(request, stored: dict) -> bool:
    asked = request.headers.get("If-None-Match", "")
    return stored["etag"] in [tag.strip() for tag in asked.split(",")]


def _headers(response: HttpResponse, stored: dict) -> HttpResponse:
    response["ETag"] = stored["etag"]
    response["Last-Modified"] = stored["last_modified"]
    response["Cache-Control"] = CACHE_CONTROL
    response["Vary"] = "Cookie"
    return response


def _answer(request, stored: dict) -> HttpResponse:
    if _not_modified(request, stored):
        return _headers(HttpResponseNotModified(), stored)
    response = HttpResponse(stored["content"])
    for name, value in stored["headers"].items():
        response[name] = value
    response["X-Public-Cache"] = "hit"
    return _headers(response, stored)


def _storable(response: HttpResponse) -> bool:
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and "no-store" not in response.get("Cache-Control", "")
        and "private" not in response.get("Cache-Control", "")
    )


class PublicPageCacheMiddleware:
    """Serves the anonymous public pages from the cache (see the module's docstring).

    Placed after the locale middleware (the language is part of the key) and before those that
    may touch the session or the database for a visitor (CSRF, authentication, messages)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        slug = _public_slug(request)
        epoch = current_epoch(slug) if slug else None
        if epoch is None:
            return self.get_response(request)
        key = _page_key(slug, epoch, request)
        stored = _safely(cache.get, key)
        if stored is not None:
            return _answer(request, stored)
        response = self.get_response(request)
        if not _storable(response):
            return response
        stored = {
            "content": response.content,
            "headers": {name: response[name] for name in KEPT_HEADERS if response.has_header(name)},
            "etag": f'"{hashlib.sha256(response.content).hexdigest()[:40]}"',
            "last_modified": formatdate(usegmt=True),
        }
        _safely(cache.set, key, stored, PAGE_SECONDS)
        response["X-Public-Cache"] = "miss"
        if _not_modified(request, stored):
            return _headers(HttpResponseNotModified(), stored)
        return _headers(response, stored)


def _tournament_slug(instance) -> str | None:
    if instance._meta.model_name == "tournament":
        return instance.slug
    if not hasattr(instance, "tournament_id"):
        return None
    return getattr(getattr(instance, "tournament", None), "slug", None)


def _changed(sender, instance, **kwargs) -> None:
    slug = _tournament_slug(instance)
    if slug:
        bump(slug)
        transaction.on_commit(partial(bump, slug))


def watch_saved_rows() -> None:
    """Bump a tournament's epoch whenever a row of the watched apps that belongs to it is saved
    or deleted (called once, from the set-up app's ``ready``).

    Connected model by model: a receiver for every sender would also take away Django's fast
    path of ``QuerySet.delete`` (one statement) from every other model of the site."""
    from django.apps import apps

    for label in WATCHED_APPS:
        for model in apps.get_app_config(label).get_models():
            uid = f"public_pages.{model._meta.label_lower}"
            post_save.connect(_changed, sender=model, dispatch_uid=uid + ".saved")
            post_delete.connect(_changed, sender=model, dispatch_uid=uid + ".deleted")
