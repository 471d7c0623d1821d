"""Annonces typed as short text (« N tierce R cœur, E carré V ») and back.

Two spellings. The *screen* spelling is for people: seats N E S O (or W), ranks A R D V 10 9 8 7
(or K Q J), suits as symbols or words (pique, cœur, carreau, trèfle, or their first two letters);
single-letter suits are refused there because a French « C » (cœur) would silently read as
clubs. The *canonical* spelling is the one of result records, used in CSV files: seats N E S W,
ranks A K Q J 10 9 8 7, suits S H D C, kinds tierce cinquante cent carre.
"""

import re
import unicodedata

from django.utils.translation import gettext as _

from scoring.engine.annonces import AnnonceKind, shape_problem
from scoring.engine.cards import Rank, Seat, Suit
from scoring.engine.rules import RuleSettings
from tournaments import vocabulary

KINDS = vocabulary.ANNONCE_KIND_VALUES

_SCREEN_SEATS = {"N": "N", "E": "E", "S": "S", "O": "W", "W": "W"}
_SCREEN_RANKS = {
    "A": "A",
    "R": "K",
    "K": "K",
    "D": "Q",
    "Q": "Q",
    "V": "J",
    "J": "J",
    "10": "10",
    "T": "10",
    "9": "9",
    "8": "8",
    "7": "7",
}
_SUIT_WORDS = {"pique": "S", "coeur": "H", "carreau": "D", "trefle": "C"}
_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♡": "H", "♢": "D", "♤": "S", "♧": "C"}
_SEPARATORS = re.compile(r"[,;\n]+")
# "R♥" or "10♥": a rank glued to a suit symbol.
_GLUED = re.compile(r"^(.+?)([♠♥♦♣♡♢♤♧])$")


class AnnonceTextError(ValueError):
    """The text could not be read; ``messages`` says why, one French message per problem."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = messages
        super().__init__(" ".join(messages))


def _plain(text: str) -> str:
    """Lower case without accents: « Carré » and « carre » are the same word."""
    # The ligature of « cœur » does not decompose: spell it out first.
    text = text.replace("œ", "oe").replace("Œ", "OE")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).lower()


def _kind(token: str, canonical: bool) -> str | None:
    word = _plain(token)
    if canonical:
        return word if word in KINDS else None
    if word in KINDS:
        return word
    matches = [kind for kind in KINDS if len(word) >= 2 and kind.startswith(word)]
    # "ce" is cent, "ca" is carré, "ci" is cinquante, "ti" is tierce.
    return matches[0] if len(matches) == 1 else None


def _suit(token: str, canonical: bool) -> str | None:
    if token in _SUIT_SYMBOLS:
        return _SUIT_SYMBOLS[token]
    if canonical:
        return token.upper() if token.upper() in {suit.value for suit in Suit} else None
    word = _plain(token)
    matches = [
        code for name, code in _SUIT_WORDS.items() if len(word) >= 2 and name.startswith(word)
    ]
    return matches[0] if len(matches) == 1 else None


def _tokens(item: str) -> list[str]:
    tokens: list[str] = []
    for token in item.split():
        glued = _GLUED.match(token)
        if glued:
            tokens.extend(glued.groups())
        else:
            tokens.append(token)
    return tokens


def parse_annonces_text(text: str, *, canonical: bool = False) -> list[dict]:
    """The annonces of ``text`` as record dicts ``{"seat", "kind", "high"[, "suit"]}``.

    Raises ``AnnonceTextError`` listing every annonce that could not be read. Whether the
    annonce exists and is held is for the rules engine to say.
    """
    annonces: list[dict] = []
    problems: list[str] = []
    items = [item.strip() for item in _SEPARATORS.split(text or "") if item.strip()]
    for number, item in enumerate(items, start=1):
        tokens = _tokens(item)
        annonce, problem = _read_item(tokens, canonical)
        if problem:
            problems.append(
                _("Annonce %(number)s (« %(text)s ») : %(problem)s")
                % {"number": number, "text": item, "problem": problem}
            )
        else:
            annonces.append(annonce)
    if problems:
        raise AnnonceTextError(problems)
    return annonces


def _read_item(tokens: list[str], canonical: bool) -> tuple[dict, str | None]:
    if len(tokens) not in (3, 4):
        return {}, _("écrivez le joueur, l'annonce, la carte la plus haute et la couleur.")
    seat_token, kind_token, high_token = tokens[0].upper(), tokens[1], tokens[2].upper()
    seats = {seat.value: seat.value for seat in Seat} if canonical else _SCREEN_SEATS
    ranks = {rank.value: rank.value for rank in Rank} if canonical else _SCREEN_RANKS
    seat = seats.get(seat_token)
    if seat is None:
        return {}, _("joueur inconnu « %(value)s » (N, E, S ou O).") % {"value": tokens[0]}
    kind = _kind(kind_token, canonical)
    if kind is None:
        return {}, _("annonce inconnue « %(value)s » (tierce, cinquante, cent ou carré).") % {
            "value": kind_token
        }
    high = ranks.get(high_token)
    if high is None:
        return {}, _("carte inconnue « %(value)s » (A, R, D, V, 10, 9, 8 ou 7).") % {
            "value": tokens[2]
        }
    annonce = {"seat": seat, "kind": kind, "high": high}
    if len(tokens) == 4:
        suit = _suit(tokens[3], canonical)
        if suit is None:
            return {}, _("couleur inconnue « %(value)s » (pique, cœur, carreau ou trèfle).") % {
                "value": tokens[3]
            }
        annonce["suit"] = suit
    return annonce, None


def annonce_picker_choices(rules: RuleSettings) -> dict | None:
    """What the phone's annonce picker offers, from the rules alone (never from the hands: the
    players may not see them): for each kind, the top cards it may have and whether it needs a
    suit, and the words that spell an annonce the way ``format_annonces_text`` writes it, so the
    picker's text is read back by ``parse_annonces_text``. None when annonces are not played."""
    if not rules.annonces:
        return None
    kinds = []
    for kind in AnnonceKind:
        # A carré has no suit; a sequence needs one, and any suit fits the same tops.
        suit = None if kind is AnnonceKind.CARRE else Suit.SPADES
        highs = [
            {"value": value, "text": vocabulary.rank_letter(value)}
            for value in vocabulary.RANK_VALUES
            if shape_problem(kind, Rank(value), suit) is None
        ]
        kinds.append(
            {
                "value": kind.value,
                "text": vocabulary.annonce_kind_name(kind.value),
                "suit": suit is not None,
                "highs": highs,
            }
        )
    return {
        "seats": [
            {"value": seat.value, "text": vocabulary.seat_letter(seat.value)} for seat in Seat
        ],
        "kinds": kinds,
        "suits": [{"value": suit.value, "text": suit.symbol, "red": suit.is_red} for suit in Suit],
    }


def format_annonces_text(annonces: list[dict], *, canonical: bool = False) -> str:
    """The text form of record annonces: the screen spelling in the active language (« O carré
    V » in French, « W carré J » in English, both read back by ``parse_annonces_text``), or the
    canonical one for CSV."""
    items = []
    for annonce in annonces:
        seat, kind, high = annonce["seat"], annonce["kind"], annonce["high"]
        suit = annonce.get("suit")
        if canonical:
            parts = [seat, kind, high] + ([suit] if suit else [])
        else:
            parts = [
                vocabulary.seat_letter(seat),
                vocabulary.annonce_kind_name(kind),
                vocabulary.rank_letter(high),
            ]
            if suit:
                parts.append(Suit(suit).symbol)
        items.append(" ".join(parts))
    return ", ".join(items)
