"""The REST API (/api/v1/) with its OpenAPI schema, and the organizer's API tokens page."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    name = "tournaments.api"
    label = "api"
    verbose_name = _("API")

    def ready(self) -> None:
        from tournaments.setup import navigation

        # Loads the token scheme's OpenAPI extension along with the authentication class.
        from . import authentication  # noqa: F401

        navigation.register("api:tokens", _("Jetons d'API"), navigation.ORGANIZER, 90)
