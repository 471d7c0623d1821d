"""Who is asking: the arbiter check in front of every staff page of results, and the address
recorded in the audit trail (``client_ip``: the same as the login rate limit's, see
``config/proxies.py``)."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from config.proxies import client_ip
from tournaments.models import Tournament
from tournaments.policy import is_arbiter

__all__ = ["arbiter_required", "client_ip"]


def arbiter_required(view=None, *, json: bool = False):
    """The view receives the tournament; anonymous visitors go to the login page (a JSON 401
    for fetch endpoints), logged-in users who are not its arbiters get a 403."""

    def decorate(function):
        @wraps(function)
        def wrapper(request, slug, *args, **kwargs):
            tournament = get_object_or_404(Tournament, slug=slug)
            if not request.user.is_authenticated:
                if json:
                    return JsonResponse(
                        {"ok": False, "message": _("Connectez-vous pour saisir des résultats.")},
                        status=401,
                    )
                return redirect_to_login(request.get_full_path())
            if not is_arbiter(request.user, tournament):
                if json:
                    return JsonResponse(
                        {"ok": False, "message": _("Vous n'êtes pas arbitre de ce tournoi.")},
                        status=403,
                    )
                raise PermissionDenied
            return function(request, tournament, *args, **kwargs)

        return wrapper

    return decorate(view) if view is not None else decorate
