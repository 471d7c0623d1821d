"""Annonces typed as text: the screen spelling for people, the canonical one for CSV files."""

from dataclasses import replace

import pytest
from django.utils import translation

from scoring.engine.annonces import Annonce, AnnonceKind
from scoring.engine.cards import Rank, Seat, Suit
from scoring.engine.rules import DEFAULT_PRESET, PRESETS
from tournaments.results.annonce_text import (
    AnnonceTextError,
    annonce_picker_choices,
    format_annonces_text,
    parse_annonces_text,
)

TIERCE_KING_HEARTS = {"seat": "N", "kind": "tierce", "high": "K", "suit": "H"}
CARRE_JACKS_WEST = {"seat": "W", "kind": "carre", "high": "J"}


@pytest.mark.parametrize(
    "text",
    [
        "N tierce R cœur, O carré V",
        "n Tierce r coeur ; o CARRE v",
        "N ti R co\nW ca J",
        "N tierce K ♥, W carre J",
        "N tierce R♥, O carré V",
    ],
)
def test_the_screen_spelling_reads_french_and_english_ranks(text):
    assert parse_annonces_text(text) == [TIERCE_KING_HEARTS, CARRE_JACKS_WEST]


def test_an_empty_text_is_no_annonce():
    assert parse_annonces_text("") == [] and parse_annonces_text(" , ") == []


def test_a_single_letter_suit_is_refused_on_screen():
    # « C » would be cœur for a French player and clubs in the records: ask for the word.
    with pytest.raises(AnnonceTextError) as error:
        parse_annonces_text("N tierce R C")
    assert error.value.messages == [
        "Annonce 1 (« N tierce R C ») : couleur inconnue « C » (pique, cœur, carreau ou trèfle)."
    ]


def test_every_unreadable_annonce_is_reported():
    with pytest.raises(AnnonceTextError) as error:
        parse_annonces_text("N tierce R cœur, Z cent A pique, E cinquante")
    assert [message.split(" : ")[0] for message in error.value.messages] == [
        "Annonce 2 (« Z cent A pique »)",
        "Annonce 3 (« E cinquante »)",
    ]


def test_the_canonical_spelling_is_the_records_one():
    text = "N tierce K H, W carre J"
    assert parse_annonces_text(text, canonical=True) == [TIERCE_KING_HEARTS, CARRE_JACKS_WEST]
    with pytest.raises(AnnonceTextError):
        parse_annonces_text("O carre V", canonical=True)
    assert format_annonces_text([TIERCE_KING_HEARTS, CARRE_JACKS_WEST], canonical=True) == text


def test_the_screen_form_reads_back():
    text = format_annonces_text([TIERCE_KING_HEARTS, CARRE_JACKS_WEST])
    assert text == "N tierce R ♥, O carré V"
    assert parse_annonces_text(text) == [TIERCE_KING_HEARTS, CARRE_JACKS_WEST]


def test_the_english_screen_form_says_k_q_j_and_w_and_reads_back():
    with translation.override("en"):
        text = format_annonces_text([TIERCE_KING_HEARTS, CARRE_JACKS_WEST])
        assert text == "N tierce K ♥, W carré J"
        assert parse_annonces_text(text) == [TIERCE_KING_HEARTS, CARRE_JACKS_WEST]


# --- The phone's annonce picker ------------------------------------------------------------------


def picked(choices, seat, kind, high, suit=None):
    """The text the phone's picker writes for these taps (phone_entry.js joins the words)."""
    words = [seat["text"], kind["text"], high["text"]] + ([suit["text"]] if suit else [])
    return " ".join(words)


def test_the_picker_offers_nothing_when_annonces_are_not_played():
    rules = PRESETS[DEFAULT_PRESET]
    assert annonce_picker_choices(rules) is not None
    assert annonce_picker_choices(replace(rules, annonces=False)) is None


def test_the_picker_offers_only_the_top_cards_a_kind_can_have():
    with translation.override("fr"):
        choices = annonce_picker_choices(PRESETS[DEFAULT_PRESET])
    tops = {kind["value"]: [high["text"] for high in kind["highs"]] for kind in choices["kinds"]}
    assert tops == {
        "tierce": ["A", "R", "D", "V", "10", "9"],
        "cinquante": ["A", "R", "D", "V", "10"],
        "cent": ["A", "R", "D", "V"],
        # Carrés of 8s and 7s do not count.
        "carre": ["A", "R", "D", "V", "10", "9"],
    }
    assert [kind["suit"] for kind in choices["kinds"]] == [True, True, True, False]
    assert [seat["text"] for seat in choices["seats"]] == ["N", "E", "S", "O"]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_annonce_the_picker_can_write_is_read_back_as_that_annonce(language):
    with translation.override(language):
        choices = annonce_picker_choices(PRESETS[DEFAULT_PRESET])
        count = 0
        for seat in choices["seats"]:
            for kind in choices["kinds"]:
                for high in kind["highs"]:
                    for suit in choices["suits"] if kind["suit"] else [None]:
                        [read] = parse_annonces_text(picked(choices, seat, kind, high, suit))
                        expected = {"seat": seat["value"], "kind": kind["value"]}
                        expected["high"] = high["value"]
                        if suit:
                            expected["suit"] = suit["value"]
                        assert read == expected
                        # A real annonce for the engine.
                        Annonce(
                            Seat(read["seat"]),
                            AnnonceKind(read["kind"]),
                            Rank(read["high"]),
                            Suit(read["suit"]) if suit else None,
                        )
                        count += 1
    # 4 seats x (4 suits x (6 + 5 + 4) sequences + 6 carrés).
    assert count == 4 * (4 * 15 + 6)
