"""Problems carry English templates that the Django layer translates, seat names included."""

import pytest

from scoring.deals.board import InvalidDealError, validate_deal
from scoring.deals.pbn import PbnImportError, import_pbn
from scoring.deals.problems import Problem, Term, gettext_noop
from tests.support.hands import SUIT_PER_SEAT, N, W, hands

FRENCH = {
    "North": "Nord",
    "West": "Ouest",
    "%(seat)s holds %(count)s cards, not 8.": "%(seat)s a %(count)s cartes au lieu de 8.",
    "The hand of %(seat)s is missing.": "La main de %(seat)s manque.",
    "Board %(board)s: %(problem)s": "Étui %(board)s : %(problem)s",
    "Board %(board)s, line %(line)s: %(problem)s": "Étui %(board)s, ligne %(line)s : %(problem)s",
}


def french(message: str) -> str:
    return FRENCH.get(message, message)


def test_the_marker_returns_the_message_unchanged():
    assert gettext_noop("North") == "North"


def test_a_problem_renders_its_template_with_its_params():
    problem = Problem(
        "hand_size", "%(seat)s holds %(count)s cards, not 8.", {"seat": Term("North"), "count": 7}
    )
    assert problem.render() == "North holds 7 cards, not 8."
    assert str(problem) == "North holds 7 cards, not 8."


def test_the_django_layer_translates_message_and_seat_names():
    broken = hands(SUIT_PER_SEAT)
    broken[N] = type(broken[N])(list(broken[N])[:7])
    del broken[W]
    with pytest.raises(InvalidDealError) as raised:
        validate_deal(broken)
    messages = raised.value.messages(french)
    assert messages[:2] == ["Nord a 7 cartes au lieu de 8.", "La main de Ouest manque."]


def test_text_copied_from_the_input_is_not_translated():
    problem = Problem("invalid_dealer", "'%(value)s' is not a dealer.", {"value": "North"})
    assert problem.render(french) == "'North' is not a dealer."


def test_the_location_is_translated_too():
    with pytest.raises(PbnImportError) as raised:
        import_pbn('[Board "2"]\n[Deal "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT98"]\n')
    assert raised.value.messages(french)[0] == "Étui 2, ligne 2 : Ouest a 7 cartes au lieu de 8."


def test_a_list_of_seats_is_translated_seat_by_seat():
    problem = Problem("x", "Held by %(seats)s.", {"seats": (Term("North"), Term("West"))}, board=3)
    assert problem.render(french) == "Étui 3 : Held by Nord, Ouest."
