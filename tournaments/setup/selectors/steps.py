"""The organizer's checklist (« La journée, étape par étape »): set-up's own steps; the other
apps register theirs (``tournaments.checklist``).
"""

from django.urls import reverse
from django.utils.translation import gettext, ngettext

from tournaments import checklist
from tournaments.checklist import Step

from ..models import Round, TableAssignment, Tournament
from .schedules import missing_results_count
from .teams import team_counts


def organizer_checklist(tournament: Tournament) -> list[Step]:
    """The steps of the tournament's day in order, each with its state, a short reason and the
    page that does it; the first step to do is marked ``is_next``."""
    return checklist.steps_for(tournament)


def manage_url(tournament: Tournament, anchor: str = "") -> str:
    url = reverse("tournaments:manage", args=[tournament.slug])
    return f"{url}#{anchor}" if anchor else url


def settings_step(tournament: Tournament) -> Step:
    if tournament.rounds:
        rounds = ngettext("%(count)s tour", "%(count)s tours", tournament.rounds) % {
            "count": tournament.rounds
        }
    else:
        rounds = gettext("mouvement complet")
    boards = ngettext(
        "%(count)s étui par tour", "%(count)s étuis par tour", tournament.boards_per_round
    ) % {"count": tournament.boards_per_round}
    return Step(
        key="settings",
        name=gettext("Paramètres et règles"),
        state=checklist.DONE,
        reason=f"{tournament.get_movement_type_display()}, {rounds}, {boards}",
        url=reverse("tournaments:edit", args=[tournament.slug]),
    )


def teams_step(tournament: Tournament) -> Step:
    counts = team_counts(tournament)
    if counts.active >= 2:
        state = checklist.DONE
    elif counts.active == 1:
        state = checklist.IN_PROGRESS
    else:
        state = checklist.TODO
    if counts.active:
        reason = ngettext(
            "%(count)s équipe inscrite", "%(count)s équipes inscrites", counts.active
        ) % {"count": counts.active}
    else:
        reason = gettext("Aucune équipe inscrite")
    if counts.active == 1:
        reason = gettext("%(reason)s : il en faut au moins deux") % {"reason": reason}
    return Step(
        key="teams",
        name=gettext("Inscriptions"),
        state=state,
        reason=reason,
        url=reverse("tournaments:manage_teams", args=[tournament.slug]),
    )


def _has_plan(tournament: Tournament) -> bool:
    return TableAssignment.objects.filter(round__tournament=tournament).exists()


def checkin_step(tournament: Tournament) -> Step:
    counts = team_counts(tournament)
    url = reverse("tournaments:checkin", args=[tournament.slug])
    name = gettext("Pointage")
    if not counts.active:
        return Step("checkin", name, checklist.BLOCKED, gettext("Aucune équipe inscrite"), url)
    waiting = ngettext(
        "%(count)s équipe non pointée", "%(count)s équipes non pointées", counts.waiting
    ) % {"count": counts.waiting}
    if not counts.waiting:
        state = checklist.DONE
        reason = ngettext(
            "%(count)s équipe pointée", "%(count)s équipes pointées", counts.checked_in
        ) % {"count": counts.checked_in}
    elif _has_plan(tournament):
        # The plan is made: a team still not checked in is absent, not a step left to do.
        state = checklist.DONE
        reason = gettext("%(waiting)s, hors du plan de table") % {"waiting": waiting}
    else:
        state = checklist.IN_PROGRESS if counts.checked_in else checklist.TODO
        reason = waiting
    return Step("checkin", name, state, reason, url)


def plan_step(tournament: Tournament) -> Step:
    url = reverse("tournaments:plan", args=[tournament.slug])
    name = gettext("Plan de table")
    if _has_plan(tournament):
        rounds = Round.objects.filter(tournament=tournament).count()
        tables = tournament.tables.count()
        reason = ngettext("%(count)s tour", "%(count)s tours", rounds) % {"count": rounds}
        reason += ", " + ngettext("%(count)s table", "%(count)s tables", tables) % {"count": tables}
        return Step("plan", name, checklist.DONE, reason, url)
    if team_counts(tournament).checked_in < 2:
        return Step(
            "plan", name, checklist.BLOCKED, gettext("Pointez d'abord au moins deux équipes"), url
        )
    return Step("plan", name, checklist.TODO, gettext("À générer"), url)


def publication_step(tournament: Tournament) -> Step:
    """« Publication »: the rounds published, on the plan page's « Publier tous les tours »
    (« Ouvrir la séance » does it too)."""
    name = gettext("Publication")
    url = reverse("tournaments:plan", args=[tournament.slug]) + "#publier"
    if tournament.status == Tournament.Status.DRAFT:
        return Step(
            "publication",
            name,
            checklist.TODO,
            gettext(
                "Brouillon : seuls les organisateurs voient le tournoi ; « Ouvrir la séance » le "
                "publie avec ses tours"
            ),
            manage_url(tournament, "ouvrir-la-seance"),
        )
    rounds = Round.objects.filter(tournament=tournament)
    total = rounds.count()
    published = rounds.filter(published=True).count()
    if not total:
        return Step(
            "publication",
            name,
            checklist.BLOCKED,
            gettext("Tournoi visible ; générez le plan de table pour publier les tours"),
            url,
        )
    if published == total:
        reason = ngettext(
            "Tournoi visible, %(count)s tour publié",
            "Tournoi visible, %(count)s tours publiés",
            total,
        ) % {"count": total}
        return Step("publication", name, checklist.DONE, reason, url)
    if published:
        reason = ngettext(
            "%(count)s tour publié sur %(total)s",
            "%(count)s tours publiés sur %(total)s",
            published,
        ) % {"count": published, "total": total}
        return Step("publication", name, checklist.IN_PROGRESS, reason, url)
    return Step("publication", name, checklist.TODO, gettext("Aucun tour publié"), url)


def finish_step(tournament: Tournament) -> Step:
    name = gettext("Clôture")
    url = manage_url(tournament, "etat")
    status = tournament.status
    if status == Tournament.Status.FINISHED:
        return Step("finish", name, checklist.DONE, gettext("Tournoi terminé"), url)
    if status != Tournament.Status.RUNNING:
        return Step(
            "finish", name, checklist.BLOCKED, gettext("Le tournoi n'est pas encore en cours"), url
        )
    missing = missing_results_count(tournament)
    if missing:
        reason = ngettext(
            "%(count)s résultat manque encore", "%(count)s résultats manquent encore", missing
        ) % {"count": missing}
    else:
        reason = gettext("Tous les résultats sont là : terminez le tournoi")
    return Step("finish", name, checklist.TODO, reason, url)
