"""This process's Celery publisher in the tests: pointing it at another broker (or back to
in-process jobs) and forgetting the connections cached for the previous one."""


def forget_celery_connections(app) -> None:
    """Drop Celery's cached connection pools and result backend, built for the previous broker.

    Eager tasks run earlier in the session leave a disabled result backend cached, and a closed
    pool would otherwise be reused by the next worker test.
    """
    from kombu import pools

    if app._pool is not None:
        app._pool.force_close_all()
    pools.reset()
    app._pool = None
    app.amqp._producer_pool = None
    app._backend_cache = None
    if app._local is not None:
        app._local.__dict__.pop("backend", None)


def use_broker(**conf) -> None:
    """Point this process's Celery publisher elsewhere (``broker_url``, ``task_always_eager``),
    dropping the pooled connections to the previous broker."""
    from config.celery import app

    app.conf.update(**conf)
    forget_celery_connections(app)
