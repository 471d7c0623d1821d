"""Team codes (codes d'équipe): a team proves who it is at its table with the four-digit code
of its route card, and wrong codes are counted against the teams they could be guessing.

A code given at a table in a round is checked against the two teams seated there, and only
them: a table's link cannot try the codes of another table's teams. Every code given runs one
statement over those teams (``UPDATE … SET code_failures = code_failures + 1 WHERE … AND
code_failures < MAX RETURNING id``; ``+ 0`` for a right code): the limit is checked and the
wrong try counted at once, so however many guesses arrive together no team's code answers more
than ``MAX_CODE_FAILURES`` wrong ones, and a right code is accepted only from a team under the
limit. Counters run across the whole event (a new round gives no fresh tries); past the limit
a team's code is refused everywhere until an arbiter unlocks it (``unlock_team_code``); its own
link (the route card's QR code) still works.
"""

from __future__ import annotations

import hmac
import logging

from django.utils.translation import gettext as _

from tournaments import rows
from tournaments.setup import policy
from tournaments.setup.models import TableAssignment, Team, Tournament

from .. import sql
from ..exceptions import ResultForbidden
from .versions import check_staff

logger = logging.getLogger(__name__)

# Wrong codes a team's code takes before it is refused everywhere: a four-digit code must not
# be found by trying them all (ten tries find it once in a thousand).
MAX_CODE_FAILURES = 10


def team_by_code(*, assignment: TableAssignment, code: str) -> Team:
    """The team of this table in this round whose code this is, or ``ResultForbidden``.

    The count is written in its own statement, outside any transaction of the caller's, so
    that it holds even though the request then fails."""
    code = (code or "").strip()
    teams = [team for team in (assignment.ns_team, assignment.ew_team) if team is not None]
    match = next(
        (
            team
            for team in teams
            # Bytes: compare_digest refuses a str with non-ASCII characters (« ² » as a code).
            if code and hmac.compare_digest(team.code.encode(), code.encode())
        ),
        None,
    )
    under_limit = _count_try(teams, wrong=match is None)
    if match is not None and match.pk in under_limit:
        return match
    if not under_limit:
        raise ResultForbidden(
            _("Trop de codes erronés à cette table : appelez l'arbitre pour confirmer.")
        )
    if len(under_limit) < len(teams):
        # Which team's code is blocked, and whether this one was right, is not told.
        raise ResultForbidden(
            _(
                "Code refusé. Après trop de codes erronés, le code d'une équipe de cette table "
                "est bloqué : appelez l'arbitre, ou ouvrez le lien de votre fiche de route."
            )
        )
    raise ResultForbidden(
        _("Ce code n'est celui d'aucune des deux équipes de cette table (voir la fiche de route).")
    )


def _count_try(teams: list[Team], *, wrong: bool) -> set[int]:
    """The teams (ids) whose code was under the limit; a wrong code counted against each, in
    one statement (``sql.COUNT_TRY_SQL``)."""
    if not teams:
        return set()
    ids = [team.pk for team in teams]
    with rows.cursor() as cursor:
        cursor.execute(sql.COUNT_TRY_SQL, [int(wrong), ids[0], ids[-1], MAX_CODE_FAILURES])
        under_limit = {row[0] for row in cursor.fetchall()}
    for team in teams:
        if wrong and team.pk in under_limit:
            team.code_failures += 1
    return under_limit


def locked_teams(*, tournament: Tournament) -> list[Team]:
    """The teams whose code is refused after too many wrong tries, for the arbiter."""
    return list(
        tournament.teams.filter(code_failures__gte=MAX_CODE_FAILURES).select_related(
            "player_one", "player_two"
        )
    )


def unlock_team_code(*, team: Team, by: policy.Who) -> Team:
    """An arbiter gives the team's code its tries back (after checking who asks for it)."""
    check_staff(by=policy.actor_for(by, team.tournament), tournament=team.tournament)
    Team.objects.filter(pk=team.pk).update(code_failures=0)
    team.code_failures = 0
    logger.info(
        "team code unlocked: tournament %s, team %s, by %s",
        team.tournament.slug,
        team.number,
        getattr(policy.actor_for(by, team.tournament).user, "username", "?"),
    )
    return team
