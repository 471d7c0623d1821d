"""Reads of the online registration: the entries by state, for the organizer's page."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.setup.models import Tournament

from .models import Entry


def entries_of(tournament: Tournament, status: str) -> QuerySet[Entry]:
    return Entry.objects.filter(tournament=tournament, status=status).order_by("created_at", "pk")
