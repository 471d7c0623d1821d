"""Pages of the deals app: the organizer's "Donnes" page and its actions, the hand records
(relevé des donnes), one board's diagram, the PBN download and the public verification page.

Thin views: reads come from ``selectors``, writes from ``services``; who may see what is asked
of ``selectors.can_see_board`` / ``visible_boards`` / ``can_download_pbn`` and
``tournaments.setup.policy``.
"""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from tournaments import board_panels
from tournaments.request_numbers import whole_number
from tournaments.setup import policy
from tournaments.setup.guards import public_tournament, tournament_guard
from tournaments.setup.models import Round, Tournament

from . import selectors, services
from .forms import PbnImportForm, ReleaseForm, SeedForm, TypedBoardForm

manager_required = tournament_guard(policy.can_manage_tournament)
"""The deals' management pages: the tournament's organizers."""


def _refuse(request):
    """Anonymous visitors may be staff who have not logged in yet; others are refused."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied


def _manage_url(tournament: Tournament) -> str:
    return reverse("deals:manage", args=[tournament.slug])


def _error(request, error: services.DealsError) -> None:
    for message in error.messages:
        messages.error(request, message)


# ---------------------------------------------------------------------------------------------
# Organizer: the "Donnes" page and its actions


def _render_manage(request, tournament: Tournament, import_form=None, status: int = 200):
    boards = list(tournament.boards.order_by("number"))
    needed = selectors.board_count(tournament)
    stored_numbers = {board.number for board in boards}
    plan = selectors.board_rounds(tournament)
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    unreleased = [round_.number for round_ in rounds if not round_.hands_released]
    return render(
        request,
        "deals/manage.html",
        {
            "tournament": tournament,
            "deal_set": selectors.deal_set_for(tournament),
            "boards": boards,
            "rows": [
                {"board": board, "rounds": sorted(plan.get(board.number, ()))} for board in boards
            ],
            "recorded_count": sum(1 for board in boards if board.has_hands),
            "needed": needed,
            "missing": sorted(set(plan) - stored_numbers),
            "locked_reason": selectors.deals_locked_reason(tournament),
            "rounds": rounds,
            "all_released": bool(rounds) and not unreleased,
            "import_form": import_form or PbnImportForm(),
            "release_form": ReleaseForm(round_numbers=unreleased),
        },
        status=status,
    )


@manager_required
def manage(request, tournament: Tournament):
    return _render_manage(request, tournament)


def _confirmed(request, tournament: Tournament) -> bool:
    """Replacing boards that exist needs the confirmation box ticked."""
    if not tournament.boards.exists() or request.POST.get("confirm"):
        return True
    messages.error(
        request, gettext("Cochez la case de confirmation : les étuis existants seront remplacés.")
    )
    return False


@require_POST
@manager_required
def generate(request, tournament: Tournament):
    if _confirmed(request, tournament):
        try:
            deal_set = services.generate_deals(tournament=tournament, by=request.user)
        except services.DealsError as error:
            _error(request, error)
        else:
            count = tournament.boards.count()
            messages.success(
                request,
                ngettext(
                    "%(count)s étui généré. Empreinte publiée : %(commitment)s",
                    "%(count)s étuis générés. Empreinte publiée : %(commitment)s",
                    count,
                )
                % {"count": count, "commitment": deal_set.commitment},
            )
    return redirect(_manage_url(tournament))


@require_POST
@manager_required
def import_pbn(request, tournament: Tournament):
    form = PbnImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            boards = services.import_pbn(
                tournament=tournament,
                text=form.cleaned_data["pbn"],
                by=request.user,
                dealer_from_tag=form.cleaned_data["dealer_from_tag"],
            )
        except services.DealsError as error:
            if error.code != "invalid_pbn":
                _error(request, error)
                return redirect(_manage_url(tournament))
            form.add_error(
                None,
                gettext("Le fichier n'a pas été importé ; aucun étui n'a été modifié."),
            )
            for message in error.messages:
                form.add_error(None, message)
        else:
            messages.success(
                request,
                ngettext("%(count)s étui importé.", "%(count)s étuis importés.", len(boards))
                % {"count": len(boards)},
            )
            missing = sorted(
                set(selectors.board_rounds(tournament)) - {board.number for board in boards}
            )
            if missing:
                messages.warning(
                    request,
                    gettext(
                        "Le plan de table utilise aussi les étuis %(numbers)s, absents du fichier."
                    )
                    % {"numbers": ", ".join(str(number) for number in missing)},
                )
            return redirect(_manage_url(tournament))
    return _render_manage(request, tournament, import_form=form, status=400)


@manager_required
def type_board(request, tournament: Tournament):
    """Type the hands of one board from its étui (new board, or correcting one not played)."""
    if request.method == "POST":
        form = TypedBoardForm(request.POST)
        if form.is_valid():
            number = form.cleaned_data["number"]
            try:
                services.save_typed_board(
                    tournament=tournament,
                    number=number,
                    hands=form.hands(),
                    dealer=form.cleaned_data["dealer"] or None,
                    by=request.user,
                )
            except services.DealsError as error:
                for message in error.messages:
                    form.add_error(None, message)
            else:
                messages.success(
                    request,
                    gettext("Mains de l'étui %(number)s enregistrées.") % {"number": number},
                )
                if "next" in request.POST:
                    return redirect(
                        reverse("deals:type_board", args=[tournament.slug]) + f"?etui={number + 1}"
                    )
                return redirect(_manage_url(tournament))
        status = 400
    else:
        number = whole_number(request.GET.get("etui"), minimum=1)
        board = selectors.board_for(tournament, number) if number else None
        form = TypedBoardForm(initial=TypedBoardForm.initial_for(board, number))
        status = 200
    return render(
        request,
        "deals/type_board.html",
        {
            "tournament": tournament,
            "form": form,
            "hand_fields": [form[name] for name in TypedBoardForm.SEAT_FIELDS.values()],
        },
        status=status,
    )


@require_POST
@manager_required
def unrecorded(request, tournament: Tournament):
    if _confirmed(request, tournament):
        try:
            boards = services.set_unrecorded(tournament=tournament, by=request.user)
        except services.DealsError as error:
            _error(request, error)
        else:
            messages.success(
                request,
                ngettext(
                    "%(count)s étui prévu, sans mains enregistrées : les donnes seront "
                    "distribuées à la première table.",
                    "%(count)s étuis prévus, sans mains enregistrées : les donnes seront "
                    "distribuées à la première table.",
                    len(boards),
                )
                % {"count": len(boards)},
            )
    return redirect(_manage_url(tournament))


@require_POST
@manager_required
def release(request, tournament: Tournament):
    if "all" in request.POST:
        if not request.POST.get("confirm_all"):
            messages.error(
                request,
                gettext(
                    "Cochez la case de confirmation : la publication de tout le relevé révèle "
                    "la graine et ne peut pas être annulée."
                ),
            )
            return redirect(_manage_url(tournament))
        rounds = None
    else:
        unreleased = Round.objects.filter(tournament=tournament, hands_released=False)
        form = ReleaseForm(
            request.POST, round_numbers=list(unreleased.values_list("number", flat=True))
        )
        if not form.is_valid():
            messages.error(request, gettext("Ces tours ne peuvent pas être publiés."))
            return redirect(_manage_url(tournament))
        rounds = form.cleaned_data["rounds"]
    try:
        released = services.release_hands(tournament=tournament, rounds=rounds, by=request.user)
    except services.DealsError as error:
        _error(request, error)
    else:
        messages.success(
            request,
            ngettext(
                "Relevé des donnes publié pour %(count)s tour.",
                "Relevé des donnes publié pour %(count)s tours.",
                released,
            )
            % {"count": released},
        )
        if selectors.hands_released(tournament) and selectors.deal_set_for(tournament):
            messages.info(request, gettext("La graine est maintenant publique."))
    return redirect(_manage_url(tournament))


# ---------------------------------------------------------------------------------------------
# Hand records, boards, PBN download


@public_tournament
def records(request, tournament: Tournament):
    """The hand records (relevé des donnes): the boards this visitor may see, as diagrams."""
    boards = list(tournament.boards.order_by("number"))
    visible = selectors.visible_board_numbers(request.user, tournament)
    analyses = selectors.visible_analyses(request.user, tournament, visible)
    shown = [
        {
            "board": board,
            "diagram": selectors.hand_diagram(board),
            "analysis": analyses.get(board.number),
        }
        for board in boards
        if board.number in visible
    ]
    return render(
        request,
        "deals/records.html",
        {
            "tournament": tournament,
            "shown": shown,
            "hidden_count": len(boards) - len(shown),
            "before_release": not selectors.hands_released(tournament),
            "can_download": selectors.can_download_pbn(request.user, tournament)
            and any(board.has_hands for board in boards),
        },
    )


@public_tournament
def board_detail(request, tournament: Tournament, number: int):
    """One board's diagram, for whoever may see its hands."""
    board = selectors.board_for(tournament, number)
    if board is None:
        raise Http404
    if not selectors.can_see_board(request.user, tournament, number):
        return _refuse(request)
    numbers = sorted(selectors.visible_board_numbers(request.user, tournament))
    index = numbers.index(number)
    return render(
        request,
        "deals/board.html",
        {
            "tournament": tournament,
            "board": board,
            "diagram": selectors.hand_diagram(board),
            "analysis": selectors.visible_analyses(request.user, tournament, [number]).get(number),
            "rounds": sorted(selectors.board_rounds(tournament).get(number, ())),
            "previous": numbers[index - 1] if index > 0 else None,
            "next": numbers[index + 1] if index + 1 < len(numbers) else None,
            "panels": board_panels.panels_for(request, tournament, number),
        },
    )


@public_tournament
def export(request, tournament: Tournament):
    """The boards as ``<slug>.pbn``: for organizers, and for everyone once all is released."""
    if not selectors.can_download_pbn(request.user, tournament):
        return _refuse(request)
    if not tournament.boards.exclude(hands={}).exists():
        messages.error(request, gettext("Aucun étui n'a de mains enregistrées à exporter."))
        if policy.is_organizer(request.user, tournament):
            return redirect(_manage_url(tournament))
        return redirect(reverse("deals:records", args=[tournament.slug]))
    response = HttpResponse(
        selectors.pbn_export(tournament), content_type="text/plain; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.pbn"'
    response["Cache-Control"] = "private, no-store"
    return response


# ---------------------------------------------------------------------------------------------
# Public verification


@public_tournament
def verification(request, tournament: Tournament):
    """Regenerate the boards from the revealed seed, or from a seed typed in, and say per board
    whether they match what was played."""
    deal_set = selectors.deal_set_for(tournament)
    revealed_report = typed_report = None
    form = SeedForm(request.POST or None)
    status = 200
    if deal_set is not None and deal_set.revealed_at is not None:
        try:
            revealed_report = services.verify(tournament=tournament, seed_hex=deal_set.seed_hex)
        except services.DealsError as error:
            _error(request, error)
    if deal_set is not None and request.method == "POST":
        if form.is_valid():
            try:
                typed_report = services.verify(
                    tournament=tournament, seed_hex=form.cleaned_data["seed"]
                )
            except services.DealsError as error:
                for message in error.messages:
                    form.add_error("seed", message)
                status = 400
        else:
            status = 400
    return render(
        request,
        "deals/verification.html",
        {
            "tournament": tournament,
            "deal_set": deal_set,
            "revealed_report": revealed_report,
            "typed_report": typed_report,
            "form": form,
        },
        status=status,
    )
