"""Writes of the events, one function per act (docs/simultaneous.md)."""

from .errors import EventError
from .events import answer_invitation, close_event, create_event, invite_club, open_event
from .laptop import build_upload, export_package, import_package
from .ranking import enqueue_event_ranking, mark_event_changed, recompute_event
from .uploads import accept_upload

__all__ = [
    "EventError",
    "accept_upload",
    "answer_invitation",
    "build_upload",
    "close_event",
    "create_event",
    "enqueue_event_ranking",
    "export_package",
    "import_package",
    "invite_club",
    "mark_event_changed",
    "open_event",
    "recompute_event",
]
