"""No NUL character (``\\x00``) gets past the front door: a 400 in French, or the API's own 400.

PostgreSQL refuses NUL in text (psycopg raises « A string literal cannot contain NUL (0x00)
characters »), so a ``\\x00`` in any value that reaches a query — a search, a slug, a team's
code, a session cookie, a name in a JSON body — would be a 500. No legitimate value holds one:
this middleware refuses the request before any view, form, session or cache reads it, wherever
the character is: the path, a query-string or form key or value (``%00``), a cookie, or a JSON
body (raw, or written ``\\u0000``).
"""

from __future__ import annotations

import re

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext

NUL = "\x00"

# ``\u0000`` in JSON text, unless its backslash is itself escaped (``\\u0000`` is 6 characters).
_JSON_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000", re.IGNORECASE)


def _in_values(data) -> str | None:
    """The first key of a QueryDict / MultiValueDict whose key or one of whose values holds NUL."""
    for key, values in data.lists():
        if NUL in key or any(NUL in value for value in values):
            return key.replace(NUL, "")
    return None


def _keep_body_readable(request: HttpRequest) -> None:
    """Read the raw body before the form is parsed from it, so that a view may still read
    ``request.body`` (the entry sheet reads JSON whatever the content type says); a multipart
    body too large to hold in memory (a file upload) is parsed from the stream, as Django
    would: no view reads such a body raw."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    length = str(request.META.get("CONTENT_LENGTH") or "0")
    if limit is None or (length.isascii() and length.isdigit() and int(length) <= limit):
        request.body  # noqa: B018 - read for its side effect: Django keeps it


def nul_field(request: HttpRequest) -> str | None:
    """Where the request carries a NUL character (a field's name, « path », « cookie »,
    « body »), or None."""
    if NUL in request.path:
        return "path"
    if any(NUL in key or NUL in value for key, value in request.COOKIES.items()):
        return "cookie"
    found = _in_values(request.GET)
    if found is not None:
        return found
    if request.method in ("POST", "PUT", "PATCH", "DELETE"):
        if request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
            _keep_body_readable(request)
            found = _in_values(request.POST)
            if found is not None:
                return found
        elif b"\x00" in request.body or _JSON_NUL.search(request.body):
            return "body"
    return None


class RefuseNulBytesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        field = nul_field(request)
        if field is None:
            return self.get_response(request)
        message = gettext("La requête contient un caractère nul, que le site refuse.")
        if request.path.startswith("/api/"):
            # The API's error format (tournaments/api/errors.py).
            return JsonResponse(
                {
                    "code": "invalid",
                    "message": message,
                    "errors": [{"field": field, "code": "null_character", "message": message}],
                },
                status=400,
            )
        return HttpResponse(render_to_string("400.html", {"message": message}), status=400)
