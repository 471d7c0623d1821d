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
