"""The Celery application: configured from Django settings (CELERY_*), tasks found in the apps."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("coinche")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="health.ping")
def ping() -> dict:
    """Round trip through the broker to a worker that can reach the database."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        database_ok = cursor.fetchone()[0] == 1
    return {"pong": True, "database": database_ok, "worker_pid": os.getpid()}
