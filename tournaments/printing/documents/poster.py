"""The seating poster (plan de salle): for the wall of the playing room, every team's table and
place round by round, in type large enough to read from two metres.

It prints the plan only: no team code, no table link, no hand (it hangs where anyone passes).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments import vocabulary
from tournaments.setup import selectors as plan_selectors
from tournaments.setup.models import Tournament

from .. import pdf
from .common import Kind, Scope, balanced_chunks, common_context


@dataclass(frozen=True)
class PosterSize:
    """The type of the poster for a plan of up to ``max_rounds`` rounds, and how many teams a
    landscape A4 page holds in it."""

    name: str
    max_rounds: int
    teams_per_page: int


POSTER_SIZES = (
    PosterSize("large", 8, 8),
    PosterSize("medium", 12, 11),
    PosterSize("small", 10_000, 13),
)
"""The fewer the rounds, the wider the columns and the larger the type (26 pt tables up to
8 rounds, 16 pt up to 12, 11 pt beyond). A page holds its teams even when every name takes two
lines; a name longer still makes its table run on to another page (the header repeats)."""


def poster_size(rounds: int) -> PosterSize:
    return next(size for size in POSTER_SIZES if rounds <= size.max_rounds)


def seat_cells(entries: list[plan_selectors.ScheduleEntry], rounds: list[int]) -> list[dict]:
    """One cell per round of the plan: the table and the place the team sits at (NS / EO),
    arrow-switch rounds marked; a round against the phantom or without a table is a sit-out."""
    by_round = {entry.round_number: entry for entry in entries}
    cells = []
    for number in rounds:
        entry = by_round.get(number)
        if entry is None or entry.sits_out:
            cells.append({"round": number, "sitout": True})
            continue
        cells.append(
            {
                "round": number,
                "sitout": False,
                "table": entry.table,
                "side": vocabulary.side_letters(entry.direction),
                "arrow_switch": entry.arrow_switch,
            }
        )
    return cells


def seating_poster(tournament: Tournament, scope: str = Scope.STAFF) -> pdf.Printout:
    """Landscape pages, one line per team not withdrawn (by number): its number and name, then
    for every round of the plan, published or not, its table and place. The pages share the
    teams evenly (``balanced_chunks``)."""
    teams = plan_selectors.teams_of(tournament, include_withdrawn=False)
    routes = plan_selectors.team_routes(tournament)
    rounds = list(tournament.round_set.order_by("number").values_list("number", flat=True))
    lines = []
    for team in teams:
        entries = routes.get(team.pk, [])
        lines.append(
            {
                "number": team.number,
                "name": team.display_name,
                "players": f"{team.player_one} – {team.player_two}",
                "cells": seat_cells(entries, rounds),
                "in_plan": bool(entries),
            }
        )
    size = poster_size(len(rounds))
    title = _("Plan de salle")
    context = common_context(tournament, title)
    context.update(
        {
            "rounds": rounds,
            "size": size.name,
            # The team column is fixed; the rounds share the rest of the 275 mm.
            "round_width": f"{(275 - 64) / max(len(rounds), 1):.2f}",
            "arrow_switch": any(
                cell.get("arrow_switch") for line in lines for cell in line["cells"]
            ),
        }
    )
    return pdf.Printout(
        kind=Kind.SEATING_POSTER,
        scope=scope,
        title=title,
        template="printing/seating_poster.html",
        context=context,
        # As many lines on every page (10 teams: 5 + 5), the fewest pages.
        sections=[{"lines": page} for page in balanced_chunks(lines, size.teams_per_page)],
        contents={"teams": [line["number"] for line in lines]},
    )
