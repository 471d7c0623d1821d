"""Writes on teams: registration one by one or by import, edits, withdrawal, check-in (pointage).

Every check is made before anything is written, and the writes of one act share a transaction:
an import with one wrong row saves nothing.
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext

from tournaments.clubs.selectors import licence_key, name_key
from tournaments.clubs.services import player_for_entry
from tournaments.setup.models import Player, TableAssignment, Team, Tournament
from tournaments.setup.signals import team_withdrawn

from .errors import OrganizerError

MAX_TEAM_NUMBER = 999


@dataclass(frozen=True)
class PlayerData:
    """A player as typed or imported: first and last name, licence number, club."""

    first_name: str
    last_name: str
    licence: str = ""
    club: str = ""
    # The club's registry record chosen for this player (None: found or created from the
    # names and licence).
    club_player_id: int | None = None


@dataclass(frozen=True)
class TeamData:
    """A team as typed or imported; ``number`` None takes the next free number."""

    players: tuple[PlayerData, PlayerData]
    name: str = ""
    number: int | None = None


@dataclass(frozen=True)
class TeamProblem:
    """What is wrong with one team (one import row, or the form): ``index`` is 0-based."""

    index: int
    message: str


def next_team_number(*, tournament: Tournament) -> int:
    """The number a new team gets: one more than the highest number in use."""
    highest = tournament.teams.aggregate(highest=Max("number"))["highest"]
    return (highest or 0) + 1


def team_problems(
    *, tournament: Tournament, teams: Sequence[TeamData], editing: Team | None = None
) -> list[TeamProblem]:
    """Every problem of these teams, checked against each other and the registered teams.

    ``editing`` is the team being changed: its own number and players do not count as taken.
    """
    problems: list[TeamProblem] = []
    existing_players = Player.objects.filter(tournament=tournament).exclude(licence="")
    existing_teams = Team.objects.filter(tournament=tournament)
    if editing is not None:
        existing_players = existing_players.exclude(
            pk__in=[editing.player_one_id, editing.player_two_id]
        )
        existing_teams = existing_teams.exclude(pk=editing.pk)
    taken_licences = {
        licence.casefold(): licence
        for licence in existing_players.values_list("licence", flat=True)
    }
    taken_numbers = set(existing_teams.values_list("number", flat=True))
    licence_counts = Counter(
        player.licence.strip().casefold()
        for team in teams
        for player in team.players
        if player.licence.strip()
    )
    number_counts = Counter(team.number for team in teams if team.number is not None)
    for index, team in enumerate(teams):
        for position, player in enumerate(team.players, start=1):
            problems.extend(
                TeamProblem(index, message)
                for message in _player_problems(position, player, taken_licences, licence_counts)
            )
        if team.number is not None:
            message = _number_problem(team.number, taken_numbers, number_counts)
            if message is not None:
                problems.append(TeamProblem(index, message))
    return problems


def _player_problems(
    position: int, player: PlayerData, taken: Mapping[str, str], counts: Counter
) -> list[str]:
    """What is wrong with the team's player ``position`` (1 or 2): a name missing, a licence
    already registered in the tournament (``taken``) or given twice in these teams."""
    problems = []
    if not player.first_name.strip():
        problems.append(gettext("Joueur %(n)s : le prénom manque.") % {"n": position})
    if not player.last_name.strip():
        problems.append(gettext("Joueur %(n)s : le nom manque.") % {"n": position})
    licence = player.licence.strip()
    if not licence:
        return problems
    key = licence.casefold()
    if key in taken:
        problems.append(
            gettext("Joueur %(n)s : la licence %(licence)s est déjà inscrite dans ce tournoi.")
            % {"n": position, "licence": licence}
        )
    elif counts[key] > 1:
        problems.append(
            gettext("Joueur %(n)s : la licence %(licence)s apparaît plusieurs fois.")
            % {"n": position, "licence": licence}
        )
    return problems


def _number_problem(number: int, taken: set[int], counts: Counter) -> str | None:
    """What is wrong with a team's number: out of range, taken, or given twice."""
    if not 1 <= number <= MAX_TEAM_NUMBER:
        return gettext("Le numéro d'équipe doit être compris entre 1 et %(max)s.") % {
            "max": MAX_TEAM_NUMBER
        }
    if number in taken:
        return gettext("Le numéro %(number)s est déjà pris par une autre équipe.") % {
            "number": number
        }
    if counts[number] > 1:
        return gettext("Le numéro %(number)s apparaît plusieurs fois.") % {"number": number}
    return None


def _club_player(tournament: Tournament, data: PlayerData):
    """The club's registry record of a player of a club's tournament: found by licence or
    name, else created on the fly; None for a tournament without a club."""
    if tournament.organizing_club_id is None:
        return None
    if data.club_player_id is not None:
        chosen = tournament.organizing_club.players.filter(
            pk=data.club_player_id, anonymised=False
        ).first()
        if chosen is not None:
            return chosen
    return player_for_entry(
        club=tournament.organizing_club,
        first_name=data.first_name.strip(),
        last_name=data.last_name.strip(),
        licence=data.licence.strip(),
    )


def _kept_club_player(tournament: Tournament, player: Player, data: PlayerData):
    """The registry record of an edited team's player: the one it has — chosen when the team
    was registered, perhaps between homonyms — as long as the player is still the same person
    (name and licence unchanged, but for case, accents, hyphens and spaces) and the tournament
    still belongs to that record's club; a record chosen now, or another person typed in its
    place, is linked as for a new team."""
    current = player.club_player
    if (
        data.club_player_id is None
        and current is not None
        and current.club_id == tournament.organizing_club_id
        and name_key(player.first_name, player.last_name)
        == name_key(data.first_name, data.last_name)
        and licence_key(player.licence) == licence_key(data.licence)
    ):
        return current
    return _club_player(tournament, data)


def _create_player(tournament: Tournament, data: PlayerData) -> Player:
    return Player.objects.create(
        tournament=tournament,
        first_name=data.first_name.strip(),
        last_name=data.last_name.strip(),
        licence=data.licence.strip(),
        club=data.club.strip(),
        club_player=_club_player(tournament, data),
    )


def _refuse(problems: list[TeamProblem]) -> None:
    if problems:
        raise OrganizerError(" ".join(problem.message for problem in problems))


def _lock(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _duplicate_error() -> OrganizerError:
    return OrganizerError(
        gettext(
            "Une autre saisie vient d'enregistrer le même numéro ou la même licence : "
            "rechargez la page et recommencez."
        )
    )


def register_teams(*, tournament: Tournament, teams: Sequence[TeamData]) -> list[Team]:
    """Register teams all at once (import) or one (form): all saved, or nothing.

    Teams without a number get the next free numbers, in order.
    """
    try:
        with transaction.atomic():
            _lock(tournament)
            _refuse(team_problems(tournament=tournament, teams=teams))
            next_number = next_team_number(tournament=tournament)
            wanted = {team.number for team in teams if team.number is not None}
            created = []
            for data in teams:
                number = data.number
                if number is None:
                    while next_number in wanted:
                        next_number += 1
                    number = next_number
                    next_number += 1
                players = [_create_player(tournament, player) for player in data.players]
                created.append(
                    Team.objects.create(
                        tournament=tournament,
                        number=number,
                        name=data.name.strip(),
                        player_one=players[0],
                        player_two=players[1],
                    )
                )
            return created
    except IntegrityError as error:
        raise _duplicate_error() from error


def register_team(*, tournament: Tournament, data: TeamData) -> Team:
    """Register one team (inscription)."""
    return register_teams(tournament=tournament, teams=[data])[0]


def update_team(*, team: Team, data: TeamData) -> Team:
    """Change a team's number, name or players.

    The number of a team already in the table plan cannot change: the plan and the printed
    table cards name it.
    """
    try:
        with transaction.atomic():
            _lock(team.tournament)
            team = Team.objects.select_related("player_one", "player_two").get(pk=team.pk)
            _refuse(team_problems(tournament=team.tournament, teams=[data], editing=team))
            number = data.number if data.number is not None else team.number
            if number != team.number and _in_plan(team):
                raise OrganizerError(
                    gettext(
                        "Cette équipe figure dans le plan de table : son numéro ne peut plus "
                        "changer."
                    )
                )
            for player, values in zip(
                (team.player_one, team.player_two), data.players, strict=True
            ):
                player.club_player = _kept_club_player(team.tournament, player, values)
                player.first_name = values.first_name.strip()
                player.last_name = values.last_name.strip()
                player.licence = values.licence.strip()
                player.club = values.club.strip()
                player.save()
            team.number = number
            team.name = data.name.strip()
            team.save()
            return team
    except IntegrityError as error:
        raise _duplicate_error() from error


def _in_plan(team: Team) -> bool:
    return TableAssignment.objects.filter(ns_team=team).exists() or (
        TableAssignment.objects.filter(ew_team=team).exists()
    )


@transaction.atomic
def set_withdrawn(*, team: Team, withdrawn: bool) -> Team:
    """Withdraw a team (forfait) or reinstate it.

    A withdrawn team stays in a plan already generated: its tables get adjusted scores from the
    arbiter, or the organizer regenerates the plan while no result exists.
    """
    Team.objects.filter(pk=team.pk).update(withdrawn=withdrawn)
    team.withdrawn = withdrawn
    if withdrawn:
        team_withdrawn.send(sender=Team, team=team)
    return team


@transaction.atomic
def set_checked_in(*, team: Team, checked_in: bool) -> Team:
    """Mark a team present (pointée) or not, on the day."""
    Team.objects.filter(pk=team.pk).update(checked_in=checked_in)
    team.checked_in = checked_in
    return team


@transaction.atomic
def set_team_flags(
    *, team: Team, checked_in: bool | None = None, withdrawn: bool | None = None
) -> Team:
    """Check a team in or out and withdraw or reinstate it, as far as the values given differ
    from its own (None: left as it is)."""
    if checked_in is not None and checked_in != team.checked_in:
        set_checked_in(team=team, checked_in=checked_in)
    if withdrawn is not None and withdrawn != team.withdrawn:
        set_withdrawn(team=team, withdrawn=withdrawn)
    return team


@transaction.atomic
def check_in_all(*, tournament: Tournament) -> int:
    """Mark every registered, not withdrawn team present; return how many changed."""
    return tournament.teams.filter(withdrawn=False, checked_in=False).update(checked_in=True)


def delete_team(*, team: Team) -> None:
    """Delete a team registered by mistake, with its players; refused once it is in the plan."""
    with transaction.atomic():
        _lock(team.tournament)
        if _in_plan(team):
            raise OrganizerError(
                gettext(
                    "Cette équipe figure dans le plan de table : déclarez-la forfait au lieu de "
                    "la supprimer."
                )
            )
        players = [team.player_one_id, team.player_two_id]
        team_withdrawn.send(sender=Team, team=team)
        team.delete()
        Player.objects.filter(pk__in=players).delete()
