"""Annonces typed as text: the screen spelling for people, the canonical one for CSV files."""

import pytest
from django.utils import translation

from tournaments.results.annonce_text import (
    AnnonceTextError,
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
