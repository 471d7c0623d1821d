"""The club pages of its organizers: « Mes clubs », a club's registry (search, add, edit), the
duplicates to merge, the anonymisation of a player on request, the accounts' requests to be
linked to a record; and a player's own page of those requests (« Mes clubs » of a player)."""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from . import access as policy
from . import selectors, services
from .access import club_organizer_required
from .forms import (
    ClaimDecisionForm,
    ClaimForm,
    ClubForm,
    ClubSettingsForm,
    ConsentForm,
    MergeForm,
    PlayerForm,
    SearchForm,
)
from .models import PlayerClaim


def clubs_home(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    clubs = selectors.clubs_organized_by(request.user)
    can_create = policy.can_create_club(request.user)
    if not can_create and not clubs.exists():
        raise PermissionDenied
    form = ClubForm(request.POST or None)
    if request.method == "POST":
        if not can_create:
            raise PermissionDenied
        if form.is_valid():
            try:
                club = services.create_club(**form.cleaned_data, by=request.user)
            except services.ClubError as error:
                form.add_error(None, error.message)
            else:
                messages.success(request, gettext("Club créé."))
                return redirect("clubs:manage", club.slug)
    return render(
        request,
        "clubs/home.html",
        {"clubs": clubs, "form": form, "can_create": can_create},
    )


@club_organizer_required
def club_manage(request, club):
    search = SearchForm(request.GET or None)
    query = search.cleaned_data["q"] if search.is_valid() else ""
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            player = services.create_player(club=club, **form.cleaned_data, by=request.user)
        except services.ClubError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request, gettext("%(name)s ajouté au fichier.") % {"name": player.full_name}
            )
            return redirect("clubs:manage", club.slug)
    return render(
        request,
        "clubs/manage.html",
        {
            "club": club,
            "search": search,
            "query": query,
            "players": selectors.search_players(club, query),
            "duplicates": selectors.duplicate_candidates(club),
            "events": selectors.recent_events(club),
            "claims": selectors.pending_claims(club),
            "form": form,
        },
    )


@club_organizer_required
def club_settings(request, club):
    form = ClubSettingsForm(request.POST or None, club=club, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_club(
                club=club,
                name=form.cleaned_data["name"],
                town=form.cleaned_data["town"],
                co_organizers=form.cleaned_data["co_organizers"],
                by=request.user,
            )
        except services.ClubError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Club enregistré."))
            return redirect("clubs:manage", club.slug)
    return render(request, "clubs/club_form.html", {"club": club, "form": form})


@club_organizer_required
def player_edit(request, club, player_id: int):
    player = get_object_or_404(club.players, pk=player_id)
    form = PlayerForm(request.POST or None, player=player)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_player(player=player, **form.cleaned_data, by=request.user)
        except services.ClubError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Fiche enregistrée."))
            return redirect("clubs:manage", club.slug)
    return render(request, "clubs/player_form.html", {"club": club, "player": player, "form": form})


@require_POST
@club_organizer_required
def player_merge(request, club):
    form = MergeForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choisissez les deux fiches à fusionner."))
        return redirect("clubs:manage", club.slug)
    kept = get_object_or_404(club.players, pk=form.cleaned_data["kept"])
    removed = get_object_or_404(club.players, pk=form.cleaned_data["removed"])
    try:
        services.merge_players(kept=kept, removed=removed, by=request.user)
    except services.ClubError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            gettext("Fiches fusionnées : les résultats suivent %(name)s.")
            % {"name": kept.full_name},
        )
    return redirect("clubs:manage", club.slug)


@require_POST
@club_organizer_required
def player_anonymise(request, club, player_id: int):
    player = get_object_or_404(club.players, pk=player_id)
    services.anonymise_player(player=player, by=request.user)
    messages.success(request, gettext("Joueur anonymisé : ses résultats restent, sans son nom."))
    return redirect("clubs:manage", club.slug)


@require_POST
@club_organizer_required
def claim_confirm(request, club, claim_id: int):
    """The organizer links a request's account to a record of the registry."""
    claim = get_object_or_404(club.claims, pk=claim_id)
    form = ClaimDecisionForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choisissez la fiche du joueur."))
        return redirect(_claims_anchor(club))
    player = club.players.filter(pk=form.cleaned_data["player"]).first()
    if player is None:
        messages.error(request, gettext("Aucune fiche de ce numéro dans le fichier du club."))
        return redirect(_claims_anchor(club))
    try:
        services.confirm_claim(claim=claim, club_player=player, by=request.user)
    except services.ClubError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request, gettext("Compte rattaché à %(name)s.") % {"name": player.full_name}
        )
    return redirect(_claims_anchor(club))


@require_POST
@club_organizer_required
def claim_refuse(request, club, claim_id: int):
    claim = get_object_or_404(club.claims, pk=claim_id)
    try:
        services.refuse_claim(claim=claim, by=request.user)
    except services.ClubError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("Demande refusée."))
    return redirect(_claims_anchor(club))


def _claims_anchor(club) -> str:
    return reverse("clubs:manage", args=[club.slug]) + "#rattachements"


def my_claims(request):
    """A signed-in account's requests to be linked to its record in a club's registry, and the
    form to ask; a confirmed link shows the player's own record and their public consent."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    form = ClaimForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.claim_player(by=request.user, **form.cleaned_data)
        except services.ClubError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                gettext("Demande envoyée : un organisateur du club la confirmera."),
            )
            return redirect("clubs:my_claims")
    claims = list(selectors.claims_of(request.user))
    consents = {
        claim.pk: ConsentForm(initial={"public_consent": claim.club_player.public_consent})
        for claim in claims
        if claim.status == PlayerClaim.Status.CONFIRMED and claim.club_player is not None
    }
    return render(
        request,
        "clubs/my_claims.html",
        {"form": form, "claims": [(claim, consents.get(claim.pk)) for claim in claims]},
    )


@require_POST
def claim_withdraw(request, claim_id: int):
    claim = _own_claim(request, claim_id)
    services.withdraw_claim(claim=claim, by=request.user)
    messages.success(request, gettext("Demande retirée."))
    return redirect("clubs:my_claims")


@require_POST
def claim_consent(request, claim_id: int):
    claim = _own_claim(request, claim_id)
    form = ConsentForm(request.POST)
    form.is_valid()  # a checkbox: absent is False, never an error
    try:
        services.set_own_consent(
            claim=claim,
            by=request.user,
            public_consent=form.cleaned_data.get("public_consent", False),
        )
    except services.ClubError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("Votre choix est enregistré."))
    return redirect("clubs:my_claims")


def _own_claim(request, claim_id: int) -> PlayerClaim:
    """The account's own request; anyone else's (or none) is the same 404."""
    claim = selectors.claim_of(request.user, claim_id)
    if claim is None:
        raise Http404
    return claim
