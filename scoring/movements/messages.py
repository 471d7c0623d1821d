"""English message templates for the Django layer to translate, and the error for bad requests.

Templates use ``%(name)s`` parameters so that a translation can reorder them; the pure code never
translates anything itself.
"""

from __future__ import annotations

from collections.abc import Mapping


def gettext_noop(message: str) -> str:
    """Mark ``message`` for extraction by ``makemessages`` without importing Django.

    Django's ``makemessages`` looks for calls named ``gettext_noop`` whatever module they come
    from, so the templates below end up in the catalogue; the Django layer then renders them with
    ``gettext(template) % params``.
    """
    return message


class MovementError(ValueError):
    """A movement request that cannot be met (mouvement impossible), with a translatable message.

    ``template`` is the English text with ``%(name)s`` parameters and ``params`` their values;
    ``str(error)`` is the English rendering.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params: Mapping[str, object] = params
        super().__init__(template % params)
