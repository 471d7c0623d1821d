"""The organizer's checklist (« La journée, étape par étape »): each app registers its steps here.

A step's state is read by the app that owns it (the deals by the deals app, the documents by the
printing app...), so that set-up, which sits below them, never imports them: apps call
``register`` from their ``AppConfig.ready()`` with a function of the tournament that returns
its ``Step`` — or ``None`` when the step does not concern this tournament (online registration
never opened) and is left out; ``setup.selectors.organizer_checklist`` asks them all, in order,
and marks the next step to take. Plain data: what a page, a test or the API would show.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

DONE = "done"
TODO = "todo"
IN_PROGRESS = "in_progress"
BLOCKED = "blocked"  # not yet possible: an earlier step must come first
STATES = (DONE, TODO, IN_PROGRESS, BLOCKED)


@dataclass(frozen=True)
class Step:
    """One step of the day: its name, its state, a short French reason, the page to do it."""

    key: str
    name: str  # translated
    state: str  # DONE, TODO, IN_PROGRESS or BLOCKED
    reason: str  # « 3 équipes non pointées », « 2 résultats manquants au tour 3 »
    url: str
    is_next: bool = False
    # Left to do but not pressing (documents gone out of date as results came in): it is the
    # next step only when nothing else is left to do.
    can_wait: bool = False

    @property
    def actionable(self) -> bool:
        return self.state in (TODO, IN_PROGRESS)


StepProvider = Callable[..., Step | None]

_providers: dict[str, tuple[int, StepProvider]] = {}


def register(key: str, order: int, provider: StepProvider) -> None:
    """Add (or replace) the step ``key`` at position ``order``; ``provider(tournament=…)``
    reads its state (``None``: no such step for this tournament); called by keyword, as the
    services take their arguments (``results.services.opening.opening_step``)."""
    _providers[key] = (order, provider)


def step_for(tournament, key: str) -> Step | None:
    """The one step ``key`` (None when no app registered it or it does not concern the
    tournament): what another step or an act (« Ouvrir la séance ») waits for."""
    entry = _providers.get(key)
    return None if entry is None else entry[1](tournament=tournament)


def steps_for(tournament) -> list[Step]:
    """Every registered step that concerns the tournament, in order, the first one to do marked
    ``is_next`` (one that can wait only when no other is left)."""
    found = (
        provider(tournament=tournament) for _, provider in sorted(_providers.values(), key=_order)
    )
    steps = [step for step in found if step is not None]
    to_do = [index for index, step in enumerate(steps) if step.actionable]
    pressing = [index for index in to_do if not steps[index].can_wait]
    first = (pressing or to_do or [None])[0]
    if first is not None:
        steps[first] = replace(steps[first], is_next=True)
    return steps


def _order(entry: tuple[int, StepProvider]) -> int:
    return entry[0]
