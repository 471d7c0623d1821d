"""One source for the rule settings: the organizer's form and the API's serializer are built
from the core's ``RuleSettings`` fields (``scoring.engine.rules.SETTINGS``), so a setting added
there appears in both without another edit (docs/rules.md, « One source for the settings »)."""

import enum

import pytest
from django import forms
from django.utils import translation
from rest_framework import serializers as drf

from scoring.engine.rules import SETTINGS, RuleSettings, Setting
from tournaments.api.serializers.tournaments import RulesSerializer, rules_serializer
from tournaments.setup.forms import FFB_MARK, TournamentForm, rule_fields


class _Shade(enum.Enum):
    LIGHT = "light"
    DARK = "dark"


# Three settings the core does not have: a switch, a number in a range, an enum.
FAKES = (
    Setting(name="fake_switch", kind=bool, default=False, label="Fake switch"),
    Setting(
        name="fake_number",
        kind=int,
        default=0,
        label="Fake number",
        minimum=0,
        maximum=50,
        step=5,
    ),
    Setting(name="fake_shade", kind=_Shade, default=_Shade.LIGHT, label="Fake shade"),
)


def _assert_form_field(field, setting):
    if setting.kind is bool:
        assert isinstance(field, forms.BooleanField) and not field.required
    elif setting.is_choice:
        assert [value for value, _label in field.choices] == list(setting.json_values())
    else:
        assert isinstance(field, forms.IntegerField)
        assert (field.min_value, field.max_value) == (setting.minimum, setting.maximum)
        assert field.step_size == setting.step


def _assert_api_field(field, setting):
    assert not field.required
    if setting.kind is bool:
        assert isinstance(field, drf.BooleanField)
    elif setting.is_choice:
        assert list(field.choices) == list(setting.json_values())
    else:
        assert isinstance(field, drf.IntegerField)
        assert (field.min_value, field.max_value) == (setting.minimum, setting.maximum)


def test_every_field_of_rule_settings_is_a_setting_in_the_form_and_the_api(cast):
    form = TournamentForm(user=cast["organizer"])
    api_fields = RulesSerializer().fields

    assert [setting.name for setting in SETTINGS] == list(RuleSettings().to_dict())
    for setting in SETTINGS:
        _assert_form_field(form.fields[f"rule_{setting.name}"], setting)
        _assert_api_field(api_fields[setting.name], setting)
    assert set(api_fields) == {setting.name for setting in SETTINGS}


def test_a_setting_added_to_the_core_appears_in_the_form_and_the_api():
    settings = (*SETTINGS, *FAKES)

    form_fields = rule_fields(settings)
    api_fields = rules_serializer(settings)().fields

    for fake in FAKES:
        _assert_form_field(form_fields[fake.name], fake)
        _assert_api_field(api_fields[fake.name], fake)
        assert str(form_fields[fake.name].label) == fake.label


def test_the_form_says_the_core_labels_in_french_and_marks_the_ffb_values(cast):
    with translation.override("fr"):
        form = TournamentForm(user=cast["organizer"])
        win = form.fields["rule_win_condition"]
        base = form.fields["rule_failure_base"]
        assert str(win.label) == "Contrat réussi quand"
        assert dict(base.choices) == {160: "160" + FFB_MARK, 162: "162"}
        assert str(form.fields["rule_generale_bonus"].help_text) == (
            "Points en plus quand un seul joueur fait les huit plis ; 0 : aucune."
        )


@pytest.mark.parametrize(
    ("name", "bad", "field"),
    [
        ("rounding", "à-peu-près", "rules.rounding"),
        ("failure_base", 161, "rules.failure_base"),
        ("annonces", "peut-être", "rules.annonces"),
        ("generale_bonus", 2000, "rules.generale_bonus"),
        # In bounds but not a multiple of 10: the engine refuses it, as the API's 400 says.
        ("generale_bonus", 25, "rules"),
    ],
)
def test_a_bad_rule_value_is_a_structured_400(client_for, name, bad, field):
    response = client_for("organizer").post(
        "/api/v1/tournaments/",
        {"name": "X", "date": "2027-01-16", "rules": {name: bad}},
        format="json",
    )

    assert response.status_code == 400
    body = response.json()
    assert body["code"]
    [error] = body["errors"]
    assert error["field"] == field and error["message"]
