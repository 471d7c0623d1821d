"""Result records as the results services take them, and the table assignment they belong to.

``contract(...)`` is a played deal valid whatever the hands, ``PASSED`` a deal nobody bid on,
``RICH_DEAL`` hands with belotes and annonces to claim (the factories' deals have none);
``CLAIM_EVERYTHING`` and ``OTHER_HANDS`` for the attacks on the hands' secrecy. ``phone``,
``code_of`` and ``enter`` act as a team's phone on the table page.
"""

from django.test import Client

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


def code_of(page, side, round_number=1):
    """The code of the team sitting ``side`` at the page's table (from its route card)."""
    token = page.rstrip("/").split("/")[-1]
    plan = TableAssignment.objects.get(table__token=token, round__number=round_number)
    return plan.team_of(side).code


def phone(page, side):
    """A phone held by one side of the table (its own session), that gave its team's code."""
    client = Client(REMOTE_ADDR="198.51.100.1" if side == "NS" else "198.51.100.2")
    client.post(page, {"action": "identify", "round": 1, "code": code_of(page, side)})
    return client


def enter(client, page, board, round_number=1, key=None, **fields):
    data = {"action": "enter", "round": round_number, "board": board, f"b{board}-coinche": "0"}
    if key:
        data[f"b{board}-submission_key"] = key
    data.update({f"b{board}-{name}": value for name, value in fields.items()})
    return client.post(page, data)
