"""What the table's phone page offers as buttons (``results/phone_entry.js``), and the words
its script shows: built from a row form's fields and the tournament's rules, never the hands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from scoring.engine.card_values import DEAL_POINTS
from scoring.engine.cards import Seat
from scoring.engine.rules import RuleSettings
from tournaments import vocabulary

from .annonce_text import annonce_picker_choices
from .display import SEAT_LABELS
from .selectors import played_strains


def phone_options(*, rules: RuleSettings, fields: Mapping[str, forms.Field]) -> dict[str, Any]:
    """What the phone page's buttons offer (``results/phone_entry.js``), from a row form's
    ``fields`` and the rules alone, never from the hands: each button writes the value the
    field expects, so the page posts the same fields with or without the script."""
    belote = (
        None
        if "belote" not in fields
        else "seat"
        if isinstance(fields["belote"], forms.ChoiceField)
        else "seats"
    )
    return {
        "seats": [
            {
                "value": seat.value,
                "text": str(SEAT_LABELS[seat.value]),
                "name": vocabulary.seat_name(seat.value),
            }
            for seat in Seat
        ],
        "strains": [
            {
                "value": strain.value,
                "text": str(vocabulary.STRAIN_SYMBOLS[strain.value]),
                "name": str(vocabulary.STRAIN_NAMES[strain.value]),
                "red": strain.value in ("H", "D"),
            }
            for strain in played_strains(rules)
        ],
        "bids": [value for value, _text in fields["bid"].choices if value],
        "bid_step": rules.bid_step,
        "coinche": [
            {"value": str(value), "text": str(label)} for value, label in vocabulary.COINCHE_CHOICES
        ],
        "capot": [
            {"value": "", "text": _("Personne")},
            {"value": "taker", "text": _("Les preneurs")},
            {"value": "defence", "text": _("La défense")},
        ],
        "generale": "generale" in fields,
        "max_points": DEAL_POINTS,
        "belote": belote,
        "annonces": annonce_picker_choices(rules) if "annonces" in fields else None,
        "labels": _labels(),
    }


def _labels() -> dict[str, Any]:
    """The words the phone page's script shows, in the page's language."""
    return {
        "passed": _("Passe générale"),
        "taker": _("Preneur"),
        "strain": _("Atout"),
        "bid": _("Enchère"),
        "coinche": _("Coinche"),
        "points": _("Points des preneurs"),
        "defence": _("Défense : %(points)s"),
        "points_range": _("Les points vont de 0 à %(max)s.") % {"max": DEAL_POINTS},
        "erase": _("Effacer"),
        "erase_digit": _("Effacer un chiffre"),
        "capot": _("Capot"),
        "capot_bid_help": _("Capot : les preneurs annoncent qu'ils feront tous les plis."),
        "all_tricks": _("Tous les plis ?"),
        "all_tricks_help": _(
            "Sans capot annoncé, l'équipe qui fait les huit plis marque 250 au lieu "
            "des points comptés : touchez-la, les points ne sont plus demandés."
        ),
        "capot_made": _("Capot annoncé : qui a fait tous les plis ?"),
        "capot_made_help": _(
            "Les preneurs : le capot est réussi. Personne : indiquez les points des preneurs."
        ),
        "generale": _("Générale (un seul joueur fait tous les plis)"),
        "belote": _("Belote"),
        "no_belote": _("Pas de belote"),
        "annonces": _("Annonces"),
        "no_annonce": _("Aucune annonce"),
        "add_annonce": _("Ajouter une annonce"),
        "remove": _("Retirer"),
        "cancel": _("Annuler"),
        "annonce_seat": _("Qui annonce ?"),
        "annonce_kind": _("Quelle annonce ?"),
        "annonce_high": _("Carte la plus haute"),
        "annonce_suit": _("Couleur"),
        "incomplete": _("À compléter avant d'enregistrer : %(missing)s."),
        "missing": {
            "taker": _("le preneur"),
            "bid": _("l'enchère"),
            "strain": _("l'atout"),
            "points": _("les points des preneurs"),
        },
        "computing": _("Calcul du score…"),
        "unavailable": _("Score indisponible pour le moment : enregistrez quand même."),
        "errors": _("À corriger"),
    }
