"""The error every organizer service raises when it refuses an act, with a message for the page."""

from tournaments.service_errors import ServiceError


class OrganizerError(ServiceError):
    """A refused organizer action (création, plan de table, import…), with its ``message``."""
