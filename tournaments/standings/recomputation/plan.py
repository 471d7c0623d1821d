"""The rankings a run stores (overall, then after each round) with the digest of each one's
inputs, and their computation by the core."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from scoring.duplicate import (
    Computation,
    TableScore,
    compute_rankings,
)

from ..models import (
    RankingSnapshot,
)
from .inputs import RULES_REVISION, Inputs


@dataclass(frozen=True)
class RankingPlan:
    """Which rankings to store (overall under None, then after each round played so far) and
    the digest of the inputs of each; rankings with equal digests are computed once."""

    fingerprints: dict[int | None, str]


def plan_rankings(inputs: Inputs) -> RankingPlan:
    # The digest covers the inputs and RULES_REVISION, not the scoring code itself: after
    # upgrading scoring.duplicate without bumping it, run ``manage.py recompute`` so that no
    # ranking is copied from the old code's snapshot.
    context = hashlib.sha256(_context_text(inputs).encode())
    by_round: dict[int, list] = {}
    for result in inputs.results:
        by_round.setdefault(result.round, []).append((result, inputs.result_pks[result.key]))
    last_round = max(by_round, default=0)
    fingerprints: dict[int | None, str] = {}
    digest = context.copy()
    for round_number in range(1, last_round + 1):
        digest.update(repr((round_number, by_round.get(round_number, []))).encode())
        fingerprints[round_number] = digest.hexdigest()
    # The overall ranking is the one after the last round played (computed once) unless a
    # penalty counts from a later round: the overall ranking takes it off, that one does not.
    later = [p for p in inputs.penalties if p.round > last_round]
    if later:
        digest.update(repr(("overall", [(p.team, p.amount, p.round) for p in later])).encode())
    fingerprints[None] = digest.hexdigest()
    return RankingPlan(fingerprints)


def _context_text(inputs: Inputs) -> str:
    """Every input of the rankings but the results, as text (digested by the fingerprints)."""
    return repr(
        (
            RULES_REVISION,
            inputs.method,
            inputs.single_ranking,
            sorted(inputs.expected_plays.items()),
            inputs.common_plays,
            sorted(
                (team, line.value if line else None) for team, line in inputs.team_lines.items()
            ),
            sorted(inputs.team_names.items()),
            [(p.team, p.amount, p.unit.value, p.round, p.board) for p in inputs.penalties],
        )
    )


def reusable_entries(
    tournament_id: int, version: int, plan: RankingPlan
) -> dict[str, tuple[list, int]]:
    """Entries of the latest version whose inputs did not change, by fingerprint."""
    wanted = set(plan.fingerprints.values()) - {plan.fingerprints[None]}
    if not version or not wanted:
        return {}
    rows = RankingSnapshot.objects.filter(
        tournament_id=tournament_id, version=version, fingerprint__in=wanted
    ).values_list("fingerprint", "entries", "results_counted")
    return {fingerprint: (entries, counted) for fingerprint, entries, counted in rows}


def compute(
    inputs: Inputs,
    plan: RankingPlan,
    reused: dict[str, tuple[list, int]],
    scores: list[TableScore] | None = None,
) -> dict[str, Computation]:
    """Compute each ranking not reusable, and the overall one always (its board scores are
    stored), in one pass over the rounds (``compute_rankings``: a board is compared once per
    set of its results a ranking counts, the totals carried from round to round). ``scores``:
    the table scores of every result when already known (the incremental run's)."""
    overall_fingerprint = plan.fingerprints[None]
    wanted: dict[str, int | None] = {}
    for up_to_round, fingerprint in plan.fingerprints.items():
        if fingerprint in reused and fingerprint != overall_fingerprint:
            continue
        # The overall ranking is often the last round's: computed once, under that round.
        wanted.setdefault(fingerprint, up_to_round)
    computed = compute_rankings(
        inputs.method,
        inputs.results,
        inputs.expected_plays,
        inputs.single_ranking,
        wanted.values(),
        teams=inputs.team_lines,
        # Every ranking, after any round, on the plan's common top: E of the whole plan.
        common_plays=inputs.common_plays,
        penalties=inputs.penalties,
        scores=scores,
    )
    return {fingerprint: computed[up_to_round] for fingerprint, up_to_round in wanted.items()}
