"""Pages of the printing app: the staff "Documents" page (states, progress, downloads, requests),
its refreshing fragment, the public list of PDFs, the download of a stored file, and one team's
route card made on demand at the check-in desk.

Thin views: who may see what is asked of ``selectors`` (which asks the deals and standings
selectors and ``tournaments.setup.policy``); requests go through ``services``. Staff pages send
anonymous visitors to the login page and refuse (403) other users; a public document that must
stay secret answers 404.
"""

import logging

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournaments.results.table_links import loopback_host
from tournaments.setup.guards import public_tournament, tournament_guard
from tournaments.setup.models import Team, Tournament

from . import selectors, services
from .documents import route_card_pdf
from .models import Document

REFRESH_SECONDS = 3

logger = logging.getLogger(__name__)


def _staff_only(request, tournament: Tournament, allowed: bool):
    """None when ``allowed``; else the login page for anonymous visitors, 403 for the others."""
    if allowed:
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied


documents_page_required = tournament_guard(selectors.may_open_documents_page)
documents_order_required = tournament_guard(selectors.may_request)


def _documents_context(request, tournament: Tournament) -> dict:
    rows = selectors.document_rows(request.user, tournament)
    return {
        "tournament": tournament,
        "rows": rows,
        "may_request": selectors.may_request(request.user, tournament),
        "packet": selectors.packet_state(tournament),
        "refresh_seconds": REFRESH_SECONDS,
        # The QR codes of the cards would lead the phones to themselves: say how to fix it.
        "loopback_host": loopback_host() if tournament.table_entry else "",
    }


@documents_page_required
def documents(request, tournament: Tournament):
    """The staff "Documents" page: each document's state, progress and download link."""
    return render(request, "printing/documents.html", _documents_context(request, tournament))


@documents_page_required
def documents_fragment(request, tournament: Tournament):
    """The table of the Documents page alone, for the page's periodic refresh."""
    response = render(
        request, "printing/_documents_table.html", _documents_context(request, tournament)
    )
    response["Cache-Control"] = "no-store"
    return response


def _back_to_documents(tournament: Tournament):
    return redirect(reverse("printing:documents", args=[tournament.slug]))


@require_POST
@documents_order_required
def request_document(request, tournament: Tournament):
    """An organizer asks for one document to be (re)made."""
    kind = request.POST.get("kind", "")
    scope = request.POST.get("scope", "")
    if not selectors.is_valid(kind, scope):
        messages.error(request, gettext("Ce document n'existe pas."))
        return _back_to_documents(tournament)
    reason = selectors.unavailable_reason(tournament, kind, scope)
    label = Document.Kind(kind).label
    if reason is not None:
        messages.error(request, f"{label} : {reason}")
        return _back_to_documents(tournament)
    # No message: the page's table says where the document stands, and keeps saying it.
    services.request_document(
        tournament=tournament, kind=kind, scope=scope, by=request.user, force=True
    )
    return _back_to_documents(tournament)


@require_POST
@documents_order_required
def request_packet(request, tournament: Tournament):
    """An organizer asks for the whole packet (every document that can be made now).

    Refused while it is being made (the button is then disabled): the page's summary and table
    say where each document stands, so no message here could go stale beside them."""
    if selectors.packet_state(tournament).building:
        messages.info(
            request, gettext("Le dossier est déjà en préparation : attendez qu'il soit prêt.")
        )
        return _back_to_documents(tournament)
    requested = services.request_packet(tournament=tournament, by=request.user)
    if not requested:
        messages.error(
            request, gettext("Rien à imprimer pour l'instant : générez le plan de table.")
        )
    return _back_to_documents(tournament)


@public_tournament
def public(request, tournament: Tournament):
    """The public list of PDFs: rankings, and hand records, travellers and scorecards once
    they may be seen. Each is made (or remade) on its first download."""
    rows = selectors.document_rows(request.user, tournament, scopes=[Document.Scope.PUBLIC])
    return render(
        request,
        "printing/public.html",
        {"tournament": tournament, "rows": rows},
    )


def _file_response(tournament: Tournament, document: Document) -> FileResponse | None:
    """The stored PDF as a response; None when its file has gone from the disk."""
    try:
        handle = document.file.open("rb")
    except FileNotFoundError:
        logger.warning("document %s: file %s is missing", document.pk, document.file.name)
        return None
    response = FileResponse(
        handle,
        content_type="application/pdf",
        filename=selectors.file_name(tournament, document.kind, document.scope),
    )
    if document.scope == Document.Scope.STAFF:
        response["Cache-Control"] = "private, no-store"
    else:
        response["Cache-Control"] = "no-cache"
    return response


@public_tournament
def download(request, tournament: Tournament, kind: str, scope: str):
    """The stored PDF, to whoever may see what it shows.

    Staff documents: organizers and arbiters (anonymous visitors go to the login page).
    Public documents: made or remade on demand when missing or stale (the stale file is served
    meanwhile); while the first one is being made, a page says so and retries.
    """
    if not selectors.is_valid(kind, scope):
        raise Http404
    if scope == Document.Scope.STAFF:
        refused = _staff_only(
            request, tournament, selectors.scope_allowed(request.user, tournament, kind, scope)
        )
        if refused:
            return refused
        document = selectors.document_for(tournament, kind, scope)
        if document is None or not document.has_file:
            messages.info(request, gettext("Ce document n'a pas encore été généré."))
            return _back_to_documents(tournament)
        if not selectors.can_download(request.user, document):
            raise PermissionDenied
        response = _file_response(tournament, document)
        if response is None:
            services.forget_missing_file(document=document)
            messages.error(request, gettext("Le fichier de ce document a disparu : régénérez-le."))
            return _back_to_documents(tournament)
        return response

    if selectors.unavailable_reason(tournament, kind, scope) is not None:
        # Nothing public yet (no ranking, hands not released): nothing to learn here either.
        raise Http404
    document = services.ensure_fresh(tournament=tournament, kind=kind, scope=scope)
    if document is not None:
        document.refresh_from_db()
    if document is None or not document.has_file:
        return _preparing(request, tournament, kind, document)
    if not selectors.can_download(request.user, document):
        raise Http404
    response = _file_response(tournament, document)
    if response is None:
        # Lost from the disk: make it again, and say so meanwhile.
        services.forget_missing_file(document=document)
        document = services.ensure_fresh(tournament=tournament, kind=kind, scope=scope)
        return _preparing(request, tournament, kind, document)
    return response


def _preparing(request, tournament: Tournament, kind: str, document: Document | None):
    """A page saying the document is being made, which reloads itself (202 Accepted)."""
    return render(
        request,
        "printing/preparing.html",
        {"tournament": tournament, "document": document, "kind_label": Document.Kind(kind).label},
        status=202,
    )


@public_tournament
def route_card(request, tournament: Tournament, number: int):
    """One team's route card (fiche de route) as a PDF made on the spot: the check-in desk hands
    it to a team that arrives late or lost its card. It prints the team's secret code: the staff
    of the tournament only, never stored, never cached."""
    allowed = selectors.scope_allowed(
        request.user, tournament, Document.Kind.ROUTE_CARDS, Document.Scope.STAFF
    )
    refused = _staff_only(request, tournament, allowed)
    if refused:
        return refused
    team = get_object_or_404(
        Team.objects.select_related("player_one", "player_two"),
        tournament=tournament,
        number=number,
    )
    rendered = route_card_pdf(tournament, team)
    response = HttpResponse(rendered.pdf, content_type="application/pdf")
    name = selectors.route_card_file_name(tournament, team.number)
    # Inline: the desk's browser shows it and prints it at once.
    response["Content-Disposition"] = f'inline; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response
