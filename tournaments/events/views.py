"""The events' pages: the list, an event (its clubs, its deals' commitment, the organizers' and
the clubs' acts), the national ranking (served from the cache), a board across the field once
the last session is over, the clubs' package and upload; on a laptop, the package's import and
the results file to send back."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from scoring.deals.generator import generate_boards, seed_from_hex
from tournaments.deals import selectors as deals_selectors
from tournaments.request_numbers import whole_number
from tournaments.setup import policy
from tournaments.setup.models import Tournament

from . import page_cache, selectors, services
from .forms import AnswerForm, EventForm, InviteForm, PackageForm, SignedFileForm
from .models import Event


def _event(request, slug: str) -> Event:
    """The event of the URL, for whoever may see it (a 404 otherwise, as for a draft
    tournament)."""
    event = Event.objects.filter(slug=slug).first()
    if event is None or not selectors.can_see_event(request.user, event):
        raise Http404
    return event


def _organized(request, slug: str) -> Event:
    """The event of the URL, for its organizers only."""
    if not request.user.is_authenticated:
        raise PermissionDenied
    event = _event(request, slug)
    if not selectors.is_event_organizer(request.user, event):
        raise PermissionDenied
    return event


def _club_entry(request, slug: str, club: str):
    """The event and one invited club, for that club's organizers only."""
    if not request.user.is_authenticated:
        raise PermissionDenied
    event = _event(request, slug)
    entry = selectors.entry_of(event, club)
    if entry is None or not selectors.is_club_organizer(request.user, entry):
        raise PermissionDenied
    return event, entry


def _refused(request, error: services.EventError) -> None:
    for message in error.messages:
        messages.error(request, message)


def event_list(request):
    return render(
        request,
        "events/list.html",
        {
            "events": selectors.visible_events(request.user),
            "can_create": policy.can_create_tournament(request.user),
        },
    )


def event_create(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not policy.can_create_tournament(request.user):
        raise PermissionDenied
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.create_event(by=request.user, **form.cleaned_data)
        except services.EventError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Simultané créé : invitez maintenant les clubs."))
            return redirect(event)
    return render(request, "events/create.html", {"form": form})


def event_page(request, slug: str):
    event = _event(request, slug)
    user = request.user
    organizer = selectors.is_event_organizer(user, event)
    entries = list(selectors.entries_of(event))
    mine = [entry for entry in entries if selectors.is_club_organizer(user, entry)]
    return render(
        request,
        "events/event.html",
        {
            "event": event,
            "organizer": organizer,
            "entries": entries,
            "mine": [
                {
                    "entry": entry,
                    "deals_reached": selectors.deals_reached_club(entry),
                    "window": selectors.upload_window(entry),
                    "upload": selectors.current_upload(entry),
                }
                for entry in mine
            ],
            "invite_form": InviteForm() if organizer else None,
            "field_over": selectors.field_over(event),
            "ranking": selectors.ranking_of(event),
            "seed_revealed": event.status == Event.Status.CLOSED,
        },
    )


@require_POST
def event_invite(request, slug: str):
    event = _organized(request, slug)
    form = InviteForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect(event)
    try:
        services.invite_club(event=event, by=request.user, **form.cleaned_data)
    except services.EventError as error:
        _refused(request, error)
    else:
        messages.success(request, gettext("Club invité."))
    return redirect(event)


@require_POST
def event_open(request, slug: str):
    return _event_step(
        request, slug, services.open_event, gettext("Simultané ouvert : les donnes sont faites.")
    )


@require_POST
def event_close(request, slug: str):
    return _event_step(
        request, slug, services.close_event, gettext("Simultané clos : la graine est publiée.")
    )


def _event_step(request, slug: str, step, done: str):
    """The organizer moves the event on (``services.open_event`` or ``close_event``)."""
    event = _organized(request, slug)
    try:
        step(event=event, by=request.user)
    except services.EventError as error:
        _refused(request, error)
    else:
        messages.success(request, done)
    return redirect(event)


@require_POST
def club_answer(request, slug: str, club: str):
    event, entry = _club_entry(request, slug, club)
    form = AnswerForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Réponse invalide."))
        return redirect(event)
    try:
        services.answer_invitation(
            entry=entry, accept=form.cleaned_data["answer"] == "accept", by=request.user
        )
    except services.EventError as error:
        _refused(request, error)
    else:
        messages.success(request, gettext("Réponse enregistrée."))
    return redirect(event)


def club_package(request, slug: str, club: str):
    """The club's signed package (a file), once the deals reached it."""
    _event_, entry = _club_entry(request, slug, club)
    try:
        document = services.export_package(entry=entry)
    except services.EventError as error:
        _refused(request, error)
        return redirect(entry.event)
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False), content_type="application/json"
    )
    name = f"{entry.event.slug}-{entry.club.slug}-paquet.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def club_upload(request, slug: str, club: str):
    """A laptop club's results file, uploaded by its organizer."""
    event, entry = _club_entry(request, slug, club)
    form = SignedFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            _upload, changed = services.accept_upload(
                event=event, data=form.cleaned_data["file"], by=request.user
            )
        except services.EventError as error:
            for message in error.messages:
                form.add_error(None, message)
        else:
            if changed:
                messages.success(request, gettext("Résultats reçus : le classement est recalculé."))
            else:
                messages.info(
                    request, gettext("Ces résultats étaient déjà reçus : rien ne change.")
                )
            return redirect(event)
    return render(
        request,
        "events/upload.html",
        {
            "event": event,
            "entry": entry,
            "form": form,
            "window": selectors.upload_window(entry),
            "upload": selectors.current_upload(entry),
        },
    )


@csrf_exempt
@require_POST
def upload_api(request, slug: str):
    """The upload as an API: the signed document as the body; the signature authenticates the
    club. 200 ``{"changed", "lines"}``, or 400 ``{"code", "errors"}``."""
    event = Event.objects.filter(slug=slug).exclude(status=Event.Status.DRAFT).first()
    if event is None:
        return JsonResponse(
            {"code": "not_found", "errors": [gettext("Simultané inconnu.")]}, status=404
        )
    try:
        upload, changed = services.accept_upload(event=event, data=request.body)
    except services.EventError as error:
        return JsonResponse({"code": error.code, "errors": error.messages}, status=400)
    return JsonResponse({"changed": changed, "lines": len(upload.lines)})


def event_ranking(request, slug: str):
    """The national figures, one section (national, a region, a club, a field size) at a time,
    a page of rows each; the tables served from the cache per version of the figures."""
    event = _event(request, slug)
    ranking = selectors.ranking_of(event)
    version = ranking.version if ranking else 0
    sections = page_cache.sections(ranking)
    keys = [section["key"] for section in sections]
    section = request.GET.get("classement", "")
    if section not in keys:
        section = keys[0] if keys else "national"
    page = whole_number(request.GET.get("page", "1"), minimum=1, maximum=10_000) or 1

    def table() -> str:
        return page_cache.render_groups(event, ranking, section, page)

    return render(
        request,
        "events/ranking.html",
        {
            "event": event,
            "ranking": ranking,
            "sections": sections,
            "section": section,
            "table": page_cache.cached(
                page_cache.page_key(event.pk, version, section, page), table
            ),
            "stale": ranking is not None and ranking.stale_since is not None,
        },
    )


def event_board(request, slug: str, number: int):
    """A board across the field: its four hands and every club's result, once the last
    session of the event is over (its organizers at any time)."""
    event = _event(request, slug)
    if (
        not (selectors.is_event_organizer(request.user, event) or selectors.field_over(event))
        or event.status == Event.Status.DRAFT
    ):
        raise Http404
    if not 1 <= number <= event.board_count:
        raise Http404
    board = generate_boards(seed_from_hex(event.seed_hex), 1, first=number)[0]
    return render(
        request,
        "events/board.html",
        {
            "event": event,
            "number": number,
            "diagram": deals_selectors.hand_diagram(board),
            "lines": selectors.board_lines(event, number),
        },
    )


def laptop_import(request):
    """On a club's laptop: the event's package and the club's key read into a tournament."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not policy.can_create_tournament(request.user):
        raise PermissionDenied
    form = PackageForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            laptop, created = services.import_package(
                data=form.cleaned_data["file"], key=form.cleaned_data["key"], by=request.user
            )
        except services.EventError as error:
            for message in error.messages:
                form.add_error(None, message)
        else:
            if created:
                messages.success(request, gettext("Paquet importé : le tournoi du club est prêt."))
            else:
                messages.info(request, gettext("Ce paquet était déjà importé."))
            return redirect("tournaments:manage", laptop.tournament.slug)
    return render(request, "events/laptop_import.html", {"form": form})


def laptop_results(request, slug: str):
    """On the laptop: the club's results as the signed file to send to the site."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not policy.is_organizer(request.user, tournament):
        raise PermissionDenied
    laptop = selectors.laptop_event_of(tournament)
    if laptop is None:
        raise Http404
    document = services.build_upload(laptop=laptop)
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False), content_type="application/json"
    )
    name = f"{laptop.event_slug}-{laptop.club_slug}-resultats.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
