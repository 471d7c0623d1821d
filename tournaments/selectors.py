"""Reads on tournaments, for pages and the API."""

from django.db.models import Count, Q, QuerySet

from .models import Tournament


def listed_tournaments() -> QuerySet[Tournament]:
    """Tournaments shown on the home page: everything past the draft stage."""
    return (
        Tournament.objects.exclude(status=Tournament.Status.DRAFT)
        .annotate(team_count=Count("teams", filter=Q(teams__withdrawn=False)))
        .order_by("-date", "name")
    )


def tournaments_managed_by(user) -> QuerySet[Tournament]:
    """Tournaments this user organizes or arbitrates (all of them for a superuser)."""
    if not user.is_authenticated:
        return Tournament.objects.none()
    queryset = Tournament.objects.all()
    if not user.is_superuser:
        queryset = queryset.filter(Q(organizers=user) | Q(arbiters=user)).distinct()
    return queryset.annotate(team_count=Count("teams", filter=Q(teams__withdrawn=False)))
