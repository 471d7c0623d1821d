"""The belotes and annonces the entry form offers from the hands, and the strains played."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.annonces import declarable_annonces
from scoring.engine.belote import belote_holdings
from scoring.engine.cards import SEATS_PBN_ORDER, Hand, Seat, Strain, Suit
from tournaments import vocabulary

from ..annonce_text import format_annonces_text


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    seat: str
    # The strains where this choice applies ("H" for the belote of hearts; "" for any).
    strains: str = ""


def belote_choices(hands: dict[Seat, Hand]) -> list[Choice]:
    """Every (seat, suit) holding K and Q of one suit: a belote if that suit is trump (or TA)."""
    choices = []
    for seat, suit in belote_holdings(hands, Strain.ALL_TRUMP):
        choices.append(
            Choice(
                value=f"{seat.value}:{suit.value}",
                label=f"{vocabulary.seat_letter(seat.value)} {suit.symbol}",
                seat=seat.value,
                strains=f"{suit.value} TA",
            )
        )
    return choices


def annonce_choices(hands: dict[Seat, Hand], strains: list[Strain]) -> list[Choice]:
    """Per seat, the annonces it can declare (the best set, over the strains played)."""
    choices: list[Choice] = []
    for seat in SEATS_PBN_ORDER:
        seen: dict[str, Choice] = {}
        for strain in strains:
            for annonce in declarable_annonces(hands[seat], strain, seat):
                data = annonce.to_dict()
                value = ":".join([data["seat"], data["kind"], data["high"], data.get("suit", "")])
                if value not in seen:
                    seen[value] = Choice(
                        value=value, label=format_annonces_text([data]), seat=seat.value
                    )
        choices.extend(seen.values())
    return choices


def annonce_from_choice(value: str) -> dict:
    """The record dict of an annonce choice value ``N:tierce:K:S``."""
    seat, kind, high, suit = (value.split(":") + ["", "", "", ""])[:4]
    annonce = {"seat": seat, "kind": kind, "high": high}
    if suit:
        annonce["suit"] = suit
    return annonce


def annonce_choice_value(annonce: dict) -> str:
    return ":".join([annonce["seat"], annonce["kind"], annonce["high"], annonce.get("suit") or ""])


def played_strains(rules) -> list[Strain]:
    """The strains a tournament's contracts may be played in."""
    strains = [Strain(suit.value) for suit in Suit]
    if rules.no_trump:
        strains.append(Strain.NO_TRUMP)
    if rules.all_trump:
        strains.append(Strain.ALL_TRUMP)
    return strains
