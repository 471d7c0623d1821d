"""« Ouvrir la séance », the checklist's one act that opens the day (``services.opening``).

Kept apart from the arbiter's pages: an organizer's act, posted from the organizer's checklist
(the « Organisation » page) and answered there.
"""

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.setup.guards import organizer_required

from .exceptions import ResultError
from .services import opening


@require_POST
@organizer_required
def open_session(request, tournament):
    """The tournament « En cours », every round published, round 1 started; or what is
    missing."""
    try:
        event = opening.open_session(tournament=tournament, by=request.user)
    except ResultError as error:
        messages.error(request, str(error))
    else:
        rounds = tournament.round_set.count()
        messages.success(
            request,
            ngettext(
                "Séance ouverte : le tournoi est « En cours », son tour est publié et a démarré.",
                "Séance ouverte : le tournoi est « En cours », les %(count)s tours sont publiés "
                "et le tour %(first)s a démarré.",
                rounds,
            )
            % {"count": rounds, "first": event.details["started_round"]},
        )
    return redirect(reverse("tournaments:manage", args=[tournament.slug]) + "#checklist-title")
