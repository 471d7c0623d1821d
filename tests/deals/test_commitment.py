"""The commitment end to end: generate, publish the hash, release, reveal the seed, verify.

Anyone can check the boards once the seed is revealed: the verification page and
``manage.py verify_deals`` regenerate every board and report any board that was changed.
"""

import hashlib
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from scoring.deals.generator import new_seed
from tests.support.deals import login
from tournaments.deals import services
from tournaments.deals.models import Board, DealSet

pytestmark = pytest.mark.django_db


def run_verify(*args) -> tuple[int, str]:
    """Run verify_deals; (exit status, standard output)."""
    out = StringIO()
    try:
        call_command("verify_deals", *args, stdout=out)
    except CommandError as error:
        return error.returncode, out.getvalue() + str(error)
    return 0, out.getvalue()


def tamper(tournament, number: int) -> None:
    """Swap North's first card with East's first card on a board, as a cheat would."""
    board = Board.objects.get(tournament=tournament, number=number)
    north, east = board.hands["N"].split("."), board.hands["E"].split(".")
    # Move one card between hands within the same suit when possible, else across suits.
    for suit in range(4):
        if north[suit] and east[suit]:
            given, taken = north[suit][0], east[suit][0]
            north[suit], east[suit] = taken + north[suit][1:], given + east[suit][1:]
            break
    else:
        raise AssertionError("no suit held by both North and East")
    board.hands = dict(board.hands, N=".".join(north), E=".".join(east))
    board.save()


def test_generate_publish_release_reveal_and_verify(client, barometer, people):
    slug = barometer.slug
    login(client, people.organizer)
    response = client.post(reverse("deals:generate", args=[slug]), follow=True)
    assert response.status_code == 200
    deal_set = DealSet.objects.get(tournament=barometer)
    assert deal_set.commitment in response.text  # the organizer sees the commitment at once
    client.logout()

    # Before release: the verification page shows the hash and the version, never the seed;
    # the tournament's page leads with its ranking and links there discreetly.
    public = client.get(reverse("tournaments:public", args=[slug])).text
    assert deal_set.commitment not in public
    assert "deals-verification-link" in public
    verification = client.get(reverse("deals:verification", args=[slug]))
    assert verification.status_code == 200
    assert deal_set.commitment in verification.text
    assert deal_set.generator_version in verification.text
    assert deal_set.seed_hex not in verification.text
    assert verification.context["revealed_report"] is None
    assert run_verify(slug)[0] == 2  # nothing to verify with until the seed is revealed

    # Releasing some rounds shows their boards but keeps the seed secret.
    login(client, people.organizer)
    client.post(reverse("deals:release", args=[slug]), {"rounds": ["1", "2"]})
    client.logout()
    deal_set.refresh_from_db()
    assert deal_set.revealed_at is None
    assert deal_set.seed_hex not in client.get(reverse("deals:verification", args=[slug])).text

    # Releasing everything reveals the seed.
    login(client, people.organizer)
    client.post(reverse("deals:release", args=[slug]), {"all": "1", "confirm_all": "1"})
    client.logout()
    deal_set.refresh_from_db()
    assert deal_set.revealed_at is not None
    assert deal_set.seed_hex in client.get(reverse("deals:verification", args=[slug])).text
    assert hashlib.sha256(bytes.fromhex(deal_set.seed_hex)).hexdigest() == deal_set.commitment

    # The page and the command both regenerate every board and find them identical.
    page = client.get(reverse("deals:verification", args=[slug]))
    report = page.context["revealed_report"]
    assert report.ok and report.seed_is_committed
    assert [board.number for board in report.boards] == [1, 2, 3, 4, 5, 6]
    assert page.text.count('data-matches="yes"') == 6
    assert "Les 6 étuis correspondent tous à la graine." in page.text
    status, output = run_verify(slug, "--seed", deal_set.seed_hex)
    assert status == 0
    assert output.count(": OK") == 7  # the seed, then six boards
    assert run_verify(slug)[0] == 0  # the revealed seed is used by default


def test_a_tampered_board_is_reported_by_the_page_and_the_command(client, barometer):
    deal_set = services.generate_deals(tournament=barometer)
    services.release_hands(tournament=barometer)
    tamper(barometer, 4)

    page = client.get(reverse("deals:verification", args=[barometer.slug]))
    report = page.context["revealed_report"]
    assert not report.ok
    assert report.mismatched == [4]
    assert report.boards[3].differing_seats == ("N", "E")
    assert 'data-board="4" data-matches="no"' in page.text
    assert "Un étui ne correspond pas à la graine : 4." in page.text
    assert "Mains différentes : Nord, Est." in page.text

    status, output = run_verify(barometer.slug, "--seed", deal_set.seed_hex)
    assert status == 1
    assert "Étui 4 : MISMATCH (Nord, Est)" in output
    assert output.count("MISMATCH") == 1
    assert "Étui 3 : OK" in output


def test_a_board_typed_over_a_generated_one_shows_as_typed(client, barometer):
    services.generate_deals(tournament=barometer)
    services.save_typed_board(
        tournament=barometer,
        number=2,
        hands={"N": "AKQJT987...", "E": ".AKQJT987..", "S": "..AKQJT987.", "W": ""},
    )
    services.release_hands(tournament=barometer)

    page = client.get(reverse("deals:verification", args=[barometer.slug]))

    assert page.context["revealed_report"].mismatched == [2]
    assert page.context["revealed_report"].boards[1].source == Board.Source.TYPED
    assert "Saisie depuis l&#x27;étui" in page.text


def test_a_seed_typed_in_is_checked_against_the_commitment(client, barometer):
    deal_set = services.generate_deals(tournament=barometer)
    url = reverse("deals:verification", args=[barometer.slug])

    right = client.post(url, {"seed": deal_set.seed_hex.upper()})
    wrong = client.post(url, {"seed": new_seed().hex()})

    assert right.context["typed_report"].ok
    report = wrong.context["typed_report"]
    assert not report.seed_is_committed
    assert report.mismatched == [1, 2, 3, 4, 5, 6]
    assert "ne correspond pas à l'empreinte SHA-256" in wrong.text
    # A typed seed is shown back only through the form, never as the revealed seed.
    assert wrong.context["revealed_report"] is None


def test_a_wrong_seed_fails_the_command(barometer):
    services.generate_deals(tournament=barometer)

    status, output = run_verify(barometer.slug, "--seed", new_seed().hex())

    assert status == 1
    assert "Graine : MISMATCH" in output
    assert output.count("MISMATCH") == 7


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        ("zz" * 32, "hexadécimal"),
        ("ab" * 16, "256"),
        ("abc", " 3 "),  # an odd number of digits
    ],
)
def test_bad_seeds_are_bad_input(barometer, seed, expected, french_core_messages):
    services.generate_deals(tournament=barometer)

    status, output = run_verify(barometer.slug, "--seed", seed)

    assert status == 2
    assert expected in output


def test_bad_seed_on_the_page_is_explained_in_french(client, barometer, french_core_messages):
    services.generate_deals(tournament=barometer)

    response = client.post(
        reverse("deals:verification", args=[barometer.slug]), {"seed": "xyz" + "0" * 61}
    )

    assert response.status_code == 400
    assert "La graine s&#x27;écrit en hexadécimal" in response.text


def test_unknown_tournament_and_deals_not_generated_are_bad_input(client, barometer):
    assert run_verify("no-such-tournament", "--seed", "00" * 32)[0] == 2
    assert run_verify(barometer.slug, "--seed", "00" * 32)[0] == 2
    page = client.get(reverse("deals:verification", args=[barometer.slug]))
    assert page.status_code == 200
    assert "pas de graine à vérifier" in page.text


def test_the_public_page_shows_nothing_for_deals_not_generated(client, barometer):
    public = client.get(reverse("tournaments:public", args=[barometer.slug]))

    assert public.status_code == 200
    assert "SHA-256" not in public.text
    assert "deals-verification-link" not in public.text
