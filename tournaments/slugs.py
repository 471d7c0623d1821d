"""URL identifiers made from a name: one way for tournaments, clubs and seasons."""

from __future__ import annotations

from django.db.models import Model
from django.utils.text import slugify

SUFFIX_ROOM = 4


def unique_slug(
    model: type[Model],
    name: str,
    *,
    fallback: str,
    exclude_pk: int | None = None,
) -> str:
    """A slug of ``model`` made from ``name`` (``fallback`` when the name gives none), made
    unique with a -2, -3… suffix, within the model's ``slug`` field with room for the suffix."""
    max_length = model._meta.get_field("slug").max_length or SUFFIX_ROOM * 2
    base = slugify(name)[: max_length - SUFFIX_ROOM].strip("-") or fallback
    taken = model._default_manager.filter(slug__startswith=base)
    if exclude_pk is not None:
        taken = taken.exclude(pk=exclude_pk)
    used = set(taken.values_list("slug", flat=True))
    slug, suffix = base, 2
    while slug in used:
        slug = f"{base}-{suffix}"
        suffix += 1
    return slug
