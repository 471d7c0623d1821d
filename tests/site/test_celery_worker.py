"""A task goes through the real Redis broker to a real worker process and its result comes back."""

import pytest

pytestmark = pytest.mark.worker


def test_health_task_round_trips_through_redis_to_a_worker_process(celery_worker):
    from config.celery import ping

    result = ping.delay().get(timeout=30)

    assert result["pong"] is True
    assert result["database"] is True
    # Executed in the worker's process tree, not in this test process.
    assert result["worker_pid"] != __import__("os").getpid()
