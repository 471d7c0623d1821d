"""The API's one error format, whatever went wrong.

Every error answer is ``{"code", "message", "errors": [{"field", "code", "message"}]}``:
``code`` is stable for programs, ``message`` is a sentence in the request's language (French
by default), ``errors`` lists the problems field by field (``field`` is a dotted path such as
``record.contract.bid`` or ``players.1.last_name``; ``__all__`` for the whole object). A
conflict on a result adds ``current``, the version now stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, status
from rest_framework.views import exception_handler as drf_exception_handler

from scoring.engine.result_record import ResultValidationError
from tournaments.deals.services import DealsError
from tournaments.registration.services import RegistrationError
from tournaments.results.exceptions import EntryInvalid, ResultConflict, ResultError
from tournaments.setup.services import OrganizerError

ALL_FIELDS = "__all__"


class FieldErrors(exceptions.APIException):
    """A 400 listing every problem of the request, field by field."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"
    default_detail = _("La requête contient des erreurs.")

    def __init__(self, errors: list[dict[str, str]], message=None) -> None:
        super().__init__(message or self.default_detail, self.default_code)
        self.errors = errors

    @classmethod
    def from_problems(cls, error: EntryInvalid, prefix: str = "") -> FieldErrors:
        """A record's problems (the entry adapter's ``EntryInvalid``), with their messages in
        the request's language and its notation (« il manque V♠ »); the codes stay the
        core's."""
        return cls(
            [
                {
                    "field": _join(prefix, problem.field),
                    "code": problem.code,
                    "message": problem.text(),
                }
                for problem in error.problems
            ],
            str(error),
        )

    @classmethod
    def single(cls, field: str, code: str, message) -> FieldErrors:
        return cls([{"field": field, "code": code, "message": str(message)}])


class Refused(exceptions.APIException):
    """An act the services refused in the tournament's current state (400)."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "refused"

    def __init__(self, message, code: str = "refused", status_code: int | None = None) -> None:
        super().__init__(message, code)
        self.code = code
        if status_code is not None:
            self.status_code = status_code
        self.current = None


@contextmanager
def model_errors() -> Iterator[None]:
    """Model validation (``full_clean`` in the services) as a 400 field by field."""
    try:
        yield
    except DjangoValidationError as error:
        raise FieldErrors(
            [
                {"field": field, "code": "invalid", "message": str(message)}
                for field, messages in error.message_dict.items()
                for message in messages
            ]
        ) from error


def _join(prefix: str, field: str) -> str:
    if not prefix:
        return field
    if field == ALL_FIELDS:
        return prefix
    return f"{prefix}.{field}"


def flatten(detail: Any, prefix: str = "") -> Iterable[dict[str, str]]:
    """DRF's nested validation detail as a flat list of dotted paths."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = ALL_FIELDS if key in ("non_field_errors", ALL_FIELDS) else str(key)
            yield from flatten(value, _join(prefix, name) if name != ALL_FIELDS else prefix)
    elif isinstance(detail, list):
        if all(isinstance(item, exceptions.ErrorDetail | str) for item in detail):
            for item in detail:
                yield {
                    "field": prefix or ALL_FIELDS,
                    "code": getattr(item, "code", None) or "invalid",
                    "message": str(item),
                }
        else:
            for index, item in enumerate(detail):
                if item:
                    yield from flatten(item, _join(prefix, str(index)))
    else:
        yield {
            "field": prefix or ALL_FIELDS,
            "code": getattr(detail, "code", None) or "invalid",
            "message": str(detail),
        }


def _translate(exc: Exception) -> Exception:
    """Domain errors of the services as API exceptions."""
    if isinstance(exc, ResultValidationError):
        return FieldErrors.from_problems(EntryInvalid.from_engine(exc))
    if isinstance(exc, EntryInvalid):
        return FieldErrors.from_problems(exc)
    if isinstance(exc, ResultError):
        refused = Refused(str(exc), exc.code, exc.status)
        if isinstance(exc, ResultConflict) and exc.current is not None:
            refused.current = exc.current
        return refused
    if isinstance(exc, OrganizerError):
        return Refused(str(exc.message))
    if isinstance(exc, RegistrationError):
        return Refused(str(exc.message), "invalid_transition")
    if isinstance(exc, DealsError):
        return Refused(" ".join(exc.messages), exc.code)
    if isinstance(exc, Http404):
        return exceptions.NotFound(_("Introuvable."))
    if isinstance(exc, DjangoPermissionDenied):
        return exceptions.PermissionDenied()
    return exc


def _code(exc: exceptions.APIException) -> str:
    code = getattr(exc, "code", None)
    if isinstance(code, str):
        return code
    codes = exc.get_codes()
    return codes if isinstance(codes, str) else exc.default_code


def api_exception_handler(exc: Exception, context: dict) -> Any:
    """DRF's handler (status codes, authentication headers), answering in the API's format."""
    exc = _translate(exc)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, FieldErrors):
        body = {"code": exc.default_code, "message": str(exc.detail), "errors": exc.errors}
    elif isinstance(exc, exceptions.ValidationError):
        body = {
            "code": "invalid",
            "message": gettext("La requête contient des erreurs."),
            "errors": list(flatten(exc.detail)),
        }
    else:
        message = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
        body = {"code": _code(exc), "message": str(message), "errors": []}
        current = getattr(exc, "current", None)
        if current is not None:
            body["current"] = {
                "id": current.pk,
                "version": current.version,
                "status": current.status,
            }
    response.data = body
    return response
