"""Marks the English message templates of the plain-Python core for translation.

The core never imports Django; the Django layer translates the marked templates with gettext
and fills in the parameters. ``makemessages`` extracts every ``gettext_noop("...")`` call.
"""


def gettext_noop(message: str) -> str:
    """Return ``message`` unchanged: the call only marks it for extraction."""
    return message
