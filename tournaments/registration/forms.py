"""The pair's registration form (public) and the organizer's settings form."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.setup.services.teams import PlayerData

from .services import PairData


class PairForm(forms.Form):
    """Two players and a contact e-mail. ``website`` is a honeypot: hidden from people (a CSS
    class and aria-hidden), a robot filling every field gives itself away."""

    p1_first_name = forms.CharField(label=_("Prénom"), max_length=100)
    p1_last_name = forms.CharField(label=_("Nom"), max_length=100)
    p1_licence = forms.CharField(label=_("Licence (facultatif)"), max_length=30, required=False)
    p2_first_name = forms.CharField(label=_("Prénom"), max_length=100)
    p2_last_name = forms.CharField(label=_("Nom"), max_length=100)
    p2_licence = forms.CharField(label=_("Licence (facultatif)"), max_length=30, required=False)
    email = forms.EmailField(
        label=_("Adresse électronique de contact"),
        help_text=_("La confirmation et les nouvelles de l'inscription y sont envoyées."),
    )
    website = forms.CharField(label=_("Ne pas remplir ce champ"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["website"].widget.attrs.update({"tabindex": "-1", "autocomplete": "off"})
        self.fields["email"].widget.attrs["autocomplete"] = "email"
        for n in (1, 2):
            self.fields[f"p{n}_first_name"].widget.attrs["autocomplete"] = "off"
            self.fields[f"p{n}_last_name"].widget.attrs["autocomplete"] = "off"

    def clean_website(self):
        if self.cleaned_data.get("website"):
            raise forms.ValidationError(gettext("Inscription refusée."))
        return ""

    def player_fields(self, n: int):
        return [self[f"p{n}_{attr}"] for attr in ("first_name", "last_name", "licence")]

    def pair_data(self) -> PairData:
        data = self.cleaned_data
        return PairData(
            players=tuple(
                PlayerData(data[f"p{n}_first_name"], data[f"p{n}_last_name"], data[f"p{n}_licence"])
                for n in (1, 2)
            ),
            email=data["email"],
        )


class RegistrationSettingsForm(forms.Form):
    open = forms.BooleanField(label=_("Inscriptions en ligne ouvertes"), required=False)
    capacity = forms.IntegerField(
        label=_("Nombre d'équipes maximum"),
        required=False,
        min_value=1,
        max_value=999,
        help_text=_("Au-delà, les paires vont en liste d'attente. Vide : pas de limite."),
    )
