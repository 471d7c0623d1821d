"""The tournament's PATCH changes only the fields sent: a PATCH that read the tournament before
another one was saved does not write back what it read (settings, rule settings, staff)."""

import threading

import pytest

from tournaments.api.views.tournaments import TournamentViewSet
from tournaments.setup import services as setup_services
from tournaments.setup.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def base(tournament):
    return f"/api/v1/tournaments/{tournament.slug}"


def test_a_patch_from_a_stale_read_keeps_the_other_patch_s_fields(
    client_for, base, tournament, cast, monkeypatch
):
    """The first PATCH reads the tournament, then a second PATCH of other fields is saved,
    then the first one saves: both changes stick."""
    read = TournamentViewSet.get_object
    interleaved = []

    def read_then_let_the_other_patch_through(view):
        stale = read(view)
        if not interleaved:
            interleaved.append(None)  # The other PATCH reads too: it must not interleave again.
            interleaved[0] = client_for("organizer").patch(
                f"{base}/",
                {"venue": "Gymnase", "rules": {"rounding": "none"}, "arbiters": []},
                format="json",
            )
        return stale

    monkeypatch.setattr(TournamentViewSet, "get_object", read_then_let_the_other_patch_through)
    response = client_for("organizer").patch(
        f"{base}/", {"name": "Nouveau nom", "rules": {"annonces": False}}, format="json"
    )

    assert interleaved[0].status_code == 200 and response.status_code == 200
    saved = Tournament.objects.get(pk=tournament.pk)
    assert (saved.name, saved.venue) == ("Nouveau nom", "Gymnase")
    rules = saved.rule_settings().to_dict()
    assert rules["annonces"] is False and rules["rounding"] == "none"
    assert list(saved.arbiters.all()) == []
    assert list(saved.organizers.all()) == [cast["organizer"]]
    assert response.json()["venue"] == "Gymnase"


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_patches_of_different_fields_both_stick(client_for, base, tournament):
    """Two threads, each with its own PostgreSQL connection, both past their read of the
    tournament before either saves."""
    both_read = threading.Barrier(2, timeout=10)
    update = setup_services.update_tournament

    def update_after_both_read(*args, **kwargs):
        both_read.wait()
        return update(*args, **kwargs)

    answers = {}

    def patch(key, body):
        from django.db import connection

        try:
            answers[key] = client_for("organizer").patch(f"{base}/", body, format="json")
        finally:
            connection.close()

    setup_services.update_tournament = update_after_both_read
    try:
        threads = [
            threading.Thread(target=patch, args=("venue", {"venue": "Gymnase"})),
            threading.Thread(target=patch, args=("rules", {"rules": {"rounding": "none"}})),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
    finally:
        setup_services.update_tournament = update

    assert {key: answer.status_code for key, answer in answers.items()} == {
        "venue": 200,
        "rules": 200,
    }
    saved = Tournament.objects.get(pk=tournament.pk)
    assert saved.venue == "Gymnase"
    assert saved.rule_settings().to_dict()["rounding"] == "none"
