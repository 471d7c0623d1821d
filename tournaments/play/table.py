"""How South's view reads on the card table page (docs/play.md): the hand by suit, the calls,
the trick, the contract, the words of the page's script.

It reads only ``selectors.south_view``'s dict, never the game: the page shows nothing the JSON
does not. The script (static/js/card-table.js) draws the same from the same view, with the
words given here (``script_words``), so that both speak the active language.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoring.engine.cards import Card, Rank, Seat, Suit
from tournaments import vocabulary

SUIT_DISPLAY_ORDER = ("S", "H", "C", "D")
"""The hand's suits as a player holds them: the colours alternating (♠ ♥ ♣ ♦)."""

TABLE_SEATS = ("N", "W", "E", "S")
"""The seats around the table as the page lays them out: North on top, South at the bottom."""


def call_label(call: dict) -> str:
    """« Passe », « 90 ♥ », « Capot ♠ », « Coinche », « Surcoinche »."""
    kind = call.get("call")
    if kind == "pass":
        return _("Passe")
    if kind == "coinche":
        return _("Coinche")
    if kind == "surcoinche":
        return _("Surcoinche")
    bid = _("Capot") if call.get("bid") == "capot" else str(call.get("bid"))
    return f"{bid} {vocabulary.STRAIN_SYMBOLS.get(call.get('strain', ''), '')}"


def contract_label(contract: dict | None) -> str:
    """« 90 ♥ par Ouest, coinché »."""
    if not contract:
        return ""
    bid = _("Capot") if contract.get("bid") == "capot" else str(contract.get("bid"))
    text = _("%(bid)s %(strain)s par %(taker)s") % {
        "bid": bid,
        "strain": vocabulary.STRAIN_SYMBOLS.get(contract.get("strain", ""), ""),
        "taker": vocabulary.seat_name(contract.get("taker", "")),
    }
    coinche = vocabulary.COINCHE_NAMES.get(contract.get("coinche") or 0, "")
    return f"{text}, {coinche}" if coinche else text


def card_item(card: str, *, legal: bool = False) -> dict[str, Any]:
    parsed = Card.parse(card)
    return {
        "code": card,
        "label": vocabulary.card_label(parsed),
        "red": parsed.suit.is_red,
        "legal": legal,
    }


def hand_by_suit(view: dict) -> list[dict[str, Any]]:
    """South's cards by suit (♠ ♥ ♣ ♦), strongest first, each marked legal or not; when South
    is to play, the others are dimmed (``illegal``)."""
    legal = set(view["legal_cards"])
    suits = []
    for suit in SUIT_DISPLAY_ORDER:
        cards = [
            {**card_item(card, legal=card in legal), "illegal": bool(legal) and card not in legal}
            for card in view["hand"]
            if card[-1] == suit
        ]
        if cards:
            suits.append({"suit": suit, "cards": cards})
    return suits


def calls_by_seat(view: dict) -> list[dict[str, Any]]:
    """The calls in the order made: who said what."""
    return [
        {
            "seat": call["seat"],
            "name": vocabulary.seat_name(call["seat"]),
            "label": call_label(call),
        }
        for call in view["calls"]
    ]


def bidding_box(view: dict) -> dict[str, Any]:
    """South's legal calls: the bids by height (one line per height, a button per strain),
    then pass, coinche, surcoinche."""
    heights: dict[str, list[dict[str, Any]]] = {}
    others = []
    for call in view["legal_calls"]:
        item = {
            "call": call,
            "label": call_label(call),
            "strain": vocabulary.STRAIN_SYMBOLS.get(call.get("strain", ""), ""),
        }
        if call["call"] == "bid":
            height = _("Capot") if call["bid"] == "capot" else str(call["bid"])
            heights.setdefault(height, []).append(item)
        else:
            others.append(item)
    return {"heights": list(heights.items()), "others": others}


def trick_of(trick: dict | None) -> dict[str, Any] | None:
    """A trick as the page shows it: each card at its seat, who led, who won, what was said."""
    if trick is None:
        return None
    return {
        "leader": vocabulary.seat_name(trick["leader"]),
        "winner": vocabulary.seat_name(trick["winner"]) if trick["winner"] else "",
        "cards": [
            {
                **card_item(card["card"]),
                "seat": card["seat"],
                "said": card.get("said", ""),
                "led": index == 0,
                "won": card["seat"] == trick["winner"],
            }
            for index, card in enumerate(trick["cards"])
        ],
    }


def review_item(item: dict) -> dict[str, Any]:
    """One of South's cards in the double-dummy review: « meilleur choix », or « le meilleur
    choix était A♠ (coûte 10 points) »."""
    if item["cost"] == 0:
        mark = _("meilleur choix")
    else:
        best = ", ".join(vocabulary.card_label(card) for card in item["best"])
        mark = "{} ({})".format(
            _("le meilleur choix était %(cards)s") % {"cards": best},
            _("coûte %(points)s points") % {"points": item["cost"]},
        )
    return {**card_item(item["card"]), "mark": mark, "cost": item["cost"]}


def replay_of(view: dict) -> dict[str, Any] | None:
    """The replay's start, drawn before the script: the four hands as dealt and the review of
    South's cards (None while the job runs). Only when the view holds the hands."""
    if "hands" not in view:
        return None
    hands = []
    for seat in TABLE_SEATS:
        holding = view["hands"][seat].split(".")
        hands.append(
            {
                "seat": seat,
                "name": vocabulary.seat_name(seat),
                "suits": [
                    {
                        "symbol": Suit(suit).symbol,
                        "red": Suit(suit).is_red,
                        "cards": " ".join(
                            vocabulary.rank_letter(Rank.parse(rank).value)
                            for rank in holding["SHDC".index(suit)]
                        )
                        or "—",
                    }
                    for suit in SUIT_DISPLAY_ORDER
                ],
            }
        )
    review = view.get("review")
    items = [review_item(item) for item in review["cards"]] if review else None
    return {"hands": hands, "review": items}


def seat_names() -> dict[str, str]:
    return {seat.value: vocabulary.seat_name(seat.value) for seat in Seat}


def table_of(view: dict) -> dict[str, Any]:
    """Everything the page shows of South's view."""
    tricks = view["tricks"]
    return {
        "seats": [
            {
                "seat": seat,
                "name": _("Vous (Sud)") if seat == "S" else vocabulary.seat_name(seat),
                "dealer": view["dealer"] == seat,
                "to_play": view["turn"] == seat,
            }
            for seat in TABLE_SEATS
        ],
        "turn": vocabulary.seat_name(view["turn"]) if view["turn"] else "",
        "south_to_act": view["turn"] == "S" and bool(view["legal_calls"] or view["legal_cards"]),
        "contract": contract_label(view["contract"]),
        "calls": calls_by_seat(view),
        "box": bidding_box(view),
        "hand": hand_by_suit(view),
        # The trick on the table (the last one, whole until the next lead), and the one before.
        "trick": trick_of(tricks[-1] if tricks else None),
        "last_trick": trick_of(tricks[-2] if len(tricks) > 1 else None),
        "points": view["points"],
        # An abandoned game has no score: only a finished one.
        "result": view.get("result") if view["status"] == "finished" else None,
        "replay": replay_of(view),
    }


def script_words() -> dict[str, Any]:
    """The words of the page's script, in the active language."""
    return {
        "seats": seat_names(),
        "ranks": {rank: vocabulary.rank_letter(rank) for rank in vocabulary.RANK_VALUES},
        "strains": {key: str(value) for key, value in vocabulary.STRAIN_SYMBOLS.items()},
        "coinche": {str(int(key)): str(value) for key, value in vocabulary.COINCHE_NAMES.items()},
        "pass": _("Passe"),
        "coinche_call": _("Coinche"),
        "surcoinche": _("Surcoinche"),
        "capot": _("Capot"),
        "by": _("%(bid)s %(strain)s par %(taker)s"),
        "your_turn_call": _("À vous de parler."),
        "your_turn_card": _("À vous de jouer."),
        "thinking": _("%(seat)s réfléchit…"),
        "led": _("%(seat)s entame"),
        "won": _("Pli pour %(seat)s"),
        "belote": _("Belote !"),
        "rebelote": _("Rebelote !"),
        "no_contract": _("Pas encore de contrat"),
        "finished": _("Donne terminée."),
        "abandoned": _("Partie abandonnée."),
        "offline": _("Connexion perdue : nouvel essai dans quelques secondes."),
        "unreadable": _("Réponse illisible du serveur : rechargez la page."),
        "made": _("Contrat réussi"),
        "failed": _("Contrat chuté"),
        "passed_out": _("Passe générale"),
        "analysis_running": _("Analyse en cours…"),
        "best_was": _("le meilleur choix était %(cards)s"),
        "cost": _("coûte %(points)s points"),
        "best": _("meilleur choix"),
        "ns": _("NS"),
        "ew": _("EO"),
        "score_title": _("Marque de la donne"),
        "replay_title": _("La donne rejouée, mains ouvertes"),
        "review_title": _("Vos cartes, à quatre jeux visibles"),
        "previous": _("Carte précédente"),
        "next": _("Carte suivante"),
        "step": _("Carte %(number)s sur %(total)s"),
    }
