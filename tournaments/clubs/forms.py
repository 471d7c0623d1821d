"""Forms of the club pages: a club, a player of its registry, a merge."""

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.accounts.roles import ORGANIZER

from .models import Club, ClubPlayer


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Nom du club"), max_length=200)
    town = forms.CharField(label=_("Ville"), max_length=200, required=False)


class ClubSettingsForm(forms.Form):
    """The club's name, town and other organizers (users with the organizer role)."""

    name = forms.CharField(label=_("Nom du club"), max_length=200)
    town = forms.CharField(label=_("Ville"), max_length=200, required=False)
    co_organizers = forms.ModelMultipleChoiceField(
        label=_("Autres organisateurs du club"),
        queryset=get_user_model().objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, club, user, **kwargs):
        current = list(club.organizers.exclude(pk=user.pk))
        kwargs.setdefault(
            "initial",
            {"name": club.name, "town": club.town, "co_organizers": [u.pk for u in current]},
        )
        super().__init__(*args, **kwargs)
        users = (
            get_user_model()
            .objects.filter(Q(groups__name=ORGANIZER) | Q(pk__in=[u.pk for u in current]))
            .exclude(pk=user.pk)
        )
        self.fields["co_organizers"].queryset = users.distinct().order_by("username")
        self.fields["co_organizers"].label_from_instance = lambda u: u.get_username()


class PlayerForm(forms.Form):
    first_name = forms.CharField(label=_("Prénom"), max_length=100)
    last_name = forms.CharField(label=_("Nom"), max_length=100)
    licence = forms.CharField(label=_("Licence"), max_length=30, required=False)
    email = forms.EmailField(label=_("Adresse électronique"), required=False)
    public_consent = forms.BooleanField(
        label=_("Accepte d'apparaître publiquement (classements, page du joueur)"),
        required=False,
    )

    def __init__(self, *args, player: ClubPlayer | None = None, **kwargs):
        if player is not None and "initial" not in kwargs:
            kwargs["initial"] = {
                field: getattr(player, field)
                for field in ("first_name", "last_name", "licence", "email", "public_consent")
            }
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.widget.attrs["autocomplete"] = "off"


class MergeForm(forms.Form):
    kept = forms.IntegerField(widget=forms.HiddenInput)
    removed = forms.IntegerField(widget=forms.HiddenInput)


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Nom ou licence"), max_length=100, required=False)


class ClaimForm(forms.Form):
    """An account's request to be linked to its record in a club's registry: the club, and the
    name (and licence) the club knows the player by."""

    club = forms.ModelChoiceField(
        label=_("Club"),
        queryset=Club.objects.all(),
        empty_label=_("— choisissez votre club —"),
        error_messages={
            "required": _("Choisissez votre club."),
            "invalid_choice": _("Ce club n'existe pas."),
        },
    )
    first_name = forms.CharField(label=_("Prénom"), max_length=100)
    last_name = forms.CharField(label=_("Nom"), max_length=100)
    licence = forms.CharField(
        label=_("Licence"),
        max_length=30,
        required=False,
        help_text=_("Facultatif : aide l'organisateur du club à vous retrouver."),
    )


class ClaimDecisionForm(forms.Form):
    """The organizer's answer to a request: the record (its number in the registry)."""

    player = forms.IntegerField(
        label=_("N° de fiche"),
        min_value=1,
        max_value=2_147_483_647,
        error_messages={"required": _("Choisissez la fiche du joueur.")},
    )


class ConsentForm(forms.Form):
    """A linked player's own consent to appear publicly (the registry's ``public_consent``)."""

    public_consent = forms.BooleanField(
        label=_("J'accepte d'apparaître publiquement (classements, page du joueur)"),
        required=False,
    )
