"""What the serializers read from their context: the caller's access (``permissions.Access``:
staff see licences and staff lists) and the request (absolute links).

The views put there whatever depends on the caller or needs a query, so that the serializers
themselves ask none.
"""

from __future__ import annotations

from ..permissions import Access


def access_of(serializer) -> Access | None:
    return serializer.context.get("access")


def is_staff(serializer) -> bool:
    access = access_of(serializer)
    return bool(access and access.arbiter)


def absolute_url(serializer, path: str) -> str:
    request = serializer.context.get("request")
    return request.build_absolute_uri(path) if request is not None else path
