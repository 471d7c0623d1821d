"""« Copier un tournoi »: a new draft with the settings, rules and staff of a previous one, and
optionally its teams (names and players only)."""

import datetime
import logging

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from tournaments.accounts.roles import Account
from tournaments.setup import policy
from tournaments.setup.models import Player, Team, Tournament

from .errors import OrganizerError
from .tournament import SETTINGS_FIELDS, unique_slug

logger = logging.getLogger(__name__)

#: The settings a copy takes from its source; the name and date are asked anew.
COPIED_FIELDS = tuple(key for key in SETTINGS_FIELDS if key not in ("name", "date")) + (
    "rules",
    "all_rounds_open",
    # A club's tournament of next week: the same club (its registry, its seasons).
    "organizing_club",
)


@transaction.atomic
def copy_tournament(
    *, source: Tournament, by: Account, name: str, date: datetime.date, with_teams: bool = False
) -> Tournament:
    """A new draft tournament with the settings, rules, co-organizers and arbiters of
    ``source``; ``by`` becomes one of its organizers.

    With ``with_teams`` the teams come too, with their numbers, names and players (licence,
    club, account), but nothing of the day: not checked in, not withdrawn, new codes and links.
    The plan, the deals, the results and the documents are never copied. Only an organizer of
    ``source`` who may create tournaments may copy it (``OrganizerError`` otherwise).
    """
    if not (policy.can_manage_tournament(by, source) and policy.can_create_tournament(by)):
        raise OrganizerError(_("Seuls les organisateurs de ce tournoi peuvent le copier."))
    name = (name or "").strip()
    if not name:
        raise OrganizerError(_("Donnez un nom au nouveau tournoi."))
    copy = Tournament(
        **{key: getattr(source, key) for key in COPIED_FIELDS},
        name=name,
        date=date,
        slug=unique_slug(name=name),
        status=Tournament.Status.DRAFT,
    )
    copy.full_clean(exclude=["slug"])
    copy.save()
    copy.organizers.set({by, *source.organizers.all()})
    copy.arbiters.set(list(source.arbiters.all()))
    teams = _copy_teams(source, copy) if with_teams else 0
    logger.info(
        "tournament copied: source=%s new=%s teams=%s by=%s", source.slug, copy.slug, teams, by
    )
    return copy


def _copy_teams(source: Tournament, copy: Tournament) -> int:
    teams = source.teams.select_related("player_one", "player_two").order_by("number")
    count = 0
    for team in teams:
        one, two = (
            Player.objects.create(
                tournament=copy,
                first_name=player.first_name,
                last_name=player.last_name,
                licence=player.licence,
                club=player.club,
                user=player.user,
                club_player=player.club_player,
            )
            for player in (team.player_one, team.player_two)
        )
        Team.objects.create(
            tournament=copy, number=team.number, name=team.name, player_one=one, player_two=two
        )
        count += 1
    return count
