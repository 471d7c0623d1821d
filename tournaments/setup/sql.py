"""Set-up's hand-written SQL, every statement in one place: the rounds' hand-record release that
every result entry asks the access policy about.

Each is tested against its ORM twin on the same data, on both databases
(``tests/tournaments/test_sql.py``).
"""

from __future__ import annotations

from .models import Round

ROUNDS_RELEASED_SQL = (
    f"SELECT number, hands_released FROM {Round._meta.db_table} WHERE tournament_id = %s"  # noqa: S608
)
"""``policy._rounds_released``: every round's number and whether its hand records are released
(fixed SQL: building it with the ORM cost 5 % of an entry's CPU). Parameter: the tournament."""
