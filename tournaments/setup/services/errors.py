"""The error every organizer service raises when it refuses an act, with a message for the page."""


class OrganizerError(Exception):
    """A refused organizer action (création, plan de table, import…).

    ``message`` is French, ready for the page (a lazy translation or an already formatted
    string); views show it with ``messages.error`` or in the form.
    """

    def __init__(self, message) -> None:
        self.message = message
        super().__init__(str(message))
