"""The API's JSON parser: DRF's, answering a 400 in the API's error format for any body it
cannot read, including one nested so deeply that Python's decoder gives up (RecursionError)."""

from __future__ import annotations

from django.utils.translation import gettext
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class SafeJSONParser(JSONParser):
    """``application/json`` bodies; ``[[[[…`` a hundred thousand deep is a 400, not a 500."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            # json's C decoder recurses once per level and stops at the interpreter's limit.
            raise ParseError(
                gettext("Le corps de la requête est du JSON imbriqué trop profondément.")
            ) from None
