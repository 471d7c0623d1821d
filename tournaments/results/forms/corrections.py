"""Forms of the arbiter's corrections: adjusted scores, assigned scores, penalties."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from scoring.duplicate import Adjustment
from scoring.engine.cards import Side
from tournaments.vocabulary import ADJUSTMENT_CHOICES, ADJUSTMENT_CODES, SIDE_NAMES

from ..services import MAX_REASON_LENGTH

AVERAGE = ADJUSTMENT_CODES[Adjustment.AVERAGE]


class AdjustmentForm(forms.Form):
    """Adjusted scores per side (not played, fouled board, late table)."""

    ns_adjustment = forms.ChoiceField(
        label=SIDE_NAMES[Side.NS.value], choices=ADJUSTMENT_CHOICES, initial=AVERAGE
    )
    ew_adjustment = forms.ChoiceField(
        label=SIDE_NAMES[Side.EW.value], choices=ADJUSTMENT_CHOICES, initial=AVERAGE
    )
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)


MARKS_ERRORS = {
    "required": gettext_lazy(
        "Indiquez la marque de chaque camp (0 pour un camp qui ne marque rien)."
    ),
    "invalid": gettext_lazy("Les marques sont des nombres entiers, 0 ou plus."),
}


class AssignedScoreForm(forms.Form):
    """An assigned score in points (score assigné): the marks of each side, as on a deal."""

    ns_marks = forms.IntegerField(label=gettext_lazy("Marque NS"), error_messages=MARKS_ERRORS)
    ew_marks = forms.IntegerField(label=gettext_lazy("Marque EO"), error_messages=MARKS_ERRORS)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)


class PenaltyForm(forms.Form):
    """A procedural penalty: the team (its side at the table, or its number), the amount in
    the tournament's unit, the reason; on the penalties page a board (empty: the session) and
    the round a session penalty counts from."""

    team = forms.TypedChoiceField(label=gettext_lazy("Équipe"), coerce=str)
    amount = forms.IntegerField(
        error_messages={
            "required": gettext_lazy("Indiquez le montant de la pénalité."),
            "invalid": gettext_lazy("Le montant de la pénalité est un nombre entier positif."),
        }
    )
    reason = forms.CharField(
        label=gettext_lazy("Motif"),
        max_length=MAX_REASON_LENGTH,
        error_messages={"required": gettext_lazy("Indiquez le motif de la pénalité.")},
    )
    board = forms.IntegerField(
        label=gettext_lazy("Étui (vide : toute la séance)"), required=False, min_value=1
    )
    round = forms.IntegerField(
        label=gettext_lazy("Compte à partir du tour"), required=False, min_value=1
    )

    def __init__(self, *args, teams, unit: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].choices = teams
        self.fields["amount"].label = (
            gettext_lazy("Montant (pourcentage du top)")
            if unit == "percent"
            else gettext_lazy("Montant (points)")
        )
        self.fields["amount"].widget.attrs.update(
            {"min": 1, "max": 100 if unit == "percent" else 1000, "inputmode": "numeric"}
        )

    def first_error(self) -> str:
        return next((str(message) for errors in self.errors.values() for message in errors), "")


class RemovePenaltyForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Raison du retrait"), max_length=MAX_REASON_LENGTH, required=False
    )
