"""Sheets that travel with the boards: score sheets (feuilles de marque) and travellers
(feuilles ambulantes)."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scoring.engine.cards import Strain
from tournaments.results.display import contract_label, play_label
from tournaments.setup import selectors as plan_selectors
from tournaments.setup.models import Tournament
from tournaments.standings import selectors as standings

from .. import pdf
from ..selectors import Facts
from .common import (
    FULL_PAGE_ROWS,
    HALF_PAGE_SHEET_MAX_BOARDS,
    SHEETS_PER_SECTION,
    TRAVELLERS_PER_SECTION,
    Kind,
    Scope,
    chunks,
    common_context,
    score_labels,
    team_context,
)

# ---------------------------------------------------------------------------------------------
# Score sheets (feuilles de marque)


def strain_options(tournament: Tournament) -> list[str]:
    rules = tournament.rule_settings()
    strains = [Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS]
    if rules.no_trump:
        strains.append(Strain.NO_TRUMP)
    if rules.all_trump:
        strains.append(Strain.ALL_TRUMP)
    return [_(strain.symbol) for strain in strains]


def options(items: Iterable[str]) -> SafeString:
    """Choices to circle on paper, spaced by en spaces, ♥ ♦ in red (one line of text: cheap to
    lay out, and a sheet has a dozen of them per board)."""
    parts = []
    for item in items:
        text = escape(item)
        parts.append(f'<span class="red">{text}</span>' if item in ("♥", "♦") else text)
    return mark_safe("\u2002".join(parts))  # noqa: S308 - every part escaped above


def score_sheets(tournament: Tournament, scope: str = Scope.STAFF) -> pdf.Printout:
    """Per table and round (phantom tables left out): the teams, one line per board with boxes
    for the whole result, and the signatures; two sheets a page when they fit."""
    grid = plan_selectors.plan_grid(tournament)
    sheets = []
    for plan_round in grid.rounds:
        for assignment in plan_round.assignments:
            if assignment.has_phantom:
                continue
            sheets.append(
                {
                    "round": plan_round.round.number,
                    "table": assignment.table.number,
                    "ns": team_context(assignment.ns_team),
                    "ew": team_context(assignment.ew_team),
                    "boards": list(assignment.boards),
                    "arrow_switch": assignment.arrow_switch,
                }
            )
    half = bool(sheets) and all(
        len(sheet["boards"]) <= HALF_PAGE_SHEET_MAX_BOARDS for sheet in sheets
    )
    rules = tournament.rule_settings()
    title = _("Feuilles de marque")
    context = common_context(tournament, title)
    context.update(
        {
            "strains": strain_options(tournament),
            "strain_options": options(strain_options(tournament)),
            "seat_options": options([_("N"), _("E"), _("S"), _("O")]),
            "annonces": rules.annonces,
            "half": half,
        }
    )
    return pdf.Printout(
        kind=Kind.SCORE_SHEETS,
        scope=scope,
        title=title,
        template="printing/score_sheets.html",
        context=context,
        sections=[
            {"pages": chunks(chunk, 2 if half else 1)}
            for chunk in chunks(sheets, SHEETS_PER_SECTION)
        ],
        contents={"sheets": len(sheets)},
    )


# ---------------------------------------------------------------------------------------------
# Travellers (feuilles ambulantes)


def traveller_line(line: standings.TravellerLine) -> dict:
    return {
        "round": line.round,
        "table": line.table,
        "ns": line.ns_team,
        "ew": line.ew_team,
        "arrow_switched": line.arrow_switched,
        "contract": contract_label(line.record) if line.record else "",
        "play": play_label(line.record) if line.record else "",
        "made": line.made,
        "adjusted": line.adjusted,
        "assigned": line.assigned,
        "ns_adjustment": line.ns_adjustment,
        "ew_adjustment": line.ew_adjustment,
        "ns_marks": line.ns_marks,
        "ew_marks": line.ew_marks,
        "ns_score": line.ns_score,
        "ew_score": line.ew_score,
        "ns_percentage": line.ns_percentage,
        "ew_percentage": line.ew_percentage,
        "blank": False,
    }


def plays_by_board(tournament: Tournament) -> dict[int, list[tuple[int, int, int, int]]]:
    """For each board, the (round, table, NS team, EW team) of the plan that play it."""
    plays: dict[int, list] = {}
    for plan_round in plan_selectors.plan_grid(tournament).rounds:
        for assignment in plan_round.assignments:
            if assignment.has_phantom:
                continue
            for board in assignment.boards:
                plays.setdefault(int(board), []).append(
                    (
                        plan_round.round.number,
                        assignment.table.number,
                        assignment.ns_team.number,
                        assignment.ew_team.number,
                    )
                )
    return plays


def travellers(tournament: Tournament, scope: str = Scope.STAFF) -> pdf.Printout:
    """Per board, every table's result with the marks and the matchpoints or difference.

    The staff version has every board of the plan, with blank lines for the tables still to
    score it (it doubles as a paper traveller); the public one only the finished boards.
    """
    facts = Facts(tournament)
    plays = plays_by_board(tournament)
    numbers = sorted(facts.finished_boards if scope == Scope.PUBLIC else plays)
    items = []
    results_shown = []
    for number in numbers:
        traveller = standings.board_traveller(tournament, number)
        lines = [traveller_line(line) for line in traveller.lines]
        if traveller.lines:
            results_shown.append(number)
        if scope == Scope.STAFF:
            scored = {(line.round, line.table) for line in traveller.lines}
            for round_number, table_number, ns, ew in plays.get(number, ()):
                if (round_number, table_number) not in scored:
                    lines.append(
                        {
                            "round": round_number,
                            "table": table_number,
                            "ns": ns,
                            "ew": ew,
                            "blank": True,
                        }
                    )
            lines.sort(key=lambda line: (line["round"], line["table"]))
        items.append(
            {
                "own_page": len(lines) > FULL_PAGE_ROWS,
                "board": number,
                "lines": lines,
                "expected": traveller.expected,
                "scored": traveller.scored,
                "finished": traveller.finished,
                "datum": traveller.datum,
                "top": next((line.top for line in traveller.lines if line.top), None),
                "penalties": traveller.penalties,
            }
        )
    title = _("Feuilles ambulantes")
    context = common_context(tournament, title)
    context["labels"] = score_labels(tournament.scoring_method)
    context["team_names"] = {
        team.number: team.display_name for team in plan_selectors.teams_of(tournament)
    }
    return pdf.Printout(
        kind=Kind.TRAVELLERS,
        scope=scope,
        title=title,
        template="printing/travellers.html",
        context=context,
        sections=[
            {
                "travellers": chunk,
                "switched": any(
                    line.get("arrow_switched") for item in chunk for line in item["lines"]
                ),
            }
            for chunk in chunks(items, TRAVELLERS_PER_SECTION)
        ],
        contents={"results": results_shown},
    )
