"""Site-wide roles, kept as Django groups: organizers may create tournaments, arbiters score them.

Who may do what *in a given tournament* is decided by ``tournaments.setup.policy``: an organizer
manages only the tournaments listed in ``Tournament.organizers``, an arbiter only those in
``Tournament.arbiters``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias, Union

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

ORGANIZER = "organizer"
ARBITER = "arbiter"
ROLES = (ORGANIZER, ARBITER)

Account: TypeAlias = Union["User", "AnonymousUser"]  # noqa: UP007 (names known to type checkers only)
"""Who acts, as a service's ``by`` takes it: a signed-in user, or the anonymous visitor of a
public page; a service's ``by=None`` is the system itself (a command, a job, the demo).
The apps above the access policy also take its ``Actor`` (``tournaments.setup.policy.Who``)."""


def has_role(user, role: str) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return user.groups.filter(name=role).exists()
