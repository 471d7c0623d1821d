"""``tournaments.jobs.after_commit``: a job handed over once the transaction commits, whose
failure is logged and never turns the committed request into an error."""

import logging
from functools import partial

import pytest
from django.db import OperationalError, transaction

from tournaments.jobs import after_commit

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_job_runs_after_the_commit_with_its_arguments():
    calls = []
    with transaction.atomic():
        after_commit(calls.append, "classement")
        assert calls == []
    assert calls == ["classement"]


def test_the_job_does_not_run_when_the_transaction_rolls_back():
    calls = []
    with pytest.raises(RuntimeError), transaction.atomic():
        after_commit(calls.append, "classement")
        raise RuntimeError("annulé")
    assert calls == []


def enqueue_recomputation(tournament_id: int) -> None:
    raise OperationalError("the connection is closed")


@pytest.mark.parametrize("function", [enqueue_recomputation, partial(enqueue_recomputation)])
def test_a_failing_job_is_logged_not_raised(function, caplog):
    # A functools.partial has no __qualname__, which Django's log of a failing robust callback
    # reads: before after_commit, the request that had committed its result got a 500.
    with caplog.at_level(logging.ERROR, logger="django.db.backends.base"), transaction.atomic():
        after_commit(function, 7)
    assert "enqueue_recomputation" in caplog.text and "the connection is closed" in caplog.text
