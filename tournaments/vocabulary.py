"""The game's words on the site: one label table per enum of the core, and the site's choices.

The site speaks the core's vocabulary (``scoring.engine.cards``: ``Seat``, ``Side``,
``Strain``, ``Suit``, ``Rank``; ``AnnonceKind``; ``Capot``; the duplicate's ``Method``,
``Adjustment``, ``PenaltyUnit``, ``SeasonMethod``; the movements' ``MovementKind``) and its
values ("N", "NS", "SA", "matchpoints"...) everywhere; this module only says how each reads on
screen, in French first and in English through gettext, and ``choices`` makes the Django choices
of models, forms and serializers from the core's enum. Nothing else retypes these values or
their labels.

Cards are written the French way on French pages — ranks A R D V 10 9 8 7, seats N E S O,
« carré » with its accent — and the English way (A K Q J, W) on English ones; the core keeps its
English codes (``Rank.JACK`` is "J", ``Seat.WEST`` "W").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from enum import Enum

from django.utils import timezone
from django.utils.dateformat import time_format
from django.utils.translation import get_language, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.duplicate.board_result import Adjustment
from scoring.duplicate.penalties import PenaltyUnit
from scoring.duplicate.season import SeasonMethod
from scoring.duplicate.table_score import Method
from scoring.engine.annonces import AnnonceKind
from scoring.engine.cards import Card, Rank, Seat, Side, Strain, Suit
from scoring.engine.result_record import Capot
from scoring.engine.rule_values import Coinche
from scoring.movements.plan import MovementKind

# --- Values, as the records, the forms and the API carry them ----------------------------------

SEAT_VALUES = tuple(seat.value for seat in Seat)
SIDE_VALUES = tuple(side.value for side in Side)
STRAIN_VALUES = tuple(strain.value for strain in Strain)
SUIT_VALUES = tuple(suit.value for suit in Suit)
# Strongest first, as a person names the top card of an annonce.
RANK_VALUES = tuple(rank.value for rank in reversed(Rank))
ANNONCE_KIND_VALUES = tuple(kind.value for kind in AnnonceKind)
CAPOT_VALUES = tuple(capot.value for capot in Capot)

# --- Labels ------------------------------------------------------------------------------------

SEAT_NAMES = {
    Seat.NORTH.value: _("Nord"),
    Seat.EAST.value: _("Est"),
    Seat.SOUTH.value: _("Sud"),
    Seat.WEST.value: _("Ouest"),
}
# The one-letter seat of score sheets and summaries (« 90 ♥ par O »): West is Ouest.
SEAT_LETTERS = {
    Seat.NORTH.value: _("N"),
    Seat.EAST.value: _("E"),
    Seat.SOUTH.value: _("S"),
    # Ouest.
    Seat.WEST.value: _("O"),
}
SIDE_NAMES = {Side.NS.value: _("Nord-Sud"), Side.EW.value: _("Est-Ouest")}
SIDE_LETTERS = {Side.NS.value: _("NS"), Side.EW.value: _("EO")}
# Short, for summaries and grids: the suit symbols, SA and TA.
STRAIN_SYMBOLS = {
    Strain.SPADES.value: "♠",
    Strain.HEARTS.value: "♥",
    Strain.DIAMONDS.value: "♦",
    Strain.CLUBS.value: "♣",
    Strain.NO_TRUMP.value: _("SA"),
    Strain.ALL_TRUMP.value: _("TA"),
}
# Long, for choices in forms.
STRAIN_NAMES = {
    Strain.SPADES.value: _("Pique ♠"),
    Strain.HEARTS.value: _("Cœur ♥"),
    Strain.DIAMONDS.value: _("Carreau ♦"),
    Strain.CLUBS.value: _("Trèfle ♣"),
    Strain.NO_TRUMP.value: _("Sans atout"),
    Strain.ALL_TRUMP.value: _("Tout atout"),
}
# In a summary (« 90 ♥ par O, coinché »): nothing when not coinched.
COINCHE_NAMES = {
    Coinche.NONE: "",
    Coinche.COINCHE: _("coinché"),
    Coinche.SURCOINCHE: _("surcoinché"),
}
# As a choice of the forms and the table's phone.
COINCHE_CHOICE_NAMES = {
    Coinche.NONE: _("Non coinché"),
    Coinche.COINCHE: _("Coinché"),
    Coinche.SURCOINCHE: _("Surcoinché"),
}
# The rank of a card as a French player writes it: A R D V 10 9 8 7 (A K Q J in English).
RANK_LETTERS = {
    Rank.ACE.value: pgettext_lazy("as, initiale", "A"),
    Rank.KING.value: pgettext_lazy("roi, initiale", "R"),
    Rank.QUEEN.value: pgettext_lazy("dame, initiale", "D"),
    Rank.JACK.value: pgettext_lazy("valet, initiale", "V"),
    Rank.TEN.value: "10",
    Rank.NINE.value: "9",
    Rank.EIGHT.value: "8",
    Rank.SEVEN.value: "7",
}
# The annonces keep their French names in English too (as the rules' own words), with the
# accent the core's value "carre" leaves out.
ANNONCE_KIND_NAMES = {
    AnnonceKind.TIERCE.value: _("tierce"),
    AnnonceKind.CINQUANTE.value: _("cinquante"),
    AnnonceKind.CENT.value: _("cent"),
    AnnonceKind.CARRE.value: _("carré"),
}


def seat_name(seat: str) -> str:
    """Nord, Est, Sud, Ouest (the value itself if it is not a seat)."""
    return str(SEAT_NAMES.get(seat, seat))


def seat_letter(seat: str) -> str:
    """N, E, S, O."""
    return str(SEAT_LETTERS.get(seat, seat))


def side_name(side: str) -> str:
    """Nord-Sud, Est-Ouest."""
    return str(SIDE_NAMES.get(side, side))


def side_letters(side: str) -> str:
    """NS, EO."""
    return str(SIDE_LETTERS.get(side, side))


def side_of_seat(seat: str) -> str:
    """NS for N and S, EW for E and W: the side of a seat (the core's ``Seat.side``)."""
    return Seat(seat).side.value


def other_side(side: str) -> str:
    """EW for NS, NS for EW (the core's ``Side.other``)."""
    return Side(side).other.value


def rank_letter(rank: str) -> str:
    """A R D V 10 9 8 7 (A K Q J 10 9 8 7 in English) for the core's A K Q J 10 9 8 7."""
    return str(RANK_LETTERS.get(rank, rank))


def card_label(card: Card | str) -> str:
    """« V♠ », « 10♥ »: a ``Card``, or a card as the core writes it (``J♠``, ``JS``, ``TS``);
    any other text comes back as it is."""
    if isinstance(card, str):
        try:
            card = Card.parse(card)
        except ValueError:
            return card
    return f"{rank_letter(card.rank.value)}{card.suit.symbol}"


def card_list_label(cards: str) -> str:
    """The core's list of cards in a message (« J♠, Q♠ ») as the active language writes it
    (« V♠, D♠ »)."""
    return ", ".join(card_label(card) for card in cards.split(", "))


def annonce_kind_name(kind: str) -> str:
    """tierce, cinquante, cent, carré."""
    return str(ANNONCE_KIND_NAMES.get(kind, kind))


# The ranking methods, movements, penalty units and season methods (their stored values are the
# core's).
SCORING_METHOD_NAMES = {
    Method.MATCHPOINTS.value: _("Points de match"),
    Method.DATUM.value: _("Différence à la moyenne"),
    Method.TOTAL.value: _("Total des points (concours classique)"),
}
MOVEMENT_NAMES = {
    MovementKind.MITCHELL.value: _("Mitchell"),
    MovementKind.HOWELL.value: _("Howell (tous contre tous)"),
}
PENALTY_UNIT_NAMES = {
    PenaltyUnit.PERCENT_OF_TOP.value: _("pourcentage du top"),
    PenaltyUnit.POINTS.value: _("points"),
}
SEASON_METHOD_NAMES = {
    SeasonMethod.AVERAGE.value: _("Moyenne des pourcentages"),
    SeasonMethod.POINTS.value: _("Points par place"),
}
# An adjusted score is stored (and sent by the API) under a short code of its own, older than
# the core's enum: A-, A, A+.
ADJUSTMENT_CODES = {
    Adjustment.AVERAGE_MINUS: "A-",
    Adjustment.AVERAGE: "A",
    Adjustment.AVERAGE_PLUS: "A+",
}
ADJUSTMENTS = {code: adjustment for adjustment, code in ADJUSTMENT_CODES.items()}
ADJUSTMENT_NAMES = {
    "A-": _("Moyenne moins (40 %)"),
    "A": _("Moyenne (50 %)"),
    "A+": _("Moyenne plus (60 %)"),
}
# Short, for the cells of a grid.
ADJUSTMENT_SHORT_NAMES = {
    "A-": _("Moy− (40 %)"),
    "A": _("Moy (50 %)"),
    "A+": _("Moy+ (60 %)"),
}


def choices(
    enum: type[Enum], labels: Mapping, codes: Mapping[Enum, str] | None = None
) -> tuple[tuple[str, str], ...]:
    """Django choices (value, label) for every member of one of the core's enums, in the enum's
    order: what a model field, a form field or a serializer offers. The value is the member's
    own, or its code in ``codes`` where the site stores another one (``ADJUSTMENT_CODES``);
    ``labels`` are by that value, and a member without one shows its value, so that a member
    added to the core is offered at once (``tests/tournaments/test_vocabulary.py`` asks for its
    label)."""
    values = [codes[member] if codes else member.value for member in enum]
    return tuple((value, labels.get(value, value)) for value in values)


SEAT_CHOICES = choices(Seat, SEAT_NAMES)
SIDE_CHOICES = choices(Side, SIDE_NAMES)
COINCHE_CHOICES = choices(Coinche, COINCHE_CHOICE_NAMES)
SCORING_METHOD_CHOICES = choices(Method, SCORING_METHOD_NAMES)
MOVEMENT_CHOICES = choices(MovementKind, MOVEMENT_NAMES)
PENALTY_UNIT_CHOICES = choices(PenaltyUnit, PENALTY_UNIT_NAMES)
SEASON_METHOD_CHOICES = choices(SeasonMethod, SEASON_METHOD_NAMES)
ADJUSTMENT_CHOICES = choices(Adjustment, ADJUSTMENT_NAMES, ADJUSTMENT_CODES)


def adjustment_name(code: str) -> str:
    """Moyenne plus (60 %) (the code itself if it is no adjusted score)."""
    return str(ADJUSTMENT_NAMES.get(code, code))


# --- French typography of sentences built from parts ------------------------------------------


def elides(word: str) -> bool:
    """Does French elide « de », « que », « le »... before ``word``: « d'Est-Ouest »,
    « d'Iris », « qu'Est-Ouest » but « de Nord-Sud »? True before a vowel (accented or not,
    capital or not) and y; never before h, whose aspiration is a matter of each word.

    A message built from parts keeps two msgids, one per form, and picks with this::

        text = gettext("… d'%(side)s") if elides(side) else gettext("… de %(side)s")
    """
    text = unicodedata.normalize("NFD", str(word).lstrip(" «\"'"))
    return bool(text) and text[0].lower() in "aeiouy"


def colon() -> str:
    """The colon after a label, as the active language writes it: « Nord-Sud : » with a space
    in French, « North-South: » without one in English (and any other language)."""
    return " :" if (get_language() or "fr").startswith("fr") else ":"


def quoted(text) -> str:
    """Words quoted as the active language quotes them: « Ce n'était pas une générale » in
    French, “Ce n'était pas une générale” in English (a reason typed by a player, a name)."""
    if (get_language() or "fr").startswith("fr"):
        return f"« {text} »"
    return f"“{text}”"


def time_with_seconds(moment) -> str:
    """A time of day to the second, as the active language writes it: « 14:32:05 » in French,
    « 2:32:05 p.m. » in English. Django's locales have no such format (their ``TIME_FORMAT``
    stops at the minute), so the format string is translated (Django's date format letters)."""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return time_format(moment, pgettext("format of a time of day to the second", "H:i:s"))
