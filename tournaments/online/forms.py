"""The organizer's form of a new online tournament."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine.rules import PRESET_LABELS, PRESETS
from tournaments.clubs.models import Club

from .models import DEFAULT_DEALS, DEFAULT_RULES, MAX_DEALS, MAX_INSTANCES, MIN_DEALS

SITE = "site"
WINDOW_FORMAT = "%Y-%m-%dT%H:%M"


class DateTimeLocal(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self) -> None:
        super().__init__(format=WINDOW_FORMAT)


class OnlineTournamentForm(forms.Form):
    name = forms.CharField(label=_("Nom"), max_length=200)
    organizer = forms.ChoiceField(label=_("Organisé par"))
    deal_count = forms.IntegerField(
        label=_("Nombre de donnes"), min_value=MIN_DEALS, max_value=MAX_DEALS, initial=DEFAULT_DEALS
    )
    instances = forms.IntegerField(
        label=_("Donnes différentes par numéro"),
        min_value=1,
        max_value=MAX_INSTANCES,
        initial=1,
        help_text=_(
            "Plus d'une : les joueurs reçoivent des donnes différentes sous le même numéro, "
            "réparties également, pour qu'ils ne puissent pas se passer les donnes."
        ),
    )
    opens_at = forms.DateTimeField(
        label=_("Ouverture"), widget=DateTimeLocal(), input_formats=[WINDOW_FORMAT]
    )
    closes_at = forms.DateTimeField(
        label=_("Clôture"), widget=DateTimeLocal(), input_formats=[WINDOW_FORMAT]
    )
    rules_preset = forms.ChoiceField(label=_("Règlement"), initial=DEFAULT_RULES)

    def __init__(self, *args, user, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        choices = []
        if user.is_staff or user.is_superuser:
            choices.append((SITE, gettext("Le site")))
        clubs = Club.objects.all() if user.is_superuser else user.organized_clubs.all()
        choices += [(club.slug, club.name) for club in clubs.order_by("name")]
        self.fields["organizer"].choices = choices
        self.fields["rules_preset"].choices = [
            (name, gettext(PRESET_LABELS.get(name, name))) for name in PRESETS
        ]
        now = timezone.localtime().replace(second=0, microsecond=0)
        self.fields["opens_at"].initial = now
        self.fields["closes_at"].initial = now + timedelta(days=1)

    def club(self) -> Club | None:
        chosen = self.cleaned_data["organizer"]
        return None if chosen == SITE else Club.objects.get(slug=chosen)
