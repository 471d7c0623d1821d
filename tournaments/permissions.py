"""Who may see or change what in a tournament. Every view and API endpoint asks here.

Roles in a tournament: its organizers (listed in ``Tournament.organizers``; superusers count as
organizers everywhere), its arbiters (``Tournament.arbiters``; organizers may do everything an
arbiter may), and everybody else (players and anonymous visitors), who see only what is public.
"""

from .accounts.roles import ORGANIZER, has_role


def can_create_tournament(user) -> bool:
    return has_role(user, ORGANIZER)


def is_organizer(user, tournament) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return tournament.organizers.filter(pk=user.pk).exists()


def is_arbiter(user, tournament) -> bool:
    """Arbiter of this tournament, or one of its organizers."""
    if not user.is_authenticated:
        return False
    if is_organizer(user, tournament):
        return True
    return tournament.arbiters.filter(pk=user.pk).exists()


def can_see_plan_round(user, tournament, round_) -> bool:
    """Players see a round's table plan once it is published; staff see it at once."""
    return round_.published or is_arbiter(user, tournament)


def can_see_hands(user, tournament, round_numbers=()) -> bool:
    """May this user see the hands of boards played in these rounds?

    Before release only organizers, and arbiters where the organizer allows it for checking.
    Hands are released per round (``Round.hands_released``) or all at once at the end.
    """
    if is_organizer(user, tournament):
        return True
    if tournament.arbiters_see_hands and is_arbiter(user, tournament):
        return True
    rounds = tournament.round_set.all()
    if round_numbers:
        rounds = rounds.filter(number__in=list(round_numbers))
    return rounds.exists() and not rounds.filter(hands_released=False).exists()
