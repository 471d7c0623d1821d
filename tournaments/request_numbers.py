"""Numbers read from a request (a query string, a form, a JSON body): parsed here, once.

A number in a request is a round, a board, a table, a version, a row's key: a whole number
written in ASCII digits, small enough for the database's integer columns. Python's own tests
accept much more: ``"²".isdigit()`` and ``"١٢".isdigit()`` are true (the first then fails
``int()``, the second is 12), ``int(" +1_0 ")`` is 10, ``int("9" * 5000)`` raises, and a
number past PostgreSQL's ``integer`` (or ``bigint``) overflows in the database. Every view
reads its numbers with :func:`whole_number`, which gives ``None`` for anything else: the view
then answers as for a missing value (the current round, « étui inconnu », a 400).
"""

from __future__ import annotations

LARGEST = 2**31 - 1
"""PostgreSQL's largest ``integer``: no number read from a request is larger."""

_MAX_DIGITS = len(str(LARGEST))


def whole_number(value: object, *, minimum: int = 0, maximum: int = LARGEST) -> int | None:
    """``value`` as an int if it is a whole number from ``minimum`` to ``maximum``: a string of
    ASCII digits (surrounding spaces allowed, no sign, no underscores) or a JSON integer (not a
    boolean); otherwise ``None``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, str):
        text = value.strip(" \t\r\n")
        if not text or len(text) > _MAX_DIGITS or not (text.isascii() and text.isdigit()):
            return None
        number = int(text)
    else:
        return None
    return number if minimum <= number <= min(maximum, LARGEST) else None
