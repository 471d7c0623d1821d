"""The organizer's form to create an API token."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.setup.models import Tournament

from .models import ApiToken


class TokenForm(forms.Form):
    """Name, scope and, for a table device, its table."""

    name = forms.CharField(
        label=_("Nom"),
        max_length=100,
        help_text=_("Pour le reconnaître : « script des résultats », « tablette table 3 »…"),
    )
    scope = forms.ChoiceField(
        label=_("Portée"), choices=ApiToken.Scope.choices, initial=ApiToken.Scope.TABLE
    )
    table = forms.ModelChoiceField(
        label=_("Table"),
        queryset=None,
        required=False,
        empty_label="—",
        help_text=_("Seulement pour un appareil de table."),
    )

    def __init__(self, *args, tournament: Tournament, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["table"].queryset = tournament.tables.order_by("number")

    def clean(self):
        cleaned = super().clean()
        scope = cleaned.get("scope")
        table = cleaned.get("table")
        if scope == ApiToken.Scope.TABLE and table is None:
            self.add_error("table", _("Choisissez la table de cet appareil."))
        elif scope and scope != ApiToken.Scope.TABLE and table is not None:
            self.add_error("table", _("Seul un appareil de table est lié à une table."))
        return cleaned
