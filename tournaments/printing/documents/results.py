"""What the players read after the session: hand records (relevé des donnes), the ranking
(classement) and the team scorecards (cartes de score)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.engine.cards import Side
from tournaments import vocabulary
from tournaments.deals import selectors as deals
from tournaments.results.display import contract_label
from tournaments.setup import selectors as plan_selectors
from tournaments.setup.models import Tournament
from tournaments.standings import selectors as standings

from .. import pdf
from ..selectors import Facts
from .common import (
    FULL_PAGE_ROWS,
    HAND_RECORDS_PER_SECTION,
    SCORECARDS_PER_SECTION,
    Kind,
    NothingToPrint,
    Scope,
    chunks,
    common_context,
    score_labels,
    team_context,
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
    """The four hands of each board as a compass diagram with the dealer, the deal number, a
    short summary of the results and the double-dummy analysis; six boards a page.

    Public version: only the boards whose hands everyone may see, and a board's results only
    once it is finished everywhere.
    """
    facts = Facts(tournament)
    numbers = set(facts.public_hands if scope == Scope.PUBLIC else facts.recorded_hands)
    finished = set(facts.finished_boards)
    # The double-dummy analysis goes exactly with the hands printed (docs/analysis.md).
    analyses = deals.current_analyses(tournament, numbers)
    items = []
    results_shown = []
    analysed = []
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
        analysis = analyses.get(board.number)
        if analysis is not None:
            analysed.append(board.number)
        items.append(
            {
                "diagram": diagram,
                "summary": summary,
                "analysis": deals.analysis_table(analysis) if analysis is not None else None,
            }
        )
    title = _("Relevé des donnes")
    return pdf.Printout(
        kind=Kind.HAND_RECORDS,
        scope=scope,
        title=title,
        template="printing/hand_records.html",
        context=common_context(tournament, title),
        sections=[{"boards": chunk} for chunk in chunks(items, HAND_RECORDS_PER_SECTION)],
        contents={"hands": sorted(numbers), "results": results_shown, "analysis": analysed},
    )


# ---------------------------------------------------------------------------------------------
# Rankings (classement)


def direction_title(direction: str | None) -> str:
    if direction == Side.NS.value:
        return _("Classement Nord-Sud")
    if direction == Side.EW.value:
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
                    direction_title(direction),
                    [{**entry, "players": players.get(entry["team"], "")} for entry in entries],
                )
                for direction, entries in ranking.by_direction()
            ]
        }
    ]
    title = _("Classement")
    context = common_context(tournament, title)
    context.update(
        {
            "current": ranking,
            "labels": score_labels(ranking.method),
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


def scorecard_rounds(card: standings.Scorecard) -> list[dict]:
    """The scorecard's lines grouped by round: where the team sat, whom it met, its boards."""
    rounds: list[dict] = []
    for line in card.lines:
        if not rounds or rounds[-1]["round"] != line.round:
            rounds.append(
                {
                    "round": line.round,
                    "table": line.table,
                    "side": vocabulary.side_letters(line.direction),
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
        rounds = scorecard_rounds(card)
        cards.append(
            {
                "team": team_context(team),
                "card": card,
                "rounds": rounds,
                "rank": ranks.get(team.number),
                "own_page": len(card.lines) + len(rounds) > FULL_PAGE_ROWS,
            }
        )
    if not cards:
        raise NothingToPrint(_("Aucun résultat n'est encore classé."))
    title = _("Cartes de score des équipes")
    context = common_context(tournament, title)
    context["labels"] = score_labels(tournament.scoring_method)
    return pdf.Printout(
        kind=Kind.SCORECARDS,
        scope=scope,
        title=title,
        template="printing/scorecards.html",
        context=context,
        sections=[{"cards": chunk} for chunk in chunks(cards, SCORECARDS_PER_SECTION)],
        contents={"results": sorted(results_shown)},
    )
