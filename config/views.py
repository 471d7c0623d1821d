"""Operational views: a health check for load balancers and monitoring."""

from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache


@never_cache
def health(request):
    """200 when the database answers; says whether Celery runs in-process or through a broker."""
    from django.conf import settings

    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        database = "ok"
    except Exception:  # noqa: BLE001 - any database failure means "not healthy"
        database = "unavailable"
    status = 200 if database == "ok" else 503
    jobs = "in-process" if settings.CELERY_TASK_ALWAYS_EAGER else "broker"
    return JsonResponse({"database": database, "jobs": jobs}, status=status)


def choose_language(request):
    """The header's language switch, by GET: sets the language cookie and goes back.

    Django's ``set_language`` takes a POST with a CSRF token, which would put a per-visitor
    token in every page; the language is a preference, not an action to protect, so the switch
    is a plain GET form and the public pages stay the same for every visitor (and cacheable).
    ``next`` must be an address of this site, else the visitor goes to the home page.
    """
    from django.conf import settings
    from django.http import HttpResponseRedirect
    from django.utils.http import url_has_allowed_host_and_scheme
    from django.utils.translation import check_for_language

    next_url = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = "/"
    response = HttpResponseRedirect(next_url)
    language = request.GET.get("language", "")
    if language in dict(settings.LANGUAGES) and check_for_language(language):
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    return response
