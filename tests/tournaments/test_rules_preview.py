"""The rule families in the organizer's form: the preview of three sample deals, served from
the rules alone, the refusal of impossible combinations, and old stored rules."""

import pytest
from django.urls import reverse

from scoring.engine.deal_score import score_result
from scoring.engine.rules import PRESETS
from tests.support.factories import make_tournament
from tests.support.organizer import settings_data
from tournaments.setup.models import Tournament
from tournaments.setup.rules_display import SAMPLE_DEALS

pytestmark = pytest.mark.django_db

PREVIEW = reverse("tournaments:rules_preview")


def rule_query(preset: str, **changes) -> dict:
    """The rule fields as the settings form sends them for ``preset`` (boxes: "on" or absent)."""
    data = {"rules_preset": preset}
    for name, value in (PRESETS[preset].to_dict() | changes).items():
        if isinstance(value, bool):
            if value:
                data[f"rule_{name}"] = "on"
        else:
            data[f"rule_{name}"] = str(value)
    return data


def deal_cells(page: str, rules) -> None:
    for key, _text, record in SAMPLE_DEALS:
        score = score_result(record, rules)
        row = page[page.index(f'data-deal="{key}"') :]
        row = row[: row.index("</tr>")]
        assert f'<td class="num">{score.ns}</td><td class="num">{score.ew}</td>' in row, key


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_preview_scores_the_three_sample_deals_with_the_rules_sent(organizer, login, preset):
    response = login(organizer).get(PREVIEW, rule_query(preset))
    assert response.status_code == 200
    page = response.content.decode()
    deal_cells(page, PRESETS[preset])
    assert "Règlement personnalisé" not in page


def test_a_changed_axis_changes_the_preview_and_says_custom(organizer, login):
    page = (
        login(organizer)
        .get(PREVIEW, rule_query("ffb-coinche", multiplier_scope="bid_only"))
        .content.decode()
    )
    assert "Règlement personnalisé" in page
    # 120 coinché and failed: 160 + 120 x 2 = 400 to N-S (560 under the whole-score FFB rule).
    assert '<td class="num">400</td><td class="num">0</td>' in page


def test_an_impossible_combination_is_refused_in_french(organizer, login):
    response = login(organizer).get(PREVIEW, rule_query("ffb-coinche", belote_transferred=True))
    assert response.status_code == 400
    assert "Règles invalides" in response.content.decode()
    assert "data-deal" not in response.content.decode()


def test_a_bad_value_is_refused(organizer, login):
    response = login(organizer).get(PREVIEW, rule_query("ffb-coinche", rounding="up"))
    assert response.status_code == 400
    assert "data-deal" not in response.content.decode()


def test_only_organizers_get_the_preview(login, make_user):
    anonymous = login().get(PREVIEW, rule_query("ffb-coinche"))
    assert anonymous.status_code == 302 and "data-deal" not in anonymous.content.decode()
    player = make_user("paul")
    assert login(player).get(PREVIEW, rule_query("ffb-coinche")).status_code == 403


def test_the_settings_page_opens_with_the_tournaments_preview(organizer, login):
    rules = PRESETS["cannes-2016"]
    tournament = make_tournament(
        organizer=organizer, rules_preset="cannes-2016", rules=rules.to_dict()
    )
    page = (
        login(organizer).get(reverse("tournaments:edit", args=[tournament.slug])).content.decode()
    )
    assert 'id="rules-preview"' in page and f'data-preview-url="{PREVIEW}"' in page
    deal_cells(page, rules)
    for name in rules.to_dict():
        assert f'name="rule_{name}"' in page


def test_creating_a_tournament_with_a_family_and_an_adjusted_axis(organizer, login):
    data = settings_data(**{k: None for k in settings_data() if k.startswith("rule_")})
    data.update(rule_query("cannes-2016", rounding="none"))
    login(organizer).post(reverse("tournaments:create"), data)
    tournament = Tournament.objects.get()
    assert tournament.rules_preset == "cannes-2016"
    assert tournament.rule_settings() == PRESETS["cannes-2016"].__class__.from_dict(
        PRESETS["cannes-2016"].to_dict() | {"rounding": "none"}
    )


def test_the_form_refuses_an_impossible_combination(organizer, login):
    data = settings_data(**{k: None for k in settings_data() if k.startswith("rule_")})
    data.update(rule_query("online-162", made_score="points_only"))
    response = login(organizer).post(reverse("tournaments:create"), data)
    assert not Tournament.objects.exists()
    assert "Règles invalides" in response.content.decode()


def test_old_stored_rules_load_and_mean_the_same(organizer):
    # A contrée tournament stored before the rule families: twelve settings only.
    old = PRESETS["contree"].to_dict()
    old = {key: old[key] for key in list(old)[:12]}
    tournament = make_tournament(rules_preset="contree", rules=old)
    assert tournament.rule_settings() == PRESETS["contree"]
    ffb = make_tournament(rules={"surcoinche_multiplier": 3})
    assert ffb.rule_settings() == PRESETS["ffb-coinche"].__class__(surcoinche_multiplier=3)


# --- the bid scale, sans atout counting double, the 350 capot (docs/rules.md) ---------------


def test_the_preview_states_the_bid_scale_sent(organizer, login):
    client = login(organizer)
    ffb = client.get(PREVIEW, rule_query("ffb-coinche")).content.decode()
    assert "Enchères possibles : 80, 90, 100… et capot" in ffb
    scale = client.get(PREVIEW, rule_query("ffb-coinche", lowest_bid=82, bid_step=5))
    assert scale.status_code == 200
    page = scale.content.decode()
    assert "Enchères possibles : 82, 85, 90… et capot" in page
    assert "Règlement personnalisé" in page
    # The sample deals bid 100 and 120: on every scale, scored alike.
    deal_cells(page, PRESETS["ffb-coinche"])


def test_the_preview_shows_a_sans_atout_deal_counting_double(organizer, login):
    client = login(organizer)
    plain = client.get(PREVIEW, rule_query("ffb-coinche-sa-ta")).content.decode()
    doubled = client.get(
        PREVIEW, rule_query("ffb-coinche-sa-ta", no_trump_doubles=True)
    ).content.decode()
    for page, ns in ((plain, 210), (doubled, 310)):
        row = page[page.index('data-deal="sans_atout"') :]
        # 100 SA made with 110: 110 + 100 (+ 100 more when the contract counts double).
        assert f'<td class="num">{ns}</td><td class="num">50</td>' in row[: row.index("</tr>")]
    assert 'data-deal="sans_atout"' not in client.get(PREVIEW, rule_query("ffb-coinche")).text


def test_the_preview_scores_a_350_capot(organizer, login):
    page = (
        login(organizer)
        .get(PREVIEW, rule_query("ffb-coinche", capot_bid="contract_350"))
        .content.decode()
    )
    row = page[page.index('data-deal="capot"') :]
    # 252 + 350 = 602 -> 600.
    assert '<td class="num">600</td><td class="num">0</td>' in row[: row.index("</tr>")]


def test_sans_atout_counting_double_without_sans_atout_is_refused_in_french(organizer, login):
    response = login(organizer).get(PREVIEW, rule_query("ffb-coinche", no_trump_doubles=True))
    assert response.status_code == 400
    assert "Règles invalides" in response.content.decode()
    data = settings_data(**{k: None for k in settings_data() if k.startswith("rule_")})
    data.update(rule_query("ffb-coinche", no_trump_doubles=True))
    page = login(organizer).post(reverse("tournaments:create"), data).content.decode()
    assert "Règles invalides" in page and not Tournament.objects.exists()


def test_the_form_stores_the_scale_and_the_doubled_sans_atout(organizer, login):
    data = settings_data(**{k: None for k in settings_data() if k.startswith("rule_")})
    data.update(
        rule_query(
            "ffb-coinche-sa-ta",
            lowest_bid=82,
            bid_step=5,
            no_trump_doubles=True,
            capot_bid="contract_350",
        )
    )
    login(organizer).post(reverse("tournaments:create"), data)
    rules = Tournament.objects.get().rule_settings()
    assert (rules.lowest_bid, rules.bid_step, rules.no_trump_doubles) == (82, 5, True)
    assert rules.capot_bid.value == "contract_350"


def test_a_bad_scale_is_refused(organizer, login):
    for changes in ({"lowest_bid": 85}, {"bid_step": 20}):
        response = login(organizer).get(PREVIEW, rule_query("ffb-coinche", **changes))
        assert response.status_code == 400
        assert "data-deal" not in response.content.decode()


def test_the_preview_of_belote_l_says_its_rules_and_scores_them_by_its_text(organizer, login):
    page = login(organizer).get(PREVIEW, rule_query("belote-l")).content.decode()
    assert "Enchères possibles : 82, 90, 100… et capot" in page
    assert "Règlement personnalisé" not in page

    def cells(key):
        row = page[page.index(f'data-deal="{key}"') :]
        return row[: row.index("</tr>")]

    # 100 ♥ with the belote and 92 points made: the belote does not count toward the bid,
    # failed: 160 + 100 to E-W, N-S keep their belote.
    assert '<td class="num">20</td><td class="num">260</td>' in cells("made")
    # 120 ♠ coinché, 110 made: (160 + 120) × 2.
    assert '<td class="num">560</td><td class="num">0</td>' in cells("coinche")
    # Capot bid: 250 contract + 250 points.
    assert '<td class="num">500</td><td class="num">0</td>' in cells("capot")
    # 100 SA with 110, not rounded: 210 and 52.
    assert '<td class="num">210</td><td class="num">52</td>' in cells("sans_atout")
