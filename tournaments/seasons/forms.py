"""The season's settings form (its organizers')."""

import math

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments import vocabulary
from tournaments.setup.models import Tournament

from .models import Season


class ScaleField(forms.CharField):
    """The points of the places, typed « 20, 17, 15, 13 »."""

    def to_python(self, value):
        text = super().to_python(value)
        try:
            points = [float(part.replace(",", ".")) for part in text.replace(";", " ").split()]
            # « nan », « inf » or a number too long for a float: not points.
            if not all(math.isfinite(p) for p in points):
                raise ValueError(text)
        except ValueError as error:
            raise forms.ValidationError(
                gettext("Écrivez les points séparés par des espaces : 20 17 15 13…")
            ) from error
        if not points or any(p < 0 for p in points):
            raise forms.ValidationError(
                gettext("Le barème est une liste de points positifs ou nuls.")
            )
        return [int(p) if p == int(p) else p for p in points]

    def prepare_value(self, value):
        if isinstance(value, list):
            return " ".join(f"{p:g}" for p in value)
        return value


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Nom de la saison"), max_length=200)
    method = forms.ChoiceField(
        label=_("Méthode de classement"), choices=vocabulary.SEASON_METHOD_CHOICES
    )
    best_of = forms.IntegerField(
        label=_("Meilleurs tournois retenus"),
        required=False,
        min_value=1,
        help_text=_("Vide : tous les tournois joués comptent."),
    )
    minimum_played = forms.IntegerField(
        label=_("Tournois joués pour être classé"), min_value=0, initial=1
    )
    points_scale = ScaleField(
        label=_("Barème des places (points par place)"),
        help_text=_("Points de la 1re, 2e, 3e… place d'un classement ; au-delà : 0."),
        initial="20 17 15 13 11 10 9 8 7 6 5 4 3 2 1",
    )
    reference_field = forms.IntegerField(
        label=_("Champ de référence (équipes)"),
        required=False,
        min_value=1,
        help_text=_(
            "Points par place : les points d'un tournoi sont multipliés par (équipes du "
            "classement / ce nombre). Vide : pas de mise à l'échelle."
        ),
    )
    tournaments = forms.ModelMultipleChoiceField(
        label=_("Tournois de la saison"),
        queryset=Tournament.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, club, season: Season | None = None, **kwargs):
        if season is not None and "initial" not in kwargs:
            kwargs["initial"] = {
                "name": season.name,
                "method": season.method,
                "best_of": season.best_of,
                "minimum_played": season.minimum_played,
                "points_scale": season.points_scale,
                "reference_field": season.reference_field,
                "tournaments": list(season.tournaments.values_list("pk", flat=True)),
            }
        super().__init__(*args, **kwargs)
        self.fields["tournaments"].queryset = club.tournaments.order_by("date", "name")
        self.fields["tournaments"].label_from_instance = lambda t: (
            f"{t.name} ({t.date:%d/%m/%Y}) · {t.get_status_display()}"
        )

    def values(self) -> dict:
        data = self.cleaned_data
        return {
            key: data[key]
            for key in (
                "name",
                "method",
                "best_of",
                "minimum_played",
                "points_scale",
                "reference_field",
            )
        }
