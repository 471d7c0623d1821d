"""How a result reads on screen, in French: « 90 ♥ par O, coinché — preneurs 97 ».

Used by the pages (through the ``results_tags`` template filters) and by JSON answers, and, for
the rules engine's messages, by the services, the forms and the API (``engine_message``).
"""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.engine.cards import Strain
from scoring.engine.result_record import MESSAGES
from tournaments import vocabulary

from .annonce_text import format_annonces_text

# The labels are the vocabulary's (tournaments.vocabulary); these names say how this module
# uses them.
SEAT_LABELS = vocabulary.SEAT_LETTERS
STRAIN_LABELS = vocabulary.STRAIN_SYMBOLS
COINCHE_LABELS = vocabulary.COINCHE_NAMES


def strain_label(strain: str) -> str:
    return str(STRAIN_LABELS.get(strain, strain))


def is_red(strain: str) -> bool:
    return strain in (Strain.HEARTS.value, Strain.DIAMONDS.value)


def contract_label(record: dict | None) -> str:
    """« 90 ♥ par O, coinché », « Capot ♠ par N » or « Passe générale »."""
    if not record:
        return ""
    if record.get("passed"):
        return _("Passe générale")
    contract = record.get("contract") or {}
    bid = contract.get("bid")
    bid_text = _("Capot") if bid == "capot" else str(bid)
    text = _("%(bid)s %(strain)s par %(taker)s") % {
        "bid": bid_text,
        "strain": strain_label(contract.get("strain", "")),
        "taker": vocabulary.seat_letter(contract.get("taker", "")),
    }
    coinche = COINCHE_LABELS.get(contract.get("coinche") or 0, "")
    return f"{text}, {coinche}" if coinche else text


def play_label(record: dict | None) -> str:
    """What happened in the play: « preneurs 97 », « capot des preneurs », belote, annonces."""
    if not record or record.get("passed"):
        return ""
    parts = []
    capot = record.get("capot")
    if capot == "taker":
        parts.append(_("capot des preneurs"))
    elif capot == "defence":
        parts.append(_("capot de la défense"))
    else:
        parts.append(_("preneurs %(points)s") % {"points": record.get("taker_points")})
    if record.get("generale"):
        parts.append(_("générale"))
    if record.get("belote"):
        seats = " ".join(vocabulary.seat_letter(seat) for seat in record["belote"])
        parts.append(_("belote %(seats)s") % {"seats": seats})
    if record.get("annonces"):
        parts.append(format_annonces_text(record["annonces"]))
    return " · ".join(parts)


def record_summary(record: dict | None) -> str:
    """The contract and the play in one line."""
    contract, play = contract_label(record), play_label(record)
    return f"{contract} — {play}" if play else contract


# The rules engine's message params that name a seat, a card, a rank, an annonce or a strain,
# and how each reads on screen. Other params (a number, the raw text someone typed) stay as
# they are.
_SCREEN_PARAMS = {
    "seat": vocabulary.seat_letter,
    "other_seat": vocabulary.seat_letter,
    "kind": vocabulary.annonce_kind_name,
    "high": vocabulary.rank_letter,
    "card": vocabulary.card_label,
    "cards": vocabulary.card_list_label,
    "strain": strain_label,
}


def screen_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """An engine message's params in the active language's notation: the core says
    ``seat="W"``, ``kind="carre"``, ``cards="J♠, Q♠"``; a French page says O, carré, V♠, D♠."""
    return {
        name: _SCREEN_PARAMS[name](value)
        if name in _SCREEN_PARAMS and isinstance(value, str)
        else value
        for name, value in params.items()
    }


def engine_message(template: str, params: Mapping[str, Any]) -> str:
    """One rules-engine message (``scoring.engine.record_errors``: an English template and its
    params) in the active language, cards, seats and annonces in its notation."""
    return _(template) % screen_params(params)


def flag_messages(result) -> list[str]:
    """What a stored record disagrees with in the hands (« Belote non détenue… »), in the
    active language. Only for those who may see the hands (``policy.can_see_result_flags``)."""
    return [engine_message(MESSAGES[flag["code"]], flag["params"]) for flag in (result.flags or [])]


def penalty_amount(amount: int, unit: str) -> str:
    """A penalty's amount: « 25 % du top » or « 50 points »."""
    if unit == "percent":
        return _("%(amount)s %% du top") % {"amount": amount}
    return ngettext("%(amount)s point", "%(amount)s points", amount) % {"amount": amount}
