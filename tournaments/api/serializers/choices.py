"""The sets of choices of the API: each is one named enum of the schema (ENUM_NAME_OVERRIDES in
the settings, which name them ``tournaments.api.serializers.<NAME>``), its members named in
``tournaments.api.schema``."""

from __future__ import annotations

from scoring.engine.rules import (
    BID_STEPS,
    FAILURE_BASES,
    LOWEST_BIDS,
    PRESETS,
    SURCOINCHE_MULTIPLIERS,
    CapotBid,
    FailureScore,
    MadeScore,
    MultiplierScope,
    OvertakePartner,
    Rounding,
    WinCondition,
)
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
# Integer choices as (value, label) pairs: ENUM_NAME_OVERRIDES takes no bare integers.
COINCHES = ((0, "none"), (1, "coinché"), (2, "surcoinché"))
FAILURE_BASE_CHOICES = tuple((base, f"{base} points") for base in FAILURE_BASES)
SURCOINCHE_MULTIPLIER_CHOICES = tuple((m, f"× {m}") for m in SURCOINCHE_MULTIPLIERS)
LOWEST_BID_CHOICES = tuple((bid, f"{bid} points") for bid in LOWEST_BIDS)
BID_STEP_CHOICES = tuple((step, f"by {step}") for step in BID_STEPS)
WIN_CONDITIONS = tuple(m.value for m in WinCondition)
MADE_SCORES = tuple(m.value for m in MadeScore)
ROUNDINGS = tuple(m.value for m in Rounding)
CAPOT_BIDS = tuple(m.value for m in CapotBid)
FAILURE_SCORES = tuple(m.value for m in FailureScore)
MULTIPLIER_SCOPES = tuple(m.value for m in MultiplierScope)
OVERTAKE_PARTNER_CHOICES = tuple(m.value for m in OvertakePartner)
RULES_PRESETS = tuple(PRESETS)
ROLES = (ORGANIZER, ARBITER, TABLE)
# The states of a board's double-dummy analysis as the API gives it.
ANALYSIS_STATUSES = ("ready", "pending", "unrecorded", "hidden")
