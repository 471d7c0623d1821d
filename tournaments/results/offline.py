"""What the players' pages tell their offline script (``results/offline.js``): where the service
worker is and which links it keeps, where the outbox sends, and the script's French texts.
docs/offline.md
"""

from __future__ import annotations

from typing import Any

from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

# The static files the table and team pages need, kept by the service worker when it installs.
OFFLINE_ASSETS = (
    "css/site.css",
    "js/site.js",
    "favicon.svg",
    "results/results.css",
    "results/phone_entry.js",
    "results/outbox.js",
    "results/offline.js",
    "tournaments/pages.css",
    "results/icons/icon-192.png",
)
# The service worker's scope on each kind of link: never the staff pages.
TABLE_SCOPE = "/table/"
TEAM_SCOPE = "/equipe/"


def offline_config(
    *, scope: str, send_url: str | None = None, keep: list[str] | None = None
) -> dict[str, Any]:
    config: dict[str, Any] = {
        "worker": reverse("results:service_worker"),
        "scope": scope,
        "keep": keep or [],
    }
    if send_url is None:
        return config
    config["send"] = send_url
    config["texts"] = {
        "pending": _("En attente d'envoi"),
        "sent": _("Envoyé"),
        "count_one": ngettext(
            "%(count)s résultat en attente d'envoi", "%(count)s résultats en attente d'envoi", 1
        ),
        "count_other": ngettext(
            "%(count)s résultat en attente d'envoi", "%(count)s résultats en attente d'envoi", 2
        ),
        "refused_one": ngettext(
            "%(count)s envoi refusé : voyez son étui ci-dessous.",
            "%(count)s envois refusés : voyez leurs étuis ci-dessous.",
            1,
        ),
        "refused_other": ngettext(
            "%(count)s envoi refusé : voyez son étui ci-dessous.",
            "%(count)s envois refusés : voyez leurs étuis ci-dessous.",
            2,
        ),
        "refused": _("Non enregistré : %(what)s"),
        "kept": _("Votre saisie reste gardée sur ce téléphone tant que vous ne l'abandonnez pas."),
        "resume": _("Reprendre la saisie"),
        "edit": _("Modifier"),
        "reload": _("Recharger la page"),
        "discard": _("Abandonner"),
        "discard_confirm": _("Abandonner définitivement cette saisie ?"),
        "expired": _("La page a expiré : rechargez-la, puis reprenez la saisie."),
        "confirm": _("Confirmation par l'autre équipe"),
        "dispute": _("Contestation : %(reason)s"),
        "passed": _("Passe générale"),
        "points": _("preneurs %(points)s"),
        "missing_code": _("Donnez le code de votre équipe (il figure sur votre fiche de route)."),
        "missing_reason": _("Indiquez la raison de la contestation."),
    }
    return config


def worker_assets() -> list[str]:
    return [static(path) for path in OFFLINE_ASSETS]
