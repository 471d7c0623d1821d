"""The « Règlement de la marque »: one A4 page with the preset, every setting and two deals
scored by the engine; public, and the first part of the packet."""

import pytest
from django.urls import reverse

from scoring.engine.deal_score import score_result
from scoring.engine.rules import PRESETS
from tests.support.factories import make_tournament
from tests.support.pdf import make_checked, page_size_mm, pdf_pages
from tournaments.printing import documents, selectors
from tournaments.setup.rules_display import SAMPLE_DEALS, rule_lines

pytestmark = pytest.mark.django_db

PUBLIC = "public"


def _sample(key):
    return next(record for name, _text, record in SAMPLE_DEALS if name == key)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_one_a4_page_for_every_preset_with_the_engines_marks(preset):
    rules = PRESETS[preset]
    tournament = make_tournament(rules_preset=preset, rules=rules.to_dict())
    rendered, overflows = make_checked(tournament, "rules_sheet", PUBLIC)
    pages = pdf_pages(rendered.pdf)
    assert len(pages) == 1 and overflows == []
    assert page_size_mm(rendered.pdf) == (210, 297)
    text = pages[0]
    assert "Règlement de la marque" in text
    for key in ("coinche", "capot"):
        score = score_result(_sample(key), rules)
        assert f"N-S {score.ns}, E-O {score.ew}" in text, key
    # Every setting is on the page, with its value.
    for line in rule_lines(rules):
        assert line.label in text and line.value in text, line.name


def test_the_ffb_sheet_states_its_source_and_the_ffb_marks():
    tournament = make_tournament()
    text = pdf_pages(documents.make_pdf(tournament, "rules_sheet", PUBLIC).pdf)[0]
    assert "Coinche FFB" in text and "Fédération Française de Belote" in text
    # 120 coinché and failed: (160 + 120) x 2 to N-S; a capot made: 252 + 250 -> 500.
    assert "Contrat chuté : N-S 560, E-O 0." in text
    assert "Contrat réussi : N-S 500, E-O 0. (avant arrondi : 502 et 0)" in text


def test_changed_settings_are_printed_as_a_custom_rule_set():
    rules = PRESETS["ffb-coinche"].to_dict() | {"surcoinche_multiplier": 3}
    tournament = make_tournament(rules_preset="ffb-coinche", rules=rules)
    text = pdf_pages(documents.make_pdf(tournament, "rules_sheet", PUBLIC).pdf)[0]
    assert "Règlement personnalisé" in text and "Coinche FFB" in text


def test_it_is_public_needs_no_plan_and_opens_the_packet():
    tournament = make_tournament()
    assert selectors.KIND_SCOPES["rules_sheet"] == (PUBLIC,)
    assert selectors.PACKET[0] == ("rules_sheet", PUBLIC)
    assert selectors.unavailable_reason(tournament, "rules_sheet", PUBLIC) is None


def test_its_version_follows_the_rules():
    tournament = make_tournament()
    before = selectors.data_version(tournament, "rules_sheet", PUBLIC)
    tournament.rules = PRESETS["ffb-coinche"].to_dict() | {"rounding": "none"}
    tournament.save()
    assert selectors.data_version(tournament, "rules_sheet", PUBLIC) != before


def test_the_tournament_page_states_the_rules_and_links_the_sheet(client):
    tournament = make_tournament(rules_preset="online-162", rules=PRESETS["online-162"].to_dict())
    page = client.get(reverse("tournaments:public", args=[tournament.slug])).content.decode()
    assert 'id="reglement"' in page
    for line in rule_lines(PRESETS["online-162"]):
        assert f'data-rule="{line.name}"' in page
    # The coinche example under online-162: 162 + 120 x 2 to N-S, nothing rounded.
    assert "N-S 402, E-O 0." in page
    assert reverse("printing:download", args=[tournament.slug, "rules_sheet", PUBLIC]) in page


def test_the_sheet_and_the_page_state_the_scale_and_the_doubled_sans_atout(client):
    rules = PRESETS["ffb-coinche-sa-ta"].to_dict() | {
        "lowest_bid": 82,
        "bid_step": 5,
        "no_trump_doubles": True,
        "capot_bid": "contract_350",
    }
    tournament = make_tournament(rules_preset="ffb-coinche-sa-ta", rules=rules)
    lines = {line.name: line for line in rule_lines(tournament.rule_settings())}
    assert "82, 85, 90" in lines["bid_step"].explanation
    rendered, overflows = make_checked(tournament, "rules_sheet", PUBLIC)
    pages = pdf_pages(rendered.pdf)
    assert len(pages) == 1 and overflows == []
    text = " ".join(pages[0].split())
    for name in ("lowest_bid", "bid_step", "no_trump_doubles", "capot_bid"):
        line = lines[name]
        assert line.label in text and line.value in text, name
    assert "82, 85, 90" in text
    # The capot example: 252 + 350 = 602 -> 600.
    assert "N-S 600, E-O 0." in text
    page = client.get(reverse("tournaments:public", args=[tournament.slug])).content.decode()
    for name in ("lowest_bid", "bid_step", "no_trump_doubles"):
        assert f'data-rule="{name}"' in page
