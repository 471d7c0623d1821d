"""Procedural penalties and their audit trail."""

from __future__ import annotations

from tournaments.setup.models import TableAssignment, Tournament

from ..models import Penalty, ResultEvent


def penalties_of(tournament: Tournament) -> list[Penalty]:
    """Every penalty of the tournament, in force or removed, in the order given."""
    return list(
        Penalty.objects.filter(tournament=tournament)
        .select_related("team", "given_by", "removed_by")
        .order_by("given_at", "pk")
    )


def board_penalties(assignment: TableAssignment, board_number: int) -> list[Penalty]:
    """The penalties given on this board to the two teams of this table."""
    teams = [team for team in (assignment.ns_team_id, assignment.ew_team_id) if team]
    return list(
        Penalty.objects.filter(
            tournament=assignment.round.tournament, board_number=board_number, team_id__in=teams
        )
        .select_related("team", "given_by", "removed_by")
        .order_by("given_at", "pk")
    )


def penalty_events(tournament: Tournament) -> list[ResultEvent]:
    """The audit trail of the penalties: who gave or removed which, when, from where."""
    return list(
        ResultEvent.objects.filter(tournament=tournament, penalty__isnull=False)
        .select_related("actor")
        .order_by("at", "pk")
    )
