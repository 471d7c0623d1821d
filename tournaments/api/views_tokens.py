"""The organizer's « Jetons d'API » page: create a token (its key is shown once) and revoke it.

Only the tournament's organizers get in (``organizer_required``: anonymous visitors go to the
login page, others get a 403).
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournaments.setup.guards import organizer_required

from . import services
from .forms import TokenForm
from .models import ApiToken

NEW_KEY_SESSION_KEY = "api_new_token"


def _page(tournament) -> str:
    return reverse("api:tokens", args=[tournament.slug])


@organizer_required
def tokens(request, tournament):
    if request.method == "POST":
        form = TokenForm(request.POST, tournament=tournament)
        if form.is_valid():
            token, key = services.create_token(
                tournament=tournament,
                by=request.user,
                name=form.cleaned_data["name"],
                scope=form.cleaned_data["scope"],
                table=form.cleaned_data["table"],
            )
            # Shown once, on the page the redirect leads to: a reload creates nothing more.
            request.session[NEW_KEY_SESSION_KEY] = {"id": token.pk, "key": key}
            return redirect(_page(tournament))
    else:
        form = TokenForm(tournament=tournament)
    new = request.session.pop(NEW_KEY_SESSION_KEY, None)
    listed = list(ApiToken.objects.filter(tournament=tournament).select_related("user", "table"))
    return render(
        request,
        "api/tokens.html",
        {
            "tournament": tournament,
            "form": form,
            "active_tokens": [token for token in listed if token.active],
            "revoked_tokens": [token for token in listed if not token.active],
            "new_key": new["key"] if new else None,
            "new_token": next((t for t in listed if new and t.pk == new["id"]), None),
            "api_root": request.build_absolute_uri(reverse("api:tournament-list")),
            "docs_url": reverse("api:docs"),
        },
        status=200 if request.method == "GET" else 400,
    )


@require_POST
@organizer_required
def revoke(request, tournament, token_id: int):
    token = get_object_or_404(ApiToken, pk=token_id, tournament=tournament)
    services.revoke_token(token=token)
    messages.success(request, gettext("Le jeton « %(name)s » est révoqué.") % {"name": token.name})
    return redirect(_page(tournament))
