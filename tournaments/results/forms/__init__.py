"""Forms of result entry: one score-sheet row (arbiter grid or phone), adjustments, imports.

A row turns its fields into the canonical record (docs/rules.md); the rules engine says what is
wrong with it (``EntryInvalid``, from the entry adapter) and ``add_problems`` puts each message,
in French, on the field it concerns.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.engine.card_values import DEAL_POINTS
from scoring.engine.cards import Seat
from scoring.engine.result_record import bids
from scoring.engine.rules import DEFAULT_PRESET, PRESETS, RuleSettings
from tournaments import vocabulary

from ..annonce_text import (
    AnnonceTextError,
    format_annonces_text,
    parse_annonces_text,
)
from ..display import SEAT_LABELS
from ..exceptions import EntryProblem
from ..phone_options import phone_options
from ..selectors import (
    annonce_choice_value,
    annonce_choices,
    annonce_from_choice,
    belote_choices,
    played_strains,
)
from ..services import MAX_REASON_LENGTH

# The arbiter's correction forms live in corrections.py; named here too (``forms.PenaltyForm``).
from .corrections import ADJUSTMENT_CHOICES as ADJUSTMENT_CHOICES
from .corrections import AdjustmentForm as AdjustmentForm
from .corrections import AssignedScoreForm as AssignedScoreForm
from .corrections import PenaltyForm as PenaltyForm
from .corrections import RemovePenaltyForm as RemovePenaltyForm

SEAT_CHOICES = [("", "—")] + [(seat.value, SEAT_LABELS[seat.value]) for seat in Seat]


def bid_choices(rules: RuleSettings) -> list[tuple[str, str]]:
    """Every bid of the tournament's scale (80, 90, 100… under the FFB rules; from 82, or by 5,
    under the ``lowest_bid`` and ``bid_step`` settings) up to what one side can reach under
    these rules, then capot."""
    return [("", "—")] + [(str(bid), str(bid)) for bid in bids(rules)] + [("capot", "Capot")]


BID_CHOICES = bid_choices(PRESETS[DEFAULT_PRESET])
BID_SCALE_LIST = "bid-scale"
"""The id of the arbiter sheet's <datalist> of the bids: the suggestions of its typed bid."""


STRAIN_LABELS = vocabulary.STRAIN_NAMES
CAPOT_CHOICES = [
    ("", "—"),
    ("taker", gettext_lazy("Preneurs")),
    ("defence", gettext_lazy("Défense")),
]
_SEAT_LETTERS = {"N": "N", "E": "E", "S": "S", "O": "W", "W": "W"}
# Fields that say something about the deal; a row where all are empty was not filled in.
CONTENT_FIELDS = (
    "passed",
    "taker",
    "bid",
    "strain",
    "taker_points",
    "capot",
    "generale",
    "belote",
    "annonces",
)
# Engine field paths (first part) -> row field.
_FIELD_OF_PATH = {
    "passed": "passed",
    "taker_points": "taker_points",
    "capot": "capot",
    "generale": "generale",
    "belote": "belote",
    "annonces": "annonces",
}
_CONTRACT_FIELDS = {"bid": "bid", "strain": "strain", "taker": "taker", "coinche": "coinche"}
# What is missing, said in words: the engine's « This field is required. » names no field, and
# on the phone the fields are buttons without the form's labels beside the message.
MISSING_MESSAGES = {
    "contract": gettext_lazy("Choisissez le preneur, l'enchère et l'atout."),
    "contract.taker": gettext_lazy("Choisissez le preneur."),
    "contract.bid": gettext_lazy("Choisissez l'enchère."),
    "contract.strain": gettext_lazy("Choisissez l'atout."),
    "taker_points": gettext_lazy(
        "Indiquez les points faits par les preneurs (ou l'équipe qui a fait tous les plis)."
    ),
}
# The form's own checks (before the engine), naming their field too.
FIELD_ERRORS = {
    "taker": gettext_lazy("Choisissez le preneur parmi les quatre joueurs."),
    "bid": gettext_lazy("Choisissez une enchère de la liste."),
    "strain": gettext_lazy("Choisissez l'atout parmi ceux du tournoi."),
    "coinche": gettext_lazy("Choisissez : non coinché, coinché ou surcoinché."),
    "capot": gettext_lazy("Tous les plis : les preneurs, la défense, ou personne."),
}
POINTS_ERROR = gettext_lazy("Les points des preneurs sont un nombre entier de 0 à 162.")


def new_submission_key() -> str:
    return secrets.token_urlsafe(18)


class ResultRowForm(forms.Form):
    """One board of a score sheet (feuille de marque).

    ``choices_from_hands``: offer the seats holding a belote and the annonces each seat can
    declare as checkboxes (only when the hands are known and the user may see them);
    otherwise belote is a seat (or seats in tout atout) and annonces are typed as text.
    ``existing`` is the board's current result: its fields fill the row, and changing it
    needs the "replace" box (the version seen travels in ``replace_version``).
    """

    submission_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=100)
    replace_version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    replace = forms.BooleanField(label=gettext_lazy("Remplacer"), required=False)
    passed = forms.BooleanField(label=gettext_lazy("Passe générale"), required=False)
    taker = forms.ChoiceField(label=gettext_lazy("Preneur"), choices=SEAT_CHOICES, required=False)
    bid = forms.ChoiceField(label=gettext_lazy("Enchère"), choices=BID_CHOICES, required=False)
    strain = forms.ChoiceField(label=gettext_lazy("Atout"), required=False)
    coinche = forms.ChoiceField(
        label=gettext_lazy("Coinche"),
        choices=vocabulary.COINCHE_CHOICES,
        required=False,
        initial="0",
    )
    taker_points = forms.IntegerField(
        label=gettext_lazy("Points preneurs"),
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": DEAL_POINTS}),
        error_messages={"invalid": POINTS_ERROR},
    )
    capot = forms.ChoiceField(label=gettext_lazy("Capot"), choices=CAPOT_CHOICES, required=False)

    def __init__(
        self,
        *args,
        rules: RuleSettings,
        hands=None,
        choices_from_hands: bool = False,
        existing=None,
        typed_bid: bool = False,
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.existing = existing
        self.hands_mode = bool(hands) and choices_from_hands
        self.record: dict[str, Any] | None = None
        strains = played_strains(rules)
        for name, message in FIELD_ERRORS.items():
            self.fields[name].error_messages["invalid_choice"] = message
        self.fields["bid"].choices = bid_choices(rules)
        if typed_bid:
            # The arbiter types the bid; the page's datalist (BID_SCALE_LIST) suggests the scale.
            attrs = {"list": BID_SCALE_LIST, "inputmode": "numeric", "autocomplete": "off"}
            self.fields["bid"] = forms.CharField(
                label=_("Enchère"),
                required=False,
                widget=forms.TextInput(attrs={**attrs, "size": 5}),
            )
        self.fields["strain"].choices = [("", "—")] + [
            (strain.value, STRAIN_LABELS[strain.value]) for strain in strains
        ]
        if rules.generale_bonus:
            self.fields["generale"] = forms.BooleanField(
                label=gettext_lazy("Générale"), required=False
            )
        if self.hands_mode:
            self.belote_options = belote_choices(hands)
            self.annonce_options = annonce_choices(hands, strains) if rules.annonces else []
            self.fields["belote"] = forms.MultipleChoiceField(
                label=gettext_lazy("Belote"),
                required=False,
                choices=[(choice.value, choice.label) for choice in self.belote_options],
                widget=forms.CheckboxSelectMultiple,
            )
            if rules.annonces:
                self.fields["annonces"] = forms.MultipleChoiceField(
                    label=gettext_lazy("Annonces"),
                    required=False,
                    choices=[(choice.value, choice.label) for choice in self.annonce_options],
                    widget=forms.CheckboxSelectMultiple,
                )
        else:
            self.belote_options = []
            self.annonce_options = []
            if rules.all_trump:
                self.fields["belote"] = forms.CharField(
                    label=gettext_lazy("Belote"),
                    required=False,
                    max_length=20,
                    help_text=gettext_lazy("Joueurs : N, E, S, O (tout atout : « N N E »)."),
                )
            elif any(strain.trump_suit is not None for strain in strains):
                self.fields["belote"] = forms.ChoiceField(
                    label=gettext_lazy("Belote"), choices=SEAT_CHOICES, required=False
                )
            if rules.annonces:
                self.fields["annonces"] = forms.CharField(
                    label=gettext_lazy("Annonces"),
                    required=False,
                    max_length=200,
                    help_text=gettext_lazy(
                        "Ex. : « N tierce R cœur, E carré V » (joueur, annonce, carte "
                        "la plus haute, couleur)."
                    ),
                )
        if not self.is_bound:
            if existing is not None:
                self._fill_from(existing)
            self.initial.setdefault("submission_key", new_submission_key())

    # --- Filling a row from a stored result ---

    def _fill_from(self, existing) -> None:
        self.initial["replace_version"] = existing.version
        record = existing.record
        if not record:
            return
        if record.get("passed"):
            self.initial["passed"] = True
            return
        contract = record.get("contract") or {}
        self.initial.update(
            taker=contract.get("taker", ""),
            bid=str(contract.get("bid", "")),
            strain=contract.get("strain", ""),
            coinche=str(contract.get("coinche", 0)),
            taker_points=record.get("taker_points"),
            capot=record.get("capot") or "",
        )
        if "generale" in self.fields:
            self.initial["generale"] = bool(record.get("generale"))
        belote = record.get("belote") or []
        if "belote" in self.fields:
            if self.hands_mode:
                self.initial["belote"] = self._belote_values(belote, contract.get("strain"))
            elif isinstance(self.fields["belote"], forms.ChoiceField):
                self.initial["belote"] = belote[0] if belote else ""
            else:
                self.initial["belote"] = " ".join(
                    str(SEAT_LABELS.get(seat, seat)) for seat in belote
                )
        annonces = record.get("annonces") or []
        if "annonces" in self.fields:
            if self.hands_mode:
                self.initial["annonces"] = [annonce_choice_value(a) for a in annonces]
            else:
                self.initial["annonces"] = format_annonces_text(annonces)

    def _belote_values(self, seats: list[str], strain: str | None) -> list[str]:
        values = []
        pending = list(seats)
        for choice in self.belote_options:
            applies = strain == "TA" or choice.value.endswith(f":{strain}")
            if applies and choice.seat in pending:
                pending.remove(choice.seat)
                values.append(choice.value)
        return values

    # --- The arbiter's sheet ---

    def clean_bid(self) -> str:
        """A bid of the tournament's scale (typed on the arbiter's sheet: any text arrives)."""
        value = str(self.cleaned_data.get("bid") or "").strip().lower()
        scale = bids(self.rules)
        if value in ("", "capot") or (value.isascii() and value.isdigit() and int(value) in scale):
            return str(int(value)) if value.isdigit() else value
        scale_text = _("%(lowest)s, puis tous les %(step)s jusqu'à %(highest)s, ou capot") % {
            "lowest": scale[0],
            "step": self.rules.bid_step,
            "highest": scale[-1],
        }
        raise forms.ValidationError(
            _("« %(bid)s » n'est pas une enchère de ce tournoi : %(scale)s."),
            code="bid_not_on_scale",
            params={"bid": value[:20], "scale": scale_text},
        )

    def name_fields(self, board_number: int) -> None:
        """Give each control of the row an accessible name, « Preneur, étui 3 »: the sheet's
        column headings do not name them for a screen reader. The choices of the hands
        (checkboxes) are named by their own labels."""
        for field in self.fields.values():
            if field.widget.is_hidden or isinstance(field.widget, forms.CheckboxSelectMultiple):
                continue
            field.widget.attrs["aria-label"] = _("%(field)s, étui %(board)s") % {
                "field": field.label,
                "board": board_number,
            }
            if field.help_text:
                # The sheet shows the help once, above the tables (Django would point at a
                # help text of the field's own that the sheet does not print).
                field.widget.attrs["aria-describedby"] = "entry-help"

    def start_correction(self, *, replace: bool) -> None:
        """The row opened to be corrected: « Remplacer » ticked (when there is a result to
        replace) and the cursor in its first field."""
        if replace:
            self.initial["replace"] = True
        self.fields["taker"].widget.attrs["autofocus"] = True

    # --- Reading a row ---

    def raw(self, name: str) -> Any:
        key = self.add_prefix(name)
        if hasattr(self.data, "getlist"):
            values = [value for value in self.data.getlist(key) if value not in ("", None)]
            return values
        value = self.data.get(key)
        if isinstance(value, list):
            return [item for item in value if item not in ("", None)]
        return [value] if value not in ("", None, False) else []

    def is_blank(self) -> bool:
        """Nothing said about the deal (a row left empty on a whole-sheet submission)."""
        return not any(self.raw(name) for name in CONTENT_FIELDS if name in self.fields)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        self.record = self._build_record(cleaned)
        return cleaned

    def _build_record(self, cleaned: dict[str, Any]) -> dict[str, Any] | None:
        if cleaned.get("passed"):
            # What else was filled in is kept, so that the engine says it has no place here.
            record: dict[str, Any] = {"passed": True}
            if cleaned.get("taker") or cleaned.get("bid") or cleaned.get("strain"):
                record["contract"] = self._contract(cleaned)
            if cleaned.get("taker_points") is not None:
                record["taker_points"] = cleaned["taker_points"]
            if cleaned.get("capot"):
                record["capot"] = cleaned["capot"]
            belote = self._belote(cleaned)
            annonces = self._annonces(cleaned)
            if belote:
                record["belote"] = belote
            if annonces:
                record["annonces"] = annonces
            return None if self.errors else record
        record = {
            "passed": False,
            "contract": self._contract(cleaned),
            "taker_points": cleaned.get("taker_points"),
            "capot": cleaned.get("capot") or None,
            "belote": self._belote(cleaned),
            "annonces": self._annonces(cleaned),
        }
        if cleaned.get("generale"):
            record["generale"] = True
        return None if self.errors else record

    def _contract(self, cleaned: dict[str, Any]) -> dict[str, Any]:
        bid = cleaned.get("bid") or None
        if bid is not None and bid != "capot":
            bid = int(bid)
        return {
            "bid": bid,
            "strain": cleaned.get("strain") or None,
            "taker": cleaned.get("taker") or None,
            "coinche": int(cleaned.get("coinche") or 0),
        }

    def _belote(self, cleaned: dict[str, Any]) -> list[str]:
        if "belote" not in self.fields:
            return []
        value = cleaned.get("belote")
        if self.hands_mode:
            return [item.split(":")[0] for item in value or []]
        if isinstance(self.fields["belote"], forms.ChoiceField):
            return [value] if value else []
        seats = []
        for token in (value or "").replace(",", " ").split():
            seat = _SEAT_LETTERS.get(token.upper())
            if seat is None:
                self.add_error(
                    "belote",
                    _("Joueur inconnu « %(value)s » (N, E, S ou O).") % {"value": token},
                )
                return []
            seats.append(seat)
        return seats

    def _annonces(self, cleaned: dict[str, Any]) -> list[dict]:
        if "annonces" not in self.fields:
            return []
        value = cleaned.get("annonces")
        if self.hands_mode:
            return [annonce_from_choice(item) for item in value or []]
        try:
            return parse_annonces_text(value or "")
        except AnnonceTextError as error:
            for message in error.messages:
                self.add_error("annonces", message)
            return []

    # --- Errors from the rules engine ---

    def field_for_path(self, path: str) -> str | None:
        """The row field an engine error path points at (None: the row as a whole)."""
        parts = path.split(".")
        if parts[0] == "contract":
            if len(parts) > 1 and parts[1] in _CONTRACT_FIELDS:
                return _CONTRACT_FIELDS[parts[1]]
            return "taker"
        name = _FIELD_OF_PATH.get(parts[0])
        return name if name in self.fields else None

    def add_problems(self, problems: Iterable[EntryProblem]) -> list[dict[str, Any]]:
        """Put each problem of the record (``EntryInvalid.problems``, from the entry adapter) on
        its field, in French; return them for a JSON answer."""
        items = []
        for problem in problems:
            message = problem.text()
            if problem.code == "required" and problem.field in MISSING_MESSAGES:
                message = str(MISSING_MESSAGES[problem.field])
            parts = problem.field.split(".")
            if parts[0] in ("annonces", "belote") and len(parts) > 1 and parts[1].isdigit():
                number = {"number": int(parts[1]) + 1}
                if parts[0] == "annonces":
                    label = _("Annonce %(number)s") % number
                else:
                    label = _("Belote %(number)s") % number
                message = f"{label} : {message}"
            name = self.field_for_path(problem.field)
            self.add_error(name, message)
            items.append(
                {
                    "field": name or "__all__",
                    "path": problem.field,
                    "code": problem.code,
                    "message": message,
                }
            )
        return items

    def error_items(self) -> list[dict[str, Any]]:
        """The form's own errors (before the engine) for a JSON answer."""
        return [
            {"field": name, "path": name, "code": "invalid", "message": str(message)}
            for name, messages in self.errors.items()
            for message in messages
        ]

    @property
    def belote_is_choice(self) -> bool:
        return isinstance(self.fields.get("belote"), forms.ChoiceField)

    # --- The phone page's buttons ---

    def phone_options(self) -> dict[str, Any]:
        """The phone page's buttons for this row (``results.phone_options``)."""
        return phone_options(rules=self.rules, fields=self.fields)


def row_prefix(table_number: int, board_number: int) -> str:
    return f"t{table_number}b{board_number}"


class DisputeForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Raison de la contestation"),
        max_length=MAX_REASON_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    version = forms.IntegerField(widget=forms.HiddenInput)


class ImportForm(forms.Form):
    """An import file: JSON lines, CSV or XLSX (told apart by the name, else by the content)."""

    file = forms.FileField(label=gettext_lazy("Fichier (JSON lines, CSV ou XLSX)"))
    replace = forms.BooleanField(
        label=gettext_lazy("Remplacer les résultats déjà saisis"), required=False
    )

    MAX_SIZE = 5 * 1024 * 1024

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_SIZE:
            raise forms.ValidationError(_("Fichier trop volumineux (5 Mo au plus)."))
        return upload
