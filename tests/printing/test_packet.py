"""The seating poster (plan de salle) and the combined packet (the whole packet in one PDF), and
what « Générer tout le dossier » makes: the combined PDF, every part, and the public copies.

The poster's field is the factories' 6-team Mitchell with team 6 replaced by the phantom (team 6
is registered but withdrawn): team 3 sits out round 1, team 1 round 2, team 2 round 3. Round 3
is arrow-switched.
"""

import io
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.support.factories import (
    SMALL_MITCHELL,
    add_boards,
    add_plan,
    add_teams,
    demo_tournament,
    drop_tournament,
    make_tournament,
)
from tests.support.pdf import make_checked, page_size_mm, pdf_pages, texts_at_least
from tournaments.printing import documents, selectors, services
from tournaments.printing.documents.common import balanced_chunks
from tournaments.printing.models import Document
from tournaments.printing.selectors import DocumentState
from tournaments.setup.models import Table, TableAssignment

pytestmark = pytest.mark.django_db

STAFF, PUBLIC = "staff", "public"
POSTER, COMBINED = "seating_poster", "combined_packet"
SITE = "https://coinche.club-exemple.fr"
PHANTOM_MITCHELL = [(r, t, ns, None if ew == 6 else ew, b) for r, t, ns, ew, b in SMALL_MITCHELL]


@pytest.fixture
def phantom_field(settings):
    settings.SITE_URL = SITE
    tournament = make_tournament(name="Open de printemps")
    for team in add_teams(tournament, 6):
        team.code = f"{7300 + 11 * team.number}"
        team.save()
    tournament.teams.filter(number=6).update(withdrawn=True)
    add_plan(tournament, PHANTOM_MITCHELL)
    add_boards(tournament, 6)
    TableAssignment.objects.filter(round__tournament=tournament, round__number=3).update(
        arrow_switch=True
    )
    return tournament


def _expected_seats(rows) -> dict[int, dict[int, str]]:
    """{team: {round: "T2 NS" or "relâche"}} from (round, table, ns, ew, boards) rows."""
    seats: dict[int, dict[int, str]] = {}
    for round_number, table, ns, ew, _boards in rows:
        if ns is not None:
            seats.setdefault(ns, {})[round_number] = f"T{table} NS" if ew else "relâche"
        if ew is not None:
            seats.setdefault(ew, {})[round_number] = f"T{table} EO" if ns else "relâche"
    return seats


def _poster_seats(printout) -> dict[int, dict[int, str]]:
    return {
        line["number"]: {
            cell["round"]: "relâche" if cell["sitout"] else f"T{cell['table']} {cell['side']}"
            for cell in line["cells"]
        }
        for section in printout.sections
        for line in section["lines"]
    }


# --- The seating poster ---------------------------------------------------------------------


def test_the_poster_gives_every_team_its_table_and_place_each_round(phantom_field):
    printout = documents.build(phantom_field, POSTER, STAFF)
    # Team 6 (withdrawn, replaced by the phantom) is not on the wall.
    assert _poster_seats(printout) == _expected_seats(PHANTOM_MITCHELL)
    rendered, overflows = make_checked(phantom_field, POSTER, STAFF)
    assert overflows == []
    text = " ".join(pdf_pages(rendered.pdf))
    # Team 4 sits East-West at tables 1, 2, 3; round 3 is arrow-switched.
    assert "T1EO T2EO T3EO ⇄" in text
    assert text.count("relâche") == 3
    assert "Tour inversé" in text
    assert "Équipe 6" not in text


def test_the_poster_is_landscape_in_large_type(phantom_field):
    rendered, _overflows = make_checked(phantom_field, POSTER, STAFF)
    assert rendered.pages == 1
    assert page_size_mm(rendered.pdf) == (297, 210)
    large = texts_at_least(rendered.pdf, 24)
    assert {"T1", "T2", "T3", "Plan de salle"} <= large
    assert {"1", "2", "3", "4", "5"} <= large  # team numbers


def test_the_poster_shows_no_code_no_link_and_no_hand(phantom_field):
    rendered, _overflows = make_checked(phantom_field, POSTER, STAFF)
    text = " ".join(pdf_pages(rendered.pdf))
    for team in phantom_field.teams.all():
        assert team.code not in text
        assert team.token not in text
    for table in Table.objects.filter(tournament=phantom_field):
        assert table.token not in text
    assert SITE not in text and "coinche.club" not in text
    assert "/table/" not in text and "/equipe/" not in text
    assert "♠" not in text and "♥" not in text
    assert set(rendered.contents) == {"teams"}


def test_a_long_plan_with_long_names_still_fits_the_poster():
    rows = []
    for round_number in range(1, 15):
        for table in range(1, 11):
            ns = table
            ew = 11 + (table - 1 + round_number - 1) % 10
            rows.append((round_number, table, ns, ew, [round_number]))
    tournament = make_tournament(rounds=14)
    teams = add_teams(tournament, 20)
    for team in teams:
        team.name = f"Les Coincheurs Invétérés du Vieux Port de Marseille {team.number}"
        team.save()
    add_plan(tournament, rows)
    rendered, overflows = make_checked(tournament, POSTER, STAFF)
    assert overflows == []
    assert rendered.pages == 2  # 13 teams a page in small type
    assert _poster_seats(documents.build(tournament, POSTER, STAFF)) == _expected_seats(rows)
    assert any("T10" in text for text in texts_at_least(rendered.pdf, 10))


def test_long_names_in_large_type_keep_to_their_pages():
    rows = [(r, t, t, 4 + (t - 1 + r - 1) % 3, [r]) for r in range(1, 4) for t in range(1, 4)]
    tournament = make_tournament()
    for team in add_teams(tournament, 18):
        team.name = f"Les Coincheurs du Vieux Port {team.number}"  # two lines in large type
        team.save()
    add_plan(tournament, rows)
    rendered, overflows = make_checked(tournament, POSTER, STAFF)
    assert overflows == []
    assert rendered.pages == 3  # at most 8 teams a page: 6 + 6 + 6


def test_ten_teams_are_five_and_five_on_the_poster_not_eight_and_two():
    rows = [(r, t, t, 6 + (t - 1 + r - 1) % 5, [r]) for r in range(1, 4) for t in range(1, 6)]
    tournament = make_tournament()
    add_teams(tournament, 10)
    add_plan(tournament, rows)
    printout = documents.build(tournament, POSTER, STAFF)
    assert [len(section["lines"]) for section in printout.sections] == [5, 5]
    rendered, overflows = make_checked(tournament, POSTER, STAFF)
    assert overflows == [] and rendered.pages == 2


@pytest.mark.parametrize(
    ("count", "size", "pages"),
    [(10, 8, [5, 5]), (8, 8, [8]), (17, 8, [6, 6, 5]), (20, 13, [10, 10]), (0, 8, []), (3, 8, [3])],
)
def test_balanced_chunks_share_the_lines_evenly_over_the_fewest_pages(count, size, pages):
    items = list(range(count))
    result = balanced_chunks(items, size)
    assert [len(page) for page in result] == pages
    assert [item for page in result for item in page] == items


def test_the_poster_waits_for_the_plan_and_goes_stale_with_it(phantom_field):
    empty = make_tournament()
    add_teams(empty, 4)
    with pytest.raises(documents.NothingToPrint) as raised:
        documents.build(empty, POSTER, STAFF)
    assert "plan de table" in raised.value.reason

    before = selectors.data_version(phantom_field, POSTER, STAFF)
    TableAssignment.objects.filter(round__tournament=phantom_field, round__number=2).update(
        arrow_switch=True
    )
    moved = selectors.data_version(phantom_field, POSTER, STAFF)
    assert moved != before
    phantom_field.teams.filter(number=2).update(name="Les Capots")
    assert selectors.data_version(phantom_field, POSTER, STAFF) != moved


# --- The combined packet --------------------------------------------------------------------


def test_the_combined_packet_is_every_part_in_printing_order(packet):
    _tournament, printed = packet
    combined = printed[COMBINED, STAFF]
    assert combined.overflows == []
    parts = [printed[pair] for pair in selectors.PACKET]
    assert len(combined.pages) == 1 + sum(len(part.pages) for part in parts)
    assert combined.rendered.pages == len(combined.pages)
    assert combined.rendered.contents["parts"] == [list(pair) for pair in selectors.PACKET]
    # Page 1 lists the parts; then each part's pages, under its own title, numbered from 1.
    front = combined.pages[0]
    assert "Dossier complet" in front
    assert "codes secrets" in front or "code secret" in front
    page = 1
    for (kind, _scope), part in zip(selectors.PACKET, parts, strict=True):
        title = str(Document.Kind(kind).label)
        assert title in front
        for number in range(1, len(part.pages) + 1):
            page += 1
            assert title in combined.pages[page - 1], (kind, number)
            assert f"Page {number}" in combined.pages[page - 1], (kind, number)


def test_the_combined_packet_reveals_what_its_parts_reveal(packet):
    _tournament, printed = packet
    contents = printed[COMBINED, STAFF].rendered.contents
    hands = printed["hand_records", STAFF].rendered.contents["hands"]
    assert hands and contents["hands"] == hands
    assert contents["teams"] == [1, 2, 3, 4, 5, 6]
    # The route cards' codes are in it.
    text = printed[COMBINED, STAFF].text
    assert printed["route_cards", STAFF].pages[0][:40] in text


@pytest.mark.usefixtures("plain_text_pages")
def test_the_combined_packet_lists_the_parts_it_cannot_hold_yet():
    tournament = make_tournament()
    add_teams(tournament, 6)
    add_plan(tournament)
    rendered = documents.make_pdf(tournament, COMBINED, STAFF)
    front = pdf_pages(rendered.pdf)[0]
    assert "Pas encore dans ce dossier" in front
    assert "Classement — Aucun résultat n'est encore classé." in front
    assert "Relevé des donnes — Aucune donne n'est enregistrée" in front
    assert [kind for kind, _scope in rendered.contents["parts"]] == [
        "rules_sheet",
        "seating_poster",
        "table_cards",
        "route_cards",
        "score_sheets",
        "travellers",
    ]


def test_no_combined_packet_before_the_plan():
    tournament = make_tournament()
    add_teams(tournament, 4)
    with pytest.raises(documents.NothingToPrint) as raised:
        documents.make_pdf(tournament, COMBINED, STAFF)
    assert "plan de table" in raised.value.reason


def test_the_combined_packet_goes_stale_when_any_part_would(phantom_field):
    before = selectors.data_version(phantom_field, COMBINED, STAFF)
    phantom_field.teams.filter(number=2).update(code="9999")  # the route cards' part
    assert selectors.data_version(phantom_field, COMBINED, STAFF) != before


# --- Building the packet --------------------------------------------------------------------


@pytest.mark.usefixtures("plain_text_pages")
def test_the_packet_builds_the_combined_pdf_the_parts_and_the_public_copies(
    django_capture_on_commit_callbacks,
):
    tournament = demo_tournament()
    tournament.round_set.update(hands_released=True)
    state = selectors.packet_state(tournament)
    assert state.can_be_made and not state.ready
    assert {row.state for row in state.rows} == {DocumentState.NOT_BUILT}
    with django_capture_on_commit_callbacks(execute=True):
        requested = services.request_packet(tournament=tournament)
    made = [(document.kind, document.scope) for document in requested]
    assert sorted(made) == sorted(selectors.packet_documents())
    assert {"travellers", "hand_records", "scorecards", "rankings", "rules_sheet"} == {
        kind for kind, scope in made if scope == PUBLIC
    }
    # The longest job first; the public copies after the staff's documents.
    assert made[0] == (COMBINED, STAFF)
    assert all(scope == PUBLIC for _kind, scope in made[-4:])
    assert set(Document.objects.filter(tournament=tournament).values_list("status", flat=True)) == {
        Document.Status.READY
    }
    state = selectors.packet_state(tournament)
    assert state.ready and state.to_build == []
    assert state.combined.document.pages == 1 + sum(
        row.document.pages for row in state.rows if (row.kind, row.scope) in selectors.PACKET
    )
    # A change of plan: the poster and the combined PDF must be made again.
    TableAssignment.objects.filter(round__tournament=tournament, round__number=2).update(
        arrow_switch=True
    )
    stale = {(row.kind, row.scope) for row in selectors.packet_state(tournament).to_build}
    assert {(POSTER, STAFF), (COMBINED, STAFF), ("table_cards", STAFF)} <= stale
    assert ("rankings", PUBLIC) not in stale


@pytest.mark.usefixtures("plain_text_pages")
def test_the_packet_skips_what_cannot_be_made_and_says_why(django_capture_on_commit_callbacks):
    tournament = make_tournament()
    add_teams(tournament, 6)
    add_plan(tournament)
    with django_capture_on_commit_callbacks(execute=True):
        requested = services.request_packet(tournament=tournament)
    assert {document.kind for document in requested} == {
        COMBINED,
        "rules_sheet",
        POSTER,
        "table_cards",
        "route_cards",
        "score_sheets",
        "travellers",
    }
    state = selectors.packet_state(tournament)
    assert state.ready
    waiting = {row.kind: row.unavailable for row in state.rows if row.unavailable}
    assert waiting["rankings"] == "Aucun résultat n'est encore classé."
    assert DocumentState.NOT_BUILT not in {row.state for row in state.rows}


@pytest.fixture
def worker_media(media_root, monkeypatch):
    """The worker process stores its files where this test reads them."""
    monkeypatch.setenv("MEDIA_ROOT", str(media_root))
    return media_root


@pytest.mark.worker
def test_a_real_worker_makes_the_poster_and_the_combined_packet(
    worker_media, celery_worker, transactional_db
):
    tournament = demo_tournament()
    try:
        poster = services.request_document(tournament=tournament, kind=POSTER, scope=STAFF)
        combined = services.request_document(tournament=tournament, kind=COMBINED, scope=STAFF)
        deadline = time.monotonic() + 120
        done = (Document.Status.READY, Document.Status.FAILED)
        while time.monotonic() < deadline:
            poster.refresh_from_db()
            combined.refresh_from_db()
            if poster.status in done and combined.status in done:
                break
            time.sleep(0.3)
        assert poster.status == Document.Status.READY, poster.error
        assert combined.status == Document.Status.READY, combined.error
        assert "Plan de salle" in pdf_pages(Path(poster.file.path).read_bytes())[0]
        pages = pdf_pages(Path(combined.file.path).read_bytes())
        assert len(pages) == combined.pages
        # The contents, then the one-page rules sheet, then the poster.
        assert "Dossier complet" in pages[0] and "Règlement de la marque" in pages[1]
        assert "Plan de salle" in pages[2]
    finally:
        drop_tournament(tournament)


def test_the_combined_file_is_titled_as_the_packet():
    tournament = demo_tournament()
    rendered = documents.make_pdf(tournament, COMBINED, STAFF)
    title = PdfReader(io.BytesIO(rendered.pdf)).metadata.title
    assert title.startswith("Dossier complet")
