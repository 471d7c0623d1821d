"""Deal generation from a secret seed, its public commitment, and verification once revealed.

A 256-bit seed from the operating system keys HMAC-SHA256 in counter mode; each board reads its
own byte stream and shuffles the deck with an unbiased Fisher–Yates shuffle (rejection sampling).
Publishing ``seed_commitment(seed)`` before play and the seed after lets anyone regenerate every
board. The algorithm is fixed by ``GENERATOR_VERSION``; see docs/deals.md.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.deals.board import HAND_SIZE, Board, Deal, dealer_for_board
from scoring.deals.problems import Problem, ProblemError, seat_name
from scoring.engine.cards import DECK, SEATS_PBN_ORDER, Card, Hand, Seat
from scoring.translation import gettext_noop

# Changing anything below that changes the boards a seed gives requires a new version string:
# tournaments store the version with the commitment and are verified against it.
GENERATOR_VERSION = "coinche-hmac-sha256-v1"
SEED_BYTES = 32


class SeedError(ProblemError):
    """A seed that cannot be used: not hexadecimal, or shorter than 256 bits."""


def new_seed() -> bytes:
    """A fresh secret seed: 32 bytes (256 bits) from the operating system's CSPRNG."""
    return secrets.token_bytes(SEED_BYTES)


def seed_to_hex(seed: bytes) -> str:
    """The seed as it is shown and typed: lowercase hexadecimal, 64 digits for 32 bytes."""
    return seed.hex()


def seed_from_hex(text: str) -> bytes:
    """Read a seed shown as hexadecimal; spaces, line breaks, ``:`` and ``-`` are ignored.

    Raises ``SeedError`` when the text is not hexadecimal or the seed is shorter than 256 bits.
    """
    digits = "".join(char for char in text if not char.isspace() and char not in ":-")
    bad = sorted({char for char in digits if char not in string.hexdigits})
    if bad:
        raise SeedError(
            [
                Problem(
                    "seed_not_hex",
                    gettext_noop(
                        "The seed is written in hexadecimal (0-9 and a-f); it contains %(chars)s."
                    ),
                    {"chars": " ".join(repr(char) for char in bad)},
                )
            ]
        )
    if len(digits) % 2:
        raise SeedError(
            [
                Problem(
                    "seed_odd_length",
                    gettext_noop(
                        "The seed has %(count)s hexadecimal digits; a seed has an even number "
                        "of them (two per byte)."
                    ),
                    {"count": len(digits)},
                )
            ]
        )
    seed = bytes.fromhex(digits)
    check_seed(seed)
    return seed


def check_seed(seed: bytes) -> None:
    """Raise ``SeedError`` unless ``seed`` holds at least 256 bits."""
    if not isinstance(seed, bytes | bytearray):
        raise TypeError(f"a seed is bytes, not {type(seed).__name__}")
    if len(seed) < SEED_BYTES:
        raise SeedError(
            [
                Problem(
                    "seed_too_short",
                    gettext_noop(
                        "The seed holds %(bits)s bits; at least 256 bits (64 hexadecimal "
                        "digits) are required."
                    ),
                    {"bits": 8 * len(seed)},
                )
            ]
        )


def seed_commitment(seed: bytes) -> str:
    """The public commitment to a seed: the SHA-256 of its bytes, as lowercase hexadecimal."""
    check_seed(seed)
    return hashlib.sha256(seed).hexdigest()


def seed_matches_commitment(seed: bytes, commitment: str) -> bool:
    """Whether the revealed ``seed`` is the one committed to (case-insensitive hex)."""
    published = commitment.strip().lower().encode("utf-8")
    return hmac.compare_digest(seed_commitment(seed).encode("ascii"), published)


class DealStream:
    """The cryptographic bytes of one board: HMAC-SHA256 in counter mode, keyed by the seed.

    Block ``i`` is ``HMAC-SHA256(seed, "<GENERATOR_VERSION>:board:<number>:block:<i>")``: the
    version and the board number separate the streams, so no two boards share bytes and a
    later version cannot reproduce an earlier one's deals by accident.
    """

    def __init__(self, seed: bytes, board_number: int) -> None:
        check_seed(seed)
        self._key = bytes(seed)
        self._board_number = board_number
        self._block = 0
        self._buffer = b""
        self._position = 0

    def next_byte(self) -> int:
        if self._position == len(self._buffer):
            message = f"{GENERATOR_VERSION}:board:{self._board_number}:block:{self._block}"
            self._buffer = hmac.new(self._key, message.encode("ascii"), hashlib.sha256).digest()
            self._block += 1
            self._position = 0
        byte = self._buffer[self._position]
        self._position += 1
        return byte

    def below(self, bound: int) -> int:
        """A uniform integer in ``0 .. bound-1`` (``bound`` at most 256), without modulo bias.

        Bytes at or above the largest multiple of ``bound`` are thrown away and another is read:
        every kept byte maps onto the same number of values.
        """
        if not 1 <= bound <= 256:
            raise ValueError(f"bound must be within 1..256, not {bound}")
        limit = 256 - 256 % bound
        while True:
            byte = self.next_byte()
            if byte < limit:
                return byte % bound


def shuffle(cards: Sequence[Card], stream: DealStream) -> list[Card]:
    """Fisher–Yates: from the last position down, swap with a uniform position at or before it."""
    deck = list(cards)
    for position in range(len(deck) - 1, 0, -1):
        other = stream.below(position + 1)
        deck[position], deck[other] = deck[other], deck[position]
    return deck


def deal_hands(deck: Sequence[Card]) -> Deal:
    """Split a shuffled deck in PBN seat order: cards 1-8 to N, 9-16 to E, 17-24 S, 25-32 W."""
    return Deal(
        {
            seat: Hand(deck[index * HAND_SIZE : (index + 1) * HAND_SIZE])
            for index, seat in enumerate(SEATS_PBN_ORDER)
        }
    )


def generate_board(seed: bytes, number: int) -> Board:
    """Board ``number`` of the seed: the same seed and number always give the same board.

    The deck starts in ``DECK`` order (♠ ♥ ♦ ♣, A K Q J 10 9 8 7 within each suit); the dealer
    follows the rotation of ``dealer_for_board``.
    """
    dealer = dealer_for_board(number)
    return Board(number, dealer, deal_hands(shuffle(DECK, DealStream(seed, number))))


def generate_boards(seed: bytes, count: int, first: int = 1) -> list[Board]:
    """Boards ``first .. first+count-1`` of the seed; each board is independent of the others."""
    if count < 0:
        raise ValueError(f"cannot generate {count} boards")
    return [generate_board(seed, number) for number in range(first, first + count)]


@dataclass(frozen=True, slots=True)
class BoardCheck:
    """How one played board compares with the board the seed gives for its number."""

    number: int
    hands_match: bool
    dealer_matches: bool
    differing_seats: tuple[Seat, ...]

    @property
    def matches(self) -> bool:
        return self.hands_match and self.dealer_matches


@dataclass(frozen=True, slots=True)
class DealVerification:
    """The outcome of regenerating a tournament's boards from its revealed seed.

    ``commitment_matches`` is None when no commitment was given to check against.
    """

    generator_version: str
    commitment_matches: bool | None
    boards: tuple[BoardCheck, ...]

    @property
    def mismatched_boards(self) -> tuple[int, ...]:
        """Numbers of the boards that differ from what the seed gives."""
        return tuple(check.number for check in self.boards if not check.matches)

    @property
    def ok(self) -> bool:
        """The seed is the committed one (when checked) and every board matches it."""
        return self.commitment_matches is not False and not self.mismatched_boards

    def problems(self) -> list[Problem]:
        """What went wrong, as messages for the verification page or command."""
        found: list[Problem] = []
        if self.commitment_matches is False:
            found.append(
                Problem(
                    "commitment_mismatch",
                    gettext_noop(
                        "The SHA-256 of this seed is not the commitment published before play."
                    ),
                )
            )
        for check in self.boards:
            if not check.hands_match:
                found.append(
                    Problem(
                        "hands_mismatch",
                        gettext_noop("The hands played differ from the seed's for %(seats)s."),
                        {"seats": tuple(seat_name(seat) for seat in check.differing_seats)},
                        board=check.number,
                    )
                )
            if not check.dealer_matches:
                found.append(
                    Problem(
                        "dealer_mismatch",
                        gettext_noop("The dealer differs from the rotation the seed's boards use."),
                        board=check.number,
                    )
                )
        return found


def verify_boards(
    seed: bytes,
    boards: Iterable[Board],
    commitment: str | None = None,
    version: str = GENERATOR_VERSION,
) -> DealVerification:
    """Regenerate each board from the revealed ``seed`` and compare it with the one played.

    ``version`` is the generator version stored with the tournament; a version this code does
    not implement raises ValueError rather than reporting false mismatches.
    """
    if version != GENERATOR_VERSION:
        raise ValueError(
            f"deals made by generator {version!r} cannot be verified by {GENERATOR_VERSION!r}"
        )
    check_seed(seed)
    checks = []
    for played in sorted(boards, key=lambda board: board.number):
        expected = generate_board(seed, played.number)
        differing = tuple(
            seat for seat in SEATS_PBN_ORDER if played.hand(seat) != expected.hand(seat)
        )
        checks.append(
            BoardCheck(
                number=played.number,
                hands_match=not differing,
                dealer_matches=played.dealer is expected.dealer,
                differing_seats=differing,
            )
        )
    return DealVerification(
        generator_version=version,
        commitment_matches=None
        if commitment is None
        else seed_matches_commitment(seed, commitment),
        boards=tuple(checks),
    )
