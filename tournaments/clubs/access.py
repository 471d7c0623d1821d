"""Who may see or change what in a club (re-exported by ``tournaments.setup.policy``, the one place
the rules are listed; defined here because the clubs app sits below set-up, which the policy
module reads)."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied

from tournaments.accounts.roles import ORGANIZER, has_role

from .models import Club, ClubPlayer


def _user(who):
    # An Actor (tournaments.setup.policy) carries its user; anything else is a user or None.
    return getattr(who, "user", who)


def can_create_club(user) -> bool:
    """Users with the organizer role create clubs (and organize them)."""
    return user is not None and has_role(user, ORGANIZER)


def can_manage_club(who, club: Club) -> bool:
    """The club's registry (players, merges, anonymisation) and its seasons: its organizers."""
    user = _user(who)
    if user is None or not user.is_authenticated:
        return False
    return user.is_superuser or club.organizers.filter(pk=user.pk).exists()


def can_see_player_details(who, player: ClubPlayer) -> bool:
    """E-mail and licence: the club's organizers only."""
    return can_manage_club(who, player.club)


def can_see_player_page(who, player: ClubPlayer) -> bool:
    """A player's page: anyone with the player's consent (never once anonymised); the club's
    organizers always."""
    return player.is_public or can_manage_club(who, player.club)


def club_organizer_required(view):
    """The club of the URL's ``club`` slug, for its organizers only (a stranger gets the same
    403 whether the club exists or not)."""

    @wraps(view)
    def wrapper(request, club, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        found = Club.objects.filter(slug=club).first()
        if found is None or not can_manage_club(request.user, found):
            raise PermissionDenied
        return view(request, found, *args, **kwargs)

    return wrapper
