"""Cards, seats and annonces on screen in the French notation (A R D V, N E S O, « carré »), and
in the English one (A K Q J, W) when the switch chose English; the records keep the core's codes."""

import pytest
from django.utils import translation

from scoring.engine.cards import Card, Hand, Rank, Seat, Strain, Suit
from tests.support.results import RICH_DEAL, contract
from tournaments import vocabulary
from tournaments.results.display import engine_message, flag_messages, record_summary
from tournaments.results.models import Result
from tournaments.results.selectors import annonce_choices, belote_choices

CARRE_OF_JACKS_WEST = {"seat": "W", "kind": "carre", "high": "J"}
MISSING_JACKS = {
    "field": "annonces.0",
    "code": "annonce_not_held",
    "params": {"seat": "W", "kind": "carre", "cards": "J♠, J♥, J♦, J♣"},
}
HANDS = {Seat(seat): Hand.from_pbn(pbn) for seat, pbn in RICH_DEAL.items()}


def test_ranks_read_a_r_d_v_in_french_and_a_k_q_j_in_english():
    ranks = [rank.value for rank in reversed(Rank)]
    assert " ".join(vocabulary.rank_letter(rank) for rank in ranks) == "A R D V 10 9 8 7"
    with translation.override("en"):
        assert " ".join(vocabulary.rank_letter(rank) for rank in ranks) == "A K Q J 10 9 8 7"


def test_a_card_reads_as_its_rank_letter_and_suit_symbol():
    assert vocabulary.card_label(Card(Rank.JACK, Suit.SPADES)) == "V♠"
    assert vocabulary.card_label(Card(Rank.TEN, Suit.HEARTS)) == "10♥"
    # The core's own labels and codes read the same.
    assert vocabulary.card_label("Q♦") == "D♦"
    assert vocabulary.card_label("KC") == "R♣"
    with translation.override("en"):
        assert vocabulary.card_label("J♠") == "J♠"


def test_annonces_keep_their_names_with_the_accent():
    assert [vocabulary.annonce_kind_name(kind) for kind in vocabulary.ANNONCE_KIND_VALUES] == [
        "tierce",
        "cinquante",
        "cent",
        "carré",
    ]


def test_the_summary_of_a_record_says_carre_v_by_o():
    summary = record_summary(contract(taker="W", annonces=[CARRE_OF_JACKS_WEST]))
    assert summary == "90 ♥ par O — preneurs 100 · O carré V"
    with translation.override("en"):
        assert record_summary(contract(annonces=[CARRE_OF_JACKS_WEST])).endswith("W carré J")


def test_a_flag_names_the_seat_and_cards_the_french_way():
    result = Result(flags=[MISSING_JACKS])
    assert flag_messages(result) == [
        "O ne peut pas montrer cette annonce (carré) : il manque V♠, V♥, V♦, V♣."
    ]
    with translation.override("en"):
        assert flag_messages(result) == ["W cannot show this carré: J♠, J♥, J♦, J♣ missing."]


@pytest.mark.parametrize(
    ("params", "french"),
    [
        ({"seat": "W"}, "O"),
        ({"other_seat": "W"}, "O"),
        ({"kind": "carre"}, "carré"),
        ({"high": "Q"}, "D"),
        ({"card": "K♥"}, "R♥"),
        ({"strain": "SA"}, "SA"),
        # What someone typed is shown as typed.
        ({"value": "W"}, "W"),
    ],
)
def test_each_engine_param_is_shown_in_the_notation(params, french):
    [name] = params
    assert engine_message(f"%({name})s", params) == french


def test_the_hand_based_choices_of_the_arbiter_sheet_speak_french():
    annonces = [choice.label for choice in annonce_choices(HANDS, [Strain.HEARTS])]
    assert "N tierce R ♠" in annonces
    assert "O tierce 10 ♣" in annonces
    belotes = [choice.label for choice in belote_choices(HANDS)]
    assert "N ♠" in belotes
    with translation.override("en"):
        annonces = [choice.label for choice in annonce_choices(HANDS, [Strain.HEARTS])]
        assert "N tierce K ♠" in annonces
        assert "W tierce 10 ♣" in annonces
