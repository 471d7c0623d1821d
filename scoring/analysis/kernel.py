"""The search itself: alpha-beta with a transposition table over bit masks, compiled by numba.

Cards are numbered as in ``cards.DECK`` (suit * 8 + position in ``PBN_RANK_ORDER``), a hand is
a 32-bit mask, and the four hands are indexed by their place in the order of play from North
(0 N, 1 W, 2 S, 3 E: even places are North-South). Everything a strain changes (points,
strength, trumps, what beats what) comes in as tables built by ``solver._strain_tables``.

The value searched is North-South's points from the current position to the end of the deal:
the cards of the tricks they win, the dix de der (10), or 100 instead when one side wins every
trick. East-West's capot counts as -1 for North-South, so that the value orders outcomes exactly
as the difference between the sides does (a capot conceded is worse than zero points); the
solver maps it back to 0. Both sides play to maximise their own side's points minus the
other's, which is what the score of a deal rewards.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

# `_enter` and `search` are longer than the house's 80 lines on purpose, and the census test
# (tests/site/test_census.py) spares this module: numba compiles each into one machine-code
# function working on the explicit search stack (`stack`, one row per ply) in place of
# recursion. Cut into smaller functions, the state of a node would be passed through calls at
# every node of the site's hottest loop; a change here wants its own measure (benchmarks/
# double_dummy.py) and its comparison with colver (tests/scoring/analysis), not a tidy-up.

# The arrays the kernel reads and writes (numba compiles for these dtypes; the annotations are
# for the type checker, numba ignores them).
Int64s = npt.NDArray[np.int64]
Int16s = npt.NDArray[np.int16]
Int8s = npt.NDArray[np.int8]
Bools = npt.NDArray[np.bool_]

# Capot state between tricks: North-South or East-West has won every trick so far, tricks are
# shared, or none has been played yet.
FLAG_NS = 0
FLAG_EW = 1
FLAG_SHARED = 2
FLAG_START = 3
EW_CAPOT_VALUE = -1
# What ``search`` answers when it has searched ``limit`` positions before its end: no bound.
ABORTED = -30000
NO_LIMIT = 1 << 62

# The play-rule variants, bits of the kernel's ``variants`` argument.
MUST_UNDERTRUMP = 1
ALWAYS_OVERTAKE_PARTNER = 2

TT_BITS = 20
TT_SIZE = 1 << TT_BITS
TT_MASK = TT_SIZE - 1
TT_PROBES = 4

_DE_BRUIJN = np.array(
    [
        0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
        31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9,
    ],
    dtype=np.int64,
)  # fmt: skip


def new_table() -> tuple[Int64s, Int16s, Int16s, Int8s]:
    """An empty transposition table: keys, lower and upper bounds, best lead."""
    return (
        np.full(TT_SIZE, -1, dtype=np.int64),
        np.zeros(TT_SIZE, dtype=np.int16),
        np.zeros(TT_SIZE, dtype=np.int16),
        np.zeros(TT_SIZE, dtype=np.int8),
    )


@njit(cache=True, nogil=True)
def _low_card(mask: int) -> int:
    low = mask & -mask
    return _DE_BRUIJN[((low * 0x077CB531) & 0xFFFFFFFF) >> 27]


@njit(cache=True, nogil=True)
def _legal(
    hand: int,
    n: int,
    led: int,
    win_card: int,
    win_pos: int,
    trump: Bools,
    higher: Int64s,
    trump_suit: int,
    variants: int,
) -> int:
    """The mask of the cards this hand may play (``play.legal_cards`` on masks)."""
    if n == 0:
        return hand
    suit_mask = 0xFF << (8 * led)
    following = hand & suit_mask
    if following:
        if trump[led * 8]:
            over = following & higher[win_card]
            if over:
                return over
        return following
    if trump_suit < 0:
        return hand
    trump_mask = 0xFF << (8 * trump_suit)
    trumps = hand & trump_mask
    if not trumps:
        return hand
    if n >= 2 and win_pos == n - 2:
        # The partner wins: discard or trump at will; under « always overtake », a trump on
        # the partner's trump must beat it when the hand holds a higher one.
        if (variants & ALWAYS_OVERTAKE_PARTNER) and trump[win_card]:
            over = trumps & higher[win_card]
            if over:
                return (hand & ~trump_mask) | over
        return hand
    if not trump[win_card]:
        return trumps
    over = trumps & higher[win_card]
    if over:
        return over
    if variants & MUST_UNDERTRUMP:
        return trumps
    return hand


@njit(cache=True, nogil=True)
def _beats(card: int, best: int, led: int, trump: Bools, strength: Int64s) -> bool:
    if trump[best]:
        return trump[card] and (card >> 3) == (best >> 3) and strength[card] > strength[best]
    if trump[card]:
        return True
    return (card >> 3) == led and strength[card] > strength[best]


# Columns of the search stack, one row per card played from the root (ply).
_LEADER, _N, _LED, _WIN_CARD, _WIN_POS, _TRICK_POINTS, _TRICK_MASK, _FLAG = range(8)
_ALPHA, _BETA, _BEST, _KEY, _SLOT, _WINDOW_LOW, _WINDOW_HIGH, _COUNT = range(8, 16)
_INDEX, _PLAYER, _GAIN, _CARD, _HAND, _BEST_MOVE, _TT_MOVE, _LEFT = range(16, 24)
_MOVES = 24
_SCORES = 32
_TOPS = 40
STACK_COLUMNS = 44
STACK_ROWS = 34
COUNTER_ROW = 33


@njit(cache=True, nogil=True)
def _enter(
    d: int,
    hands: Int64s,
    stack: Int64s,
    points: Int64s,
    strength: Int64s,
    trump: Bools,
    higher: Int64s,
    order: Int64s,
    trump_suit: int,
    variants: int,
    tt_keys: Int64s,
    tt_low: Int16s,
    tt_high: Int16s,
    tt_move: Int8s,
) -> tuple[bool, int]:
    """Set up the node at row ``d`` (its position filled in by the parent).

    Returns (True, value) when the node is decided at once (end of the deal, or a bound from
    the transposition table outside the window), else (False, 0) with its moves ordered.
    """
    leader = stack[d, _LEADER]
    n = stack[d, _N]
    flag = stack[d, _FLAG]
    alpha = stack[d, _ALPHA]
    beta = stack[d, _BETA]
    stack[COUNTER_ROW, 0] += 1
    remaining = hands[0] | hands[1] | hands[2] | hands[3]
    stack[d, _TT_MOVE] = -1
    if n == 0:
        if remaining == 0:
            return True, 0
        last = hands[leader]
        if (last & (last - 1)) == 0:
            return True, _last_trick(hands, leader, flag, points, strength, trump)
        # Bounds at the lead: the points still in the hands, the last trick's 10 or a capot's
        # 100, and the master trumps, which win whatever trick they fall in: the side holding
        # the highest ones takes their points, and so at least one trick.
        left = stack[d, _LEFT]
        low = EW_CAPOT_VALUE if flag == FLAG_START or flag == FLAG_EW else 0  # noqa: SIM109
        high = left + (100 if flag == FLAG_START or flag == FLAG_NS else 10)  # noqa: SIM109
        if trump_suit >= 0:
            north_south = hands[0] | hands[2]
            sure = 0
            side = -1
            for rank in range(8):
                card = order[trump_suit, rank]
                bit = 1 << card
                if not (remaining & bit):
                    continue
                holder = 0 if north_south & bit else 1
                if side < 0:
                    side = holder
                elif holder != side:
                    break
                sure += points[card]
            if side == 0:
                low = sure
            elif side == 1:
                high = left + 10 - sure
        # The leader's own master cards, from the top of each suit (of the trump suit only when
        # there are trumps: a plain master may be ruffed, by the partner too): leading them one
        # after the other he keeps the lead. When they are his whole hand, he takes every trick
        # left; without trumps, his side takes at least their points and one trick, or at
        # least the points of the partner's master cards when the leader can reach him.
        hand = hands[leader]
        runs = 0
        covered = 0
        for suit in range(4):
            if trump_suit >= 0 and suit != trump_suit:
                continue
            for rank in range(8):
                card = order[suit, rank]
                bit = 1 << card
                if not (remaining & bit):
                    continue
                if not (hand & bit):
                    break
                runs += points[card]
                covered |= bit
        if covered == hand:
            if (leader & 1) == 0:
                return True, left + (100 if flag == FLAG_START or flag == FLAG_NS else 10)  # noqa: SIM109
            return True, EW_CAPOT_VALUE if flag == FLAG_START or flag == FLAG_EW else 0  # noqa: SIM109
        if trump_suit < 0:
            # Or the leader leads a small card of a suit his partner is master of, and the
            # partner, on lead, takes his own master cards one after the other.
            partner = hands[(leader + 2) & 3]
            partner_runs = 0
            entry = False
            for suit in range(4):
                suit_mask = 0xFF << (8 * suit)
                run = 0
                for rank in range(8):
                    card = order[suit, rank]
                    bit = 1 << card
                    if not (remaining & bit):
                        continue
                    if not (partner & bit):
                        break
                    run |= bit
                    partner_runs += points[card]
                if run and (hand & suit_mask):
                    entry = True
            wins_a_trick = covered != 0
            if entry:
                wins_a_trick = True
                if partner_runs > runs:
                    runs = partner_runs
            if wins_a_trick:
                if (leader & 1) == 0:
                    if runs > low:
                        low = runs
                    if low < 0:
                        low = 0
                elif left + 10 - runs < high:
                    high = left + 10 - runs
        if low >= beta:
            return True, low
        if high <= alpha:
            return True, high
        key = remaining | (leader << 32) | (flag << 34)
        slot = ((key * 0x9E3779B1) ^ (key >> 15)) & TT_MASK
        stack[d, _KEY] = key
        stack[d, _SLOT] = slot
        for probe in range(TT_PROBES):
            at = (slot + probe) & TT_MASK
            if tt_keys[at] == key:
                low = tt_low[at]
                high = tt_high[at]
                if low >= beta:
                    return True, low
                if high <= alpha:
                    return True, high
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
                if alpha >= beta:
                    # Known exactly.
                    return True, low
                stack[d, _TT_MOVE] = tt_move[at]
                break
    stack[d, _ALPHA] = alpha
    stack[d, _BETA] = beta
    stack[d, _WINDOW_LOW] = alpha
    stack[d, _WINDOW_HIGH] = beta
    led = stack[d, _LED]
    win_card = stack[d, _WIN_CARD]
    win_pos = stack[d, _WIN_POS]
    player = (leader + n) & 3
    stack[d, _PLAYER] = player
    hand = hands[player]
    stack[d, _HAND] = hand
    legal = _legal(hand, n, led, win_card, win_pos, trump, higher, trump_suit, variants)
    outstanding = remaining | stack[d, _TRICK_MASK]
    # One card of each run of equivalent cards (same holder, same points, no outstanding card
    # between them), the weakest of the run.
    count = 0
    for suit in range(4):
        suit_legal = legal & (0xFF << (8 * suit))
        if not suit_legal:
            continue
        previous = -1
        stack[d, _TOPS + suit] = -1
        for rank in range(8):
            card = order[suit, rank]
            bit = 1 << card
            if not (outstanding & bit):
                continue
            if stack[d, _TOPS + suit] < 0:
                stack[d, _TOPS + suit] = card
            if suit_legal & bit:
                if previous >= 0 and points[previous] == points[card]:
                    stack[d, _MOVES + count - 1] = card
                else:
                    stack[d, _MOVES + count] = card
                    count += 1
                previous = card
            else:
                previous = -1
    partner_wins = n >= 2 and win_pos == n - 2
    for index in range(count):
        card = stack[d, _MOVES + index]
        if n == 0:
            # Lead the master card of a suit first, small cards next.
            top = stack[d, _TOPS + (card >> 3)]
            # A master card first, then a small card to the partner's master, then small cards.
            if top == card:
                score = 1000 + points[card]
            elif hands[(player + 2) & 3] & (1 << top):
                score = 600 - points[card] * 4 - strength[card]
            else:
                score = -points[card] * 4 - strength[card]
        else:
            wins = _beats(card, win_card, led, trump, strength)
            if partner_wins and not wins:
                score = 500 + points[card]
            elif wins:
                # Last to play, win with the most points; else win high.
                score = 800 + points[card] if n == 3 else 300 + strength[card] * 4 + points[card]
            else:
                score = -points[card] * 8 - strength[card]
        if card == stack[d, _TT_MOVE]:
            score = 100000
        stack[d, _SCORES + index] = score
    for index in range(1, count):
        card = stack[d, _MOVES + index]
        score = stack[d, _SCORES + index]
        j = index - 1
        while j >= 0 and stack[d, _SCORES + j] < score:
            stack[d, _MOVES + j + 1] = stack[d, _MOVES + j]
            stack[d, _SCORES + j + 1] = stack[d, _SCORES + j]
            j -= 1
        stack[d, _MOVES + j + 1] = card
        stack[d, _SCORES + j + 1] = score
    stack[d, _COUNT] = count
    stack[d, _INDEX] = 0
    stack[d, _BEST_MOVE] = -1
    stack[d, _BEST] = -10000 if (player & 1) == 0 else 10000
    return False, 0


@njit(cache=True, nogil=True)
def _trick_value(side: int, trick_points: int, flag: int, last: bool) -> tuple[int, int]:
    """What a trick won by ``side`` (0 North-South) brings North-South, and the new flag."""
    still_alone = flag == FLAG_START or flag == side  # noqa: SIM109 (numba)
    new_flag = side if still_alone else FLAG_SHARED
    gain = trick_points if side == 0 else 0
    if last:
        # The dix de der, or the capot.
        if new_flag == FLAG_NS:
            gain += 100
        elif new_flag == FLAG_EW:
            gain = EW_CAPOT_VALUE
        elif side == 0:
            gain += 10
    return gain, new_flag


@njit(cache=True, nogil=True)
def _last_trick(
    hands: Int64s, leader: int, flag: int, points: Int64s, strength: Int64s, trump: Bools
) -> int:
    """The value of the last trick, each seat holding one card: no choice left."""
    first = _low_card(hands[leader])
    led = first >> 3
    win_card = first
    win_pos = 0
    trick_points = points[first]
    for index in range(1, 4):
        card = _low_card(hands[(leader + index) & 3])
        trick_points += points[card]
        if _beats(card, win_card, led, trump, strength):
            win_card = card
            win_pos = index
    gain, _ = _trick_value((leader + win_pos) & 1, trick_points, flag, True)
    return gain


@njit(cache=True, nogil=True)
def _update(d: int, value: int, stack: Int64s) -> None:
    if (stack[d, _PLAYER] & 1) == 0:
        if value > stack[d, _BEST]:
            stack[d, _BEST] = value
            stack[d, _BEST_MOVE] = stack[d, _CARD]
            if value > stack[d, _ALPHA]:
                stack[d, _ALPHA] = value
    else:
        if value < stack[d, _BEST]:
            stack[d, _BEST] = value
            stack[d, _BEST_MOVE] = stack[d, _CARD]
            if value < stack[d, _BETA]:
                stack[d, _BETA] = value


@njit(cache=True, nogil=True)
def _store(
    d: int, stack: Int64s, tt_keys: Int64s, tt_low: Int16s, tt_high: Int16s, tt_move: Int8s
) -> None:
    """Keep the node's result: an upper bound below the window, a lower bound above it."""
    key = stack[d, _KEY]
    slot = stack[d, _SLOT]
    best = stack[d, _BEST]
    target = slot
    for probe in range(TT_PROBES):
        at = (slot + probe) & TT_MASK
        if tt_keys[at] == key or tt_keys[at] == -1:
            target = at
            break
    if tt_keys[target] != key:
        tt_keys[target] = key
        tt_low[target] = -10000
        tt_high[target] = 10000
    if best <= stack[d, _WINDOW_LOW]:
        if best < tt_high[target]:
            tt_high[target] = best
    elif best >= stack[d, _WINDOW_HIGH]:
        if best > tt_low[target]:
            tt_low[target] = best
    else:
        tt_low[target] = best
        tt_high[target] = best
    tt_move[target] = stack[d, _BEST_MOVE]


@njit(cache=True, nogil=True)
def search(
    hands: Int64s,
    leader: int,
    n: int,
    led: int,
    win_card: int,
    win_pos: int,
    trick_points: int,
    trick_mask: int,
    flag: int,
    alpha: int,
    beta: int,
    points: Int64s,
    strength: Int64s,
    trump: Bools,
    higher: Int64s,
    order: Int64s,
    trump_suit: int,
    variants: int,
    tt_keys: Int64s,
    tt_low: Int16s,
    tt_high: Int16s,
    tt_move: Int8s,
    stack: Int64s,
    limit: int,
) -> int:
    """North-South's best value from the position, fail-soft within ``alpha``–``beta``;
    ``ABORTED`` once the count of positions (``stack[COUNTER_ROW, 0]``) reaches ``limit``
    (``NO_LIMIT``: never), leaving ``hands`` as it was then: the bounds the table kept stay
    true, but that ``hands`` must not be searched again.

    ``n`` cards of the current trick are on the table (``trick_mask``), led in suit ``led``
    by the seat at place ``leader``; ``win_card`` played at index ``win_pos`` wins it so far.
    ``hands`` is changed during the search and restored. Iterative (numba cannot cache a
    recursive function), one ``stack`` row per card played.
    """
    stack[0, _LEADER] = leader
    stack[0, _N] = n
    stack[0, _LED] = led
    stack[0, _WIN_CARD] = win_card
    stack[0, _WIN_POS] = win_pos
    stack[0, _TRICK_POINTS] = trick_points
    stack[0, _TRICK_MASK] = trick_mask
    stack[0, _FLAG] = flag
    stack[0, _ALPHA] = alpha
    stack[0, _BETA] = beta
    left = 0
    remaining = hands[0] | hands[1] | hands[2] | hands[3]
    while remaining:
        left += points[_low_card(remaining)]
        remaining &= remaining - 1
    stack[0, _LEFT] = left
    done, value = _enter(0, hands, stack, points, strength, trump, higher, order, trump_suit,
                         variants, tt_keys, tt_low, tt_high, tt_move)  # fmt: skip
    if done:
        return value
    d = 0
    while True:
        if stack[COUNTER_ROW, 0] >= limit:
            return ABORTED
        index = stack[d, _INDEX]
        if index < stack[d, _COUNT] and stack[d, _ALPHA] < stack[d, _BETA]:
            card = stack[d, _MOVES + index]
            stack[d, _INDEX] = index + 1
            stack[d, _CARD] = card
            bit = 1 << card
            player = stack[d, _PLAYER]
            hands[player] = stack[d, _HAND] ^ bit
            n = stack[d, _N]
            c = d + 1
            gain = 0
            leaf = False
            stack[c, _LEFT] = stack[d, _LEFT] - points[card]
            if n == 0:
                stack[c, _LEADER] = stack[d, _LEADER]
                stack[c, _N] = 1
                stack[c, _LED] = card >> 3
                stack[c, _WIN_CARD] = card
                stack[c, _WIN_POS] = 0
                stack[c, _TRICK_POINTS] = points[card]
                stack[c, _TRICK_MASK] = bit
                stack[c, _FLAG] = stack[d, _FLAG]
            else:
                led = stack[d, _LED]
                new_win_card = stack[d, _WIN_CARD]
                new_win_pos = stack[d, _WIN_POS]
                if _beats(card, new_win_card, led, trump, strength):
                    new_win_card = card
                    new_win_pos = n
                gained_points = stack[d, _TRICK_POINTS] + points[card]
                if n < 3:
                    stack[c, _LEADER] = stack[d, _LEADER]
                    stack[c, _N] = n + 1
                    stack[c, _LED] = led
                    stack[c, _WIN_CARD] = new_win_card
                    stack[c, _WIN_POS] = new_win_pos
                    stack[c, _TRICK_POINTS] = gained_points
                    stack[c, _TRICK_MASK] = stack[d, _TRICK_MASK] | bit
                    stack[c, _FLAG] = stack[d, _FLAG]
                else:
                    winner = (stack[d, _LEADER] + new_win_pos) & 3
                    leaf = (hands[0] | hands[1] | hands[2] | hands[3]) == 0
                    gain, new_flag = _trick_value(winner & 1, gained_points, stack[d, _FLAG], leaf)
                    if not leaf:
                        stack[c, _LEADER] = winner
                        stack[c, _N] = 0
                        stack[c, _LED] = 0
                        stack[c, _WIN_CARD] = 0
                        stack[c, _WIN_POS] = 0
                        stack[c, _TRICK_POINTS] = 0
                        stack[c, _TRICK_MASK] = 0
                        stack[c, _FLAG] = new_flag
            stack[d, _GAIN] = gain
            if leaf:
                value = gain
            else:
                stack[c, _ALPHA] = stack[d, _ALPHA] - gain
                stack[c, _BETA] = stack[d, _BETA] - gain
                done, child = _enter(
                    c, hands, stack, points, strength, trump, higher, order, trump_suit,
                    variants, tt_keys, tt_low, tt_high, tt_move,
                )  # fmt: skip
                if not done:
                    d = c
                    continue
                value = gain + child
            hands[player] = stack[d, _HAND]
            _update(d, value, stack)
        else:
            best = stack[d, _BEST]
            if stack[d, _N] == 0:
                _store(d, stack, tt_keys, tt_low, tt_high, tt_move)
            if d == 0:
                return best
            d -= 1
            hands[stack[d, _PLAYER]] = stack[d, _HAND]
            _update(d, stack[d, _GAIN] + best, stack)
