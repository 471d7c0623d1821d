"""A tournament that bids from 82 or by 5 (docs/rules.md, `lowest_bid` and `bid_step`): every
entry form offers its scale, and a bid off the scale is refused, in French on the pages, as a
structured 400 in the API, with nothing said about the hands."""

import json
import random

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from scoring.engine.cards import Seat, Strain
from tests.support.factories import small_tournament
from tests.support.results import RICH_DEAL, contract
from tournaments.results.forms import ResultRowForm
from tournaments.results.models import Result

pytestmark = pytest.mark.django_db

FROM_82 = {"lowest_bid": 82}
BY_5 = {"bid_step": 5}


def tournament_with(rules, arbiter=None, **fields):
    tournament = small_tournament(arbiter=arbiter, rules=rules, **fields)
    board = tournament.boards.get(number=1)
    board.hands = dict(RICH_DEAL)
    board.save()
    return tournament


def bid_values(form):
    return [value for value, _text in form.fields["bid"].choices if value]


@pytest.mark.parametrize(
    ("rules", "first", "absent"),
    [
        ({}, ["80", "90", "100"], "85"),
        (FROM_82, ["82", "90", "100"], "80"),
        (BY_5, ["80", "85", "90"], "82"),
        ({**FROM_82, **BY_5}, ["82", "85", "90"], "80"),
    ],
)
def test_every_entry_form_offers_the_tournaments_scale(rules, first, absent):
    tournament = tournament_with(rules)
    form = ResultRowForm(prefix="b1", rules=tournament.rule_settings())
    values = bid_values(form)
    assert values[:3] == first and values[-1] == "capot" and absent not in values
    options = form.phone_options()
    assert options["bids"] == values
    assert options["bid_step"] == tournament.rule_settings().bid_step


def test_the_arbiter_sheet_and_the_table_page_show_the_scale(arbiter):
    tournament = tournament_with({**FROM_82, **BY_5}, arbiter=arbiter)
    client = Client()
    client.force_login(arbiter)
    sheet = client.get(reverse("results:entry_round", args=[tournament.slug, 1])).content.decode()
    # The arbiter types the bid; the scale comes as the input's suggestions (a datalist).
    assert 'list="bid-scale"' in sheet and 'inputmode="numeric"' in sheet
    datalist = sheet.split('<datalist id="bid-scale">')[1].split("</datalist>")[0]
    assert '<option value="82">' in datalist and '<option value="85">' in datalist
    assert '<option value="80">' not in datalist and '<option value="capot">' in datalist
    table = tournament.tables.get(number=1)
    page = Client().get(reverse("results:table_entry", args=[table.token])).content.decode()
    assert '"bid_step": 5' in page or '"bid_step":5' in page


@pytest.mark.parametrize("typed", ["85", "95", "1000", "quatre-vingts"])
def test_a_typed_bid_off_the_scale_is_refused_in_french_with_the_scale(arbiter, typed):
    tournament = tournament_with(FROM_82, arbiter=arbiter)
    form = ResultRowForm(
        {"b1-taker": "N", "b1-bid": typed, "b1-strain": "H", "b1-taker_points": "100"},
        prefix="b1",
        rules=tournament.rule_settings(),
        typed_bid=True,
    )
    assert not form.is_valid()
    [message] = form.errors["bid"]
    highest = bid_values(ResultRowForm(prefix="b1", rules=tournament.rule_settings()))[-2]
    assert message == (
        f"« {typed} » n'est pas une enchère de ce tournoi : 82, puis tous les 10 jusqu'à "
        f"{highest}, ou capot."
    )
    ok = ResultRowForm(
        {"b1-taker": "N", "b1-bid": " Capot ", "b1-strain": "H", "b1-capot": "taker"},
        prefix="b1",
        rules=tournament.rule_settings(),
        typed_bid=True,
    )
    ok.is_valid()
    assert "bid" not in ok.errors and ok.cleaned_data["bid"] == "capot"


def test_the_sheet_refuses_a_bid_off_the_scale_in_french(arbiter):
    tournament = tournament_with(FROM_82, arbiter=arbiter)
    client = Client()
    client.force_login(arbiter)
    url = reverse("results:entry_row", args=[tournament.slug, 1])
    response = client.post(
        url,
        json.dumps({"table": 1, "board": 1, "record": contract(bid=85)}),
        content_type="application/json",
    )
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["path"], error["code"]) == ("contract.bid", "bid_not_on_scale")
    assert "85" in error["message"] and "82" in error["message"]
    low = client.post(
        url,
        json.dumps({"table": 1, "board": 1, "record": contract(bid=80)}),
        content_type="application/json",
    )
    assert [e["code"] for e in low.json()["errors"]] == ["bid_too_low"]
    assert "au moins 82" in low.json()["errors"][0]["message"]
    assert not Result.objects.exists()
    made = client.post(
        url,
        json.dumps({"table": 1, "board": 1, "record": contract(bid=82, points=100)}),
        content_type="application/json",
    )
    assert made.status_code == 201, made.content
    assert Result.objects.get().record["contract"]["bid"] == 82


def test_a_bid_off_the_scale_says_nothing_of_hidden_hands(arbiter):
    # The arbiter may not see the hands: a belote N does not hold must not show through the
    # answer about the bid (nor a belote N does hold: the answers are the same).
    tournament = tournament_with(FROM_82, arbiter=arbiter, arbiters_see_hands=False)
    client = Client()
    client.force_login(arbiter)
    url = reverse("results:entry_row", args=[tournament.slug, 1])
    answers = []
    for seat in ("N", "E"):  # N holds the K Q of hearts in RICH_DEAL, E does not
        record = contract(bid=85, strain="H", belote=[seat])
        response = client.post(
            url,
            json.dumps({"table": 1, "board": 1, "record": record}),
            content_type="application/json",
        )
        answers.append((response.status_code, [e["code"] for e in response.json()["errors"]]))
    assert answers[0] == answers[1] == (400, ["bid_not_on_scale"])


def api_entry(tournament, user, bid):
    client = APIClient()
    client.force_login(user)
    record = {
        "passed": False,
        "contract": {"bid": bid, "strain": "H", "taker": "N", "coinche": 0},
        "taker_points": 100,
        "capot": None,
        "belote": [],
        "annonces": [],
    }
    return client.post(
        f"/api/v1/tournaments/{tournament.slug}/results/",
        {"round": 1, "table": 1, "board": 2, "record": record},
        format="json",
    )


def test_the_api_refuses_a_bid_off_the_scale_field_by_field(arbiter):
    tournament = tournament_with(FROM_82, arbiter=arbiter)
    response = api_entry(tournament, arbiter, 85)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert [(e["field"], e["code"]) for e in body["errors"]] == [
        ("record.contract.bid", "bid_not_on_scale")
    ]
    assert api_entry(tournament, arbiter, 80).json()["errors"][0]["code"] == "bid_too_low"
    assert not Result.objects.exists()
    made = api_entry(tournament, arbiter, 82)
    assert made.status_code == 201
    # 100 + 82 = 182 -> 180; the defence 62 -> 60.
    assert made.json()["score"] == {"ns": 180, "ew": 60, "made": True}


def test_the_api_takes_a_95_by_5_and_refuses_it_by_10(arbiter):
    by_5 = tournament_with(BY_5, arbiter=arbiter)
    made = api_entry(by_5, arbiter, 95)
    assert made.status_code == 201
    # 100 + 95 = 195 -> 200; the defence 62 -> 60.
    assert made.json()["score"] == {"ns": 200, "ew": 60, "made": True}
    by_10 = tournament_with({}, arbiter=arbiter)
    refused = api_entry(by_10, arbiter, 95)
    assert refused.json()["errors"][0]["code"] == "bid_not_multiple_of_10"


def test_the_api_reads_and_writes_the_new_settings(arbiter, make_user):
    organizer = make_user("orga", "organizer")
    client = APIClient()
    client.force_login(organizer)
    made = client.post(
        "/api/v1/tournaments/",
        {
            "name": "Coinche stéphanoise",
            "date": "2027-01-16",
            "rules_preset": "ffb-coinche-sa-ta",
            "rules": {
                "lowest_bid": 82,
                "bid_step": 5,
                "no_trump_doubles": True,
                "capot_bid": "contract_350",
            },
        },
        format="json",
    )
    assert made.status_code == 201, made.content
    rules = made.json()["rules"]
    assert (rules["lowest_bid"], rules["bid_step"], rules["no_trump_doubles"]) == (82, 5, True)
    assert rules["capot_bid"] == "contract_350"
    for bad, field in (({"lowest_bid": 85}, "rules.lowest_bid"), ({"bid_step": 20}, None)):
        refused = client.post(
            "/api/v1/tournaments/",
            {"name": "X", "date": "2027-01-16", "rules": bad},
            format="json",
        )
        assert refused.status_code == 400
        if field:
            assert field in [e["field"] for e in refused.json()["errors"]]
    without_sa = client.post(
        "/api/v1/tournaments/",
        {"name": "Y", "date": "2027-01-16", "rules": {"no_trump_doubles": True}},
        format="json",
    )
    assert without_sa.status_code == 400
    [error] = without_sa.json()["errors"]
    assert error["field"] == "rules" and error["code"] == "invalid_rules"
    assert "no_trump" in error["message"]


def test_demo_results_bid_on_an_82_scale():
    from tournaments.results.demo import record_demo_results

    tournament = tournament_with(FROM_82)
    created = record_demo_results(tournament)
    bids = [
        r.record["contract"]["bid"]
        for r in Result.objects.filter(assignment__round__tournament=tournament)
        if not r.record.get("passed")
    ]
    assert created and bids
    assert 80 not in bids
    assert all(tournament.rule_settings().is_on_bid_scale(bid) for bid in bids), bids


def test_the_demo_floors_its_bids_at_the_lowest_of_the_scale():
    # Which bids a small demo draws depends on its seed (the tournament's slug): the floor is
    # checked on the draws themselves, for a board whose usual contract is 80.
    from tournaments.results.demo import _demo_data

    rules = tournament_with(FROM_82).rule_settings()
    rng = random.Random(82)  # noqa: S311 - test data
    draws = [_demo_data(rng, rules, (Seat.NORTH, Strain.HEARTS, 80), None) for _ in range(300)]
    bids = [draw["contract"]["bid"] for draw in draws if not draw["passed"]]
    assert min(bids) == 82
    assert all(rules.is_on_bid_scale(bid) for bid in bids), bids
