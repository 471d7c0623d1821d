"""The arbiter's import and export of a tournament's results (« Échange de résultats »): a
results file (JSON lines, CSV or XLSX) uploaded through the entry adapter, and the counting
results written as JSON lines or CSV (docs/results.md).

Every view goes through ``arbiter_required`` (arbiters and organizers of the tournament).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from config.proxies import client_ip
from tournaments.setup.guards import arbiter_required

from . import exchange, selectors
from .exceptions import ImportRejected
from .forms import ImportForm


@require_http_methods(["GET", "POST"])
@arbiter_required
def exchange_page(request, tournament):
    errors = []
    form = ImportForm(request.POST or None, request.FILES or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                stored = exchange.import_file(
                    tournament,
                    upload.read(),
                    filename=upload.name,
                    by=request.user,
                    ip=client_ip(request),
                    replace=form.cleaned_data["replace"],
                )
            except ImportRejected as error:
                errors = [str(line) for line in error.errors]
                status = 400
            else:
                messages.success(
                    request,
                    ngettext(
                        "%(count)s résultat importé.", "%(count)s résultats importés.", len(stored)
                    )
                    % {"count": len(stored)},
                )
                return redirect("results:exchange", tournament.slug)
        else:
            status = 400
    return render(
        request,
        "results/exchange.html",
        {
            "tournament": tournament,
            "form": form,
            "errors": errors,
            "count": selectors.counting_results(tournament).count(),
        },
        status=status,
    )


CONTENT_TYPES = {"jsonl": "application/x-ndjson; charset=utf-8", "csv": "text/csv; charset=utf-8"}


@require_GET
@arbiter_required
def export(request, tournament, fmt: str):
    if fmt not in exchange.FORMATS:
        raise Http404
    text = exchange.export(tournament, fmt)
    # A BOM lets spreadsheet programs recognise UTF-8 (accents) when opening the CSV file.
    body = ("\ufeff" + text) if fmt == "csv" else text
    response = HttpResponse(body.encode("utf-8"), content_type=CONTENT_TYPES[fmt])
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-resultats.{fmt}"'
    return response
