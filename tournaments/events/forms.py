"""The events' forms: an event's settings, an invitation, a package or an upload file."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.duplicate.table_score import Method
from scoring.engine.rules import DEFAULT_PRESET, PRESETS
from tournaments import vocabulary
from tournaments.clubs.models import Club

from .services.uploads import MAX_UPLOAD_BYTES

_DATETIME = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
METHODS = (Method.MATCHPOINTS.value, Method.DATUM.value)


class EventForm(forms.Form):
    name = forms.CharField(label=_("Nom du simultané"), max_length=200)
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    board_count = forms.IntegerField(label=_("Nombre d'étuis"), min_value=1, max_value=60)
    scoring_method = forms.ChoiceField(label=_("Méthode de classement"))
    rules_preset = forms.ChoiceField(label=_("Règlement"))
    hours_before = forms.IntegerField(
        label=_("Donnes remises aux clubs … heures avant leur séance"),
        min_value=0,
        max_value=168,
        initial=0,
    )
    own_travellers = forms.BooleanField(
        label=_("Chaque club voit ses feuilles ambulantes après sa séance"),
        required=False,
        initial=True,
    )
    small_clubs_below = forms.IntegerField(
        label=_("Classement à part des clubs de moins de … tables (facultatif)"),
        min_value=2,
        max_value=100,
        required=False,
    )
    deadline = forms.DateTimeField(label=_("Date limite d'envoi des résultats"), widget=_DATETIME)
    corrections_until = forms.DateTimeField(
        label=_("Fin de la période de corrections"), widget=_DATETIME
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["scoring_method"].choices = [
            (value, label) for value, label in vocabulary.SCORING_METHOD_CHOICES if value in METHODS
        ]
        self.fields["rules_preset"].choices = [(name, name) for name in PRESETS]
        self.fields["rules_preset"].initial = DEFAULT_PRESET

    def clean(self):
        cleaned = super().clean()
        deadline, corrections = cleaned.get("deadline"), cleaned.get("corrections_until")
        if deadline and corrections and corrections < deadline:
            self.add_error(
                "corrections_until",
                gettext("La fin des corrections ne peut précéder la date limite d'envoi."),
            )
        return cleaned


class InviteForm(forms.Form):
    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.all())
    session_starts_at = forms.DateTimeField(label=_("Début de sa séance"), widget=_DATETIME)
    region = forms.CharField(label=_("Ligue ou région"), max_length=100, required=False)
    laptop = forms.BooleanField(
        label=_("Le club joue sur son ordinateur, hors ligne (paquet signé, envoi des résultats)"),
        required=False,
    )


class AnswerForm(forms.Form):
    answer = forms.ChoiceField(
        choices=[("accept", _("Accepter")), ("decline", _("Décliner"))], widget=forms.HiddenInput
    )


class SignedFileForm(forms.Form):
    """A signed file: a laptop's results (on the site), or a package (on the laptop)."""

    file = forms.FileField(label=_("Fichier signé (.json)"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(gettext("Le fichier est trop volumineux."))
        return upload.read()


class PackageForm(SignedFileForm):
    key = forms.CharField(
        label=_("Clé du club pour ce simultané"),
        max_length=64,
        min_length=64,
        help_text=_("Donnée par le site à l'organisateur du club, avec le paquet."),
    )
