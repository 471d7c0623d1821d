"""Online registration pages: the public form (no account), the pair's confirmation page
(its secret link) and the organizer's page (settings, approve, refuse)."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from config.proxies import client_ip
from config.site import site_url
from tournaments.setup.guards import organizer_required, public_tournament

from . import selectors, services
from .forms import PairForm, RegistrationSettingsForm
from .models import Entry


def _site(request) -> str:
    """The site's address the pair's e-mail links to: ``SITE_URL`` (config/site.py), never the
    Host or forwarded headers of the request, which the visitor writes."""
    return site_url()


@public_tournament
def register(request, tournament):
    open_now = services.is_open(tournament=tournament)
    form = PairForm(request.POST or None)
    status = 200
    if request.method == "POST" and open_now and form.is_valid():
        try:
            services.check_rate(address=client_ip(request))
            entry = services.register_pair(
                tournament=tournament, data=form.pair_data(), site=_site(request)
            )
        except services.RegistrationError as error:
            form.add_error(None, error.message)
            status = 429 if isinstance(error, services.RateLimited) else 200
        else:
            return redirect("registration:entry", entry.token)
    return render(
        request,
        "registration/register.html",
        {
            "tournament": tournament,
            "form": form,
            "open": open_now,
            "places_left": services.places_left(tournament=tournament) if open_now else None,
        },
        status=status,
    )


def entry_page(request, token: str):
    entry = get_object_or_404(Entry.objects.select_related("tournament"), token=token)
    return render(
        request,
        "registration/entry.html",
        {
            "entry": entry,
            "tournament": entry.tournament,
            "position": services.waiting_position(entry=entry),
        },
    )


@require_POST
def entry_withdraw(request, token: str):
    entry = get_object_or_404(Entry, token=token)
    services.withdraw(entry=entry, site=_site(request))
    messages.success(request, gettext("Votre inscription est annulée."))
    return redirect("registration:entry", token)


@organizer_required
def manage(request, tournament):
    current = services.settings_of(tournament=tournament)
    form = RegistrationSettingsForm(
        request.POST or None, initial={"open": current.open, "capacity": current.capacity}
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.set_registration(
                tournament=tournament,
                open=form.cleaned_data["open"],
                capacity=form.cleaned_data["capacity"],
                site=_site(request),
            )
        except services.RegistrationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Réglages des inscriptions enregistrés."))
            return redirect("registration:manage", tournament.slug)
    status = Entry.Status
    return render(
        request,
        "registration/manage.html",
        {
            "tournament": tournament,
            "form": form,
            "pending": selectors.entries_of(tournament, status.PENDING),
            "waiting": selectors.entries_of(tournament, status.WAITING),
            "approved": selectors.entries_of(tournament, status.APPROVED),
            "closed": selectors.entries_of(tournament, status.REFUSED, status.WITHDRAWN),
            "places_left": services.places_left(tournament=tournament),
            "open": services.is_open(tournament=tournament),
        },
    )


@require_POST
@organizer_required
def decide(request, tournament, entry_id: int, action: str):
    if action not in ("accepter", "refuser"):
        raise Http404
    entry = get_object_or_404(Entry, tournament=tournament, pk=entry_id)
    try:
        if action == "accepter":
            team = services.approve(entry=entry, site=_site(request))
            messages.success(
                request,
                gettext("Inscription acceptée : équipe %(number)s, à pointer le jour venu.")
                % {"number": team.number},
            )
        else:
            services.refuse(entry=entry, site=_site(request))
            messages.success(request, gettext("Inscription refusée."))
    except services.RegistrationError as error:
        messages.error(request, error.message)
    return redirect("registration:manage", tournament.slug)
