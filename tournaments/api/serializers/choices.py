"""The sets of choices of the API: each is one named enum of the schema (ENUM_NAME_OVERRIDES in
the settings, which name them ``tournaments.api.serializers.<NAME>``), its members named in
``tournaments.api.schema``."""

from __future__ import annotations

from types import SimpleNamespace

from scoring.engine.rule_texts import value_label
from scoring.engine.rule_values import Coinche
from scoring.engine.rules import PRESETS, SETTINGS, Setting
from tournaments import vocabulary
from tournaments.accounts.roles import ARBITER, ORGANIZER

from ..permissions import TABLE

SEATS = vocabulary.SEAT_VALUES
SIDES = vocabulary.SIDE_VALUES
STRAINS = vocabulary.STRAIN_VALUES
SUITS = vocabulary.SUIT_VALUES
RANKS = vocabulary.RANK_VALUES
ANNONCE_KINDS = vocabulary.ANNONCE_KIND_VALUES
CAPOTS = vocabulary.CAPOT_VALUES
# Integer choices as (value, label) pairs: ENUM_NAME_OVERRIDES takes no bare integers. The
# labels are the API's own (its description says « 0 none, 1 coinché, 2 surcoinché »).
COINCHES = vocabulary.choices(
    Coinche, {Coinche.NONE: "none", Coinche.COINCHE: "coinché", Coinche.SURCOINCHE: "surcoinché"}
)


def rule_choices(setting: Setting) -> tuple:
    """A rule setting's choices for the API, read from the core: an enum's values, or a whole
    number's (value, label) pairs (the label in the core's English: ``x4``)."""
    if setting.is_enum:
        return setting.json_values()
    return tuple((value, value_label(setting, value)) for value in setting.values())


RULE_CHOICES = SimpleNamespace(
    **{setting.name: rule_choices(setting) for setting in SETTINGS if setting.is_choice}
)
"""Each rule setting with choices, by name: the schema names each set by the setting's
``values_name`` (``ENUM_NAME_OVERRIDES`` in the settings, generated from the same list)."""
RULES_PRESETS = tuple(PRESETS)
ROLES = (ORGANIZER, ARBITER, TABLE)
# The states of a board's double-dummy analysis as the API gives it.
ANALYSIS_STATUSES = ("ready", "pending", "unrecorded", "hidden")
