"""Set-up's answers to the clubs app's signals: the tournaments' players follow the registry."""

from django.utils.translation import gettext

from .models import Player


def on_players_merged(sender, *, kept, removed, **kwargs) -> None:
    """The tournaments played as ``removed`` are now ``kept``'s."""
    Player.objects.filter(club_player=removed).update(club_player=kept)


def on_player_anonymised(sender, *, player, **kwargs) -> None:
    """The names typed in the tournaments are erased too; the rows (and results) stay."""
    Player.objects.filter(club_player=player).update(
        first_name=gettext("Joueur"), last_name=gettext("anonymisé"), licence="", club=""
    )
