"""The arbiter gives a team's code back its tries, after too many wrong codes locked it
(results.services.team_codes)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.setup.guards import arbiter_required
from tournaments.setup.models import Team

from . import services


@require_POST
@arbiter_required
def unlock_code(request, tournament, team_number: int):
    team = get_object_or_404(Team, tournament=tournament, number=team_number)
    services.unlock_team_code(team=team, by=request.user)
    messages.success(
        request,
        _("Le code de l'équipe %(number)s est de nouveau accepté.") % {"number": team.number},
    )
    return redirect(reverse("results:dashboard", args=[tournament.slug]) + "#codes-bloques")
