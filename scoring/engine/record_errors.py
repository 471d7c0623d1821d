"""The problems of a result record: field errors, their stable codes and English templates.

``parse_result`` (``result_record``) collects every problem of a record as a ``FieldError`` and
raises ``ResultValidationError`` with all of them; ``hand_problems`` returns the ones the hands
contradict. Each ``code`` has one English template in ``MESSAGES`` (``gettext_noop``: the site's
French catalogue translates it), filled from the error's ``params``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.translation import gettext_noop


@dataclass(frozen=True, slots=True)
class FieldError:
    """One problem of a record. ``message`` is an English template filled from ``params``."""

    field: str
    code: str
    message: str
    params: dict[str, Any]

    def render(self) -> str:
        return self.message % self.params

    def to_dict(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "code": self.code,
            "message": self.render(),
            "params": self.params,
        }


class ResultValidationError(ValueError):
    """A record that cannot be scored; ``errors`` lists every problem found."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{error.field}: {error.render()}" for error in errors))


MESSAGES: dict[str, str] = {
    "not_an_object": gettext_noop("A result must be an object."),
    "contract_not_an_object": gettext_noop(
        "The contract must be an object with bid, strain, taker and coinche."
    ),
    "unknown_field": gettext_noop("Unknown field %(name)s."),
    "required": gettext_noop("This field is required."),
    "not_boolean": gettext_noop("Must be true or false."),
    "not_a_list": gettext_noop("Must be a list."),
    "passed_with_contract": gettext_noop(
        "A passed deal (passe générale) has no %(name)s: leave it empty."
    ),
    "invalid_bid": gettext_noop("The bid must be a number of points, or capot."),
    "bid_not_multiple_of_10": gettext_noop("The bid must be a multiple of 10 (%(value)s given)."),
    "bid_not_on_scale": gettext_noop(
        "The bid must be %(lowest)s or a multiple of %(step)s above it (%(value)s given)."
    ),
    "bid_too_low": gettext_noop("The bid must be at least %(min)s (%(value)s given)."),
    "bid_unreachable": gettext_noop(
        "No side can reach %(value)s points in this tournament (%(max)s at most): check the bid."
    ),
    "invalid_strain": gettext_noop("Unknown strain %(value)s: use S, H, D, C, SA or TA."),
    "strain_not_allowed": gettext_noop("%(strain)s contracts are not played in this tournament."),
    "invalid_seat": gettext_noop("Unknown seat %(value)s: use N, E, S or W."),
    "invalid_coinche": gettext_noop(
        "Coinche must be 0 (none), 1 (coinché) or 2 (surcoinché), not %(value)s."
    ),
    "invalid_points": gettext_noop("The points must be a whole number from 0 to 162."),
    "points_out_of_range": gettext_noop("The points must be between 0 and 162 (%(value)s given)."),
    "impossible_points": gettext_noop(
        "No card is worth a single point: %(value)s points cannot happen."
    ),
    "invalid_capot": gettext_noop("Capot must be empty, taker or defence, not %(value)s."),
    "capot_by_taker_points": gettext_noop(
        "The taking side won all eight tricks: its points must be 162 or left empty "
        "(%(value)s given)."
    ),
    "capot_by_defence_points": gettext_noop(
        "The defence won all eight tricks: the taking side's points must be 0 or left empty "
        "(%(value)s given)."
    ),
    "generale_without_capot": gettext_noop(
        "A générale (one player wins all eight tricks) needs a capot."
    ),
    "belote_in_no_trump": gettext_noop("There is no belote in a sans atout contract."),
    "too_many_belotes": gettext_noop("Only %(max)s belote can be announced in this contract."),
    "too_many_belote_seats": gettext_noop("A deal holds at most %(max)s belotes."),
    "belote_not_held": gettext_noop("%(seat)s does not hold the king and queen of trump."),
    "belote_not_held_all_trump": gettext_noop(
        "%(seat)s does not hold the king and queen in as many suits as belotes announced "
        "(%(count)s of 4)."
    ),
    "annonces_not_played": gettext_noop("Annonces are not played in this tournament."),
    "too_many_annonces": gettext_noop("A deal holds at most %(max)s annonces."),
    "not_an_annonce": gettext_noop("Each annonce must be an object."),
    "invalid_kind": gettext_noop(
        "Unknown annonce %(value)s: use tierce, cinquante, cent or carre."
    ),
    "invalid_rank": gettext_noop("Unknown rank %(value)s: use A, K, Q, J, 10, 9, 8 or 7."),
    "invalid_suit": gettext_noop("Unknown suit %(value)s: use S, H, D or C."),
    "carre_with_suit": gettext_noop("A carré has no suit."),
    "carre_does_not_count": gettext_noop("Carrés of 7s and 8s do not count."),
    "suit_required": gettext_noop("A %(kind)s is in one suit: give its suit."),
    "sequence_too_low": gettext_noop(
        "A %(kind)s of %(length)s cards cannot have %(high)s as its top card."
    ),
    "card_in_two_annonces": gettext_noop(
        "%(card)s already counts in annonce #%(other)s: a card counts in one annonce only."
    ),
    "card_held_twice": gettext_noop("%(card)s cannot be held by both %(seat)s and %(other_seat)s."),
    "too_many_cards": gettext_noop("The annonces of %(seat)s need more than eight cards."),
    "annonce_not_held": gettext_noop("%(seat)s cannot show this %(kind)s: %(cards)s missing."),
}

# The problems only the hands can tell (``result_record.hand_problems``): told to whoever may see
# them, stored as flags for everyone else, never sent back to them.
HAND_CODES = frozenset({"belote_not_held", "belote_not_held_all_trump", "annonce_not_held"})
