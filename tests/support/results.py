"""Result records as the results services take them, and the table assignment they belong to.

``contract(...)`` is a played deal valid whatever the hands, ``PASSED`` a deal nobody bid on,
``RICH_DEAL`` hands with belotes and annonces to claim (the factories' deals have none).
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
