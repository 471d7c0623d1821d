"""The OpenAPI schema's house rules: every operation documents its error answers, and every
enum has a name and names for its members.

drf-spectacular describes the success bodies from the serializers; ``ApiAutoSchema`` adds the
error answers each operation can give, all in the one format of ``errors.py``: 400 on bad input,
401 without valid credentials, 403 for a write the role does not allow, 404 for what does not
exist (or must not be known to), 409 on a result conflict.

The enums are named by ``ENUM_NAME_OVERRIDES`` in the settings; ``name_enum_members`` gives their
members names for generated clients (docs/api.md, « Generated clients »).
"""

from collections.abc import Mapping
from enum import Enum

from drf_spectacular.drainage import warn
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter
from rest_framework.permissions import SAFE_METHODS

from scoring.duplicate import Adjustment, Method, PenaltyUnit
from scoring.duplicate.season import SeasonMethod
from scoring.engine.annonces import AnnonceKind
from scoring.engine.cards import Rank, Seat, Side, Strain, Suit
from scoring.engine.result_record import Capot
from scoring.engine.rule_values import Coinche
from scoring.engine.rules import PRESETS, SETTINGS, Setting
from scoring.movements import MovementKind
from tournaments import vocabulary
from tournaments.registration.models import Entry
from tournaments.results.models import Result
from tournaments.setup.models import Tournament

from .serializers import ErrorSerializer

ERROR_DESCRIPTIONS = {
    "400": "Invalid input or an act refused in the tournament's state.",
    "401": "No valid credentials for an act that needs them (or an invalid token).",
    "403": "The role of these credentials does not allow this act.",
    "404": "Not found, or not visible with these credentials.",
    "409": "Someone else changed this result first.",
}

IDEMPOTENCY_KEY = OpenApiParameter(
    name="Idempotency-Key",
    type=str,
    location=OpenApiParameter.HEADER,
    required=False,
    description=(
        "Any unique string (a UUID) chosen by the client for this submission: retrying the "
        "request with the same key returns the result the first attempt stored, with the same "
        "status, and stores nothing more. At most 200 characters."
    ),
)


def replayed_header(status_code: int) -> OpenApiParameter:
    """The response header that marks an answer replayed for a repeated Idempotency-Key."""
    return OpenApiParameter(
        name="Idempotent-Replayed",
        type=str,
        enum=["true"],
        location=OpenApiParameter.HEADER,
        response=[status_code],
        description="Present when this answer repeats the one given to an earlier request "
        "with the same Idempotency-Key (nothing was stored this time).",
    )


class ApiAutoSchema(AutoSchema):
    """AutoSchema that adds the documented error answers to every operation, and says that
    reads need no credentials."""

    def get_auth(self):
        # Every read is open to anonymous callers (the querysets filter what they see, see
        # permissions.py); without the empty requirement, generated clients demand a token.
        # A view closed to all but its tournament's organizers says ``anonymous_reads = False``.
        auth = super().get_auth()
        anonymous_reads = getattr(self.view, "anonymous_reads", True)
        if self.method in SAFE_METHODS and anonymous_reads and {} not in auth:
            auth.append({})
        return auth

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code in self._error_codes():
            if code not in responses:
                responses[code] = self._get_response_for_code(
                    ErrorSerializer, code, direction=direction
                )
                responses[code]["description"] = ERROR_DESCRIPTIONS[code]
        return responses

    def _error_codes(self) -> list[str]:
        writes = self.method in ("POST", "PUT", "PATCH", "DELETE")
        codes = ["401"]
        if writes or self._is_list_view():
            codes.append("400")
        if writes:
            codes.append("403")
        if "{" in self.path or self._is_list_view():
            codes.append("404")
        codes.extend(getattr(self.view, "extra_error_codes", {}).get(self.method, ()))
        return sorted(set(codes))


def _members(enum: type[Enum], codes: Mapping[Enum, str] | None = None) -> dict:
    """Each member's name by its value, or by its code where the site has its own
    (``vocabulary.ADJUSTMENT_CODES``)."""
    return {codes[member] if codes else member.value: member.name for member in enum}


def _setting_members(setting: Setting) -> dict:
    """An enum setting's members by their names; a number's as the setting's name and the
    number (``FAILURE_BASE_160``)."""
    if setting.is_enum:
        return _members(setting.kind)
    return {value: f"{setting.name.upper()}_{value}" for value in setting.values()}


# The identifier of every value of every enum of the schema, by enum name, most of them from the
# domain's own enums. Generators need them: values such as A-, A and A+ (or 10, or 0) are no
# identifiers, and upper-casing them makes A- and A collide.
ENUM_MEMBERS: dict[str, dict] = {
    "Seat": _members(Seat),
    "Side": _members(Side),
    "Strain": _members(Strain),
    "Suit": _members(Suit),
    "Rank": _members(Rank),
    "AnnonceKind": _members(AnnonceKind),
    "Capot": _members(Capot),
    "BidCapot": {"capot": "CAPOT"},
    "Coinche": _members(Coinche),
    "Adjustment": _members(Adjustment, vocabulary.ADJUSTMENT_CODES),
    "ResultStatus": _members(Result.Status),
    "ResultSource": _members(Result.Source),
    # The API named PERCENT_OF_TOP "PERCENT" before the core's enum made the choices: generated
    # clients keep that name.
    "PenaltyUnit": {**_members(PenaltyUnit), PenaltyUnit.PERCENT_OF_TOP.value: "PERCENT"},
    "TournamentStatus": _members(Tournament.Status),
    "ScoringMethod": _members(Method),
    "MovementType": _members(MovementKind),
    "DealsMode": _members(Tournament.DealsMode),
    "RulesPreset": {name: name.upper().replace("-", "_") for name in PRESETS},
    # Each rule setting with choices (scoring.engine.rules.SETTINGS).
    **{setting.values_name: _setting_members(setting) for setting in SETTINGS if setting.is_choice},
    "Role": {"organizer": "ORGANIZER", "arbiter": "ARBITER", "table": "TABLE"},
    "SeasonMethod": _members(SeasonMethod),
    "AnalysisStatus": {
        "ready": "READY",
        "pending": "PENDING",
        "unrecorded": "UNRECORDED",
        "hidden": "HIDDEN",
    },
    "RegistrationStatus": _members(Entry.Status),
    # drf-spectacular's companion of an enum that also takes "" (an empty adjustment, say).
    "BlankEnum": {"": "BLANK"},
}


def name_enum_members(result: dict, generator, **kwargs) -> dict:
    """Postprocessing hook, after drf-spectacular's enum hook: ``x-enum-varnames`` on every enum
    component, and a query parameter that takes one of these enums refers to it by name."""
    schemas = result.get("components", {}).get("schemas", {})
    for name, schema in schemas.items():
        values = [value for value in schema.get("enum", ()) if value is not None]
        if not values:
            continue  # not an enum, or drf-spectacular's NullEnum (a null is no member)
        members = ENUM_MEMBERS.get(name, {})
        if any(value not in members for value in values):
            warn(f"enum {name}: no member name for some of {values} (schema.ENUM_MEMBERS)")
            continue
        schema["x-enum-varnames"] = [members[value] for value in values]
    for name in ENUM_MEMBERS.keys() - schemas.keys():
        warn(f"enum {name} of schema.ENUM_MEMBERS is not in the schema")
    for name in ENUM_MEMBERS.keys() & schemas.keys():
        if "enum" not in schemas[name]:
            warn(f"{name} is not an enum: another component took the name")

    by_values = {}
    for name in ENUM_MEMBERS.keys() & schemas.keys():
        by_values.setdefault(frozenset(schemas[name].get("enum", ())), []).append(name)
    for path, item in result.get("paths", {}).items():
        for method, operation in item.items():
            for parameter in operation.get("parameters", ()):
                schema = parameter.get("schema", {})
                if "enum" not in schema:
                    continue
                names = by_values.get(frozenset(schema["enum"]), [])
                if len(names) != 1:
                    warn(f"{method} {path}: parameter {parameter['name']} takes no named enum")
                    continue
                parameter["schema"] = {"$ref": f"#/components/schemas/{names[0]}"}
    return result
