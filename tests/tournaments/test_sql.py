"""Set-up's hand-written SQL (``tournaments.setup.sql``) against its ORM twins, on both databases
(tests/tournaments is in ``SQLITE_SUITE``): on the same data, the same answer."""

import pytest

from tests.support.factories import small_tournament
from tournaments.setup import policy
from tournaments.setup.models import Round

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("released", [(), (2,), (1, 3), (1, 2, 3)])
def test_the_rounds_release_read_by_fixed_sql_is_the_orms(released):
    tournament, other = small_tournament(), small_tournament()
    Round.objects.filter(tournament=tournament, number__in=released).update(hands_released=True)
    Round.objects.filter(tournament=other).update(hands_released=True)

    by_orm = Round.objects.filter(tournament=tournament).values_list("number", "hands_released")

    assert sorted(policy._rounds_released(tournament)) == sorted(by_orm)
    assert {number for number, is_released in by_orm if is_released} == set(released)
