"""The one base of the errors a service raises when it refuses an act, with the reason for the page.

Each app names its own (``ClubError``, ``OrganizerError``, ``RegistrationError``,
``SeasonError``, ``DealsError``, ``ResultError``) so that a caller catches what it expects; all
of them are ``ServiceError`` and carry ``message``.
"""

from __future__ import annotations


class ServiceError(Exception):
    """A refused act. ``message`` is ready for the page, in the active language: a lazy
    translation or an already formatted string; views show it with ``messages.error`` or in the
    form, the API in its error body."""

    def __init__(self, message) -> None:
        self.message = message
        super().__init__(str(message))
