"""With ``DEBUG`` on, the site answers this machine only.

The settings never turn ``DEBUG`` on for a site configured to be reached from elsewhere
(``bin/run --lan``, ``HOST=0.0.0.0``: ``config.addresses.served_beyond_loopback``). This is
the last line: ``DEBUG=1 manage.py runserver 0.0.0.0:8000`` typed by hand still shows no
phone a debug page (settings, paths, the URL list, a failing view's locals), because a request
from any address but the machine's own is refused before anything else runs.
"""

from django.conf import settings
from django.http import HttpResponseForbidden
from django.utils.translation import gettext

from config.addresses import is_loopback_host


class LoopbackOnlyDebugMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if settings.DEBUG and not is_loopback_host(request.META.get("REMOTE_ADDR") or ""):
            return HttpResponseForbidden(
                gettext(
                    "Ce site tourne en mode de développement (DEBUG) : il ne répond qu'à cet "
                    "ordinateur. Lancez-le avec bin/run --lan pour le réseau du club."
                ),
                content_type="text/plain; charset=utf-8",
            )
        return self.get_response(request)
