"""Site-wide roles, kept as Django groups: organizers may create tournaments, arbiters score them.

Who may do what *in a given tournament* is decided by ``tournaments.setup.policy``: an organizer
manages only the tournaments listed in ``Tournament.organizers``, an arbiter only those in
``Tournament.arbiters``.
"""

ORGANIZER = "organizer"
ARBITER = "arbiter"
ROLES = (ORGANIZER, ARBITER)


def has_role(user, role: str) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return user.groups.filter(name=role).exists()
