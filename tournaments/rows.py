"""Model instances read and written by fixed SQL, for the statements every result entry runs.

Building a statement with the ORM (joins, ``select_related``, annotations) costs more CPU than
running it: for the two reads of an API entry — the token with its creator, tournament, table
and roles; the table plan row with its round, table, teams and the board's hands — about half
of the entry's time in the Django process (docs/performance.md). Those statements are written
once as SQL that runs on PostgreSQL and SQLite alike; this module gives them the select list of
a model (``Columns.sql``) and turns the row back into the instance the ORM would have built
(``Columns.load``: the same values, converted by the same database and field converters).

``insert`` writes a new instance the same way (the result version and its audit event).

On PostgreSQL these statements go through ``cursor()``, which prepares them on the server:
planning the two joined reads cost PostgreSQL more than running them (0.5 and 1.0 ms of CPU,
0.1 ms each once prepared). Django prepares nothing by default, for connection poolers that
cannot keep prepared statements (PgBouncer before 1.21, or without
``max_prepared_statements``): ``PREPARED_STATEMENTS=0`` turns it off (docs/deployment.md).

The select list and the insert follow the model's concrete fields, so a field added to a model
is read and written without touching the statements.
"""

from __future__ import annotations

import functools
from functools import cached_property
from types import SimpleNamespace

from django.conf import settings
from django.db import connection
from django.db.models import Field, Model
from django.db.models.expressions import Col
from django.db.models.signals import post_save, pre_save


class _Preparing:
    """A psycopg cursor that binds its parameters on the server and prepares each statement
    (psycopg keeps them per connection, keyed by the statement and its parameters' types)."""

    def __init__(self, cursor):
        self._cursor = cursor
        self._executed = ("", None)

    def execute(self, sql, params=None):
        self._executed = (sql, params)
        return self._cursor.execute(sql, params, prepare=True)

    @property
    def _query(self):
        """What Django's query log reads (``last_executed_query``, when ``DEBUG`` or a test
        captures the queries): the statement with its values, as for Django's own cursors."""
        import psycopg

        text = psycopg.ClientCursor(self._cursor.connection).mogrify(*self._executed)
        return SimpleNamespace(query=text.encode())

    def __getattr__(self, name):
        return getattr(self._cursor, name)


def cursor():
    """A cursor on the default database for the fixed statements of this module's callers:
    prepared on the server on PostgreSQL (unless ``PREPARED_STATEMENTS`` is off), an ordinary
    one elsewhere. Logged, wrapped and error-translated as Django's own cursors are."""
    if connection.vendor != "postgresql" or not settings.PREPARED_STATEMENTS:
        return connection.cursor()
    import psycopg

    connection.close_if_health_check_failed()
    connection.ensure_connection()
    if connection.connection.prepare_threshold is None:  # prepared statements off
        return connection.cursor()
    connection.validate_thread_sharing()
    with connection.wrap_database_errors:
        raw = _Preparing(psycopg.Cursor(connection.connection))
    if connection.queries_logged:
        return connection.make_debug_cursor(raw)
    return connection.make_cursor(raw)


def _converters(field: Field, alias: str) -> tuple[list, Col]:
    """What the ORM's compiler applies to a value of ``field`` read from the database."""
    expression = Col(alias, field)
    return (
        connection.ops.get_db_converters(expression) + expression.get_db_converters(connection),
        expression,
    )


@functools.cache
def _field_converters(field: Field) -> tuple[list, Col]:
    return _converters(field, "")


def convert(field: Field, value):
    """``value`` of ``field`` as read by the database driver, converted as the ORM would."""
    converters, expression = _field_converters(field)
    for converter in converters:
        value = converter(value, expression, connection)
    return value


class Columns:
    """Every concrete column of ``model`` under the SQL alias ``alias``."""

    def __init__(self, model: type[Model], alias: str):
        self.model = model
        self.alias = alias
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [field.attname for field in self.fields]
        self.pk_index = self.fields.index(model._meta.pk)

    def __len__(self) -> int:
        return len(self.fields)

    @cached_property
    def sql(self) -> str:
        """The select list: ``alias."column", ...`` in the order of the model's fields."""
        quote = connection.ops.quote_name
        return ", ".join(f"{self.alias}.{quote(field.column)}" for field in self.fields)

    @cached_property
    def _conversions(self) -> list[tuple[int, list, Col]]:
        conversions = []
        for index, field in enumerate(self.fields):
            converters, expression = _converters(field, self.alias)
            if converters:
                conversions.append((index, converters, expression))
        return conversions

    def load(self, row, start: int) -> Model | None:
        """The instance from ``row[start:start + len(self)]``; None when an outer join found no
        row (its primary key is NULL)."""
        values = list(row[start : start + len(self.fields)])
        if values[self.pk_index] is None:
            return None
        for index, converters, expression in self._conversions:
            value = values[index]
            for converter in converters:
                value = converter(value, expression, connection)
            values[index] = value
        return self.model.from_db(connection.alias, self.attnames, values)


def split(row, *columns: Columns) -> tuple[list[Model | None], tuple]:
    """The instances of ``columns``, read one after the other from the start of ``row``
    (``Columns.load``), and the values that follow them."""
    instances, start = [], 0
    for each in columns:
        instances.append(each.load(row, start))
        start += len(each)
    return instances, tuple(row[start:])


class _Insert:
    """The fixed ``INSERT`` of a model: every concrete column but an automatic primary key."""

    def __init__(self, model: type[Model]):
        meta = model._meta
        # Without an automatic key, or with a value the database fills in: the ORM's way.
        self.usable = meta.auto_field is not None and not any(
            field.has_db_default() for field in meta.local_concrete_fields
        )
        self.fields = [
            field
            for field in meta.local_concrete_fields
            if field is not meta.auto_field and not field.generated
        ]
        quote = connection.ops.quote_name
        columns = ", ".join(quote(field.column) for field in self.fields)
        placeholders = ", ".join(["%s"] * len(self.fields))
        self.returning = connection.features.can_return_columns_from_insert
        self.sql = (
            f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({placeholders})"  # noqa: S608
            + (f" RETURNING {quote(meta.pk.column)}" if self.returning else "")
        )


_inserts: dict[type[Model], _Insert] = {}


def insert(instance: Model) -> Model:
    """Insert a new ``instance`` as ``instance.save(force_insert=True)`` would (its automatic
    values, such as ``auto_now_add``, filled in; its primary key read back), by a fixed
    statement: building the ``INSERT`` with the ORM cost as much CPU as the two rows a result
    entry writes. A model someone listens to (``pre_save``/``post_save``), or with a field
    the database fills in, is saved the ORM's way."""
    model = type(instance)
    statement = _inserts.get(model)
    if statement is None:
        statement = _inserts[model] = _Insert(model)
    if (
        not statement.usable
        or instance.pk is not None
        or pre_save.has_listeners(model)
        or post_save.has_listeners(model)
    ):
        instance.save(force_insert=True)
        return instance
    values = [
        field.get_db_prep_save(field.pre_save(instance, True), connection)
        for field in statement.fields
    ]
    with cursor() as database:
        database.execute(statement.sql, values)
        pk = database.fetchone()[0] if statement.returning else database.lastrowid
    instance.pk = pk
    instance._state.adding = False
    instance._state.db = connection.alias
    return instance
