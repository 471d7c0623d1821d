"""Organizer pages: « Mes tournois », a tournament's settings and rules, its status, its copy,
the table plan (the teams, check-in and import: ``views_teams``).

Views stay thin: they check permissions (``tournaments.setup.policy``), read through
``selectors`` and write through ``services``. Anonymous visitors are sent to the login page; a
logged-in user who does not organize the tournament gets 403.
"""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from scoring.engine.rules import DEFAULT_PRESET, PRESETS, RuleSettings
from tournaments.request_numbers import whole_number
from tournaments.setup import policy
from tournaments.setup.guards import organizer_required

from . import selectors, services
from .forms import RulesPreviewForm, TournamentCopyForm, TournamentForm
from .rules_display import bid_scale_text, preset_label, worked_deals
from .services.plan import plan_teams


def _user_may_organize(user) -> bool:
    return policy.can_create_tournament(user) or user.organized_tournaments.exists()


# --- « Mes tournois » and the tournament's settings ------------------------------------------


def organizer_home(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not _user_may_organize(request.user):
        raise PermissionDenied
    return render(
        request,
        "tournaments/organizer/home.html",
        {
            "tournaments": selectors.tournaments_organized_by(request.user),
            "can_create": policy.can_create_tournament(request.user),
        },
    )


def tournament_create(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not policy.can_create_tournament(request.user):
        raise PermissionDenied
    form = TournamentForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(by=request.user, **_settings_given(form))
        except services.OrganizerError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Tournoi créé. Inscrivez maintenant les équipes."))
            return redirect("tournaments:manage", tournament.slug)
    return _form_page(request, form, None)


def _settings_given(form: TournamentForm) -> dict:
    """What the tournament form gives the services: the settings, rules, staff and club."""
    return {
        "fields": form.settings_fields(),
        "rules": form.cleaned_data["rules"],
        "co_organizers": form.cleaned_data["co_organizers"],
        "arbiters": form.cleaned_data["arbiters"],
        "organizing_club": form.cleaned_data.get("organizing_club"),
    }


def _form_page(request, form: TournamentForm, tournament, *, frozen: bool = False):
    """The tournament's settings page, new (``tournament`` None) or edited."""
    return render(
        request,
        "tournaments/organizer/tournament_form.html",
        {
            "form": form,
            "tournament": tournament,
            "frozen": frozen,
            "presets": _presets_json(),
            "preview": _form_preview(form, tournament),
        },
    )


def _presets_json() -> dict:
    return {name: rules.to_dict() for name, rules in PRESETS.items()}


def _preview(rules, preset: str | None, errors=()) -> dict:
    """The context of the rules preview: three sample deals scored under ``rules``."""
    if errors:
        return {"errors": list(errors), "deals": [], "label": ""}
    exact = rules.preset_name()
    return {
        "errors": [],
        "deals": worked_deals(rules),
        "bids": bid_scale_text(rules),
        "label": preset_label(exact),
        "custom": exact is None,
        "based_on": preset_label(preset) if exact is None and preset else "",
    }


def _form_preview(form: TournamentForm, tournament) -> dict:
    """The preview the settings page opens with: the rules just sent when they are valid,
    else the tournament's (or the default preset's)."""
    if form.is_bound and form.is_valid():
        rules = RuleSettings.from_dict(form.cleaned_data["rules"])
        return _preview(rules, form.cleaned_data.get("rules_preset"))
    if tournament is not None:
        return _preview(tournament.rule_settings(), tournament.rules_preset)
    return _preview(PRESETS[DEFAULT_PRESET], DEFAULT_PRESET)


def rules_preview(request):
    """« Aperçu de la marque »: how three fixed sample deals score under the rules sent (the
    settings form's rule fields, in the query string). Only the rules are read: no tournament,
    no hand, no result. For the organizers (those who may use the settings form)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not _user_may_organize(request.user):
        raise PermissionDenied
    form = RulesPreviewForm(request.GET)
    if form.is_valid():
        context = _preview(form.cleaned_data["rules"], form.cleaned_data["rules_preset"])
        status = 200
    else:
        errors = [message for messages_ in form.errors.values() for message in messages_]
        context = _preview(None, None, errors)
        status = 400
    return render(
        request, "tournaments/organizer/_rules_preview.html", {"preview": context}, status=status
    )


@organizer_required
def tournament_manage(request, tournament):
    return render(
        request,
        "tournaments/organizer/manage.html",
        {
            "tournament": tournament,
            "transitions": services.allowed_transitions(tournament=tournament),
            "missing_results": selectors.missing_results_count(tournament),
            "checklist": selectors.organizer_checklist(tournament),
            "estimate": selectors.session_estimate(tournament),
            "can_copy": policy.can_create_tournament(request.user),
            "rules": tournament.rule_settings(),
        },
    )


@organizer_required
def tournament_copy(request, tournament):
    """« Copier un tournoi »: a new draft with this one's settings (and teams, if asked)."""
    if not policy.can_create_tournament(request.user):
        raise PermissionDenied
    form = TournamentCopyForm(
        request.POST or None,
        initial={"name": gettext("%(name)s (copie)") % {"name": tournament.name}},
    )
    if request.method == "POST" and form.is_valid():
        try:
            copy = services.copy_tournament(
                source=tournament,
                by=request.user,
                name=form.cleaned_data["name"],
                date=form.cleaned_data["date"],
                with_teams=form.cleaned_data["with_teams"],
            )
        except services.OrganizerError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                gettext("Tournoi « %(name)s » créé à partir de « %(source)s » (brouillon).")
                % {"name": copy.name, "source": tournament.name},
            )
            return redirect("tournaments:manage", copy.slug)
    return render(
        request,
        "tournaments/organizer/tournament_copy.html",
        {"tournament": tournament, "form": form},
    )


@organizer_required
def tournament_edit(request, tournament):
    frozen = services.has_results(tournament=tournament)
    form = TournamentForm(
        request.POST or None, instance=tournament, user=request.user, frozen=frozen
    )
    if request.method == "POST" and form.is_valid():
        try:
            notices = services.update_tournament(
                tournament=tournament, by=request.user, **_settings_given(form)
            )
        except services.OrganizerError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Paramètres enregistrés."))
            for notice in notices:
                messages.warning(request, notice)
            return redirect("tournaments:manage", tournament.slug)
    return _form_page(request, form, tournament, frozen=frozen)


@require_POST
@organizer_required
def tournament_status(request, tournament):
    status = request.POST.get("status", "")
    if status == tournament.Status.FINISHED and request.POST.get("missing_confirmed") != "1":
        missing = selectors.missing_results_count(tournament)
        if missing:
            # Without the page's confirmation (no script): say it, and ask again.
            messages.error(
                request,
                ngettext(
                    "%(count)s résultat manque encore : confirmez pour terminer quand même.",
                    "%(count)s résultats manquent encore : confirmez pour terminer quand même.",
                    missing,
                )
                % {"count": missing},
            )
            return redirect("tournaments:manage", tournament.slug)
    try:
        services.change_status(tournament=tournament, status=status, by=request.user)
    except services.OrganizerError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            gettext("Le tournoi est maintenant « %(status)s ».")
            % {"status": tournament.get_status_display()},
        )
    return redirect("tournaments:manage", tournament.slug)


# --- Teams -----------------------------------------------------------------------------------


@organizer_required
def plan(request, tournament):
    grid = selectors.plan_grid(tournament)
    teams = plan_teams(tournament=tournament)
    return render(
        request,
        "tournaments/organizer/plan.html",
        {
            "tournament": tournament,
            "grid": grid,
            "plan_team_count": len(teams),
            "has_results": services.has_results(tournament=tournament),
            "published_count": sum(1 for r in grid.rounds if r.round.published),
        },
    )


@require_POST
@organizer_required
def plan_generate(request, tournament):
    try:
        outcome = services.generate_plan(tournament=tournament, by=request.user)
    except services.OrganizerError as error:
        messages.error(request, error.message)
    else:
        movement = outcome.movement
        messages.success(
            request,
            gettext(
                "Plan de table généré : %(teams)s équipes, %(tables)s tables, %(rounds)s tours, "
                "%(boards)s étuis."
            )
            % {
                "teams": len(outcome.teams),
                "tables": movement.tables,
                "rounds": movement.rounds,
                "boards": movement.board_count,
            },
        )
        if outcome.has_phantom:
            messages.info(
                request,
                gettext(
                    "Nombre impair d'équipes : une équipe fictive est ajoutée, l'équipe qui la "
                    "rencontre est en relâche."
                ),
            )
        for warning in outcome.warnings:
            messages.warning(request, warning)
    return redirect("tournaments:plan", tournament.slug)


@require_POST
@organizer_required
def plan_publish(request, tournament):
    published = request.POST.get("action") != "unpublish"
    round_value = request.POST.get("round", "all")
    numbers = None
    if round_value != "all":
        number = whole_number(round_value)
        if number is None:
            messages.error(request, gettext("Tour inconnu."))
            return redirect("tournaments:plan", tournament.slug)
        numbers = [number]
    changed = services.publish_rounds(
        tournament=tournament, round_numbers=numbers, published=published
    )
    if published:
        text = ngettext("%(count)s tour publié.", "%(count)s tours publiés.", changed)
    else:
        text = ngettext(
            "%(count)s tour retiré de la publication.",
            "%(count)s tours retirés de la publication.",
            changed,
        )
    messages.success(request, text % {"count": changed})
    return redirect("tournaments:plan", tournament.slug)
