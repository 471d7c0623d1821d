"""The API keeps the numeric rank of a shared place and says it is shared."""

import pytest

from tests.support.standings import HOWELL_RESULTS, enter, small_howell

pytestmark = pytest.mark.django_db


def test_a_shared_rank_is_numeric_and_tied(client, django_capture_on_commit_callbacks):
    tournament = small_howell()
    enter(tournament, HOWELL_RESULTS, django_capture_on_commit_callbacks)

    ranking = client.get(f"/api/v1/tournaments/{tournament.slug}/rankings/").json()

    assert [(e["rank"], e["tied"], e["display_rank"], e["team"]) for e in ranking["entries"]] == [
        (1, True, "1=", 1),
        (1, True, "1=", 4),
        (3, True, "3=", 2),
        (3, True, "3=", 3),
    ]
