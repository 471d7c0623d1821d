"""Which tournaments a user may see or manage, and the lists of them."""

from django.db.models import Count, Q, QuerySet
from django.http import Http404

from tournaments.setup.policy import can_see_tournament

from ..models import Tournament


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


def tournaments_organized_by(user) -> QuerySet[Tournament]:
    """Tournaments this user organizes (« Mes tournois »), with their team counts."""
    if not user.is_authenticated:
        return Tournament.objects.none()
    queryset = Tournament.objects.all()
    if not user.is_superuser:
        queryset = queryset.filter(organizers=user)
    return queryset.annotate(
        team_count=Count("teams", filter=Q(teams__withdrawn=False), distinct=True),
        checked_in_count=Count(
            "teams", filter=Q(teams__withdrawn=False, teams__checked_in=True), distinct=True
        ),
    ).order_by("-date", "name")


def visible_tournament(user, slug: str) -> Tournament:
    """The tournament for a page: a draft exists only for its organizers (404 otherwise,
    ``policy.can_see_tournament``)."""
    try:
        tournament = Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        raise Http404 from None
    if not can_see_tournament(user, tournament):
        raise Http404
    return tournament


def is_club_player_of(tournament: Tournament, club_player_id: int) -> bool:
    """Is ``club_player_id`` a record (not anonymised) of the registry of the tournament's
    club? Never for a tournament without a club."""
    club = tournament.organizing_club
    return club is not None and club.players.filter(pk=club_player_id, anonymised=False).exists()
