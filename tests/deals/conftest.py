"""Fixtures of the deals site tests: the people of a tournament, a barometer plan, French
messages."""

import pytest
from django.utils.translation import trans_real

from tests.support.factories import add_plan, add_teams, make_tournament

# A barometer-style plan: every table plays the same two boards in a round, new boards each
# round, so that releasing one round shows exactly that round's boards.
BAROMETER = [
    (1, 1, 1, 3, [1, 2]),
    (1, 2, 2, 4, [1, 2]),
    (2, 1, 1, 4, [3, 4]),
    (2, 2, 2, 3, [3, 4]),
    (3, 1, 1, 2, [5, 6]),
    (3, 2, 3, 4, [5, 6]),
]


class People:
    """The users around a tournament: its organizer and arbiter, those of another, a player."""

    def __init__(self, make_user):
        self.organizer = make_user("orga", role="organizer")
        self.arbiter = make_user("arbitre", role="arbiter")
        self.organizer_other = make_user("orga-ailleurs", role="organizer")
        self.arbiter_other = make_user("arbitre-ailleurs", role="arbiter")
        self.player = make_user("joueur")
        other = make_tournament(organizer=self.organizer_other, arbiter=self.arbiter_other)
        self.other_tournament = other

    def user(self, role: str):
        """The user playing ``role`` (None for an anonymous visitor)."""
        return {
            "anonymous": None,
            "player": self.player,
            "arbiter": self.arbiter,
            "arbiter_checking": self.arbiter,
            "arbiter_other": self.arbiter_other,
            "organizer": self.organizer,
            "organizer_other": self.organizer_other,
        }[role]


@pytest.fixture
def people(make_user):
    return People(make_user)


@pytest.fixture
def barometer(people):
    """A running tournament with 4 teams, a barometer plan over 3 rounds and no boards yet."""
    tournament = make_tournament(organizer=people.organizer, arbiter=people.arbiter)
    add_teams(tournament, 4)
    add_plan(tournament, BAROMETER)
    return tournament


# French for the core's English message templates used in these tests. The project's ``fr``
# catalog is filled by the lead; installing these here checks that the pages render the core's
# problems through gettext (so in French), whatever that catalog holds today.
CORE_FRENCH = {
    "North": "Nord",
    "East": "Est",
    "South": "Sud",
    "West": "Ouest",
    "Board %(board)s, line %(line)s: %(problem)s": "Étui %(board)s, ligne %(line)s : %(problem)s",
    "Board %(board)s: %(problem)s": "Étui %(board)s : %(problem)s",
    "%(seat)s holds %(count)s cards, not 8.": "%(seat)s a %(count)s cartes au lieu de 8.",
    "Unknown card %(cards)s in the hand of %(seat)s: a coinche deck has only "
    "A K Q J T 9 8 7 in each suit.": "Carte inconnue %(cards)s dans la main de %(seat)s : un jeu "
    "de coinche n'a que A R D V 10 9 8 7 dans chaque couleur.",
    "The deal does not hold 32 distinct cards: %(card)s is in the hands of %(seats)s.": "La "
    "donne ne contient pas 32 cartes différentes : %(card)s est dans les mains de %(seats)s.",
    "The deal does not hold 32 distinct cards: %(cards)s missing from every hand.": "La donne "
    "ne contient pas 32 cartes différentes : %(cards)s ne sont dans aucune main.",
    "The seed is written in hexadecimal (0-9 and a-f); it contains %(chars)s.": "La graine "
    "s'écrit en hexadécimal (0-9 et a-f) ; elle contient %(chars)s.",
}


@pytest.fixture
def french_core_messages():
    """Install French translations of the core's messages in the ``fr`` catalog for one test."""
    catalog = trans_real.translation("fr")._catalog._catalogs[0]
    saved = {key: catalog[key] for key in CORE_FRENCH if key in catalog}
    catalog.update(CORE_FRENCH)
    yield CORE_FRENCH
    for key in CORE_FRENCH:
        catalog.pop(key, None)
    catalog.update(saved)
