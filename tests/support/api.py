"""The API tests' callers and data: the six kinds of caller, clients with a Bearer token, and
results entered through the results service."""

from rest_framework.test import APIClient

from tournaments.accounts.services import ensure_user
from tournaments.results.services import record_result

# Anonymous, a player (logged in, no role), an arbiter and an organizer of the tournament, an
# arbiter and an organizer of another tournament.
ACTORS = ("anonymous", "player", "arbiter", "other_arbiter", "organizer", "other_organizer")

MADE_80_HEARTS = {
    "passed": False,
    "contract": {"bid": 80, "strain": "H", "taker": "N", "coinche": 0},
    "taker_points": 100,
    "capot": None,
    "belote": [],
    "annonces": [],
}
"""A valid canonical record whatever the hands: 80 hearts by North, made with 100 card points
(NS 180, EW 62 with the default rules)."""


def make_cast() -> dict:
    """The users of the six kinds of caller, by actor name (None for anonymous)."""

    def user(username: str, role: str | None = None):
        return ensure_user(username=username, password="correct-horse-42", role=role)

    return {
        "anonymous": None,
        "player": user("pauline"),
        "arbiter": user("arnaud", role="arbiter"),
        "other_arbiter": user("agathe", role="arbiter"),
        "organizer": user("odile", role="organizer"),
        "other_organizer": user("oscar", role="organizer"),
    }


def bearer(key: str) -> APIClient:
    """An API client that sends the token ``key`` in its Authorization header."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def played(tournament, round_number=1, table_number=1, board=1, **record):
    """A confirmed arbiter entry at a table (through the results service)."""
    assignment = tournament.round_set.get(number=round_number).assignments.get(
        table__number=table_number
    )
    data = record or {"passed": True}
    return record_result(assignment=assignment, board_number=board, data=data)
