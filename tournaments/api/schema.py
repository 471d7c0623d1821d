"""The OpenAPI schema's house rules: every operation documents its error answers.

drf-spectacular describes the success bodies from the serializers; ``ApiAutoSchema`` adds the
error answers each operation can give, all in the one format of ``errors.py``: 400 on bad input,
401 without valid credentials, 403 for a write the role does not allow, 404 for what does not
exist (or must not be known to), 409 on a result conflict.
"""

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter

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
    """AutoSchema that adds the documented error answers to every operation."""

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
