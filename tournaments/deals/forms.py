"""Forms of the deals pages: PBN import, hands typed from a board, release, seed to verify."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.deals.board import MAX_BOARD_NUMBER
from scoring.engine.cards import Seat
from tournaments import vocabulary

from .models import Board

# A dealing machine's file for a whole session is a few kilobytes; this leaves ample room.
MAX_PBN_BYTES = 2 * 1024 * 1024

_HAND_ATTRS = {
    "autocomplete": "off",
    "autocapitalize": "characters",
    "spellcheck": "false",
    "placeholder": "AKT.J9..Q87",
    "class": "hand",
}


def decode_pbn(data: bytes) -> str:
    """PBN files are ASCII in practice; accept UTF-8 (with or without BOM) and, from older
    Windows software, cp1252."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


class PbnImportForm(forms.Form):
    """A PBN file to upload, or PBN text pasted in."""

    file = forms.FileField(label=_("Fichier PBN"), required=False)
    text = forms.CharField(
        label=_("ou texte PBN collé"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "hand"}),
    )
    dealer_from_tag = forms.BooleanField(
        label=_("Prendre le donneur dans le fichier (balise Dealer)"),
        required=False,
        initial=True,
        help_text=_(
            "Décochez pour un fichier préparé pour le bridge : les donneurs suivront alors la "
            "rotation de la coinche (étui 1 Nord, 2 Ouest, 3 Sud, 4 Est)."
        ),
    )

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        text = cleaned.get("text") or ""
        if upload is not None:
            if upload.size > MAX_PBN_BYTES:
                raise forms.ValidationError(
                    _("Le fichier est trop gros (%(size)s Mo au plus)."),
                    params={"size": MAX_PBN_BYTES // (1024 * 1024)},
                    code="too_big",
                )
            cleaned["pbn"] = decode_pbn(upload.read())
        elif text.strip():
            cleaned["pbn"] = text
        else:
            raise forms.ValidationError(
                _("Choisissez un fichier PBN ou collez son contenu."), code="empty"
            )
        return cleaned


def _hand_field(seat: Seat) -> forms.CharField:
    """The hand of ``seat``, labelled with the seat's name (Nord, Est...)."""
    return forms.CharField(
        label=vocabulary.SEAT_NAMES[seat.value],
        required=False,
        max_length=60,
        widget=forms.TextInput(_HAND_ATTRS),
    )


class TypedBoardForm(forms.Form):
    """The four hands of one board typed from its étui, suit by suit: ♠.♥.♦.♣."""

    number = forms.IntegerField(label=_("Étui n°"), min_value=1, max_value=MAX_BOARD_NUMBER)
    dealer = forms.ChoiceField(
        label=_("Donneur"),
        required=False,
        choices=[("", _("Selon la rotation"))] + list(vocabulary.SEAT_CHOICES),
    )
    north = _hand_field(Seat.NORTH)
    east = _hand_field(Seat.EAST)
    south = _hand_field(Seat.SOUTH)
    west = _hand_field(Seat.WEST)

    SEAT_FIELDS = {seat.value: seat.name.lower() for seat in Seat}

    def hands(self) -> dict[str, str]:
        return {seat: self.cleaned_data.get(name, "") for seat, name in self.SEAT_FIELDS.items()}

    @classmethod
    def initial_for(cls, board: Board | None, number: int | None) -> dict:
        if board is None:
            return {"number": number} if number else {}
        initial = {"number": board.number, "dealer": board.dealer}
        for seat, name in cls.SEAT_FIELDS.items():
            initial[name] = board.hands.get(seat, "")
        return initial


class ReleaseForm(forms.Form):
    """Rounds whose hand records to release."""

    rounds = forms.TypedMultipleChoiceField(
        label=_("Tours"),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, round_numbers=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rounds"].choices = [
            (number, _("Tour %(number)s") % {"number": number}) for number in round_numbers
        ]


class SeedForm(forms.Form):
    """A seed typed in to check the boards against it."""

    seed = forms.CharField(
        label=_("Graine (hexadécimal)"),
        max_length=400,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "spellcheck": "false", "class": "hand"}
        ),
    )
