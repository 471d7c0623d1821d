"""English message templates for the Django layer to translate, and the error for bad requests.

Templates use ``%(name)s`` parameters so that a translation can reorder them; the pure code never
translates anything itself.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.translation import gettext_noop

__all__ = ["MovementError", "gettext_noop"]


class MovementError(ValueError):
    """A movement request that cannot be met (mouvement impossible), with a translatable message.

    ``template`` is the English text with ``%(name)s`` parameters and ``params`` their values;
    ``str(error)`` is the English rendering.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params: Mapping[str, object] = params
        super().__init__(template % params)
