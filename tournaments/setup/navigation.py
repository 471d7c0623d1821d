"""The tournament menu: each app registers its pages here, shown to whoever may open them.

Apps call ``register`` from their ``AppConfig.ready()``; the ``tournament_nav`` template tag
lists the entries of a section whose role the user has in that tournament. Every entry's URL
takes the tournament's slug as its only argument.
"""

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse

from .policy import is_arbiter, is_organizer

PUBLIC = "public"
ARBITER = "arbiter"
ORGANIZER = "organizer"


@dataclass(frozen=True)
class NavEntry:
    url_name: str
    label: str  # a lazy translation
    role: str  # PUBLIC, ARBITER or ORGANIZER
    order: int


_entries: dict[str, NavEntry] = {}


def register(url_name: str, label, role: str, order: int) -> None:
    if role not in (PUBLIC, ARBITER, ORGANIZER):
        raise ValueError(f"unknown role {role!r}")
    _entries[url_name] = NavEntry(url_name, label, role, order)


def entries_for(user, tournament) -> list[dict]:
    """Menu entries this user may open in this tournament, in order, with their URLs."""
    allowed = {PUBLIC}
    if is_arbiter(user, tournament):
        allowed.add(ARBITER)
    if is_organizer(user, tournament):
        allowed.add(ORGANIZER)
    items = []
    for entry in sorted(_entries.values(), key=lambda e: (e.role != PUBLIC, e.order)):
        if entry.role not in allowed:
            continue
        try:
            url = reverse(entry.url_name, args=[tournament.slug])
        except NoReverseMatch:
            continue
        items.append({"url": url, "label": entry.label, "role": entry.role})
    return items
