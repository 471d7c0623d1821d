"""One base for the errors a service raises when it refuses an act (tournaments.service_errors):
each app names its own, all carry ``message``, and no app writes a message exception of its own
from scratch again."""

import ast

import pytest
from django.utils.translation import gettext_lazy

from tests.support.paths import ROOT
from tournaments.clubs.services import ClubError
from tournaments.deals.services import DealsError
from tournaments.registration.services import RegistrationError
from tournaments.results.exceptions import ResultError
from tournaments.seasons.services import SeasonError
from tournaments.service_errors import ServiceError
from tournaments.setup.services import OrganizerError


@pytest.mark.parametrize("error", [ClubError, OrganizerError, RegistrationError, SeasonError])
def test_a_refusal_carries_its_message_for_the_page(error):
    refused = error(gettext_lazy("Le nom du club manque."))
    assert isinstance(refused, ServiceError)
    assert str(refused.message) == str(refused) == "Le nom du club manque."


def test_the_richer_refusals_are_service_errors_too():
    deals = DealsError("bad_pbn", ["Ligne 3 illisible.", "Donne 2 incomplète."])
    assert isinstance(deals, ServiceError) and deals.message == str(deals)
    assert deals.messages == ["Ligne 3 illisible.", "Donne 2 incomplète."]
    result = ResultError("Table %(table)s fermée.", table=4)
    assert isinstance(result, ServiceError) and str(result) == "Table 4 fermée."


def test_no_error_of_the_site_derives_from_exception_but_the_base():
    direct = set()
    for path in (ROOT / "tournaments").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.ClassDef)
                and node.name.endswith("Error")
                and any(
                    isinstance(base, ast.Name) and base.id == "Exception" for base in node.bases
                )
            ):
                direct.add(node.name)
    assert direct == {"ServiceError"}
