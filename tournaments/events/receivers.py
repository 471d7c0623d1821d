"""The events app's receivers of the results' and set-up's signals."""

from .models import EventClub
from .services import mark_event_changed


def on_session_changed(sender, *, tournament, **kwargs) -> None:
    """A result (or the scoring) of an event's session changed: its figures are stale. A
    tournament of its own (``in_event`` unset, read from the row already loaded) costs nothing:
    every result entry sends this signal."""
    if not tournament.in_event:
        return
    event_id = (
        EventClub.objects.filter(tournament_id=tournament.pk).values_list("event_id", flat=True)
    ).first()
    if event_id is not None:
        mark_event_changed(event_id=event_id)
