"""The site's answer to an unhandled error: a database that cannot be reached (restarting, a lost
connection, a lock or statement timeout, the embedded SQLite file locked longer than its busy
timeout) is a 503 the client may retry, not a 500 traceback; anything else is the site's own 500
(page or JSON), which shows nothing of the error (Django's debug pages answer this machine only:
config/debug.py).

Django calls ``server_error`` (``handler500`` in ``config/urls.py``) while the exception is being
handled, whichever middleware or view raised it, so ``sys.exc_info()`` tells what went wrong.
Whatever the request was writing in its transaction was rolled back by PostgreSQL: nothing is
half-written, and a retry with the same submission key (or Idempotency-Key) is safe.
"""

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext
from django.views import defaults

RETRY_AFTER_SECONDS = 5
"""Told to clients in the Retry-After header: about the time a database restart takes."""

UNAVAILABLE_ERRORS = (OperationalError, InterfaceError)
"""Django's wrappers of the driver's errors for an unreachable or broken database connection
(and for transient conditions PostgreSQL reports the same way: lock or statement timeouts)."""


def database_unavailable(error: BaseException | None) -> bool:
    return isinstance(error, UNAVAILABLE_ERRORS)


JSON_VIEWS = frozenset({"results:table_send"})
"""Views that answer JSON to any client, whatever it sends: the phones' outbox."""


def _wants_json(request: HttpRequest) -> bool:
    match = getattr(request, "resolver_match", None)
    return (
        request.path.startswith("/api/")
        or request.headers.get("X-Requested-With") == "fetch"
        or "application/json" in request.headers.get("Accept", "")
        or request.content_type == "application/json"
        or (match is not None and match.view_name in JSON_VIEWS)
    )


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: 503 with a French message (page or JSON) when the database is out of
    reach; the site's own 500 (``500.html``, or JSON) for anything else."""
    if not database_unavailable(sys.exc_info()[1]):
        if _wants_json(request):
            return JsonResponse(
                {
                    "code": "server_error",
                    "message": gettext("Erreur du site : réessayez, ou prévenez l'arbitre."),
                    "errors": [],
                },
                status=500,
            )
        return defaults.server_error(request)
    message = gettext("Service momentanément indisponible, réessayez dans un instant.")
    if _wants_json(request):
        # The API's error format (tournaments/api/errors.py).
        response = JsonResponse(
            {"code": "service_unavailable", "message": message, "errors": []}, status=503
        )
    else:
        # Rendered without the request's context processors: they would query the database
        # (the logged-in user) that just failed.
        response = HttpResponse(render_to_string("503.html", {"message": message}), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response
