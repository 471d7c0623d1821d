"""The refusal of every act on an event."""

from collections.abc import Iterable

from tournaments.service_errors import ServiceError


class EventError(ServiceError):
    """An act on an event refused, or bad input: ``messages`` say why (``message``: them all,
    one a line); ``code`` is stable for programs and the API's 400."""

    def __init__(self, code: str, messages: Iterable) -> None:
        self.code = code
        self.messages = [str(message) for message in messages]
        super().__init__("\n".join(self.messages))
