"""Result records as the results services take them, and the table assignment they belong to.

``contract(...)`` is a played deal valid whatever the hands, ``PASSED`` a deal nobody bid on,
``RICH_DEAL`` hands with belotes and annonces to claim (the factories' deals have none);
``CLAIM_EVERYTHING`` and ``OTHER_HANDS`` for the attacks on the hands' secrecy.
"""

from tournaments.setup.models import TableAssignment


def assignment(tournament, round_number: int, table_number: int) -> TableAssignment:
    """The plan's row of ``table_number`` in round ``round_number``."""
    return TableAssignment.objects.select_related("round__tournament", "table").get(
        round__tournament=tournament, round__number=round_number, table__number=table_number
    )


def contract(bid=90, strain="H", taker="N", coinche=0, points=100, **extra) -> dict:
    """A played deal with no belote and no annonces (valid whatever the hands)."""
    record = {
        "passed": False,
        "contract": {"bid": bid, "strain": strain, "taker": taker, "coinche": coinche},
        "taker_points": points,
        "capot": None,
        "belote": [],
        "annonces": [],
    }
    record.update(extra)
    return record


PASSED = {"passed": True}


# A deal with belotes and annonces to choose from (the factory's deals have none):
# N holds K Q of spades and of hearts and a tierce K-Q-J of spades; E holds K Q of diamonds and
# of clubs; S a tierce 9-8-7 of spades; W a tierce 10-9-8 of clubs.
RICH_DEAL = {"N": "KQJ.KQ.A.A7", "E": "AT.AT.KQ.KQ", "S": "987.J9.J9.J", "W": ".87.T87.T98"}


# Every seat claims a cent to the ace in its own suit: the record is valid under the rules (no
# card is used twice), whatever the hands. Each claim is true of some deal and false of others.
CLAIM_EVERYTHING = {
    "passed": False,
    "contract": {"bid": 90, "strain": "H", "taker": "N", "coinche": 0},
    "taker_points": 100,
    "capot": None,
    "belote": [],
    "annonces": [
        {"seat": "N", "kind": "cent", "high": "A", "suit": "S"},
        {"seat": "E", "kind": "cent", "high": "A", "suit": "H"},
        {"seat": "S", "kind": "cent", "high": "A", "suit": "D"},
        {"seat": "W", "kind": "cent", "high": "A", "suit": "C"},
    ],
}
# Other cards for a board of the factories, to compare two tournaments that differ only there.
OTHER_HANDS = {
    "N": "AKQJT.AK.K.K",
    "E": "987.QJT.AQ.AQ",
    "S": ".987.JT98.JT9",
    "W": ".Q.7.87",
}
