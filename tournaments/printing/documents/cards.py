"""Cards: the table cards (fiches de table) and the teams' route cards (fiches de route)."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _

from scoring.movements import Movement, MovementError, NextPosition, next_positions
from tournaments import vocabulary
from tournaments.results.table_links import (
    loopback_host,
    table_entry_qr_svg,
    table_entry_url,
    team_link_qr_svg,
    team_link_url,
)
from tournaments.setup import selectors as plan_selectors
from tournaments.setup.models import Table, Team, Tournament

from .. import pdf
from .common import (
    HALF_CARD_MAX_ROUNDS,
    QUARTER_CARD_MAX_ROUNDS,
    ROUTE_CARDS_PER_SECTION,
    TABLE_CARDS_PER_SECTION,
    Kind,
    Scope,
    boards_text,
    chunks,
    common_context,
    stored_movement,
    team_context,
    unique_qr,
)

# ---------------------------------------------------------------------------------------------
# Table cards (fiches de table)


def position_text(position: NextPosition | None) -> str:
    if position is None:
        return ""
    if position.sits_out:
        return _("relâche")
    return _("T%(table)s %(side)s") % {
        "table": position.table,
        "side": vocabulary.side_letters(position.seat.value),
    }


def next_texts(movement: Movement | None, round_number: int, table_number: int) -> dict:
    unknown = {"ns": "", "ew": "", "boards": "", "shared": False}
    if movement is None:
        return unknown
    try:
        following = next_positions(movement, round_number, table_number)
    except MovementError:
        return unknown
    if following is None:
        return {"ns": _("fin"), "ew": _("fin"), "boards": _("fin"), "shared": False}
    if following.boards_to:
        boards = ", ".join(_("T%(table)s") % {"table": table} for table in following.boards_to)
    else:
        boards = _("au repos")
    return {
        "ns": position_text(following.ns),
        "ew": position_text(following.ew),
        "boards": boards,
        # Copies of the set are played at several tables next round.
        "shared": len(following.boards_to) > 1,
    }


def table_cards(tournament: Tournament, scope: str = Scope.STAFF) -> pdf.Printout:
    """One page per table: each round's NS and EW teams, boards, and where everyone goes next;
    the QR code of the table-entry URL when players enter their results."""
    grid = plan_selectors.plan_grid(tournament)
    movement = stored_movement(tournament)
    by_table: dict[int, dict] = {}
    for plan_round in grid.rounds:
        for assignment in plan_round.assignments:
            table = assignment.table
            card = by_table.setdefault(
                table.number, {"number": table.number, "table": table, "rounds": []}
            )
            card["rounds"].append(
                {
                    "number": plan_round.round.number,
                    "ns": team_context(assignment.ns_team),
                    "ew": team_context(assignment.ew_team),
                    "boards": boards_text(assignment.boards),
                    "sitout": assignment.has_phantom,
                    "arrow_switch": assignment.arrow_switch,
                    "next": next_texts(movement, plan_round.round.number, table.number),
                }
            )
    cards = []
    for number in sorted(by_table):
        card = by_table[number]
        table: Table = card.pop("table")
        if tournament.table_entry:
            card["entry_url"] = table_entry_url(table)
            card["qr_svg"] = unique_qr(table_entry_qr_svg(table), f"table-{table.number}")
        card["arrow_switch"] = any(row["arrow_switch"] for row in card["rounds"])
        cards.append(card)
    title = _("Fiches de table")
    context = common_context(tournament, title)
    context["loopback_host"] = loopback_host() if tournament.table_entry else ""
    return pdf.Printout(
        kind=Kind.TABLE_CARDS,
        scope=scope,
        title=title,
        template="printing/table_cards.html",
        context=context,
        sections=[{"cards": chunk} for chunk in chunks(cards, TABLE_CARDS_PER_SECTION)],
        contents={"tables": sorted(by_table)},
    )


# ---------------------------------------------------------------------------------------------
# Route cards (fiches de route)


def route_rows(entries: list[plan_selectors.ScheduleEntry], rounds: list[int]) -> list[dict]:
    """One row per round of the plan: table, place, opponents, boards; a round where the team
    faces the phantom or has no table is a sit-out (relâche)."""
    by_round = {entry.round_number: entry for entry in entries}
    rows = []
    for number in rounds:
        entry = by_round.get(number)
        if entry is None or entry.sits_out:
            rows.append({"round": number, "sitout": True})
            continue
        rows.append(
            {
                "round": number,
                "sitout": False,
                "table": entry.table,
                "side": vocabulary.side_name(entry.direction),
                "arrow_switch": entry.arrow_switch,
                "opponent": entry.opponent.number,
                "boards": boards_text(entry.boards),
            }
        )
    return rows


def route_layout(rounds: int) -> tuple[str, int, int]:
    """(layout, cards a page, cards a row) for a plan of this many rounds."""
    if rounds <= QUARTER_CARD_MAX_ROUNDS:
        return "quarter", 4, 2
    if rounds <= HALF_CARD_MAX_ROUNDS:
        return "half", 2, 1
    return "full", 1, 1


def route_cards(
    tournament: Tournament, scope: str = Scope.STAFF, *, teams: Iterable[Team] | None = None
) -> pdf.Printout:
    """Per team (every team not withdrawn, or ``teams``): its number, name and players, its
    secret code in large type and the QR code of its own link (when players enter results),
    and its route: table, place, opponents and boards for every round of the plan.

    Four cards a page (cut along the dashed lines) for plans of up to
    ``QUARTER_CARD_MAX_ROUNDS`` rounds, else two or one a page.
    """
    if teams is None:
        teams = plan_selectors.teams_of(tournament, include_withdrawn=False)
    routes = plan_selectors.team_routes(tournament)
    rounds = list(tournament.round_set.order_by("number").values_list("number", flat=True))
    cards = []
    for team in teams:
        entries = routes.get(team.pk, [])
        rows = route_rows(entries, rounds) if entries else []
        card = {
            "team": team_context(team),
            "rows": rows,
            "arrow_switch": any(row.get("arrow_switch") for row in rows),
        }
        if tournament.table_entry:
            card["code"] = team.code
            card["link_url"] = team_link_url(team)
            card["qr_svg"] = unique_qr(team_link_qr_svg(team), f"team-{team.number}")
        cards.append(card)
    layout, per_page, per_row = route_layout(len(rounds))
    title = _("Fiches de route")
    context = common_context(tournament, title)
    context.update(
        {
            "layout": layout,
            "has_plan": bool(rounds),
            "loopback_host": loopback_host() if tournament.table_entry else "",
        }
    )
    sections = []
    for chunk in chunks(cards, ROUTE_CARDS_PER_SECTION):
        pages = []
        for page in chunks(chunk, per_page):
            rows = chunks(page, per_row)
            # Empty slots keep the cards of a short last row where the cutting lines expect them.
            rows[-1] += [None] * (per_row - len(rows[-1]))
            pages.append(rows)
        sections.append({"pages": pages})
    return pdf.Printout(
        kind=Kind.ROUTE_CARDS,
        scope=scope,
        title=title,
        template="printing/route_cards.html",
        context=context,
        sections=sections,
        contents={"teams": [card["team"]["number"] for card in cards]},
    )
