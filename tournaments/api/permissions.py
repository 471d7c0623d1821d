"""Who may do what through the API, asked of ``tournaments.setup.policy`` like every page.

``access_for(request, tournament)`` is the request's role in one tournament: organizer, arbiter,
the device of one table, or the public. A session user gets the roles ``tournaments.setup.policy``
gives; a token gets its creator's roles capped by its scope, and nothing but
public reads outside its own tournament. The DRF permission classes below check writes
against that role; what a role may read is filtered by the selectors (``selectors.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext_lazy as _
from rest_framework import permissions as drf

from tournaments.setup import policy
from tournaments.setup.models import Table, Tournament

from .models import ApiToken

ORGANIZER = "organizer"
ARBITER = "arbiter"
TABLE = "table"


@dataclass(frozen=True)
class Access:
    """The request's role in one tournament.

    ``user`` is who acts (AnonymousUser for a token of another tournament); ``organizer`` and
    ``arbiter`` are the staff roles (an organizer is an arbiter too); ``table`` is the table of a
    table-device token, which may enter and confirm that table's results as one of its sides.
    """

    user: object
    organizer: bool
    arbiter: bool
    table: Table | None = None
    token: ApiToken | None = None
    sees_hands: bool = False

    @property
    def role(self) -> str | None:
        if self.organizer:
            return ORGANIZER
        if self.arbiter:
            return ARBITER
        if self.table is not None:
            return TABLE
        return None

    @property
    def actor(self) -> policy.Actor:
        """Who asks, for the access policy (``tournaments.setup.policy``), with the token's cap.

        A token capped below its creator's role must not see what the creator sees: an
        arbiter-scope token of an organizer sees hands as an arbiter does, a table device as
        the public does.
        """
        staff = self.organizer or self.arbiter
        label = ""
        if self.table is not None:
            label = f"table {self.table.number} (API)"
        return policy.Actor(
            user=self.user if staff else AnonymousUser(),
            organizer=self.organizer,
            arbiter=self.arbiter,
            sees_hands=self.sees_hands,
            table=self.table,
            label=label,
        )


def request_token(request) -> ApiToken | None:
    auth = getattr(request, "auth", None)
    return auth if isinstance(auth, ApiToken) else None


def access_for(request, tournament: Tournament) -> Access:
    """The request's role in ``tournament`` (cached on the request)."""
    cache = request.__dict__.setdefault("_api_access", {})
    if tournament.pk in cache:
        return cache[tournament.pk]
    token = request_token(request)
    user = request.user
    if token is None:
        actor = policy.actor_for(user, tournament)
        access = Access(
            user=user,
            organizer=actor.organizer,
            arbiter=actor.arbiter,
            sees_hands=actor.sees_hands,
        )
    elif token.tournament_id != tournament.pk:
        access = Access(user=AnonymousUser(), organizer=False, arbiter=False, token=token)
    elif token.scope == ApiToken.Scope.TABLE:
        # A table device lives as long as its creator organizes the tournament.
        valid = _token_user_roles(token, user, tournament)[0]
        access = Access(
            user=user,
            organizer=False,
            arbiter=False,
            table=token.table if valid else None,
            token=token,
        )
    else:
        organizes, arbitrates = _token_user_roles(token, user, tournament)
        organizer = token.scope == ApiToken.Scope.ORGANIZER and organizes
        arbiter = organizer or arbitrates
        access = Access(
            user=user,
            organizer=organizer,
            arbiter=arbiter,
            token=token,
            sees_hands=organizer or (arbiter and tournament.arbiters_see_hands),
        )
    cache[tournament.pk] = access
    return access


def _token_user_roles(token: ApiToken, user, tournament: Tournament) -> tuple[bool, bool]:
    """Whether the token's creator organizes and arbitrates (an organizer is an arbiter too) its
    tournament: read with the token by the authentication when it could (one query for the
    token and the roles), else asked of the policy."""
    organizes = getattr(token, "user_organizes", None)
    arbitrates = getattr(token, "user_arbitrates", None)
    if organizes is None or arbitrates is None:
        return policy.is_organizer(user, tournament), policy.is_arbiter(user, tournament)
    if user.is_superuser:
        organizes = True
    return organizes, organizes or arbitrates


def may_create_tournament(request) -> bool:
    """Users with the organizer role, from a session (a token is bound to its tournament)."""
    return request_token(request) is None and policy.can_create_tournament(request.user)


class _TournamentPermission(drf.BasePermission):
    """Reads are open (the selectors filter them); writes need a role in the URL's tournament.

    The view gives ``tournament`` (the tournament of the URL, loaded with the visibility rule:
    404 when the user may not know it exists).
    """

    message = _("Vous n'avez pas le droit de faire cela dans ce tournoi.")

    def has_permission(self, request, view) -> bool:
        if request.method in drf.SAFE_METHODS:
            return True
        return self.may_write(access_for(request, view.tournament), request, view)

    def may_write(self, access: Access, request, view) -> bool:
        raise NotImplementedError


class OrganizerWrites(_TournamentPermission):
    """Anyone reads; organizers of the tournament write (settings, teams, the plan...)."""

    message = _("Seuls les organisateurs de ce tournoi peuvent faire cela.")

    def may_write(self, access, request, view) -> bool:
        return access.organizer


class OrganizersOnly(_TournamentPermission):
    """Organizers of the tournament read and write; nobody else even reads (the online
    registrations: pairs' names, licences and e-mails)."""

    message = _("Seuls les organisateurs de ce tournoi peuvent faire cela.")

    def has_permission(self, request, view) -> bool:
        return access_for(request, view.tournament).organizer


class ArbitersOnly(_TournamentPermission):
    """Arbiters (and organizers) of the tournament read and write; nobody else even reads (the
    procedural penalties, with the arbiter's reasons, as on the arbiter's page)."""

    message = _("Seuls les arbitres de ce tournoi peuvent faire cela.")

    def has_permission(self, request, view) -> bool:
        return access_for(request, view.tournament).arbiter


class ArbiterWrites(_TournamentPermission):
    """Anyone reads; arbiters (and organizers) of the tournament write."""

    message = _("Seuls les arbitres de ce tournoi peuvent faire cela.")

    def may_write(self, access, request, view) -> bool:
        return access.arbiter


class ResultWrites(_TournamentPermission):
    """Anyone reads; arbiters write any result, a table device its own table's results."""

    message = _(
        "Seuls les arbitres de ce tournoi (ou l'appareil de la table) saisissent ses résultats."
    )

    def may_write(self, access, request, view) -> bool:
        return access.arbiter or access.table is not None


class TournamentPermission(drf.BasePermission):
    """Anyone reads a visible tournament; organizers create tournaments and change their own."""

    message = _("Seuls les organisateurs de ce tournoi peuvent faire cela.")

    def has_permission(self, request, view) -> bool:
        if request.method in drf.SAFE_METHODS or view.action != "create":
            return True
        if not may_create_tournament(request):
            self.message = _("Seuls les utilisateurs organisateurs peuvent créer un tournoi.")
            return False
        return True

    def has_object_permission(self, request, view, obj) -> bool:
        if request.method in drf.SAFE_METHODS:
            return True
        return access_for(request, obj).organizer
