"""The table page's state (``/table/<token>/etat/``), polled by the page every few seconds while
it is visible (``results/table_follow.js``), as the room display polls its own: when its key
changes the page fetches itself again and swaps in the boards, so that a board entered on the
other phone appears « à confirmer » without a reload.

The same access as the page: the table's link, entry open in the tournament; the same round
(``?tour=``, else the one the page would open on); and only what the page shows this phone
(``table_page.live_state``): no card, no result, and for a phone not proved for the meeting
not even whether a board was entered before its hands are released.
"""

from __future__ import annotations

from django.http import Http404, JsonResponse
from django.views.decorators.http import require_GET

from tournaments.setup import policy

from .. import proofs, selectors, table_page
from .phone import chosen_round


@require_GET
def table_state(request, token: str):
    table = selectors.table_by_token(token)
    if table is None or not table.tournament.table_entry:
        raise Http404
    rounds = selectors.table_rounds(table)
    chosen = chosen_round(request, rounds)
    team = judge = closed = None
    if chosen is not None:
        team = proofs.proven_team(request, chosen.assignment)
        judge = proofs.confirming_team(request, chosen.assignment)
        closed = policy.table_closed_reason(policy.PUBLIC, chosen.assignment)
    staff = policy.can_enter_any_result(request.user, table.tournament)
    answer = JsonResponse(
        table_page.live_state(request, chosen, rounds, team, judge, staff=staff, closed=closed)
    )
    answer["Cache-Control"] = "no-store"
    return answer
