"""Organizer pages of the teams: the list, a team's form (with the club's file search),
withdrawal, check-in and the import of a team file.

Views stay thin: they check permissions (``tournaments.setup.policy``), read through
``selectors`` and write through ``services``.
"""

from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from tournaments.clubs import selectors as club_selectors
from tournaments.request_numbers import whole_number
from tournaments.setup.guards import organizer_required

from . import selectors, services
from . import team_import as team_files
from .forms import TeamFileForm, TeamForm

IMPORT_SESSION_KEY = "team_import"


@organizer_required
def teams(request, tournament):
    return render(
        request,
        "tournaments/organizer/teams.html",
        {
            "tournament": tournament,
            "teams": selectors.teams_of(tournament),
            "counts": selectors.team_counts(tournament),
        },
    )


_PLAYER_ATTRS = ("first_name", "last_name", "licence")


def _picked(data, club) -> dict:
    """The registry's players chosen as player 1 or 2: ``pick=N:ID`` (the form's buttons),
    ``pN=ID`` (the links of a search without the form) or ``pN_registry`` (chosen before)."""
    ids = {n: data.get(f"p{n}") or data.get(f"p{n}_registry") for n in (1, 2)}
    number, _, value = (data.get("pick") or "").partition(":")
    if number in ("1", "2"):
        ids[int(number)] = value
    chosen = {}
    for n, raw in ids.items():
        value = whole_number(raw)
        if value is not None:
            player = club.players.filter(pk=value, anonymised=False).first()
            if player is not None:
                chosen[n] = player
    return chosen


def _registry_search(data, tournament) -> tuple[dict, dict]:
    """In a club's tournament: the registry's players found by ``q`` (name or licence), and
    the form's initial values: what was typed in the team form (a search sends the whole form,
    so nothing typed is lost) with the players chosen (``_picked``) on top."""
    club = tournament.organizing_club
    if club is None:
        return {}, {}
    chosen = _picked(data, club)
    typed = [name for name in TeamForm.base_fields if not name.endswith("_registry")]
    initial = {name: data[name] for name in typed if data.get(name)}
    for n, player in chosen.items():
        initial.update({f"p{n}_{attr}": getattr(player, attr) for attr in _PLAYER_ATTRS})
        initial[f"p{n}_club"] = club.name
        initial[f"p{n}_registry"] = player.pk
    query = (data.get("q") or "").strip()[:100]
    found = []
    if query:
        for player in club_selectors.search_players(club, query).filter(anonymised=False)[:20]:
            links = []
            for n in (1, 2):
                params = {"q": query}
                params.update({f"p{k}": p.pk for k, p in chosen.items()})
                params[f"p{n}"] = player.pk
                links.append((n, "?" + urlencode(params)))
            found.append((player, links))
    search = {"club": club, "query": query, "found": found, "chosen": chosen}
    return search, initial


def _searching(request) -> bool:
    """Is this POST a search of the club's file (or a player picked from it), not a save?"""
    return request.method == "POST" and ("search" in request.POST or "pick" in request.POST)


@organizer_required
def team_add(request, tournament):
    next_number = services.next_team_number(tournament=tournament)
    searching = _searching(request)
    search, initial = _registry_search(request.POST if searching else request.GET, tournament)
    bound = request.POST if request.method == "POST" and not searching else None
    form = TeamForm(bound, tournament=tournament, next_number=next_number, initial=initial)
    if bound is not None and form.is_valid():
        try:
            team = services.register_team(tournament=tournament, data=form.team_data())
        except services.OrganizerError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                gettext("Équipe %(number)s inscrite : %(name)s.")
                % {"number": team.number, "name": team.display_name},
            )
            if "another" in request.POST:
                return redirect("tournaments:team_add", tournament.slug)
            return redirect("tournaments:manage_teams", tournament.slug)
    return render(
        request,
        "tournaments/organizer/team_form.html",
        {"tournament": tournament, "form": form, "team": None, "search": search},
    )


@organizer_required
def team_edit(request, tournament, number: int):
    team = selectors.team_by_number(tournament, number)
    form = TeamForm(request.POST or None, tournament=tournament, team=team)
    if request.method == "POST" and form.is_valid():
        try:
            team = services.update_team(team=team, data=form.team_data())
        except services.OrganizerError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request, gettext("Équipe %(number)s enregistrée.") % {"number": team.number}
            )
            return redirect("tournaments:manage_teams", tournament.slug)
    return render(
        request,
        "tournaments/organizer/team_form.html",
        {"tournament": tournament, "form": form, "team": team},
    )


@require_POST
@organizer_required
def team_withdraw(request, tournament, number: int):
    team = selectors.team_by_number(tournament, number)
    withdrawn = request.POST.get("action") != "reinstate"
    services.set_withdrawn(team=team, withdrawn=withdrawn)
    if withdrawn:
        messages.success(
            request, gettext("Équipe %(number)s déclarée forfait.") % {"number": team.number}
        )
        if services.has_plan(tournament=tournament):
            messages.warning(
                request,
                gettext(
                    "Le plan de table déjà généré garde cette équipe : régénérez-le tant "
                    "qu'aucun résultat n'est saisi, sinon l'arbitre attribue des scores ajustés."
                ),
            )
    else:
        messages.success(
            request, gettext("Équipe %(number)s réintégrée.") % {"number": team.number}
        )
    return redirect("tournaments:manage_teams", tournament.slug)


@require_POST
@organizer_required
def team_delete(request, tournament, number: int):
    team = selectors.team_by_number(tournament, number)
    try:
        services.delete_team(team=team)
    except services.OrganizerError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("Équipe %(number)s supprimée.") % {"number": number})
    return redirect("tournaments:manage_teams", tournament.slug)


# --- Check-in (pointage) ---------------------------------------------------------------------


@organizer_required
def checkin(request, tournament):
    return render(
        request,
        "tournaments/organizer/checkin.html",
        {
            "tournament": tournament,
            "teams": selectors.teams_of(tournament, include_withdrawn=False),
            "counts": selectors.team_counts(tournament),
        },
    )


def _wants_json(request) -> bool:
    return request.headers.get("X-Requested-With") == "fetch" or "application/json" in (
        request.headers.get("Accept", "")
    )


@require_POST
@organizer_required
def checkin_toggle(request, tournament, number: int):
    team = selectors.team_by_number(tournament, number)
    wanted = request.POST.get("checked_in")
    checked_in = not team.checked_in if wanted is None else wanted == "1"
    services.set_checked_in(team=team, checked_in=checked_in)
    if _wants_json(request):
        counts = selectors.team_counts(tournament)
        return JsonResponse(
            {
                "number": team.number,
                "checked_in": team.checked_in,
                "checked_in_count": counts.checked_in,
                "active_count": counts.active,
                # The counter's sentence, its plural agreeing with the new count.
                "count_html": render_to_string(
                    "tournaments/organizer/_checkin_count.html", {"counts": counts}, request
                ),
            }
        )
    return redirect(reverse("tournaments:checkin", args=[tournament.slug]) + f"#equipe-{number}")


@require_POST
@organizer_required
def checkin_all(request, tournament):
    changed = services.check_in_all(tournament=tournament)
    messages.success(
        request,
        ngettext("%(count)s équipe pointée.", "%(count)s équipes pointées.", changed)
        % {"count": changed},
    )
    return redirect("tournaments:checkin", tournament.slug)


# --- Import ----------------------------------------------------------------------------------


def _serialize(rows) -> list[dict]:
    return [
        {
            "line": row.line,
            "number": row.team.number,
            "name": row.team.name,
            "players": [[p.first_name, p.last_name, p.licence, p.club] for p in row.team.players],
        }
        for row in rows
    ]


def _deserialize(data: list[dict]) -> list[services.TeamData]:
    return [
        services.TeamData(
            players=tuple(services.PlayerData(*player) for player in item["players"]),
            name=item["name"],
            number=item["number"],
        )
        for item in data
    ]


@organizer_required
def team_import(request, tournament):
    form = TeamFileForm(request.POST or None, request.FILES or None)
    parsed = None
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        content = upload.read(team_files.MAX_FILE_BYTES + 1)
        parsed = team_files.check_team_file(tournament, upload.name, content)
        pending = request.session.get(IMPORT_SESSION_KEY, {})
        pending.pop(str(tournament.pk), None)
        if not parsed.errors:
            pending[str(tournament.pk)] = {"filename": upload.name, "rows": _serialize(parsed.rows)}
        request.session[IMPORT_SESSION_KEY] = pending
    return render(
        request,
        "tournaments/organizer/import.html",
        {
            "tournament": tournament,
            "form": form,
            "parsed": parsed,
            "columns": team_files.COLUMNS,
            "next_number": services.next_team_number(tournament=tournament),
        },
    )


@require_POST
@organizer_required
def team_import_confirm(request, tournament):
    pending = request.session.get(IMPORT_SESSION_KEY, {})
    data = pending.get(str(tournament.pk))
    if data is None:
        messages.error(request, gettext("Aucun import en attente : envoyez d'abord le fichier."))
        return redirect("tournaments:team_import", tournament.slug)
    try:
        created = services.register_teams(tournament=tournament, teams=_deserialize(data["rows"]))
    except services.OrganizerError as error:
        messages.error(
            request,
            gettext("Rien n'a été enregistré : %(reason)s") % {"reason": error.message},
        )
        return redirect("tournaments:team_import", tournament.slug)
    pending.pop(str(tournament.pk), None)
    request.session[IMPORT_SESSION_KEY] = pending
    count = len(created)
    messages.success(
        request,
        ngettext("%(count)s équipe importée.", "%(count)s équipes importées.", count)
        % {"count": count},
    )
    return redirect("tournaments:manage_teams", tournament.slug)


@organizer_required
def import_template(request, tournament, file_format: str):
    if file_format == "xlsx":
        response = HttpResponse(
            team_files.template_xlsx(),
            content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
    else:
        response = HttpResponse(team_files.template_csv(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="equipes-modele.{file_format}"'
    return response


# --- Table plan ------------------------------------------------------------------------------
