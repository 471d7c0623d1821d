"""The scoring of an online tournament (« Tournoi du jour »): each player plays every deal at
South against three robots, in any order, within a window (docs/online.md).

A deal of the tournament may come in several instances (the pool: different cards under the
same deal number, so that players cannot pass deals to each other); each instance is compared
on its own, like a board. Per instance:

- **matchpoints** over everyone who played it, South's side being NS (Law 78A on the net mark
  NS - EW), every instance on one common top 2(E - 1), E the most plays of any instance of the
  tournament, with Neuberg for the instances played fewer times;
- **the Belote'L difference**: the player's net mark minus that of the player who finished the
  same instance just before (« la différence entre votre résultat et celui d'une autre personne
  qui a joué avant vous la donne avec les mêmes cartes »); the first to finish an instance has
  none;
- **an abandoned deal counts as the lowest score**: below every played result of the instance
  (tied with the other abandoned ones) in the matchpoints; it has no Belote'L difference and is
  skipped as the one « before » the next player.

A player's percentage is the matchpoints won over the tops of the deals played; the ranking is
by percentage, equal percentages sharing a rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.duplicate.matchpoints import matchpoints, neuberg, top


@dataclass(frozen=True)
class OnlinePlay:
    """One player's play of one instance of a deal: ``order`` is when it finished (any
    increasing key: earlier plays have a smaller order), ``ns``/``ew`` the deal's marks
    (South's side is NS), both None when the deal was abandoned."""

    player: str
    deal: int
    instance: int
    order: int
    ns: int | None
    ew: int | None

    def __post_init__(self) -> None:
        if (self.ns is None) != (self.ew is None):
            raise ValueError("an abandoned play has neither mark; a played one has both")

    @property
    def abandoned(self) -> bool:
        return self.ns is None

    @property
    def net(self) -> int | None:
        """South's side's net mark, NS - EW (None when abandoned)."""
        if self.ns is None or self.ew is None:
            return None
        return self.ns - self.ew


@dataclass(frozen=True)
class DealScore:
    """A play scored: its matchpoints on the common ``top``, its Belote'L ``difference`` with
    the play of ``against`` (None: the first to finish the instance, or abandoned)."""

    play: OnlinePlay
    matchpoints: Fraction
    top: int
    difference: int | None
    against: str | None


@dataclass(frozen=True)
class OnlineStanding:
    """A player's line of the ranking; ``tied`` says the rank is shared."""

    rank: int
    tied: bool
    player: str
    matchpoints: Fraction
    top: int
    percentage: Fraction
    difference: int
    deals: tuple[DealScore, ...]


def common_plays(plays: Sequence[OnlinePlay]) -> int:
    """The E of the tournament: the most plays of any instance (0 without plays)."""
    counts: dict[tuple[int, int], int] = {}
    for play in plays:
        key = (play.deal, play.instance)
        counts[key] = counts.get(key, 0) + 1
    return max(counts.values(), default=0)


def score_plays(plays: Sequence[OnlinePlay]) -> list[DealScore]:
    """Score every play (matchpoints and Belote'L difference); the answer is in the order of
    ``plays``. Raises ValueError when a player played the same deal twice."""
    seen: set[tuple[str, int]] = set()
    instances: dict[tuple[int, int], list[OnlinePlay]] = {}
    for play in plays:
        if (play.player, play.deal) in seen:
            raise ValueError(f"{play.player} played deal {play.deal} twice")
        seen.add((play.player, play.deal))
        instances.setdefault((play.deal, play.instance), []).append(play)
    common = common_plays(plays)
    scored: dict[tuple[str, int], DealScore] = {}
    for instance_plays in instances.values():
        points = _instance_matchpoints(instance_plays, common)
        differences = _differences(instance_plays)
        for play in instance_plays:
            difference, against = differences.get(play.player, (None, None))
            scored[(play.player, play.deal)] = DealScore(
                play, points[play.player], top(common), difference, against
            )
    return [scored[(play.player, play.deal)] for play in plays]


def _instance_matchpoints(plays: Sequence[OnlinePlay], common: int) -> dict[str, Fraction]:
    """Law 78A over the instance's plays, an abandoned one below every played result, scaled
    from its number of plays to ``common`` (Neuberg)."""
    nets = [play.net for play in plays]
    played = [net for net in nets if net is not None]
    lowest = min(played, default=0) - 1
    raw = matchpoints([lowest if net is None else net for net in nets])
    return {
        play.player: Fraction(points)
        if len(plays) == common
        else neuberg(points, common, len(plays))
        for play, points in zip(plays, raw, strict=True)
    }


def _differences(plays: Sequence[OnlinePlay]) -> dict[str, tuple[int, str]]:
    """Each played result's net mark minus that of the played result finished just before it
    on the same instance."""
    differences: dict[str, tuple[int, str]] = {}
    before: OnlinePlay | None = None
    for play in sorted(plays, key=lambda play: play.order):
        net = play.net
        if net is None:
            continue
        if before is not None and before.net is not None:
            differences[play.player] = (net - before.net, before.player)
        before = play
    return differences


def rank_online(plays: Sequence[OnlinePlay]) -> list[OnlineStanding]:
    """The ranking of every player with at least one play: the percentage of the matchpoints
    won over the tops of the deals played, best first; equal percentages share a rank (the
    players then in name order). With a common top of 0 (every instance played once) every
    player has 50 %."""
    by_player: dict[str, list[DealScore]] = {}
    for score in score_plays(plays):
        by_player.setdefault(score.play.player, []).append(score)
    lines = []
    for player, scores in by_player.items():
        won = sum((score.matchpoints for score in scores), Fraction(0))
        possible = sum(score.top for score in scores)
        percentage = Fraction(50) if possible == 0 else 100 * won / possible
        difference = sum(score.difference or 0 for score in scores)
        deals = tuple(sorted(scores, key=lambda score: score.play.deal))
        lines.append((player, won, possible, percentage, difference, deals))
    lines.sort(key=lambda line: (-line[3], line[0]))
    counts: dict[Fraction, int] = {}
    for line in lines:
        counts[line[3]] = counts.get(line[3], 0) + 1
    standings: list[OnlineStanding] = []
    for index, line in enumerate(lines):
        player, won, possible, percentage, difference, deals = line
        same = standings[-1] if standings and standings[-1].percentage == percentage else None
        rank = same.rank if same is not None else index + 1
        tied = counts[percentage] > 1
        standings.append(
            OnlineStanding(rank, tied, player, won, possible, percentage, difference, deals)
        )
    return standings


def pool_instance(deal: int, entry_number: int, instances: int) -> int:
    """The instance of ``deal`` the ``entry_number``-th entry (from 1) plays: the entries
    go round the instances in turn, shifted by the deal, so that every instance gets as many
    players as another, give or take one, and two players share as few instances as possible."""
    if instances < 1 or entry_number < 1 or deal < 1:
        raise ValueError("deals, entries and instances are numbered from 1")
    return (entry_number - 1 + deal - 1) % instances + 1
