"""The text of each generated PDF: the team names, board numbers, hands and scores it must show,
and the page count of the demo tournament (6 teams, 3 tables, 3 rounds, 6 boards)."""

import math

import pytest

from tests.support.factories import SMALL_MITCHELL, demo_tournament
from tests.support.pdf import make_checked, page_size_mm, pdf_pages
from tournaments.deals.selectors import hand_diagram
from tournaments.printing import documents
from tournaments.results.table_links import table_entry_url
from tournaments.standings.selectors import board_traveller, current_ranking, team_scorecard

pytestmark = pytest.mark.django_db

STAFF, PUBLIC = "staff", "public"


def _number(value) -> str:
    """A score as the PDFs print it in French: up to two decimals, a decimal comma."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",")


# --- Table cards ---------------------------------------------------------------------------


def test_table_cards_have_one_page_per_table(packet):
    tournament, printed = packet
    cards = printed["table_cards", STAFF]
    assert len(cards.pages) == tournament.tables.count() == 3
    assert cards.rendered.pages == 3
    for number, page in enumerate(cards.pages, start=1):
        assert f"Table {number}" in page


def test_table_card_lists_each_round_teams_and_boards(packet):
    tournament, printed = packet
    pages = printed["table_cards", STAFF].pages
    for _round, table, ns, ew, boards in SMALL_MITCHELL:
        page = pages[table - 1]
        assert f"Équipe {ns}" in page
        assert f"Équipe {ew}" in page
        assert ", ".join(str(board) for board in boards) in page


def test_table_card_says_where_teams_and_boards_go_next(packet):
    _tournament, printed = packet
    page = printed["table_cards", STAFF].pages[0]
    # Round 1 at table 1: NS 1 stays at table 1, EW 4 moves up to table 2, boards 1-2 go down
    # to table 3 (rows of SMALL_MITCHELL for round 2).
    assert "1 1 Équipe 1" in page
    assert "T1 NS T2 EO T3" in page


def test_table_card_prints_the_table_entry_url_and_qr_code(packet):
    tournament, printed = packet
    cards = printed["table_cards", STAFF]
    for table in tournament.tables.order_by("number"):
        # Long URLs wrap in the PDF: compare without spaces.
        page = cards.pages[table.number - 1].replace(" ", "")
        assert table_entry_url(table) in page


def test_table_cards_list_every_table_a_shared_board_set_goes_to():
    from benchmarks.scenario import shared_mitchell_rows
    from tests.support.factories import add_boards, add_plan, add_teams, make_tournament

    # 10 tables, 2 rounds, 2 board sets: copies of each set are played at 5 tables at a time.
    tournament = make_tournament(rounds=2, boards_per_round=2)
    add_teams(tournament, 20)
    add_plan(tournament, shared_mitchell_rows(10, 2, 2))
    add_boards(tournament, 4)
    rendered, overflows = make_checked(tournament, "table_cards", STAFF)
    assert overflows == []
    first = pdf_pages(rendered.pdf)[0]
    # Table 1 plays set 1 (boards 1-2) in round 1; in round 2 the even tables play it.
    assert "T2, T4, T6, T8, T10" in first


def test_table_cards_without_table_entry_have_no_url():
    tournament = demo_tournament(table_entry=False)
    pages = pdf_pages(documents.make_pdf(tournament, "table_cards", STAFF).pdf)
    assert "Saisie des résultats" not in " ".join(pages)
    assert table_entry_url(tournament.tables.first()).replace(" ", "") not in "".join(pages)


# --- Score sheets ---------------------------------------------------------------------------


def test_score_sheets_are_two_per_page_with_teams_and_boards(packet):
    _tournament, printed = packet
    sheets = printed["score_sheets", STAFF]
    assert len(sheets.pages) == math.ceil(len(SMALL_MITCHELL) / 2) == 5
    text = sheets.text
    for round_number, table, *_teams_and_boards in SMALL_MITCHELL:
        assert f"Table {table} · Tour {round_number}" in text
    first = sheets.pages[0]
    assert "Table 1 · Tour 1" in first and "Table 2 · Tour 1" in first
    assert "Équipe 1" in first and "Équipe 4" in first
    for heading in ("Contrat", "Atout", "Preneur", "Coinche", "Capot", "Belote", "Annonces"):
        assert heading in first
    assert "Marque NS" in first and "Signature Nord-Sud" in first


def test_score_sheets_offer_only_the_strains_the_rules_allow():
    tournament = demo_tournament(rules={"no_trump": True, "all_trump": False})
    text = " ".join(pdf_pages(documents.make_pdf(tournament, "score_sheets", STAFF).pdf))
    assert "♠ ♥ ♦ ♣ SA" in text
    assert "TA" not in text


def test_long_rounds_get_a_whole_page_per_score_sheet():
    from tests.support.factories import add_boards, add_plan, add_teams, make_tournament

    tournament = make_tournament(boards_per_round=7)
    add_teams(tournament, 4)
    add_plan(tournament, [(1, 1, 1, 3, list(range(1, 8))), (1, 2, 2, 4, list(range(8, 15)))])
    add_boards(tournament, 14)
    rendered = documents.make_pdf(tournament, "score_sheets", STAFF)
    assert rendered.pages == 2


def test_annonces_column_is_left_out_when_annonces_are_not_played():
    tournament = demo_tournament(rules={"annonces": False})
    text = " ".join(pdf_pages(documents.make_pdf(tournament, "score_sheets", STAFF).pdf))
    assert "Annonces" not in text


# --- Travellers -----------------------------------------------------------------------------


def test_travellers_show_every_table_marks_and_matchpoints(packet):
    tournament, printed = packet
    travellers = printed["travellers", STAFF]
    assert len(travellers.pages) == 2
    text = travellers.text
    for board in range(1, 7):
        assert f"Étui {board}" in text
        traveller = board_traveller(tournament, board)
        assert len(traveller.lines) == 3
        for line in traveller.lines:
            row = f"{line.round} {line.table} {line.ns_team} {line.ew_team} "
            assert row in text
            marks = (
                f"{line.ns_marks} {line.ew_marks} {_number(line.ns_score)} {_number(line.ew_score)}"
            )
            assert marks in text


def test_public_travellers_leave_out_boards_not_finished_everywhere():
    from tournaments.results.models import Result
    from tournaments.standings.recomputation import recompute

    tournament = demo_tournament()
    Result.objects.filter(tournament=tournament, board_number=3, round__number=2).update(
        status=Result.Status.DELETED
    )
    recompute(tournament.pk, force=True)
    public = documents.make_pdf(tournament, "travellers", PUBLIC)
    text = " ".join(pdf_pages(public.pdf))
    assert "Étui 3" not in text
    assert "Étui 4" in text
    assert 3 not in public.contents["results"]
    staff = documents.make_pdf(tournament, "travellers", STAFF)
    staff_text = " ".join(pdf_pages(staff.pdf))
    assert "Étui 3 2 résultats classés sur 3" in staff_text
    # The staff traveller keeps a blank line for the table still to play it (round 2, table 1,
    # teams 1 and 6), with nothing after the teams but the next line.
    assert "2 1 1 6 3 3 3 4" in staff_text


# --- Hand records ---------------------------------------------------------------------------


def test_hand_records_show_the_four_hands_dealer_and_deal_number(packet):
    tournament, printed = packet
    records = printed["hand_records", STAFF]
    assert len(records.pages) == 1  # six boards a page
    text = records.text
    for board in tournament.boards.order_by("number"):
        diagram = hand_diagram(board)
        assert f"Étui {board.number}" in text
        assert f"Donneur : {diagram.dealer_name}" in text
        for hand in diagram.hands:
            for holding in hand.suits:
                assert f"{holding.symbol} {holding.text}" in text
    assert diagram.deal_number_display.replace("\u202f", " ") in text


def test_hand_records_write_the_ranks_the_french_way(packet):
    tournament, printed = packet
    text = printed["hand_records", STAFF].text
    # Each board's 32 cards: the four kings, queens and jacks as R, D, V, never K, Q, J.
    lines = [
        f"{holding.symbol} {holding.text}"
        for board in tournament.boards.all()
        for hand in hand_diagram(board).hands
        for holding in hand.suits
    ]
    letters = [letter for line in lines for letter in line.split()[1:]]
    for french in "RDV":
        assert letters.count(french) == 4 * tournament.boards.count()
    assert not {"K", "Q", "J"} & set(letters)
    assert all(line in text for line in lines)


def test_hand_records_summarise_the_results(packet):
    tournament, printed = packet
    text = printed["hand_records", STAFF].text
    assert "3 tables :" in text
    traveller = board_traveller(tournament, 1)
    summary = documents.results_summary(traveller)
    # French grammar: 0 and 1 are singular.
    made = f"{summary.made} réussi" + ("s" if summary.made > 1 else "")
    failed = f"{summary.failed} chuté" + ("s" if summary.failed > 1 else "")
    assert f"{made}, {failed}" in text


def test_public_hand_records_wait_for_the_release():
    from tournaments.deals.services import release_hands

    tournament = demo_tournament()
    with pytest.raises(documents.NothingToPrint):
        documents.make_pdf(tournament, "hand_records", PUBLIC)
    release_hands(tournament=tournament)
    rendered = documents.make_pdf(tournament, "hand_records", PUBLIC)
    assert rendered.contents["hands"] == [1, 2, 3, 4, 5, 6]


# --- Rankings and scorecards ----------------------------------------------------------------


def test_rankings_list_every_team_with_score_and_percentage(packet):
    tournament, printed = packet
    rankings = printed["rankings", PUBLIC]
    assert len(rankings.pages) == 1
    text = rankings.text
    assert "Classement Nord-Sud" in text and "Classement Est-Ouest" in text
    ranking = current_ranking(tournament)
    assert len(ranking.entries) == 6
    for entry in ranking.entries:
        row = f"{entry['display_rank']} {entry['team']} {entry['name']}"
        assert row in text
        assert f"{_number(entry['score'])} {entry['percentage']:.2f} %".replace(".", ",") in text


def test_scorecards_show_each_team_boards_and_total(packet):
    tournament, printed = packet
    cards = printed["scorecards", STAFF]
    assert len(cards.pages) == 2
    text = cards.text
    for team in tournament.teams.all():
        card = team_scorecard(tournament, team)
        assert f"Équipe {team.number} — {team.display_name}" in text
        assert len(card.lines) == 6
        assert f"{_number(card.total)} PdM" in text
        for line in card.lines:
            assert f"{line.marks} {line.opponent_marks} {_number(line.score)}" in text


def test_every_document_counts_its_pages(packet):
    _tournament, printed = packet
    for (kind, scope), item in printed.items():
        assert item.rendered.pages == len(item.pages), (kind, scope)
        if kind == "combined_packet":
            continue  # each of its parts numbers its own pages (test_packet)
        # Page numbers run on across sections.
        assert f"Page {len(item.pages)}" in item.pages[-1]


def test_no_text_runs_out_of_its_cell_or_off_the_page(packet):
    _tournament, printed = packet
    for (kind, scope), item in printed.items():
        assert item.overflows == [], (kind, scope)


def test_documents_are_a4(packet):
    _tournament, printed = packet
    for (kind, _scope), item in printed.items():
        # The seating poster hangs on the wall: landscape.
        expected = (297, 210) if kind == "seating_poster" else (210, 297)
        assert page_size_mm(item.pdf) == expected, kind


def test_nothing_to_print_before_the_plan():
    from tests.support.factories import add_teams, make_tournament

    tournament = make_tournament()
    add_teams(tournament, 4)
    with pytest.raises(documents.NothingToPrint) as raised:
        documents.build(tournament, "table_cards", STAFF)
    assert "plan de table" in raised.value.reason


# --- Arbiter corrections ---------------------------------------------------------------------


def test_printouts_show_an_assigned_score_and_the_penalties():
    from tests.support.results import assignment
    from tournaments.results import services
    from tournaments.standings.recomputation import recompute

    tournament = demo_tournament()
    current = assignment(tournament, 1, 1).results.get(board_number=1, is_current=True)
    services.assign_score(
        assignment=assignment(tournament, 1, 1),
        board_number=1,
        ns_marks=160,
        ew_marks=0,
        replace_version=current.version,
    )
    services.give_penalty(
        tournament=tournament,
        team=tournament.teams.get(number=4),
        amount=25,
        reason="Retard",
        board_number=1,
    )
    services.give_penalty(
        tournament=tournament, team=tournament.teams.get(number=4), amount=10, reason="Téléphone"
    )
    recompute(tournament.pk, force=True)

    travellers = " ".join(pdf_pages(documents.make_pdf(tournament, "travellers", STAFF).pdf))
    assert "Score assigné par l'arbitre" in travellers
    assert "Pénalité de procédure, équipe 4 : 25 % du top — Retard" in travellers
    cards = " ".join(pdf_pages(documents.make_pdf(tournament, "scorecards", STAFF).pdf))
    assert "Pénalité de procédure, étui 1 : 25 % du top — Retard" in cards
    assert "Pénalité de procédure sur la séance : 10 % du top — Téléphone" in cards
    # The total printed for team 4 is after its penalties (35 % of the top of 4: 1.4).
    card = team_scorecard(tournament, 4)
    assert card.total == pytest.approx(card.lines[-1].running_score - 1.4)
    assert f"{card.total:.2f} PdM".replace(".", ",") in cards
