"""The game's words on the site: one label table per enum of the rules engine.

The site speaks the core's vocabulary (``scoring.engine.cards``: ``Seat``, ``Side``,
``Strain``, ``Suit``, ``Rank``; ``AnnonceKind``; ``Capot``) and its values ("N", "NS", "SA"...)
everywhere; this module only says how each reads on screen, in French first and in English
through gettext. Nothing else retypes these values or their labels.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoring.engine.annonces import AnnonceKind
from scoring.engine.cards import Rank, Seat, Side, Strain, Suit
from scoring.engine.result_record import Capot

# --- Values, as the records, the forms and the API carry them ----------------------------------

SEAT_VALUES = tuple(seat.value for seat in Seat)
SIDE_VALUES = tuple(side.value for side in Side)
STRAIN_VALUES = tuple(strain.value for strain in Strain)
SUIT_VALUES = tuple(suit.value for suit in Suit)
# Strongest first, as a person names the top card of an annonce.
RANK_VALUES = tuple(rank.value for rank in reversed(Rank))
ANNONCE_KIND_VALUES = tuple(kind.value for kind in AnnonceKind)
CAPOT_VALUES = tuple(capot.value for capot in Capot)
COINCHE_LEVELS = (0, 1, 2)

OTHER_SIDE = {Side.NS.value: Side.EW.value, Side.EW.value: Side.NS.value}

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
COINCHE_NAMES = {0: "", 1: _("coinché"), 2: _("surcoinché")}


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
