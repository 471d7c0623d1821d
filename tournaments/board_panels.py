"""Panels shown under a board on its pages (the hand record, the traveller), registered by the
apps above the ones that draw those pages.

The deals app draws the hand record and the standings app the traveller; what a higher app
adds under the board (play: « Rejouer cette donne contre les robots » and the account's own
marks) is its own to read and render. Like the organizer's checklist (``checklist``), the
higher app calls ``register`` from its ``AppConfig.ready()`` with a function of
``(request, tournament, board_number)`` returning HTML (already escaped, ``SafeString``) or
None; the page asks ``panels_for`` and prints what comes, in order.
"""

from __future__ import annotations

from collections.abc import Callable

PanelProvider = Callable[[object, object, int], str | None]

_providers: dict[str, tuple[int, PanelProvider]] = {}


def register(key: str, order: int, provider: PanelProvider) -> None:
    """Add (or replace) the panel ``key`` at position ``order``."""
    _providers[key] = (order, provider)


def panels_for(request, tournament, board_number: int) -> list[str]:
    """The panels every app gives for this board and this request, in their order."""
    panels = []
    for _order, provider in sorted(_providers.values(), key=lambda entry: entry[0]):
        panel = provider(request, tournament, board_number)
        if panel:
            panels.append(panel)
    return panels
