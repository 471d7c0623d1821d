"""The signature of what travels between the site and a club's laptop: the event's package (its
deals) and the club's results.

A document is ``{"payload": {...}, "signature": "<hex>"}``: the HMAC-SHA256 of the payload's
canonical JSON (keys sorted, no spaces, UTF-8) under the key the site issued to that club for
this event (``EventClub.key``). Threat model (docs/simultaneous.md): the key authenticates the
club and the integrity of the file on the way (a USB stick, an e-mail); whoever holds it can
send results in the club's name, so it is shown to the club's organizers only. The deals
inside a package are also bound to the commitment the event published: once the seed is
revealed anyone regenerates them.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

PACKAGE_KIND = "coinche-event-package"
UPLOAD_KIND = "coinche-event-results"
FORMAT = 1


class BadSignature(ValueError):
    """Not a signed document, or its signature does not match the key."""


def canonical(payload: Any) -> bytes:
    """The bytes that are signed: the payload's JSON, keys sorted, no spaces, UTF-8."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")


def digest(payload: Any) -> str:
    """The SHA-256 of the canonical payload: two uploads with one digest are the same."""
    return hashlib.sha256(canonical(payload)).hexdigest()


def signature(payload: Any, key: str) -> str:
    return hmac.new(key.encode(), canonical(payload), hashlib.sha256).hexdigest()


def sign(payload: dict[str, Any], key: str) -> dict[str, Any]:
    """The signed document of ``payload``."""
    return {"payload": payload, "signature": signature(payload, key)}


def read_document(data: bytes | str) -> dict[str, Any]:
    """A document read from a file or a request body, not yet verified; ``BadSignature`` when it
    is not one (not JSON, no payload, no signature)."""
    try:
        document = json.loads(data)
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        # A body nested deeper than the parser's stack is no document either.
        raise BadSignature("not json") from error
    if (
        not isinstance(document, dict)
        or not isinstance(document.get("payload"), dict)
        or not isinstance(document.get("signature"), str)
    ):
        raise BadSignature("not a signed document")
    return document


def verified_payload(document: dict[str, Any], key: str, *, kind: str) -> dict[str, Any]:
    """The payload of a document signed with ``key`` and of this ``kind``; ``BadSignature``
    otherwise (compared in constant time)."""
    payload = document["payload"]
    try:
        signed = signature(payload, key)
    except (ValueError, RecursionError) as error:
        raise BadSignature("unreadable") from error
    given = document["signature"].encode("utf-8", "replace")
    if not hmac.compare_digest(signed.encode(), given):
        raise BadSignature("signature")
    if payload.get("kind") != kind or payload.get("format") != FORMAT:
        raise BadSignature("kind")
    return payload
