"""The site's choices are the core's enums: every model field, form field and serializer field
that offers one of the game's values offers exactly the members of the core's enum, each with a
label of the vocabulary (tournaments.vocabulary)."""

import re
from enum import Enum

import pytest
from django.utils import translation

from scoring.duplicate import Adjustment, Method, PenaltyUnit
from scoring.duplicate.season import SeasonMethod
from scoring.engine.cards import Seat, Side
from scoring.engine.rule_values import Coinche
from scoring.movements import MovementKind
from tests.support.paths import ROOT
from tournaments import vocabulary
from tournaments.api.serializers import (
    AdjustmentSerializer,
    ResultSerializer,
    TournamentWriteSerializer,
)
from tournaments.deals.forms import TypedBoardForm
from tournaments.deals.models import Board
from tournaments.results.forms.corrections import AdjustmentForm
from tournaments.results.models import Penalty, Result
from tournaments.seasons.forms import SeasonForm
from tournaments.seasons.models import Season
from tournaments.setup.models import Tournament

# Each of the site's choice fields and the core enum it offers (with the codes the site stores
# instead of the members' values, where it has its own).
MODEL_FIELDS = [
    (Tournament, "scoring_method", Method, None),
    (Tournament, "movement_type", MovementKind, None),
    (Board, "dealer", Seat, None),
    (Penalty, "unit", PenaltyUnit, None),
    (Season, "method", SeasonMethod, None),
    (Result, "ns_adjustment", Adjustment, vocabulary.ADJUSTMENT_CODES),
    (Result, "ew_adjustment", Adjustment, vocabulary.ADJUSTMENT_CODES),
]


def _values(enum: type[Enum], codes) -> list[str]:
    return [codes[member] if codes else member.value for member in enum]


def _choice_values(choices) -> list[str]:
    return [value for value, _label in choices if value != ""]


@pytest.mark.parametrize(
    ("model", "field", "enum", "codes"),
    MODEL_FIELDS,
    ids=[f"{model.__name__}.{field}" for model, field, _, _ in MODEL_FIELDS],
)
def test_a_model_field_offers_the_members_of_the_core_enum(model, field, enum, codes):
    choices = model._meta.get_field(field).choices

    assert _choice_values(choices) == _values(enum, codes)


@pytest.mark.parametrize(
    ("choices", "enum", "codes", "labels"),
    [
        (vocabulary.SEAT_CHOICES, Seat, None, vocabulary.SEAT_NAMES),
        (vocabulary.SIDE_CHOICES, Side, None, vocabulary.SIDE_NAMES),
        (vocabulary.SCORING_METHOD_CHOICES, Method, None, vocabulary.SCORING_METHOD_NAMES),
        (vocabulary.MOVEMENT_CHOICES, MovementKind, None, vocabulary.MOVEMENT_NAMES),
        (vocabulary.PENALTY_UNIT_CHOICES, PenaltyUnit, None, vocabulary.PENALTY_UNIT_NAMES),
        (vocabulary.SEASON_METHOD_CHOICES, SeasonMethod, None, vocabulary.SEASON_METHOD_NAMES),
        (
            vocabulary.ADJUSTMENT_CHOICES,
            Adjustment,
            vocabulary.ADJUSTMENT_CODES,
            vocabulary.ADJUSTMENT_NAMES,
        ),
    ],
    ids=[
        "seat",
        "side",
        "scoring-method",
        "movement",
        "penalty-unit",
        "season-method",
        "adjustment",
    ],
)
def test_every_member_of_the_core_enum_has_a_label(choices, enum, codes, labels):
    assert _choice_values(choices) == _values(enum, codes)
    assert set(labels) == set(_values(enum, codes))


def test_the_forms_and_serializers_offer_the_same_choices():
    assert _choice_values(TypedBoardForm.base_fields["dealer"].choices) == _values(Seat, None)
    assert _choice_values(SeasonForm.base_fields["method"].choices) == _values(SeasonMethod, None)
    adjustments = _values(Adjustment, vocabulary.ADJUSTMENT_CODES)
    assert _choice_values(AdjustmentForm.base_fields["ns_adjustment"].choices) == adjustments
    assert list(AdjustmentSerializer().fields["ew_adjustment"].choices) == adjustments
    assert list(ResultSerializer().fields["ns_adjustment"].choices) == adjustments
    tournament = TournamentWriteSerializer().fields
    assert list(tournament["scoring_method"].choices) == _values(Method, None)
    assert list(tournament["movement_type"].choices) == _values(MovementKind, None)


def test_a_member_added_to_the_core_is_offered_even_before_it_has_a_label():
    class Grown(Enum):
        OLD = "old"
        NEW = "new"

    assert vocabulary.choices(Grown, {"old": "Ancien"}) == (("old", "Ancien"), ("new", "new"))


def test_an_adjustment_code_reads_as_the_core_adjustment_and_back():
    for adjustment, code in vocabulary.ADJUSTMENT_CODES.items():
        assert vocabulary.ADJUSTMENTS[code] is adjustment
    assert vocabulary.adjustment_name("A+") == "Moyenne plus (60 %)"


def test_the_side_of_a_seat_and_the_other_side_are_the_cores():
    assert [vocabulary.side_of_seat(seat.value) for seat in Seat] == ["NS", "EW", "NS", "EW"]
    assert [vocabulary.other_side(side) for side in vocabulary.SIDE_VALUES] == ["EW", "NS"]


def test_sides_read_as_the_vocabulary_says_in_both_languages():
    assert [vocabulary.side_name(side) for side in vocabulary.SIDE_VALUES] == [
        "Nord-Sud",
        "Est-Ouest",
    ]
    assert [vocabulary.side_letters(side) for side in vocabulary.SIDE_VALUES] == ["NS", "EO"]
    with translation.override("en"):
        assert vocabulary.side_name("EW") == "East-West"
        assert vocabulary.side_letters("EW") == "EW"


# A side's label typed in a template, {% translate "NS" %} or {% translate 'Est-Ouest' %}: the
# templates read it from the vocabulary ({{ "NS"|side_letters }}, {{ "EW"|side_name }}).
SIDE_LABEL_TYPED = re.compile(r"{%\s*translate\s+([\"'])(NS|EO|Nord-Sud|Est-Ouest)\1\s*%}")


def test_no_template_types_a_sides_label():
    typed = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in sorted((ROOT / "tournaments").glob("*/templates/**/*.html"))
        + sorted((ROOT / "templates").glob("**/*.html"))
        for match in SIDE_LABEL_TYPED.finditer(path.read_text())
    ]
    assert typed == []


def test_the_coinche_choices_are_the_cores_levels():
    assert [value for value, _label in vocabulary.COINCHE_CHOICES] == [0, 1, 2]
    assert [level.value for level in Coinche] == [0, 1, 2]
    assert str(vocabulary.COINCHE_NAMES[Coinche.SURCOINCHE]) == "surcoinché"
