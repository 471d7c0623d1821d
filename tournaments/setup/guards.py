"""The one guard style of the site's views: a decorator that loads the tournament of the URL
and lets through only those the access policy (``tournaments.setup.policy``) allows.

    @tournament_guard(policy.can_manage_tournament)
    def settings(request, tournament): ...

Anonymous visitors go to the login page (a JSON 401 for fetch endpoints); logged-in users the
predicate refuses get a 403 (JSON for fetch endpoints). A tournament that does not exist is a
404, or a 403 with ``hide_missing`` so that a stranger learns nothing more from the answer.
``organizer_required`` and ``arbiter_required`` are the two guards the staff pages use.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.utils.translation import gettext_lazy

from . import policy
from .models import Tournament

LOGIN_MESSAGE = gettext_lazy("Connectez-vous pour continuer.")
REFUSAL_MESSAGE = gettext_lazy("Vous n'avez pas le droit de faire cela dans ce tournoi.")


def tournament_guard(
    allowed: Callable | None = None,
    *,
    json: bool = False,
    hide_missing: bool = False,
    login_message=LOGIN_MESSAGE,
    refusal_message=REFUSAL_MESSAGE,
):
    """A view decorator: the view receives the tournament of the URL's ``slug`` instead.

    A tournament that does not exist, or that the user may not see (a draft,
    ``policy.can_see_tournament``), is a 404. Then, with ``allowed``, ``allowed(user,
    tournament)`` decides: anonymous visitors go to the login page (JSON 401), refused users get
    a 403 (JSON 403). ``hide_missing``: a stranger gets the same 403 whether the tournament
    exists or not (the organizer pages). Without ``allowed``: a public page."""

    def decorate(view):
        @wraps(view)
        def wrapper(request, slug, *args, **kwargs):
            user = request.user
            tournament = Tournament.objects.filter(slug=slug).first()
            if not hide_missing and (
                tournament is None or not policy.can_see_tournament(user, tournament)
            ):
                raise Http404
            if allowed is not None:
                if not user.is_authenticated:
                    if json:
                        return JsonResponse(
                            {"ok": False, "message": str(login_message)}, status=401
                        )
                    return redirect_to_login(request.get_full_path())
                if tournament is None or not allowed(user, tournament):
                    if json:
                        return JsonResponse(
                            {"ok": False, "message": str(refusal_message)}, status=403
                        )
                    raise PermissionDenied
            return view(request, tournament, *args, **kwargs)

        return wrapper

    return decorate


public_tournament = tournament_guard()
"""A public page of a tournament: everyone, except for a draft (its organizers only)."""


def organizer_required(view):
    """Its organizers only (``policy.can_manage_tournament``); a stranger gets a 403 whether
    the tournament exists or not."""
    return tournament_guard(policy.can_manage_tournament, hide_missing=True)(view)


def arbiter_required(view=None, *, json: bool = False):
    """Its arbiters and organizers (``policy.can_see_staff_pages``)."""
    guard = tournament_guard(
        policy.can_see_staff_pages,
        json=json,
        login_message=gettext_lazy("Connectez-vous pour saisir des résultats."),
        refusal_message=gettext_lazy("Vous n'êtes pas arbitre de ce tournoi."),
    )
    return guard(view) if view is not None else guard


__all__ = ["arbiter_required", "organizer_required", "public_tournament", "tournament_guard"]
