"""The organizer's checklist: the rounds started and the results in."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext, ngettext

from tournaments import checklist
from tournaments.checklist import Step
from tournaments.setup.models import Round, Tournament

from ..models import DISPUTED, ENTERED, MISSING, Result
from .dashboard import dashboard


def _round_is_open(round_: Round, tournament: Tournament) -> bool:
    return round_.started_at is not None or (round_.published and tournament.all_rounds_open)


def rounds_step(tournament: Tournament) -> Step:
    """« Tours »: which rounds are started (« Démarrer le tour » on the arbiter's dashboard)."""
    name = gettext("Tours")
    url = reverse("results:dashboard", args=[tournament.slug])
    rounds = list(tournament.round_set.order_by("number"))
    if not rounds:
        return Step("rounds", name, checklist.BLOCKED, gettext("Pas encore de plan de table"), url)
    if not any(round_.published for round_ in rounds):
        return Step("rounds", name, checklist.BLOCKED, gettext("Publiez d'abord les tours"), url)
    started = [round_ for round_ in rounds if _round_is_open(round_, tournament)]
    if tournament.all_rounds_open and len(started) == len(rounds):
        state, reason = checklist.DONE, gettext("Saisie ouverte dans tous les tours")
    elif len(started) == len(rounds):
        reason = ngettext(
            "%(count)s tour démarré", "Les %(count)s tours sont démarrés", len(rounds)
        ) % {"count": len(rounds)}
        state = checklist.DONE
    elif started:
        state = checklist.IN_PROGRESS
        reason = gettext("Tour %(number)s en cours (%(count)s sur %(total)s démarrés)") % {
            "number": started[-1].number,
            "count": len(started),
            "total": len(rounds),
        }
    else:
        state = checklist.TODO
        reason = gettext("Aucun tour démarré : « Démarrer le tour » sur le tableau d'arbitrage")
    if (
        state != checklist.DONE
        and tournament.table_entry
        and tournament.status != Tournament.Status.RUNNING
    ):
        reason = gettext(
            "%(reason)s ; le tournoi n'est pas « En cours » : les tables ne peuvent pas saisir"
        ) % {"reason": reason}
    return Step("rounds", name, state, reason, url)


def results_step(tournament: Tournament) -> Step:
    """« Résultats »: how many are confirmed, waiting for the other team, disputed, missing in
    the rounds already open."""
    name = gettext("Résultats")
    url = reverse("results:dashboard", args=[tournament.slug])
    grid = dashboard(tournament)
    total = sum(grid.counts.values())
    if not total:
        return Step("results", name, checklist.BLOCKED, gettext("Pas encore de plan de table"), url)
    done = sum(grid.counts[state] for state in Result.COUNTING_STATUSES)
    if done == total:
        reason = ngettext("%(count)s résultat confirmé", "%(count)s résultats confirmés", total) % {
            "count": total
        }
        return Step("results", name, checklist.DONE, reason, url)
    opened = [r for r in grid.rounds if _round_is_open(r.round, tournament)]
    if not opened and grid.counts[MISSING] == total:
        return Step("results", name, checklist.BLOCKED, gettext("Aucun tour démarré"), url)
    parts = [
        ngettext("%(count)s confirmé sur %(total)s", "%(count)s confirmés sur %(total)s", done)
        % {"count": done, "total": total}
    ]
    if grid.counts[ENTERED]:
        parts.append(
            ngettext("%(count)s à confirmer", "%(count)s à confirmer", grid.counts[ENTERED])
            % {"count": grid.counts[ENTERED]}
        )
    if grid.counts[DISPUTED]:
        parts.append(
            ngettext("%(count)s contesté", "%(count)s contestés", grid.counts[DISPUTED])
            % {"count": grid.counts[DISPUTED]}
        )
    late = next((r for r in opened if r.counts[MISSING]), None)
    if late is not None:
        missing = late.counts[MISSING]
        parts.append(
            ngettext(
                "%(count)s résultat manquant au tour %(number)s",
                "%(count)s résultats manquants au tour %(number)s",
                missing,
            )
            % {"count": missing, "number": late.round.number}
        )
    return Step("results", name, checklist.IN_PROGRESS, ", ".join(parts), url)
