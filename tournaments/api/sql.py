"""The API's hand-written SQL, every statement in one place: the read of a token with its creator,
tournament, table and the creator's roles, which every API request with a token runs.

Each is tested against its ORM twin on the same data, on both databases
(``tests/tournaments/test_rows.py``: the token read field by field as the ORM reads it).
"""

from __future__ import annotations

import functools

from django.contrib.auth import get_user_model
from django.db import connection

from tournaments import rows
from tournaments.setup.models import Table, Tournament

from .models import ApiToken

TOKEN_COLUMNS = (
    rows.Columns(ApiToken, "token"),
    rows.Columns(get_user_model(), "creator"),
    rows.Columns(Tournament, "tournament"),
    rows.Columns(Table, "token_table"),
)
"""The rows ``token_sql`` reads, in its order (``rows.split`` turns them into instances); the
creator's two roles follow them."""


def _role_exists(through) -> str:
    table = connection.ops.quote_name(through._meta.db_table)
    return f"""EXISTS(SELECT 1 FROM {table} role
        WHERE role.tournament_id = token.tournament_id AND role.user_id = token.user_id)"""  # noqa: S608


@functools.cache
def token_sql() -> str:
    """``authentication.token_with_roles``: the token of a key hash (the parameter), its creator,
    tournament and table, and whether the creator organizes or arbitrates that tournament."""
    token, user, tournament, table = TOKEN_COLUMNS
    quote = connection.ops.quote_name
    creator = user.model._meta
    return f"""
SELECT {token.sql}, {user.sql}, {tournament.sql}, {table.sql},
    {_role_exists(Tournament.organizers.through)}, {_role_exists(Tournament.arbiters.through)}
FROM {quote(ApiToken._meta.db_table)} token
JOIN {quote(creator.db_table)} creator ON creator.{quote(creator.pk.column)} = token.user_id
JOIN {quote(Tournament._meta.db_table)} tournament ON tournament.id = token.tournament_id
LEFT JOIN {quote(Table._meta.db_table)} token_table ON token_table.id = token.table_id
WHERE token.key_hash = %s
"""  # noqa: S608 - table and column names from the models, the hash as a parameter
