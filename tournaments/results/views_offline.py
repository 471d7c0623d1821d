"""What makes the table and team links an installable, offline-tolerant app: the web app
manifest of each link and the service worker (hors connexion, docs/offline.md).

The service worker is served here rather than as a static file: its address has no hash (the
browser checks it for updates), and it names the hashed addresses of the assets it keeps. It
only ever touches the players' links (``/table/<token>/``, ``/equipe/<token>/``) and the site's
static files: nothing of the staff pages, the hand records or the API is cached.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments.setup.models import Team

from . import selectors
from .offline import worker_assets

THEME_COLOR = "#14532d"


def _manifest(name: str, short_name: str, start_url: str, scope: str) -> JsonResponse:
    answer = JsonResponse(
        {
            "name": name,
            "short_name": short_name,
            "start_url": start_url,
            "scope": scope,
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": THEME_COLOR,
            "lang": get_language() or settings.LANGUAGE_CODE,
            "icons": [
                {
                    "src": static("results/icons/icon-192.png"),
                    "sizes": "192x192",
                    "type": "image/png",
                },
                {
                    "src": static("results/icons/icon-512.png"),
                    "sizes": "512x512",
                    "type": "image/png",
                },
                {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
            ],
        },
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )
    answer["Cache-Control"] = "no-cache"
    return answer


@require_GET
def table_manifest(request, token: str):
    """The manifest of one table's link: installed, the app opens that very link. It names the
    table and the tournament (public facts), never a team: the link is the table's."""
    table = selectors.table_by_token(token)
    if table is None or not table.tournament.table_entry:
        raise Http404
    link = reverse("results:table_entry", args=[table.token])
    short = _("Table %(number)s") % {"number": table.number}
    return _manifest(f"{short} · {table.tournament.name}", short, link, link)


@require_GET
def team_manifest(request, token: str):
    """The manifest of a team's own link. Its scope is the whole site, so that the table pages
    the route card leads to stay inside the app."""
    team = Team.objects.select_related("tournament").filter(token=token).first()
    if team is None or not team.tournament.table_entry:
        raise Http404
    short = _("Équipe %(number)s") % {"number": team.number}
    link = reverse("results:team_link", args=[team.token])
    return _manifest(f"{short} · {team.tournament.name}", short, link, "/")


@require_GET
def service_worker(request):
    """The service worker of the players' links (``results/service_worker.js``). Its own
    address is outside the links, so ``Service-Worker-Allowed`` lets the pages register it for
    ``/table/`` and ``/equipe/``; ``no-cache`` makes the browser check it at every visit."""
    assets = worker_assets()
    version = hashlib.sha256("\n".join(assets).encode()).hexdigest()[:12]
    answer = render(
        request,
        "results/service_worker.js",
        {
            "assets": assets,
            "version": version,
            "outbox_url": static("results/outbox.js"),
            "static_prefix": settings.STATIC_URL,
        },
        content_type="text/javascript; charset=utf-8",
    )
    answer["Service-Worker-Allowed"] = "/"
    answer["Cache-Control"] = "no-cache"
    return answer
