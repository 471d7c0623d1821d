"""The club pages of its organizers: « Mes clubs », a club's registry (search, add, edit), the
duplicates to merge, the anonymisation of a player on request."""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from . import access as policy
from . import selectors, services
from .access import club_organizer_required
from .forms import ClubForm, ClubSettingsForm, MergeForm, PlayerForm, SearchForm


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
