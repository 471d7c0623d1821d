"""The recomputation (recalcul) of a tournament's scores: load the counted results and the table
plan, call ``scoring.duplicate.compute``, store BoardScore rows and a new RankingSnapshot version.

Called by the Celery task, the catch-up and ``manage.py recompute``; safe to run twice or
concurrently (an older run never overwrites a newer one). A handful of queries whatever the size.

By concept: ``run`` (one run, start to end), ``runs`` (its place among the others and its
books), ``inputs`` (load), ``plan`` (which rankings, computed by the core), ``incremental``
(only the changed boards compared again), ``live`` (a change applied to the running totals),
``store`` and ``writes`` (the transaction and its bulk writes), ``entries`` (the snapshot's
JSON).
"""

from .entries import number, ranking_entries
from .run import recompute
from .runs import KEEP_VERSIONS, Outcome, RunReport

__all__ = ["KEEP_VERSIONS", "Outcome", "RunReport", "number", "ranking_entries", "recompute"]
