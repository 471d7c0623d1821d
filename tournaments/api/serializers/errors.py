"""The error answers' body, for the schema (the format itself is ``tournaments.api.errors``)."""

from __future__ import annotations

from rest_framework import serializers


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="Dotted path of the field, __all__ for the object.")
    code = serializers.CharField(help_text="Stable code of the problem (e.g. bid_too_low).")
    message = serializers.CharField(help_text="The problem, in the request's language.")


class ResultRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable code: invalid, not_found, conflict, ...")
    message = serializers.CharField(help_text="What went wrong, in the request's language.")
    errors = FieldErrorSerializer(many=True, help_text="Problems field by field (may be empty).")
    current = ResultRefSerializer(
        required=False, help_text="On a result conflict: the version now stored."
    )
