"""The release stages of a barometer's hand records and who sees which boards at each: the rule
written out for the secrecy tests of the hands and of their double-dummy analysis."""

from tournaments.deals import services
from tournaments.deals.models import Board, BoardAnalysis

STAGES = ("before", "round_1", "all")
ALL_BOARDS = {1, 2, 3, 4, 5, 6}
SEES_EVERYTHING = {"organizer", "arbiter_checking"}
STRAINS = ("S", "H", "D", "C", "SA", "TA")


def visible_to(role: str, stage: str) -> set[int]:
    """The boards ``role`` may see at ``stage``: the rule, written out for the test."""
    if role in SEES_EVERYTHING or stage == "all":
        return ALL_BOARDS
    if stage == "round_1":
        return {1, 2}
    return set()


def set_stage(tournament, role: str, stage: str) -> None:
    tournament.arbiters_see_hands = role == "arbiter_checking"
    tournament.save()
    if stage == "round_1":
        services.release_hands(tournament=tournament, rounds=[1])
    elif stage == "all":
        services.release_hands(tournament=tournament)


def refused(response) -> str:
    if response.status_code == 302 and "/comptes/connexion/" in response["Location"]:
        return "login"
    if response.status_code == 403:
        return "forbidden"
    return f"status {response.status_code}"


def store_analysis(board: Board) -> BoardAnalysis:
    """A made-up analysis of ``board`` from its present hands and rules: NS take 100 + number."""
    rules = board.tournament.rule_settings().to_dict()
    return BoardAnalysis.objects.create(
        board=board,
        dealer=board.dealer,
        hands=board.hands,
        must_undertrump=rules["must_undertrump"],
        rules=rules,
        points={s: {"ns": 100 + board.number, "ew": 62 - board.number} for s in STRAINS},
        bids={s: {"ns": 110, "ew": None} for s in STRAINS} | {"S": {"ns": "capot", "ew": 80}},
        par={"side": "NS", "strain": "H", "bid": 120, "made": True, "ns": 222, "ew": 40},
    )
