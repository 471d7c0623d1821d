"""A complete, realistic demo tournament: a club, teams with French names, the plan, then the
deals and results made by their own apps (``results.demo.populate_demo``: set-up, below them,
imports neither).
"""

import random
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from scoring.movements.plan import MovementKind
from tournaments.setup.models import Tournament

from .plan import generate_plan, publish_rounds
from .teams import PlayerData, TeamData, register_teams
from .tournament import change_status, unique_slug

FIRST_NAMES = [
    "Anne", "Bruno", "Chloé", "Denis", "Élise", "Fabien", "Gaëlle", "Hugo", "Isabelle", "Jacques",
    "Karine", "Laurent", "Martine", "Nicolas", "Odile", "Pascal", "Quentin", "Régine", "Sylvain",
    "Thérèse", "Ulysse", "Valérie", "William", "Yvette", "Zoé", "Antoine", "Brigitte", "Claude",
    "Danièle", "Étienne", "Françoise", "Gérard", "Hélène", "Jean-Pierre", "Lucienne", "Marcel",
    "Nathalie", "Olivier", "Paulette", "René", "Simone", "Thierry", "Josiane", "Michel",
]  # fmt: skip
LAST_NAMES = [
    "Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy",
    "Moreau", "Simon", "Laurent", "Lefebvre", "Michel", "Garcia", "David", "Bertrand", "Roux",
    "Vincent", "Fournier", "Morel", "Girard", "André", "Lefèvre", "Mercier", "Dupont", "Lambert",
    "Bonnet", "François", "Martinez", "Legrand", "Garnier", "Faure", "Rousseau", "Blanc",
    "Guérin", "Muller", "Henry", "Roussel", "Nicolas", "Perrin", "Morin", "Mathieu", "Clément",
]  # fmt: skip
TEAM_NAMES = [
    "Les As de Trèfle", "Belote et Rebelote", "Les Capots", "Dix de Der", "Les Coincheurs",
    "Tout Atout", "Sans Atout", "Les Valets Noirs", "La Tierce Royale", "Les Surcoinchés",
    "Carré de Valets", "Les Rois du Pli", "Les Dames de Cœur", "Le Neuf Maître", "Les Chutés",
    "Pique et Pique", "Les Cinquante", "Coinche Party", "Les Rebelotes", "Le Dernier Pli",
    "Les Matheux", "Entame Carreau", "Les Preneurs", "La Générale",
]  # fmt: skip
CLUBS = [
    "Coinche Club de Montreuil",
    "Belote Amicale de Vincennes",
    "Cercle de la Coinche de Fontenay",
]
VENUE = "Salle des fêtes, Montreuil"


@dataclass(frozen=True)
class DemoSettings:
    teams: int = 12
    rounds: int | None = None
    boards_per_round: int = 3
    movement_type: str = MovementKind.MITCHELL
    results: bool = False


def demo_teams(*, count: int, rng: random.Random) -> list[TeamData]:
    """``count`` teams of two French players each, with distinct licences and team names."""
    people = [(first, last) for first in FIRST_NAMES for last in LAST_NAMES]
    chosen = rng.sample(people, 2 * count)
    licences = rng.sample(range(1_000_000, 9_999_999), 2 * count)
    names = rng.sample(TEAM_NAMES, min(count, len(TEAM_NAMES)))
    teams = []
    for index in range(count):
        players = tuple(
            PlayerData(
                first_name=chosen[2 * index + k][0],
                last_name=chosen[2 * index + k][1],
                licence=f"{licences[2 * index + k]:07d}",
                club=rng.choice(CLUBS),
            )
            for k in range(2)
        )
        # Past the list of names, teams are known by their players' names, as in many clubs.
        name = names[index] if index < len(names) else ""
        teams.append(TeamData(players=players, name=name, number=index + 1))
    return teams


@transaction.atomic
def build_demo_tournament(
    *,
    settings: DemoSettings = DemoSettings(),  # noqa: B008 - a frozen value
    organizer_username: str | None = None,
    arbiter_username: str | None = None,
) -> Tournament:
    """Create a running demo tournament with checked-in teams and a published table plan.

    The organizer and arbiter accounts are attached when they exist. Deals and results are
    then made by ``results.demo.populate_demo``.
    """
    today = timezone.localdate()
    name = f"Coinche duplicate du {today:%d/%m/%Y}"
    tournament = Tournament.objects.create(
        slug=unique_slug(name=f"demo {name}"),
        name=name,
        date=today,
        venue=VENUE,
        club=CLUBS[0],
        movement_type=settings.movement_type,
        rounds=settings.rounds,
        boards_per_round=settings.boards_per_round,
        status=Tournament.Status.REGISTRATION,
    )
    tournament.rules = tournament.rule_settings().to_dict()
    tournament.save(update_fields=["rules"])
    users = get_user_model().objects
    if organizer_username:
        organizer = users.filter(username=organizer_username).first()
        if organizer is not None:
            tournament.organizers.add(organizer)
    if arbiter_username:
        arbiter = users.filter(username=arbiter_username).first()
        if arbiter is not None:
            tournament.arbiters.add(arbiter)
    rng = random.Random(tournament.slug)
    register_teams(tournament=tournament, teams=demo_teams(count=settings.teams, rng=rng))
    tournament.teams.update(checked_in=True)
    generate_plan(tournament=tournament)
    publish_rounds(tournament=tournament)
    change_status(tournament=tournament, status=Tournament.Status.RUNNING)
    # The arbiter has started round 1; the next rounds start as the previous ones finish.
    tournament.round_set.filter(number=1).update(started_at=timezone.now())
    tournament.refresh_from_db()
    return tournament
