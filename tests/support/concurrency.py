"""Concurrent work for the tests that race submissions against each other on real PostgreSQL.

Each thread gets its own database connection (Django's connections are per thread) and closes
it when done; a barrier releases the threads together so that their transactions overlap.
"""

import threading
from collections.abc import Callable
from typing import Any


def run_together(count: int, work: Callable[[int], Any], *, timeout: float = 120) -> list[Any]:
    """Run ``work(index)`` in ``count`` threads released at once; return their outcomes.

    An exception raised by ``work`` is returned in its place, for the test to assert on.
    """
    from django.db import connection

    barrier = threading.Barrier(count)
    outcomes: list[Any] = [None] * count

    def thread(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[index] = work(index)
        except Exception as error:  # noqa: BLE001 - handed to the test's assertions
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=thread, args=(index,)) for index in range(count)]
    for item in threads:
        item.start()
    for item in threads:
        item.join(timeout=timeout)
    assert not any(item.is_alive() for item in threads), "a submission never came back"
    return outcomes
