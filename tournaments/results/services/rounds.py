"""When players may enter results: starting a round, opening every round, and the next round
starting by itself once the previous one is all in."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.setup import policy
from tournaments.setup.models import Round, TableAssignment, Tournament

from ..exceptions import InvalidAction, ResultForbidden
from ..models import Result
from .versions import notify_results_changed


def start_round(*, round_: Round, by: policy.Who | None = None) -> Round:
    """Start a round (« Démarrer le tour »): its clock runs (tables are late after boards ×
    minutes per board) and its tables may enter their results. Arbiters only."""
    tournament = round_.tournament
    if by is not None and not policy.can_start_round(by, tournament):
        raise ResultForbidden(_("Seuls les arbitres de ce tournoi démarrent un tour."))
    if not round_.published:
        raise InvalidAction(_("Publiez ce tour avant de le démarrer."))
    round_.started_at = timezone.now()
    round_.save(update_fields=["started_at"])
    return round_


def open_all_rounds(
    *, tournament: Tournament, by: policy.Who | None = None, open_: bool = True
) -> Tournament:
    """« Ouvrir tous les tours »: players may enter results in every published round, started
    or not (for clubs that let tables play at their own pace). Organizers only."""
    if by is not None and not policy.can_open_all_rounds(by, tournament):
        raise ResultForbidden(_("Seuls les organisateurs de ce tournoi peuvent faire cela."))
    tournament.all_rounds_open = open_
    tournament.save(update_fields=["all_rounds_open", "updated_at"])
    return tournament


def round_results_changed(
    *, round_: Round, board_numbers, next_round_waiting: bool | None = None
) -> None:
    """After a write that may complete ``round_``: the next round may start by itself, and the
    other apps are told which boards changed (in the writing transaction).

    ``next_round_waiting``: whether a published next round waits to start, when the caller
    already read it (``versions.lock_board``); False skips the check."""
    if next_round_waiting is not False:
        open_next_round_when_done(round_=round_)
    notify_results_changed(tournament=round_.tournament, board_numbers=board_numbers)


def open_next_round_when_done(*, round_: Round) -> None:
    """Once every board of every table of a round counts (confirmed or adjusted), the next
    published round starts by itself, if nobody started it yet."""
    next_round = (
        Round.objects.filter(
            tournament_id=round_.tournament_id,
            number=round_.number + 1,
            published=True,
            started_at__isnull=True,
        )
        .only("pk")
        .first()
    )
    if next_round is None:
        return
    expected = sum(
        len(boards)
        for boards, ns, ew in TableAssignment.objects.filter(round=round_).values_list(
            "boards", "ns_team_id", "ew_team_id"
        )
        if ns is not None and ew is not None
    )
    counting = Result.objects.filter(
        round=round_, is_current=True, status__in=Result.COUNTING_STATUSES
    ).count()
    if expected and counting >= expected:
        Round.objects.filter(pk=next_round.pk, started_at__isnull=True).update(
            started_at=timezone.now()
        )
