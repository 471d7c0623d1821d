"""Why a result write was refused: conflicts, locked results, boards not played at a table.

Each error carries a French message (a lazy translation, rendered in the active language) and a
short ``code`` for JSON answers. A record the rules refuse is ``EntryInvalid``: the entry
adapter (``services.intake``) turns the rules engine's ``ResultValidationError`` into it, its
``problems`` each a neutral ``EntryProblem`` (field, code, message template and params) that
every surface renders its own way (form errors, the API's 400, JSON items, import lines).
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring.engine.record_errors import ResultValidationError
from tournaments.service_errors import ServiceError

from .display import engine_message


class ResultError(ServiceError):
    """A refused write on a result. ``status`` is the HTTP status a view should answer with;
    ``message`` is a template filled with ``params`` (``str(error)``)."""

    code = "result_error"
    status = 400

    def __init__(self, message, **params) -> None:
        self.params = params
        super().__init__(message)

    def __str__(self) -> str:
        return str(self.message) % self.params if self.params else str(self.message)


class ResultConflict(ResultError):
    """Someone else wrote this board first, or the version the user saw is no longer current."""

    code = "conflict"
    status = 409

    def __init__(self, message, *, current=None, **params) -> None:
        self.current = current
        super().__init__(message, **params)


class ReplaceNeeded(ResultConflict):
    """The board's current result is the very version the user's screen showed: changing it
    needs the « Remplacer » box (the explicit replace intent), not a reload."""

    needs_replace = True


class ResultLocked(ResultError):
    """A confirmed (or adjusted) result: only an arbiter may change it."""

    code = "locked"
    status = 403


class ResultForbidden(ResultError):
    """The access policy says no (``tournaments.setup.policy``): a round not open for entry, a team
    that has not given its code, the entering team confirming its own result..."""

    code = "forbidden"
    status = 403


class BoardNotPlayedHere(ResultError):
    """The board is not in this table's board set for this round (or the table sits out)."""

    code = "wrong_board"


@dataclass(frozen=True)
class EntryProblem:
    """One problem of a result record, said neutrally: ``field`` is a dotted path of the record
    (``contract.bid``, ``annonces.0``; ``__all__`` for the whole record), ``code`` the rules
    engine's stable code, ``template`` its message (an English template the French catalogue
    translates) filled from ``params``."""

    field: str
    code: str
    template: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """The message in the active language, cards, seats and annonces in its notation."""
        return engine_message(self.template, self.params)


INVALID_RECORD = _("Le résultat n'est pas valide.")


class EntryInvalid(ResultError):
    """A record the rules refuse: ``problems`` lists every one (``EntryProblem``). For whoever
    may not see the board's hands they are problems of the rules alone, never of the cards."""

    code = "invalid"

    def __init__(self, problems: Iterable[EntryProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__(INVALID_RECORD)

    @classmethod
    def from_engine(cls, error: ResultValidationError) -> "EntryInvalid":
        return cls(
            EntryProblem(item.field, item.code, item.message, item.params) for item in error.errors
        )


class InvalidAction(ResultError):
    """An action that makes no sense in the result's state (confirming one's own entry...)."""

    code = "invalid_action"


ALREADY_ENTERED = _(
    "Un résultat a déjà été saisi pour cet étui à cette table. "
    "Rechargez la page pour le voir avant de le modifier."
)
REPLACE_NEEDED = _(
    "Cet étui a déjà un résultat (version %(version)s) : cochez « Remplacer » pour le modifier."
)
STALE_VERSION = _(
    "Ce résultat a été modifié entre-temps (vous aviez la version %(seen)s, la version "
    "actuelle est la %(latest)s). Rechargez la page pour voir la nouvelle version."
)
NO_LONGER_THERE = _("Ce résultat n'existe plus ou a été modifié entre-temps. Rechargez la page.")


@dataclass(frozen=True)
class LineError:
    """A bad line of an import file: its 1-based line number and a French message."""

    line: int
    message: str

    def __str__(self) -> str:
        return str(_("Ligne %(line)s : %(message)s") % {"line": self.line, "message": self.message})


class ImportRejected(Exception):
    """An import file with at least one bad line: nothing was saved. ``errors`` lists them all."""

    def __init__(self, errors: list[LineError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(error) for error in errors))
