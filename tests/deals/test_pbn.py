"""PBN export and import through the services, the pages and ``manage.py export_pbn``.

Export then import round-trips every board; a bad file saves nothing and every problem in it is
shown, in French.
"""

from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext

from scoring.deals.pbn import PbnImportError, export_pbn
from scoring.deals.pbn import import_pbn as read_pbn
from tests.support.deals import add_result, login
from tests.support.factories import make_tournament, small_tournament
from tournaments.deals import selectors, services
from tournaments.deals.models import Board, DealSet
from tournaments.setup.models import Tournament

pytestmark = pytest.mark.django_db

BAD_PBN = """% PBN 2.1
[Event "Club"]
[Board "1"]
[Dealer "N"]
[Deal "N:AKQJT987.A.. .KQJT987.. ..AKQJT987. ...AKQJT987"]

[Board "2"]
[Dealer "W"]
[Deal "N:AKQJT987... .AKQJT98Z.. ..AKQJT987. ...AKQJT987"]

[Board "3"]
[Dealer "S"]
[Deal "N:AKQJT987... .AKQJT987.. ..AKQJT987. A...KQJT987"]

[Board "4"]
[Dealer "E"]
[Deal "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"]
"""


def boards_of(tournament) -> list[tuple]:
    return list(
        tournament.boards.order_by("number").values_list("number", "dealer", "hands", "deal_number")
    )


def test_export_then_import_round_trips_every_generated_board(barometer):
    services.generate_deals(tournament=barometer)
    copy = make_tournament()

    services.import_pbn(tournament=copy, text=selectors.pbn_export(barometer))

    assert boards_of(copy) == boards_of(barometer)
    assert set(copy.boards.values_list("source", flat=True)) == {Board.Source.IMPORTED}
    copy.refresh_from_db()
    assert copy.deals_mode == Tournament.DealsMode.IMPORTED
    assert not DealSet.objects.filter(tournament=copy).exists()


def test_export_then_import_round_trips_boards_with_any_dealer():
    original = small_tournament()
    Board.objects.filter(tournament=original, number=5).update(dealer="E")
    copy = make_tournament()

    services.import_pbn(tournament=copy, text=selectors.pbn_export(original))

    assert [row[:3] for row in boards_of(copy)] == [row[:3] for row in boards_of(original)]
    assert copy.boards.get(number=5).dealer == "E"


def test_the_export_carries_event_site_date_and_every_board(barometer):
    services.generate_deals(tournament=barometer)

    text = selectors.pbn_export(barometer)

    assert text.startswith("% PBN 2.1\n% EXPORT\n")
    assert f'[Event "{barometer.name}"]' in text
    assert '[Site "Coinche Club, Salle des fêtes"]' in text
    assert '[Date "2026.12.05"]' in text
    assert [board.number for board in read_pbn(text)] == [1, 2, 3, 4, 5, 6]
    for board in barometer.boards.all():
        assert f'[Dealer "{board.dealer}"]' in text


def test_download_then_upload_through_the_pages(client, barometer, people):
    services.generate_deals(tournament=barometer)
    copy = make_tournament(organizer=people.organizer)
    login(client, people.organizer)

    download = client.get(reverse("deals:export", args=[barometer.slug]))
    assert download.status_code == 200
    assert download["Content-Type"] == "text/plain; charset=utf-8"
    assert download["Content-Disposition"] == f'attachment; filename="{barometer.slug}.pbn"'
    upload = SimpleUploadedFile(f"{barometer.slug}.pbn", download.content)
    response = client.post(
        reverse("deals:import", args=[copy.slug]),
        {"file": upload, "dealer_from_tag": "on"},
        follow=True,
    )

    assert response.status_code == 200
    assert "6 étuis importés." in response.text
    assert boards_of(copy) == boards_of(barometer)


def test_pasted_pbn_is_imported(client, barometer, people):
    original = small_tournament()
    login(client, people.organizer)

    response = client.post(
        reverse("deals:import", args=[barometer.slug]),
        {"text": selectors.pbn_export(original), "dealer_from_tag": "on"},
    )

    assert response.status_code == 302
    assert [row[:3] for row in boards_of(barometer)] == [row[:3] for row in boards_of(original)]


def test_a_bridge_file_can_take_the_coinche_dealer_rotation(client, barometer, people):
    text = selectors.pbn_export(small_tournament()).replace('[Dealer "W"]', '[Dealer "E"]')
    login(client, people.organizer)

    client.post(reverse("deals:import", args=[barometer.slug]), {"text": text})

    dealers = list(barometer.boards.order_by("number").values_list("dealer", flat=True))
    assert dealers == ["N", "W", "S", "E", "N", "W"]


def test_a_bad_file_saves_nothing(barometer):
    deal_set = services.generate_deals(tournament=barometer)
    before = boards_of(barometer)

    with pytest.raises(services.DealsError) as raised:
        services.import_pbn(tournament=barometer, text=BAD_PBN)

    assert raised.value.code == "invalid_pbn"
    assert boards_of(barometer) == before
    assert DealSet.objects.get(tournament=barometer).seed_hex == deal_set.seed_hex
    barometer.refresh_from_db()
    assert barometer.deals_mode == Tournament.DealsMode.GENERATED


def test_every_problem_of_a_bad_file_is_shown_in_french(
    client, barometer, people, french_core_messages
):
    services.generate_deals(tournament=barometer)
    before = boards_of(barometer)
    with pytest.raises(PbnImportError) as core:
        read_pbn(BAD_PBN)
    expected = core.value.messages(gettext)
    login(client, people.organizer)

    response = client.post(
        reverse("deals:import", args=[barometer.slug]),
        {"file": SimpleUploadedFile("machine.pbn", BAD_PBN.encode()), "dealer_from_tag": "on"},
    )

    assert response.status_code == 400
    assert boards_of(barometer) == before
    page = response.text
    assert "Le fichier n&#x27;a pas été importé ; aucun étui n&#x27;a été modifié." in page
    assert len(expected) == 5
    for message in expected:
        assert escape(message) in page
    assert escape("Étui 1, ligne 5 : Nord a 9 cartes au lieu de 8.") in page
    assert escape("Étui 1, ligne 5 : Est a 7 cartes au lieu de 8.") in page
    assert escape("Étui 2, ligne 9 : Carte inconnue 'Z' (♥) dans la main de Est") in page
    assert escape("Étui 3, ligne 13 : La donne ne contient pas 32 cartes différentes : A♠") in page
    assert escape("A♣ ne sont dans aucune main.") in page


def test_a_board_number_out_of_range_saves_nothing_and_names_its_line(client, barometer, people):
    services.generate_deals(tournament=barometer)
    before = boards_of(barometer)
    deal = "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"
    text = f'[Board "1"]\n[Deal "{deal}"]\n\n[Board "40000"]\n[Deal "{deal}"]\n'
    login(client, people.organizer)

    response = client.post(reverse("deals:import", args=[barometer.slug]), {"text": text})

    assert response.status_code == 400
    assert boards_of(barometer) == before
    assert (
        escape(
            "Ligne 4 : « 40000 » n'est pas un numéro d'étui : les étuis sont numérotés de 1 à 999."
        )
        in response.text
    )


def test_an_empty_import_is_explained(client, barometer, people):
    login(client, people.organizer)

    response = client.post(reverse("deals:import", args=[barometer.slug]), {"text": "  "})

    assert response.status_code == 400
    assert "Choisissez un fichier PBN ou collez son contenu." in response.text
    assert not barometer.boards.exists()


def test_no_import_once_a_result_exists(client, barometer, people):
    services.generate_deals(tournament=barometer)
    add_result(barometer, board_number=1)
    before = boards_of(barometer)
    login(client, people.organizer)

    response = client.post(
        reverse("deals:import", args=[barometer.slug]),
        {"text": selectors.pbn_export(small_tournament())},
        follow=True,
    )

    assert "Des résultats ont déjà été saisis" in response.text
    assert boards_of(barometer) == before


def test_importing_fewer_boards_than_the_plan_uses_warns(client, barometer, people):
    boards = read_pbn(selectors.pbn_export(small_tournament()))
    four_boards = export_pbn(boards[:4], event="Machine", site="Club")
    login(client, people.organizer)

    response = client.post(
        reverse("deals:import", args=[barometer.slug]), {"text": four_boards}, follow=True
    )

    assert barometer.boards.count() == 4
    assert "Le plan de table utilise aussi les étuis 5, 6, absents du fichier." in response.text


def test_export_command_writes_to_stdout_and_to_a_file(barometer, tmp_path):
    services.generate_deals(tournament=barometer)
    out = StringIO()

    call_command("export_pbn", barometer.slug, stdout=out)
    target = tmp_path / "tournoi.pbn"
    call_command("export_pbn", barometer.slug, "--out", str(target), stderr=StringIO())

    assert out.getvalue() == selectors.pbn_export(barometer)
    assert target.read_text(encoding="utf-8") == selectors.pbn_export(barometer)


def test_export_command_refuses_unknown_tournaments_and_unrecorded_deals(barometer):
    services.set_unrecorded(tournament=barometer)

    with pytest.raises(CommandError, match="Aucun tournoi"):
        call_command("export_pbn", "nope", stdout=StringIO())
    with pytest.raises(CommandError, match="Aucun étui n'a de mains"):
        call_command("export_pbn", barometer.slug, stdout=StringIO())
