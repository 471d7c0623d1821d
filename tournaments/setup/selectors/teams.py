"""A tournament's teams and players, and their numbers."""

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.http import Http404

from ..models import Player, Team, Tournament


def teams_of(tournament: Tournament, *, include_withdrawn: bool = True) -> QuerySet[Team]:
    teams = tournament.teams.select_related("player_one", "player_two").order_by("number")
    if not include_withdrawn:
        teams = teams.filter(withdrawn=False)
    return teams


def players_of(tournament: Tournament) -> QuerySet[Player]:
    """The tournament's players (joueurs), by last and first name."""
    return Player.objects.filter(tournament=tournament).order_by("last_name", "first_name", "pk")


def team_numbers(tournament: Tournament) -> dict[int, int]:
    """Each team's number, by team id."""
    return dict(tournament.teams.values_list("pk", "number"))


def team_number_by_player(tournament: Tournament) -> dict[int, int]:
    """The number of each player's team, by player id."""
    numbers = {}
    for number, one, two in tournament.teams.values_list(
        "number", "player_one_id", "player_two_id"
    ):
        numbers[one] = number
        numbers[two] = number
    return numbers


@dataclass(frozen=True)
class TeamCounts:
    registered: int
    withdrawn: int
    checked_in: int

    @property
    def active(self) -> int:
        return self.registered - self.withdrawn

    @property
    def waiting(self) -> int:
        """Registered, not withdrawn, not yet checked in."""
        return self.active - self.checked_in


def team_counts(tournament: Tournament) -> TeamCounts:
    counts = tournament.teams.aggregate(
        registered_count=Count("pk"),
        withdrawn_count=Count("pk", filter=Q(withdrawn=True)),
        checked_in_count=Count("pk", filter=Q(withdrawn=False, checked_in=True)),
    )
    return TeamCounts(
        registered=counts["registered_count"],
        withdrawn=counts["withdrawn_count"],
        checked_in=counts["checked_in_count"],
    )


def team_by_number(tournament: Tournament, number: int) -> Team:
    try:
        return tournament.teams.select_related(
            "player_one__club_player", "player_two__club_player"
        ).get(number=number)
    except Team.DoesNotExist:
        raise Http404 from None
