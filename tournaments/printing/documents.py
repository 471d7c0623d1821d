"""The printed documents, one function per kind: read through the other apps' selectors, build the
template context of each section, and leave the layout to the templates in ``printing/``.

``build(tournament, kind, scope)`` returns a ``pdf.Printout``; ``pdf.render`` turns it into the
PDF. The Celery job and ``manage.py build_documents`` both go through ``make_pdf`` below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scoring.engine.cards import Strain
from scoring.movements import Movement, MovementError, NextPosition, next_positions
from tournaments.deals import selectors as deals
from tournaments.results.display import contract_label, play_label
from tournaments.results.table_links import (
    table_entry_qr_svg,
    table_entry_url,
    team_link_qr_svg,
    team_link_url,
)
from tournaments.setup import selectors as plan_selectors
from tournaments.setup.models import Table, Team, Tournament
from tournaments.setup.stored_plan import stored_plan
from tournaments.standings import selectors as standings

from . import pdf
from .models import Document
from .selectors import Facts, unavailable_for

Kind = Document.Kind
Scope = Document.Scope

TABLE_CARDS_PER_SECTION = 6
ROUTE_CARDS_PER_SECTION = 16  # four pages of quarter-page cards
QUARTER_CARD_MAX_ROUNDS = 12
HALF_CARD_MAX_ROUNDS = 20
"""Route cards are a quarter of the printable area (94 x 134 mm, four a sheet) up to this many
rounds, then half of it (two a sheet, the route beside the code), then a whole page."""
SHEETS_PER_SECTION = 12  # even: two half-page sheets per page
HALF_PAGE_SHEET_MAX_BOARDS = 6
TRAVELLERS_PER_SECTION = 12
HAND_RECORDS_PER_SECTION = 12  # six boards a page
SCORECARDS_PER_SECTION = 8
FULL_PAGE_ROWS = 16
"""A traveller or scorecard longer than this starts a page of its own: laying it out where it
would not fit, to move it to the next page, costs WeasyPrint as much again."""


class NothingToPrint(Exception):
    """The document cannot be made yet (no plan, no result, nothing released...)."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


# ---------------------------------------------------------------------------------------------
# Shared pieces


def _chunks(items: list, size: int) -> list[list]:
    return [items[start : start + size] for start in range(0, len(items), size)]


def _team(team: Team | None) -> dict | None:
    if team is None:
        return None
    return {
        "number": team.number,
        "name": team.display_name,
        "players": f"{team.player_one} – {team.player_two}",
    }


def boards_text(boards: Iterable[int]) -> str:
    """``1–3`` for consecutive boards, else ``1, 4, 7``."""
    boards = list(boards)
    if not boards:
        return ""
    if len(boards) > 2 and boards == list(range(boards[0], boards[0] + len(boards))):
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(str(board) for board in boards)


def _side_short(side: str) -> str:
    return _("NS") if side == "NS" else _("EO")


def _side_long(side: str) -> str:
    return _("Nord-Sud") if side == "NS" else _("Est-Ouest")


def _unique_qr(svg: str, suffix: str) -> str:
    """Every QR code's SVG names its path "qr-path": keep the anchors of a PDF unique."""
    return svg.replace('id="qr-path"', f'id="qr-path-{suffix}"')


def _common_context(tournament: Tournament, title: str) -> dict:
    return {
        "tournament": tournament,
        "title": title,
        "printed_at": timezone.localtime(),
        "method": tournament.scoring_method,
    }


def _stored_movement(tournament: Tournament) -> Movement | None:
    """The stored plan as the core's Movement value (for where everyone goes next)."""
    return stored_plan(tournament).movement


# ---------------------------------------------------------------------------------------------
# Table cards (fiches de table)


def _position_text(position: NextPosition | None) -> str:
    if position is None:
        return ""
    if position.sits_out:
        return _("relâche")
    return _("T%(table)s %(side)s") % {
        "table": position.table,
        "side": _side_short(position.seat.name),
    }


def _next_texts(movement: Movement | None, round_number: int, table_number: int) -> dict:
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
        "ns": _position_text(following.ns),
        "ew": _position_text(following.ew),
        "boards": boards,
        # Copies of the set are played at several tables next round.
        "shared": len(following.boards_to) > 1,
    }


def table_cards(tournament: Tournament, scope: str = Scope.STAFF) -> pdf.Printout:
    """One page per table: each round's NS and EW teams, boards, and where everyone goes next;
    the QR code of the table-entry URL when players enter their results."""
    grid = plan_selectors.plan_grid(tournament)
    movement = _stored_movement(tournament)
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
                    "ns": _team(assignment.ns_team),
                    "ew": _team(assignment.ew_team),
                    "boards": boards_text(assignment.boards),
                    "sitout": assignment.has_phantom,
                    "arrow_switch": assignment.arrow_switch,
                    "next": _next_texts(movement, plan_round.round.number, table.number),
                }
            )
    cards = []
    for number in sorted(by_table):
        card = by_table[number]
        table: Table = card.pop("table")
        if tournament.table_entry:
            card["entry_url"] = table_entry_url(table)
            card["qr_svg"] = _unique_qr(table_entry_qr_svg(table), f"table-{table.number}")
        card["arrow_switch"] = any(row["arrow_switch"] for row in card["rounds"])
        cards.append(card)
    title = _("Fiches de table")
    return pdf.Printout(
        kind=Kind.TABLE_CARDS,
        scope=scope,
        title=title,
        template="printing/table_cards.html",
        context=_common_context(tournament, title),
        sections=[{"cards": chunk} for chunk in _chunks(cards, TABLE_CARDS_PER_SECTION)],
        contents={"tables": sorted(by_table)},
    )


# ---------------------------------------------------------------------------------------------
# Route cards (fiches de route)


def _route_rows(entries: list[plan_selectors.ScheduleEntry], rounds: list[int]) -> list[dict]:
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
                "side": _side_long(entry.direction),
                "arrow_switch": entry.arrow_switch,
                "opponent": entry.opponent.number,
                "boards": boards_text(entry.boards),
            }
        )
    return rows


def _route_layout(rounds: int) -> tuple[str, int, int]:
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
        rows = _route_rows(entries, rounds) if entries else []
        card = {
            "team": _team(team),
            "rows": rows,
            "arrow_switch": any(row.get("arrow_switch") for row in rows),
        }
        if tournament.table_entry:
            card["code"] = team.code
            card["link_url"] = team_link_url(team)
            card["qr_svg"] = _unique_qr(team_link_qr_svg(team), f"team-{team.number}")
        cards.append(card)
    layout, per_page, per_row = _route_layout(len(rounds))
    title = _("Fiches de route")
    context = _common_context(tournament, title)
    context.update({"layout": layout, "has_plan": bool(rounds)})
    sections = []
    for chunk in _chunks(cards, ROUTE_CARDS_PER_SECTION):
        pages = []
        for page in _chunks(chunk, per_page):
            rows = _chunks(page, per_row)
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


# ---------------------------------------------------------------------------------------------
# Score sheets (feuilles de marque)


def _strain_options(tournament: Tournament) -> list[str]:
    rules = tournament.rule_settings()
    strains = [Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS]
    if rules.no_trump:
        strains.append(Strain.NO_TRUMP)
    if rules.all_trump:
        strains.append(Strain.ALL_TRUMP)
    return [_(strain.symbol) for strain in strains]


def _options(items: Iterable[str]) -> SafeString:
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
                    "ns": _team(assignment.ns_team),
                    "ew": _team(assignment.ew_team),
                    "boards": list(assignment.boards),
                    "arrow_switch": assignment.arrow_switch,
                }
            )
    half = bool(sheets) and all(
        len(sheet["boards"]) <= HALF_PAGE_SHEET_MAX_BOARDS for sheet in sheets
    )
    rules = tournament.rule_settings()
    title = _("Feuilles de marque")
    context = _common_context(tournament, title)
    context.update(
        {
            "strains": _strain_options(tournament),
            "strain_options": _options(_strain_options(tournament)),
            "seat_options": _options([_("N"), _("E"), _("S"), _("O")]),
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
            {"pages": _chunks(chunk, 2 if half else 1)}
            for chunk in _chunks(sheets, SHEETS_PER_SECTION)
        ],
        contents={"sheets": len(sheets)},
    )


# ---------------------------------------------------------------------------------------------
# Travellers (feuilles ambulantes)


def _score_labels(method: str) -> dict:
    if method == Tournament.ScoringMethod.MATCHPOINTS:
        return {"score": _("PdM"), "percentage": True}
    if method == Tournament.ScoringMethod.DATUM:
        return {"score": _("Diff."), "percentage": False}
    return {"score": _("Points"), "percentage": False}


def _traveller_line(line: standings.TravellerLine) -> dict:
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


def _plays_by_board(tournament: Tournament) -> dict[int, list[tuple[int, int, int, int]]]:
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
    plays = _plays_by_board(tournament)
    numbers = sorted(facts.finished_boards if scope == Scope.PUBLIC else plays)
    items = []
    results_shown = []
    for number in numbers:
        traveller = standings.board_traveller(tournament, number)
        lines = [_traveller_line(line) for line in traveller.lines]
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
            }
        )
    title = _("Feuilles ambulantes")
    context = _common_context(tournament, title)
    context["labels"] = _score_labels(tournament.scoring_method)
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
            for chunk in _chunks(items, TRAVELLERS_PER_SECTION)
        ],
        contents={"results": results_shown},
    )


# ---------------------------------------------------------------------------------------------
# Hand records (relevé des donnes)


@dataclass(frozen=True)
class ResultsSummary:
    """A board's results in a few words, for the hand record."""

    tables: int
    made: int
    failed: int
    passed: int
    adjusted: int
    contracts: list[tuple[str, int]]  # the most frequent contracts (label, count)
    ns_low: int | None
    ns_high: int | None


def results_summary(traveller: standings.Traveller, most: int = 3) -> ResultsSummary | None:
    """How the board went: tables, made/failed, the usual contracts, the range of NS marks."""
    if not traveller.lines:
        return None
    counts: Counter = Counter()
    made = failed = passed = adjusted = 0
    for line in traveller.lines:
        if line.record is None:
            adjusted += 1
            continue
        if line.record.get("passed"):
            passed += 1
        elif line.made:
            made += 1
        else:
            failed += 1
        counts[contract_label(line.record)] += 1
    marks = [line.ns_marks for line in traveller.lines if line.ns_marks is not None]
    return ResultsSummary(
        tables=len(traveller.lines),
        made=made,
        failed=failed,
        passed=passed,
        adjusted=adjusted,
        contracts=counts.most_common(most),
        ns_low=min(marks) if marks else None,
        ns_high=max(marks) if marks else None,
    )


def hand_records(tournament: Tournament, scope: str = Scope.STAFF) -> pdf.Printout:
    """The four hands of each board as a compass diagram with the dealer, the deal number and a
    short summary of the results; six boards a page.

    Public version: only the boards whose hands everyone may see, and a board's results only
    once it is finished everywhere.
    """
    facts = Facts(tournament)
    numbers = set(facts.public_hands if scope == Scope.PUBLIC else facts.recorded_hands)
    finished = set(facts.finished_boards)
    items = []
    results_shown = []
    for board in tournament.boards.order_by("number"):
        if board.number not in numbers:
            continue
        diagram = deals.hand_diagram(board)
        if diagram is None:
            continue
        summary = None
        if scope == Scope.STAFF or board.number in finished:
            summary = results_summary(standings.board_traveller(tournament, board.number))
            if summary is not None:
                results_shown.append(board.number)
        items.append({"diagram": diagram, "summary": summary})
    title = _("Relevé des donnes")
    return pdf.Printout(
        kind=Kind.HAND_RECORDS,
        scope=scope,
        title=title,
        template="printing/hand_records.html",
        context=_common_context(tournament, title),
        sections=[{"boards": chunk} for chunk in _chunks(items, HAND_RECORDS_PER_SECTION)],
        contents={"hands": sorted(numbers), "results": results_shown},
    )


# ---------------------------------------------------------------------------------------------
# Rankings (classement)


def _direction_title(direction: str | None) -> str:
    if direction == "NS":
        return _("Classement Nord-Sud")
    if direction == "EW":
        return _("Classement Est-Ouest")
    return _("Classement général")


def rankings(tournament: Tournament, scope: str = Scope.PUBLIC) -> pdf.Printout:
    """The latest ranking: overall, or one per direction for a two-field Mitchell, with the
    percentages (matchpoints) and the boards scored."""
    ranking = standings.current_ranking(tournament)
    if ranking is None:
        raise NothingToPrint(_("Le classement n'est pas encore calculé."))
    players = {
        team.number: f"{team.player_one} – {team.player_two}"
        for team in plan_selectors.teams_of(tournament)
    }
    # One section: the NS and EW rankings of a Mitchell are short enough to share pages.
    sections = [
        {
            "rankings": [
                (
                    _direction_title(direction),
                    [{**entry, "players": players.get(entry["team"], "")} for entry in entries],
                )
                for direction, entries in ranking.by_direction()
            ]
        }
    ]
    title = _("Classement")
    context = _common_context(tournament, title)
    context.update(
        {
            "current": ranking,
            "labels": _score_labels(ranking.method),
            "freshness": standings.freshness(tournament),
        }
    )
    return pdf.Printout(
        kind=Kind.RANKINGS,
        scope=scope,
        title=title,
        template="printing/rankings.html",
        context=context,
        sections=sections,
        contents={"teams": [entry["team"] for entry in ranking.entries]},
    )


# ---------------------------------------------------------------------------------------------
# Team scorecards (cartes de score des équipes)


def _scorecard_rounds(card: standings.Scorecard) -> list[dict]:
    """The scorecard's lines grouped by round: where the team sat, whom it met, its boards."""
    rounds: list[dict] = []
    for line in card.lines:
        if not rounds or rounds[-1]["round"] != line.round:
            rounds.append(
                {
                    "round": line.round,
                    "table": line.table,
                    "side": _side_short(line.direction),
                    "arrow_switched": line.arrow_switched,
                    "opponent": line.opponent,
                    "opponent_name": line.opponent_name,
                    "lines": [],
                }
            )
        rounds[-1]["lines"].append(
            {"line": line, "contract": contract_label(line.record) if line.record else ""}
        )
    return rounds


def scorecards(tournament: Tournament, scope: str = Scope.STAFF) -> pdf.Printout:
    """Each team's boards, round by round, with its marks, its score and the running total.

    Public version: only the boards finished everywhere (what players may see).
    """
    ranking = standings.current_ranking(tournament)
    ranks = {}
    if ranking is not None:
        ranks = {entry["team"]: entry for entry in ranking.entries}
    cards = []
    results_shown: set[int] = set()
    for team in plan_selectors.teams_of(tournament, include_withdrawn=False):
        card = standings.team_scorecard(tournament, team, finished_only=scope == Scope.PUBLIC)
        if not card.lines:
            continue
        results_shown.update(line.board for line in card.lines)
        rounds = _scorecard_rounds(card)
        cards.append(
            {
                "team": _team(team),
                "card": card,
                "rounds": rounds,
                "rank": ranks.get(team.number),
                "own_page": len(card.lines) + len(rounds) > FULL_PAGE_ROWS,
            }
        )
    if not cards:
        raise NothingToPrint(_("Aucun résultat n'est encore classé."))
    title = _("Cartes de score des équipes")
    context = _common_context(tournament, title)
    context["labels"] = _score_labels(tournament.scoring_method)
    return pdf.Printout(
        kind=Kind.SCORECARDS,
        scope=scope,
        title=title,
        template="printing/scorecards.html",
        context=context,
        sections=[{"cards": chunk} for chunk in _chunks(cards, SCORECARDS_PER_SECTION)],
        contents={"results": sorted(results_shown)},
    )


# ---------------------------------------------------------------------------------------------
# Entry points

BUILDERS: dict[str, Callable[[Tournament, str], pdf.Printout]] = {
    Kind.TABLE_CARDS: table_cards,
    Kind.ROUTE_CARDS: route_cards,
    Kind.SCORE_SHEETS: score_sheets,
    Kind.TRAVELLERS: travellers,
    Kind.HAND_RECORDS: hand_records,
    Kind.RANKINGS: rankings,
    Kind.SCORECARDS: scorecards,
}


def build(tournament: Tournament, kind: str, scope: str) -> pdf.Printout:
    """The printout of one document, in the site's default language; raises ``NothingToPrint``
    when there is nothing to print yet."""
    with translation.override(settings.LANGUAGE_CODE):
        reason = unavailable_for(Facts(tournament), kind, scope)
        if reason is not None:
            raise NothingToPrint(reason)
        printout = BUILDERS[kind](tournament, scope)
        if not printout.sections:
            raise NothingToPrint(_("Il n'y a rien à imprimer."))
        return printout


def make_pdf(
    tournament: Tournament, kind: str, scope: str, progress: pdf.ProgressCallback | None = None
) -> pdf.RenderedDocument:
    """Build and render one document: the code path of the jobs and of ``build_documents``."""
    printout = build(tournament, kind, scope)
    with translation.override(settings.LANGUAGE_CODE):
        return pdf.render(printout, progress)


def route_card_pdf(tournament: Tournament, team: Team) -> pdf.RenderedDocument:
    """One team's route card, rendered at once for the check-in desk (a team arriving late);
    made even before the plan, for its code."""
    with translation.override(settings.LANGUAGE_CODE):
        return pdf.render(route_cards(tournament, teams=[team]))
