"""Reads of the REST API: what each resource shows to the caller who asks.

The caller is an ``Actor`` of ``setup.policy`` (``permissions.Access.actor``); what it may
see is decided by the policy's predicates, asked here. Reads that are not the API's own (teams,
rounds, the plan, boards) come from the owning apps' selectors.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import BooleanField, Count, Exists, ExpressionWrapper, OuterRef, Q, QuerySet
from django.http import Http404

from tournaments.results.models import Result
from tournaments.setup import policy
from tournaments.setup.models import Round, Tournament
from tournaments.standings import selectors as standings_selectors
from tournaments.standings.models import BoardScore

from .models import ApiToken

#: The caller's actor in a tournament (its role there depends on the tournament).
ActorIn = Callable[[Tournament], policy.Actor]


# --- Tournaments -----------------------------------------------------------------------------


def _with_summary(tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """With what a tournament's resource shows besides its fields: ``active_teams``,
    ``all_hands_released`` and its organizers and arbiters (prefetched)."""
    released = Round.objects.filter(tournament=OuterRef("pk"), hands_released=True)
    unreleased = Round.objects.filter(tournament=OuterRef("pk"), hands_released=False)
    return tournaments.annotate(
        active_teams=Count("teams", filter=Q(teams__withdrawn=False), distinct=True),
        all_hands_released=ExpressionWrapper(
            Q(Exists(released)) & ~Q(Exists(unreleased)), output_field=BooleanField()
        ),
    ).prefetch_related("organizers", "arbiters")


def tournaments_visible_to(
    actor_in: ActorIn, *, user, token: ApiToken | None
) -> QuerySet[Tournament]:
    """The tournaments past the draft stage and the drafts the caller may see
    (``policy.can_see_tournament``), newest first.

    Only the drafts the caller could organize are asked about: those of its token's tournament,
    or those its user organizes (every draft for a superuser).
    """
    drafts = Tournament.objects.filter(status=Tournament.Status.DRAFT)
    if token is not None:
        drafts = drafts.filter(pk=token.tournament_id)
    elif not user.is_authenticated:
        drafts = drafts.none()
    elif not user.is_superuser:
        drafts = drafts.filter(organizers=user)
    visible_drafts = [
        draft.pk for draft in drafts if policy.can_see_tournament(actor_in(draft), draft)
    ]
    tournaments = Tournament.objects.filter(
        ~Q(status=Tournament.Status.DRAFT) | Q(pk__in=visible_drafts)
    )
    return _with_summary(tournaments).order_by("-date", "name", "pk")


def visible_tournament(
    slug: str, actor_in: ActorIn, *, known: Tournament | None = None
) -> Tournament:
    """The tournament of a URL: a draft exists only for its organizers
    (``policy.can_see_tournament``; 404 for everyone else). ``known``: that tournament, already
    read (with the request's API token)."""
    tournament = known if known is not None else Tournament.objects.filter(slug=slug).first()
    if tournament is None or not policy.can_see_tournament(actor_in(tournament), tournament):
        raise Http404
    return tournament


# --- Results and scores ----------------------------------------------------------------------


def _results(tournament: Tournament) -> QuerySet[Result]:
    return Result.objects.filter(tournament=tournament).select_related(
        "round", "table", "assignment__ns_team", "assignment__ew_team"
    )


def _sees_every_board(actor: policy.Actor, tournament: Tournament) -> bool:
    return policy.can_see_board_results(actor, tournament, finished_everywhere=False)


def boards_with_visible_results(actor: policy.Actor, tournament: Tournament) -> list[int]:
    """The boards of the plan whose results at every table ``actor`` may see
    (``policy.can_see_board_results``): the finished ones for players."""
    return [
        status.board
        for status in standings_selectors.board_statuses(tournament)
        if policy.can_see_board_results(actor, tournament, finished_everywhere=status.finished)
    ]


def visible_results(
    actor: policy.Actor, tournament: Tournament, *, every_version: bool = False
) -> QuerySet[Result]:
    """The results ``actor`` may read, by round, table and board.

    Staff read every current result, and with ``every_version`` every version (the history,
    ``policy.can_see_staff_pages``); players the confirmed or adjusted results of the boards
    finished at every table (``policy.can_see_board_results``); a table device also every
    current result of its own table.
    """
    results = _results(tournament)
    if every_version and policy.can_see_staff_pages(actor, tournament):
        return results.order_by("pk")
    results = results.filter(is_current=True).exclude(status=Result.Status.DELETED)
    if not _sees_every_board(actor, tournament):
        visible = Q(
            status__in=Result.COUNTING_STATUSES,
            board_number__in=boards_with_visible_results(actor, tournament),
        )
        if actor.table is not None:
            visible |= Q(table=actor.table)
        results = results.filter(visible)
    return results.order_by("round__number", "table__number", "board_number", "pk")


def writable_result(actor: policy.Actor, tournament: Tournament, pk: int) -> Result:
    """The result version ``pk`` a write acts on: any of the tournament for staff
    (``policy.can_enter_any_result``), only its own table's for a table device; 404 otherwise."""
    results = _results(tournament)
    if not policy.can_enter_any_result(actor, tournament):
        results = results.filter(table=actor.table)
    try:
        result = results.get(pk=pk)
    except Result.DoesNotExist:
        raise Http404 from None
    # Already read: the write on this version reads neither again (``versions.table_of``).
    result.tournament = tournament
    result.round.tournament = tournament
    result.assignment.round = result.round
    result.assignment.table = result.table
    return result


def stored_result(tournament: Tournament, pk: int) -> Result:
    """A result version just written, as its answer shows it (the writer may read it)."""
    return _results(tournament).get(pk=pk)


def visible_board_scores(actor: policy.Actor, tournament: Tournament) -> QuerySet[BoardScore]:
    """The per-board scores (lines of the travellers) ``actor`` may read, by board, round and
    table: every line for staff, the lines of the finished boards for players
    (``policy.can_see_board_results``)."""
    scores = BoardScore.objects.filter(tournament=tournament).select_related("result")
    if not _sees_every_board(actor, tournament):
        scores = scores.filter(board_number__in=boards_with_visible_results(actor, tournament))
    return scores.order_by("board_number", "round_number", "table_number")


# --- The ranking -----------------------------------------------------------------------------


def live_ranking(tournament: Tournament, *, up_to_round: int | None, direction: str | None) -> dict:
    """The ranking resource: the latest computed ranking (overall or after ``up_to_round``, of
    the whole field or of one ``direction``), how fresh it is and which rounds have one; no
    entries before the first computation.

    Raises ``ValueError`` for a direction in a tournament with one ranking.
    """
    fresh = standings_selectors.freshness(tournament)
    ranking = standings_selectors.current_ranking(
        tournament, up_to_round, direction, version=fresh.version
    )
    answer = {
        "version": fresh.version,
        "method": tournament.scoring_method,
        "up_to_round": up_to_round,
        "direction": direction,
        "single": True,
        "pending": fresh.pending,
        "computed_at": fresh.computed_at,
        "results_counted": 0,
        "ranked_rounds": standings_selectors.ranked_rounds(tournament, fresh.version),
        "entries": [],
    }
    if ranking is not None:
        answer.update(
            method=ranking.method,
            single=ranking.single,
            results_counted=ranking.results_counted,
            entries=ranking.entries,
        )
    return answer
