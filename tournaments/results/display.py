"""How a result reads on screen, in French: « 90 ♥ par O, coinché — preneurs 97 ».

Used by the pages (through the ``results_tags`` template filters) and by JSON answers.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.engine.cards import Strain
from scoring.engine.result_record import MESSAGES

from .annonce_text import format_annonces_text

SEAT_LABELS = {
    "N": gettext_lazy("N"),
    "E": gettext_lazy("E"),
    "S": gettext_lazy("S"),
    # Ouest.
    "W": gettext_lazy("O"),
}
SIDE_LABELS = {"NS": gettext_lazy("Nord-Sud"), "EW": gettext_lazy("Est-Ouest")}
SIDE_SHORT_LABELS = {"NS": gettext_lazy("NS"), "EW": gettext_lazy("EO")}
STRAIN_LABELS = {
    "S": "♠",
    "H": "♥",
    "D": "♦",
    "C": "♣",
    "SA": gettext_lazy("SA"),
    "TA": gettext_lazy("TA"),
}
COINCHE_LABELS = {0: "", 1: gettext_lazy("coinché"), 2: gettext_lazy("surcoinché")}


def seat_label(seat: str) -> str:
    return str(SEAT_LABELS.get(seat, seat))


def side_label(side: str) -> str:
    return str(SIDE_LABELS.get(side, side))


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
        "taker": seat_label(contract.get("taker", "")),
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
        seats = " ".join(seat_label(seat) for seat in record["belote"])
        parts.append(_("belote %(seats)s") % {"seats": seats})
    if record.get("annonces"):
        parts.append(format_annonces_text(record["annonces"]))
    return " · ".join(parts)


def record_summary(record: dict | None) -> str:
    """The contract and the play in one line."""
    contract, play = contract_label(record), play_label(record)
    return f"{contract} — {play}" if play else contract


def flag_messages(result) -> list[str]:
    """What a stored record disagrees with in the hands (« Belote non détenue… »), in the
    active language. Only for those who may see the hands (``policy.can_see_result_flags``)."""
    return [_(MESSAGES[flag["code"]]) % flag["params"] for flag in (result.flags or [])]
