"""Handing a job to Celery from a request: once, without waiting for a broker that is away.

A request that publishes a job (a ranking to recompute, a PDF to make) must answer at once
whatever the broker does: ``publish`` makes one connection attempt (kombu would otherwise retry
for seconds) and raises ``BrokerUnavailable`` when the broker cannot be reached, for the caller
to record (the job is then caught up later, or the document says so).
"""

from __future__ import annotations

from django.db import DatabaseError, InterfaceError, transaction
from kombu.exceptions import OperationalError as KombuOperationalError
from redis.exceptions import RedisError

BROKER_ERRORS = (KombuOperationalError, RedisError, OSError)


def task_options(*, retried: bool, **overrides) -> dict[str, object]:
    """The Celery options of every job: ``@shared_task(name=..., **task_options(...))``.

    Each is acknowledged late (a worker lost mid-run leaves the message to another one) and keeps
    no result. A ``retried`` job is also retried with a jittered backoff on database errors (the
    database restarting, a connection lost): the jobs are idempotent, so a retry only finishes
    the work. ``overrides`` changes one option for one job (the documents back off longer)."""
    options: dict[str, object] = {"acks_late": True, "ignore_result": True}
    if retried:
        options |= {
            "autoretry_for": (DatabaseError, InterfaceError),
            "retry_backoff": 1,
            "retry_backoff_max": 60,
            "retry_jitter": True,
            "max_retries": 10,
        }
    return options | overrides


class BrokerUnavailable(Exception):
    """The broker could not be reached: nothing was published."""


def publish(task, args: tuple = (), **options) -> None:
    """Publish ``task(*args)`` with ``options`` (countdown, expires...), one connection attempt;
    ``BrokerUnavailable`` if the broker is away. With no broker configured (jobs run in the
    process, ``task_always_eager``) the task runs here."""
    try:
        if task.app.conf.task_always_eager:
            task.apply_async(args, **options)
            return
        with task.app.connection_for_write(transport_options={"max_retries": 0}) as connection:
            task.apply_async(args, connection=connection, **options)
    except BROKER_ERRORS as error:
        raise BrokerUnavailable(str(error)) from error


def after_commit(function, *args, **kwargs) -> None:
    """Call ``function(*args, **kwargs)`` once the current transaction commits, as a *robust*
    callback: an error it raises is logged, never raised, since the transaction's write is
    committed and stands (a job not published is caught up later).

    Wrapped in a named function: when a robust callback fails, Django's log of it reads the
    callback's ``__qualname__``, which a ``functools.partial`` lacks, and the request that had
    committed its result was answered 500 (seen when PostgreSQL stopped right after a commit)."""

    def call() -> None:
        function(*args, **kwargs)

    arguments = f"{args!r}{kwargs!r}" if kwargs else repr(args)
    call.__qualname__ = f"{getattr(function, '__qualname__', repr(function))}{arguments}"
    transaction.on_commit(call, robust=True)
