"""The attacks of a hostile player (or a curious arbiter) on the duplicate, replayed.

Each test plays one attack through the web page, the API table device or an arbiter who may not
see the hands, and checks that the answer holds no card and no seat holding, that nothing is
confirmed by the side that entered it, and that no result goes into a round not started.
"""

import json
import random
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from scoring.engine.cards import Hand, Seat
from tests.support.api import bearer
from tests.support.events import make_event
from tests.support.factories import make_tournament, small_tournament, team_at
from tests.support.play import board_with, cards_in, start
from tests.support.results import CLAIM_EVERYTHING, OTHER_HANDS
from tests.support.robots import random_hands
from tournaments.api.services import create_token
from tournaments.clubs.services import create_club
from tournaments.events import signing
from tournaments.events.demo import play_session
from tournaments.events.services import EventError, accept_upload
from tournaments.online import services as online
from tournaments.online.demo import play_as_robot
from tournaments.play.models import Game
from tournaments.results import services
from tournaments.results.models import Result, ResultEvent
from tournaments.setup.models import TableAssignment
from tournaments.vocabulary import RANK_LETTERS

pytestmark = pytest.mark.django_db

# A card named in an answer: a rank followed by a suit symbol (« J♠ », « 10♥ », « V♠ »...).
CARD = re.compile(r"(10|[AKQJRDV987])\s?[♠♥♦♣]")
# A card as the card table writes it (« V♠ », « 10♥ »): no space, unlike a bid (« 110 ♠ »).
CARD_WITH_SUIT = re.compile(r"(?<!\d)(10|[AKQJRDV987])([♠♥♦♣])")
HOLDING_WORDS = (
    "manque",
    "cannot show",
    "ne détient",
    "détenu",
    "does not hold",
    "missing:",
    "not_held",
)


def plan(tournament, round_number=1, table_number=1) -> TableAssignment:
    return TableAssignment.objects.select_related("round__tournament", "table").get(
        round__tournament=tournament, round__number=round_number, table__number=table_number
    )


@pytest.fixture
def tournament(make_user):
    return small_tournament(
        organizer=make_user("odile", role="organizer"), arbiter=make_user("arnaud", "arbiter")
    )


@pytest.fixture
def twin(make_user):
    """The same tournament with other cards in board 1: an answer that depends on the hands
    differs between the two."""
    twin = small_tournament()
    board = twin.boards.get(number=1)
    board.hands = dict(OTHER_HANDS)
    board.save()
    return twin


def device(tournament, table_number=1):
    organizer = tournament.organizers.first() or tournament.arbiters.first()
    if organizer is None:
        return None
    _token, key = create_token(
        tournament=tournament,
        by=organizer,
        name="table",
        scope="table",
        table=tournament.tables.get(number=table_number),
    )
    return bearer(key)


def assert_says_nothing_of_the_cards(text: str) -> None:
    # The claims themselves are echoed back (« cent A♠ »): strip the summary of what was sent.
    assert not any(word in text for word in HOLDING_WORDS), text
    for flagged in ("belote_not_held", "annonce_not_held"):
        assert flagged not in text


# --- 1. Entry errors do not reveal the hands --------------------------------------------------


def test_a_table_phone_claiming_every_annonce_learns_nothing_and_the_arbiter_sees_flags(
    tournament, twin
):
    answers = []
    for each in (tournament, twin):
        table = each.tables.get(number=1)
        page = reverse("results:table_entry", args=[table.token])
        phone = Client()
        phone.post(page, {"action": "identify", "round": 1, "code": plan(each).ns_team.code})
        data = {
            "action": "enter",
            "round": 1,
            "board": 1,
            "b1-taker": "N",
            "b1-bid": "90",
            "b1-strain": "H",
            "b1-coinche": "0",
            "b1-taker_points": "100",
            "b1-annonces": "N cent A pique, E cent A cœur, S cent A carreau, O cent A trèfle",
        }
        response = phone.post(page, data, follow=True)
        answers.append((response.status_code, response.redirect_chain[-1][1]))
        html = response.content.decode()
        assert_says_nothing_of_the_cards(html)
        stored = Result.objects.get(tournament=each, board_number=1, is_current=True)
        assert stored.status == "entered"
    # Same answer whatever the cards.
    assert answers[0] == answers[1]
    flagged = Result.objects.get(tournament=tournament, board_number=1)
    assert {flag["code"] for flag in flagged.flags} >= {"annonce_not_held"}


def test_a_table_device_claiming_every_annonce_gets_the_same_answer_whatever_the_cards(
    tournament, twin
):
    twin.organizers.set(tournament.organizers.all())
    shapes = []
    for each in (tournament, twin):
        response = device(each).post(
            f"/api/v1/tournaments/{each.slug}/results/",
            {
                "round": 1,
                "table": 1,
                "board": 1,
                "record": CLAIM_EVERYTHING,
                "code": plan(each).ns_team.code,
            },
            format="json",
        )
        assert response.status_code == 201, response.json()
        body = response.json()
        assert body["flags"] == []
        assert_says_nothing_of_the_cards(response.content.decode())
        shapes.append((body["status"], body["score"], body["record"]))
    assert shapes[0] == shapes[1]


def test_errors_about_the_rules_name_no_card_of_the_deal(tournament):
    response = device(tournament).post(
        f"/api/v1/tournaments/{tournament.slug}/results/",
        {
            "round": 1,
            "table": 1,
            "board": 1,
            "record": {**CLAIM_EVERYTHING, "annonces": CLAIM_EVERYTHING["annonces"] * 3},
            "code": plan(tournament).ns_team.code,
        },
        format="json",
    )
    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["too_many_annonces"]
    assert not CARD.search(response.content.decode())


def test_an_arbiter_who_may_not_see_the_hands_is_not_an_oracle_either(tournament, twin):
    arbiter = tournament.arbiters.get()
    twin.arbiters.add(arbiter)
    client = APIClient()
    client.force_login(arbiter)
    shapes = []
    for each in (tournament, twin):
        response = client.post(
            f"/api/v1/tournaments/{each.slug}/results/",
            {"round": 1, "table": 1, "board": 1, "record": CLAIM_EVERYTHING},
            format="json",
        )
        assert response.status_code == 201
        assert_says_nothing_of_the_cards(response.content.decode())
        shapes.append((response.json()["status"], response.json()["score"]))
    assert shapes[0] == shapes[1]


def test_who_may_see_the_hands_keeps_the_precise_errors(tournament):
    client = APIClient()
    client.force_login(tournament.organizers.get())
    response = client.post(
        f"/api/v1/tournaments/{tournament.slug}/results/",
        {"round": 1, "table": 1, "board": 1, "record": CLAIM_EVERYTHING},
        format="json",
    )
    assert response.status_code == 400
    assert "annonce_not_held" in {e["code"] for e in response.json()["errors"]}
    assert not Result.objects.exists()


# --- 2. A result is confirmed by the other side -----------------------------------------------


def test_a_table_device_cannot_confirm_with_the_entering_teams_code_or_a_side(tournament):
    api = device(tournament)
    url = f"/api/v1/tournaments/{tournament.slug}/results/"
    ns_code = plan(tournament).ns_team.code
    entered = api.post(
        url,
        {"round": 1, "table": 1, "board": 1, "record": {"passed": True}, "code": ns_code},
        format="json",
    ).json()
    for body in ({"code": ns_code}, {"side": "EW"}, {}, {"code": "0000x"}):
        api.post(f"{url}{entered['id']}/confirm/", body, format="json")
    assert Result.objects.get(is_current=True).status == "entered"
    assert not ResultEvent.objects.filter(action="confirm").exists()


def test_the_same_phone_cannot_switch_sides_to_confirm(tournament):
    page = reverse("results:table_entry", args=[tournament.tables.get(number=1).token])
    phone = Client()
    phone.post(page, {"action": "identify", "round": 1, "code": plan(tournament).ns_team.code})
    phone.post(
        page,
        {
            "action": "enter",
            "round": 1,
            "board": 1,
            "b1-passed": "on",
            "b1-coinche": "0",
            "b1-submission_key": "k",
        },
    )
    version = Result.objects.get(is_current=True).version
    phone.post(page, {"action": "side", "side": "EW"})
    phone.post(page, {"action": "confirm", "round": 1, "board": 1, "version": version})
    phone.post(page, {"action": "identify", "round": 1, "code": plan(tournament).ns_team.code})
    phone.post(page, {"action": "confirm", "round": 1, "board": 1, "version": version})
    assert Result.objects.get(is_current=True).status == "entered"


def test_the_other_teams_proof_on_the_entering_phone_never_accepts_a_later_entry(tournament):
    """The Bridgemate way: East-West gives its code once on North-South's phone to accept what
    it was shown. North-South, phone back in hand, enters another board and taps « Accepter »
    or « Tout accepter », or replays the proof in round 2: nothing is confirmed."""
    table = tournament.tables.get(number=1)
    page = reverse("results:table_entry", args=[table.token])
    phone = Client()
    phone.post(page, {"action": "identify", "round": 1, "code": plan(tournament).ns_team.code})
    entry = {"action": "enter", "round": 1, "b1-passed": "on", "b1-coinche": "0"}
    phone.post(page, {**entry, "board": 1, "b1-submission_key": "a"})
    phone.post(
        page, {"action": "identify_other", "round": 1, "code": plan(tournament).ew_team.code}
    )
    phone.post(
        page, {"action": "identify_other", "round": 1, "code": plan(tournament).ns_team.code}
    )
    two = {"action": "enter", "round": 1, "board": 2, "b2-passed": "on", "b2-coinche": "0"}
    phone.post(page, {**two, "b2-submission_key": "b"})
    second = Result.objects.get(board_number=2, is_current=True)
    phone.post(page, {"action": "confirm", "round": 1, "board": 2, "version": second.version})
    phone.post(page, {"action": "confirm_all", "round": 1, "v1": 1, "v2": second.version})
    send = reverse("results:table_send", args=[table.token])
    phone.post(send, {"action": "confirm", "round": 1, "board": 2, "version": second.version})
    round_two = plan(tournament, 2, 1)
    services.record_result(
        assignment=round_two,
        board_number=round_two.boards[0],
        data={"passed": True},
        by=team_at(round_two, "NS"),
    )
    phone.post(page, {"action": "confirm_all", "round": 2, f"v{round_two.boards[0]}": 1})
    assert set(Result.objects.filter(is_current=True).values_list("status", flat=True)) == {
        "entered"
    }
    assert not ResultEvent.objects.filter(action="confirm").exists()


def test_the_service_refuses_a_team_confirming_its_own_entry(tournament):
    entered = services.record_result(
        assignment=plan(tournament),
        board_number=1,
        data={"passed": True},
        by=team_at(plan(tournament), "NS"),
    )
    with pytest.raises(services.InvalidAction):
        services.confirm_result(result=entered, by=team_at(plan(tournament), "NS"))
    with pytest.raises(services.ResultForbidden):
        services.confirm_result(result=entered, by=team_at(plan(tournament, 1, 2), "EW"))


# --- 3. Rounds not started ---------------------------------------------------------------------


def test_no_player_entry_in_a_round_not_started(tournament):
    tournament.round_set.filter(number=2).update(started_at=None)
    round_two = plan(tournament, round_number=2)
    page = reverse("results:table_entry", args=[round_two.table.token]) + "?tour=2"
    phone = Client()
    phone.post(page, {"action": "identify", "round": 2, "code": round_two.ns_team.code})
    response = phone.post(
        page,
        {"action": "enter", "round": 2, "board": 3, "b3-passed": "on", "b3-coinche": "0"},
        follow=True,
    )
    assert "Ce tour n&#x27;a pas encore commencé" in response.content.decode() or (
        "Ce tour n'a pas encore commencé" in response.content.decode()
    )
    api = device(tournament)
    answer = api.post(
        f"/api/v1/tournaments/{tournament.slug}/results/",
        {
            "round": 2,
            "table": 1,
            "board": 3,
            "record": {"passed": True},
            "code": round_two.ns_team.code,
        },
        format="json",
    )
    assert answer.status_code == 403
    with pytest.raises(services.ResultForbidden):
        services.record_result(
            assignment=round_two, board_number=3, data={"passed": True}, by=team_at(round_two, "NS")
        )
    assert not Result.objects.exists()
    # The arbiter enters any published round.
    services.record_result(
        assignment=round_two, board_number=3, data={"passed": True}, by=tournament.arbiters.get()
    )
    assert Result.objects.get().status == "confirmed"


def test_opening_every_round_lets_the_tables_enter_and_a_full_round_starts_the_next(tournament):
    tournament.round_set.filter(number__gte=2).update(started_at=None)
    services.open_all_rounds(tournament=tournament, by=tournament.organizers.get())
    round_two = plan(tournament, round_number=2)
    services.record_result(
        assignment=round_two, board_number=3, data={"passed": True}, by=team_at(round_two, "NS")
    )
    services.open_all_rounds(tournament=tournament, by=tournament.organizers.get(), open_=False)
    with pytest.raises(services.ResultForbidden):
        services.open_all_rounds(tournament=tournament, by=tournament.arbiters.get())
    # Round 1 complete everywhere: round 2 starts by itself.
    arbiter = tournament.arbiters.get()
    for table in (1, 2, 3):
        row = plan(tournament, 1, table)
        for board in row.boards:
            assert tournament.round_set.get(number=2).started_at is None
            services.record_result(
                assignment=row, board_number=board, data={"passed": True}, by=arbiter
            )
    assert tournament.round_set.get(number=2).started_at is not None
    assert tournament.round_set.get(number=3).started_at is None


def test_an_unpublished_round_takes_no_entry_from_a_table(tournament):
    tournament.round_set.filter(number=3).update(published=False, started_at=None)
    round_three = plan(tournament, round_number=3)
    with pytest.raises(services.ResultForbidden):
        services.record_result(
            assignment=round_three,
            board_number=5,
            data={"passed": True},
            by=team_at(round_three, "EW"),
        )


def test_the_audit_trail_shows_flags_only_to_who_may_see_the_hands(tournament, client):
    row = plan(tournament)
    services.record_result(
        assignment=row, board_number=1, data=CLAIM_EVERYTHING, by=team_at(row, "NS")
    )
    assert Result.objects.get(is_current=True).flags
    url = reverse("results:history", args=[tournament.slug, 1, 1, 1])
    client.force_login(tournament.arbiters.get())
    html = client.get(url).content.decode()
    assert "annonce_not_held" not in html and "flags" not in html
    client.force_login(tournament.organizers.get())
    assert "annonce_not_held" in client.get(url).content.decode()


# --- 4. A game played online tells South nothing of the robots' cards -------------------------


def test_the_game_endpoints_answer_the_same_whatever_the_robots_hold(make_user):
    """Two games whose robots hold other cards (South's the same, South to speak first): every
    answer of the game's URLs, refusals included, is the same bytes and names no robot's card."""
    player = make_user("sud-en-ligne")
    client = Client()
    client.force_login(player)
    tournament = make_tournament()
    hands = random_hands(3)
    robots_cards = sorted(
        (card for seat in hands if seat is not Seat.SOUTH for card in hands[seat]), key=str
    )
    random.Random(1).shuffle(robots_cards)
    others = dict(hands)
    for index, seat in enumerate(seat for seat in hands if seat is not Seat.SOUTH):
        others[seat] = Hand(robots_cards[8 * index : 8 * index + 8])
    assert others != hands
    answers = []
    for number, deal in enumerate((hands, others), start=1):
        # The dealer is West: South speaks first.
        game = start(player, board_with(tournament, number, deal, dealer="W"))
        page_url = reverse("play:table", args=[game.pk])
        state_url = reverse("play:game_state", args=[game.pk])
        call_url = reverse("play:game_call", args=[game.pk])
        card_url = reverse("play:game_card", args=[game.pk])
        seen = []
        for response in (
            client.get(state_url),
            client.post(card_url, {"card": "AS"}, content_type="application/json"),
            client.post(call_url, {"call": "surcoinche"}, content_type="application/json"),
            client.post(call_url, {"call": "bid", "bid": 85, "strain": "S"}, "application/json"),
        ):
            assert cards_in(json.loads(response.content)) <= set(hands[Seat.SOUTH])
            seen.append((response.status_code, response.content))
        page = client.get(page_url)
        html = page.content.decode()
        assert set(CARD_WITH_SUIT.findall(html)) <= {
            (card.rank.value, card.suit.symbol) for card in hands[Seat.SOUTH]
        } | {(RANK_LETTERS[card.rank.value], card.suit.symbol) for card in hands[Seat.SOUTH]}
        # The page's own game and board numbers and its masked token aside, the same bytes.
        html = html.replace(page_url, "/jeu/parties/ID/").replace(f"Étui {number}", "Étui N")
        seen.append((page.status_code, re.sub(r'csrfmiddlewaretoken" value="\w+"', "", html)))
        answers.append(seen)
    assert answers[0] == answers[1]


# --- A simultaneous event: its deals stay with the event until each one's time -----------------


def test_a_simultaneous_events_deals_reach_nobody_before_their_time(make_user):
    """A club's staff before their session, the players before the last session of the event:
    no page, file or API answer of theirs holds a card of the event."""

    event, _organizer, entries = make_event(make_user, clubs=("Rennes", "Brest"))
    rennes, brest = entries["Rennes"], entries["Brest"]
    staff = Client()
    staff.force_login(brest.answered_by)
    slug = brest.tournament.slug
    for url in (
        reverse("deals:export", args=[slug]),
        reverse("deals:records", args=[slug]),
        reverse("deals:board", args=[slug, 1]),
        reverse("events:package", args=[event.slug, brest.club.slug]),
    ):
        answer = staff.get(url, follow=True)
        assert not CARD.search(answer.content.decode()), url
        assert "hand-diagram" not in answer.content.decode(), url
    play_session(rennes.tournament, tables=3, board_count=event.board_count)
    player = Client()
    for url in (
        reverse("deals:records", args=[rennes.tournament.slug]),
        reverse("deals:export", args=[rennes.tournament.slug]),
        reverse("events:board", args=[event.slug, 1]),
        reverse("events:ranking", args=[event.slug]),
        reverse("standings:traveller", args=[rennes.tournament.slug, 1]),
    ):
        answer = player.get(url, follow=True)
        assert not CARD.search(answer.content.decode()), url
        assert "hand-diagram" not in answer.content.decode(), url


def test_a_laptop_clubs_upload_is_checked_against_the_rules_alone(make_user):
    """An upload claiming every annonce is answered the same whatever the cards: its errors,
    if any, are the rules' (the upload's signer may have seen the hands, but a stolen key must
    not turn the site into an oracle)."""

    event, _organizer, entries = make_event(
        make_user, clubs=("Rennes", "Quimper"), laptop=("Quimper",)
    )
    quimper = entries["Quimper"]
    line = {"board": 1, "round": 1, "table": 1, "ns_team": 1, "ew_team": 2}
    bad = {**CLAIM_EVERYTHING, "taker_points": 400}
    payload = {
        "kind": signing.UPLOAD_KIND,
        "format": signing.FORMAT,
        "event": event.slug,
        "club": quimper.club.slug,
        "commitment": event.commitment,
        "teams": {"1": "Les Capots", "2": "Les Matheux"},
        "lines": [{**line, "record": bad}],
    }
    with pytest.raises(EventError) as refusal:
        accept_upload(event=event, data=json.dumps(signing.sign(payload, quimper.key)))
    text = "\n".join(refusal.value.messages)
    assert "Ligne 1" in text and not CARD.search(text)
    assert_says_nothing_of_the_cards(text)
    payload["lines"] = [{**line, "record": CLAIM_EVERYTHING}]
    upload, changed = accept_upload(
        event=event, data=json.dumps(signing.sign(payload, quimper.key))
    )
    assert changed and upload.lines[0]["ns"] is not None


# --- 5. An online tournament shows nothing of a deal before the player has played it --------


def test_the_online_pages_answer_the_same_whatever_the_deals_and_results(make_user):
    """A player who has not played deal 1 yet asks for everything the online pages offer
    (the tournament, the deal's results, the ranking, a deal out of range, a play refused):
    after the deals' cards and the results already in are changed, every answer is the same
    bytes (the forms' CSRF tokens aside), and none names a card."""
    organizer = make_user("orga-du-jour", role="organizer")
    club = create_club(name="Club du jour", by=organizer)
    now = timezone.now()
    tournament = online.create_online_tournament(
        by=organizer,
        club=club,
        name="Tournoi du jour",
        opens_at=now - timedelta(hours=1),
        closes_at=now + timedelta(hours=1),
    )
    ana, bob = make_user("ana-du-jour"), make_user("bob-du-jour")
    for player in (ana, bob):
        online.enter(tournament=tournament, player=player)
    game = online.play_deal(tournament=tournament, player=ana, deal=1, seed=3, worlds=2)
    play_as_robot(game, worlds=2)
    client = Client()
    client.force_login(bob)
    token = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"')

    def answers():
        seen = []
        for method, name, args in (
            ("get", "online:detail", [tournament.slug]),
            ("get", "online:deal", [tournament.slug, 1]),
            ("get", "online:ranking", [tournament.slug]),
            ("get", "online:ranking_fragment", [tournament.slug]),
            ("get", "online:deal", [tournament.slug, 99]),
            ("post", "online:play", [tournament.slug, 99]),
            ("post", "online:abandon", [tournament.slug, 1]),
        ):
            response = getattr(client, method)(reverse(name, args=args), follow=True)
            body = token.sub(b"", response.content)
            assert not CARD.search(body.decode()), name
            seen.append((response.status_code, body))
        return seen

    before = answers()
    for number, board in enumerate(tournament.container.boards.all()):
        board.hands = {seat.value: hand.pbn() for seat, hand in random_hands(50 + number).items()}
        board.save()
    Game.objects.filter(pk=game.pk).update(
        score={**game.score, "ns": game.score["ew"] + 10, "ew": game.score["ns"]}
    )
    assert answers() == before


# --- 5. Replaying the room's boards tells nothing before the release ------------------------


def test_the_replay_of_a_board_not_released_answers_the_same_whatever_its_cards(
    tournament, twin, make_user
):
    """An account (a stranger, or one linked to a player of the tournament) asking to replay
    board 1, or reading its traveller, before the release: the same answers whatever the board
    holds, no game started, and no card named."""
    from tests.support.replay import club_of, linked_account
    from tournaments.play.models import Game
    from tournaments.setup.models import Player

    stranger = make_user("curieux@example.org")
    linked = make_user("joueur@example.org")
    answers = []
    for each in (tournament, twin):
        organizer = each.organizers.first() or make_user(f"org-{each.pk}", role="organizer")
        club_of(each, organizer)
        seen = []
        for user in (stranger, linked):
            if user is linked:
                linked_account(user, Player.objects.filter(tournament=each).first(), organizer)
            client = Client()
            client.force_login(user)
            replay = client.post(reverse("play:replay", args=[each.slug, 1]))
            # The page's own address comes back in its links, the logout form's token anew.
            content = replay.content.decode().replace(each.slug, "SLUG")
            seen.append(
                (replay.status_code, re.sub(r'csrfmiddlewaretoken" value="\w+"', "", content))
            )
            page = client.get(reverse("standings:traveller", args=[each.slug, 1]))
            html = page.content.decode()
            assert not CARD.search(html.split("<main", 1)[1]), html
            assert "Rejouer cette donne" not in html
            seen.append(page.status_code)
            # The account is the linked player of one tournament only: unlink for the next.
            user.club_claims.all().delete()
        answers.append(seen)
    assert answers[0] == answers[1]
    assert answers[0][0][0] == 404
    assert not Game.objects.exists()
