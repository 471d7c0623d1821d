"""Deal generation: seeds, the commitment, the HMAC-SHA256 stream, the unbiased shuffle, and
verification of the boards played against the revealed seed."""

import ast
import hashlib
import hmac
import re
from collections import Counter
from pathlib import Path

import pytest

import scoring.deals.generator as generator_module
from scoring.deals.board import Board, dealer_for_board
from scoring.deals.generator import (
    GENERATOR_VERSION,
    DealStream,
    SeedError,
    deal_hands,
    generate_board,
    generate_boards,
    new_seed,
    seed_commitment,
    seed_from_hex,
    seed_matches_commitment,
    seed_to_hex,
    shuffle,
    verify_boards,
)
from scoring.deals.pbn import export_pbn, import_pbn
from scoring.engine.cards import DECK, Card, Hand
from tests.support.hands import E, N, S, W

SEED = bytes.fromhex("00112233445566778899aabbccddeeff" * 2)
OTHER_SEED = bytes.fromhex("ffeeddccbbaa99887766554433221100" * 2)
DOCS = Path(__file__).resolve().parents[3] / "docs" / "deals.md"


class _Bytes(DealStream):
    """A stream that serves chosen bytes, to watch the rejection sampling at work."""

    def __init__(self, values: list[int]) -> None:
        self._values = iter(values)
        self.read = 0

    def next_byte(self) -> int:
        self.read += 1
        return next(self._values)


# ----------------------------------------------------------------------------------------------
# Seeds and the commitment


def test_a_new_seed_has_256_bits_and_is_never_the_same():
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert all(len(seed) == 32 for seed in seeds)


def test_the_commitment_is_the_sha256_of_the_seed_bytes():
    assert seed_commitment(SEED) == hashlib.sha256(SEED).hexdigest()
    assert len(seed_commitment(SEED)) == 64


def test_a_revealed_seed_matches_its_commitment_only():
    commitment = seed_commitment(SEED)
    assert seed_matches_commitment(SEED, commitment)
    assert seed_matches_commitment(SEED, commitment.upper() + "\n")
    assert not seed_matches_commitment(OTHER_SEED, commitment)
    assert not seed_matches_commitment(SEED, "not a commitment é")


def test_a_seed_reads_back_from_its_hex_form():
    assert seed_from_hex(seed_to_hex(SEED)) == SEED
    spaced = " ".join(re.findall("....", seed_to_hex(SEED).upper()))
    assert seed_from_hex(spaced) == SEED
    assert seed_from_hex("00:11:22:33" + seed_to_hex(SEED)[8:]) == SEED


def test_a_longer_seed_is_accepted():
    assert len(seed_from_hex("ab" * 64)) == 64


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("zz" * 32, "seed_not_hex"),
        ("ab" * 31 + "a", "seed_odd_length"),
        ("ab" * 31, "seed_too_short"),
        ("", "seed_too_short"),
    ],
)
def test_a_bad_seed_is_refused_with_a_reason(text, code):
    with pytest.raises(SeedError) as raised:
        seed_from_hex(text)
    assert raised.value.codes == [code]


def test_a_short_seed_reports_its_size():
    with pytest.raises(SeedError) as raised:
        seed_from_hex("ab" * 16)
    assert "holds 128 bits; at least 256 bits" in str(raised.value)


def test_generation_refuses_a_short_seed():
    with pytest.raises(SeedError):
        generate_board(b"short", 1)


def test_the_generator_never_uses_python_random():
    tree = ast.parse(Path(generator_module.__file__).read_text(encoding="utf-8"))
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        (node.module or "").split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    }
    assert "random" not in imported
    assert {"hmac", "hashlib", "secrets"} <= imported


# ----------------------------------------------------------------------------------------------
# The byte stream and the shuffle


def test_draws_below_a_bound_are_exactly_uniform_over_accepted_bytes():
    for bound in range(1, 33):
        outcomes = Counter()
        for value in range(256):
            stream = _Bytes([value, 0])
            result = stream.below(bound)
            if stream.read == 1:
                outcomes[result] += 1
        assert sorted(outcomes) == list(range(bound))
        assert len(set(outcomes.values())) == 1, bound


def test_a_byte_above_the_last_whole_multiple_is_thrown_away():
    # 256 = 85 * 3 + 1: byte 255 would make 0 more likely than 1 and 2.
    stream = _Bytes([255, 7])
    assert stream.below(3) == 1
    assert stream.read == 2


def test_the_shuffle_is_a_permutation_of_the_deck():
    deck = shuffle(DECK, DealStream(SEED, 1))
    assert sorted(deck, key=DECK.index) == list(DECK)
    assert deck != list(DECK)


def test_the_streams_of_two_boards_differ():
    first, second = DealStream(SEED, 1), DealStream(SEED, 2)
    assert [first.next_byte() for _ in range(64)] != [second.next_byte() for _ in range(64)]


# ----------------------------------------------------------------------------------------------
# Determinism


def test_the_same_seed_gives_the_same_boards():
    assert generate_boards(SEED, 16) == generate_boards(SEED, 16)


def test_another_seed_gives_other_boards():
    mine, other = generate_boards(SEED, 16), generate_boards(OTHER_SEED, 16)
    assert all(a.hands != b.hands for a, b in zip(mine, other, strict=True))


def test_every_board_of_a_tournament_is_a_different_deal():
    boards = generate_boards(SEED, 64)
    assert len({board.hands for board in boards}) == 64


def test_a_board_depends_only_on_the_seed_and_its_number():
    assert generate_boards(SEED, 4, first=9) == [generate_board(SEED, n) for n in range(9, 13)]


def test_generated_boards_follow_the_dealer_rotation():
    boards = generate_boards(SEED, 8)
    assert [board.number for board in boards] == list(range(1, 9))
    assert [board.dealer for board in boards] == [dealer_for_board(n) for n in range(1, 9)]


def test_no_boards_for_a_negative_count():
    with pytest.raises(ValueError):
        generate_boards(SEED, -1)


def _independent_board(seed: bytes, number: int) -> dict:
    """The algorithm of docs/deals.md written again from its description, sharing no code."""
    blocks = []
    counter = 0

    def byte_at(index: int) -> int:
        nonlocal counter
        while len(blocks) * 32 <= index:
            label = b"coinche-hmac-sha256-v1:board:%d:block:%d" % (number, counter)
            blocks.append(hmac.digest(seed, label, "sha256"))
            counter += 1
        return blocks[index // 32][index % 32]

    read = 0
    order = [f"{rank}{suit}" for suit in "SHDC" for rank in "AKQJT987"]
    for top in range(31, 0, -1):
        size = top + 1
        while True:
            value = byte_at(read)
            read += 1
            if value < 256 // size * size:
                break
        pick = value % size
        order[top], order[pick] = order[pick], order[top]
    return {seat: order[8 * i : 8 * i + 8] for i, seat in enumerate((N, E, S, W))}


@pytest.mark.parametrize("number", [1, 2, 7, 32, 1000])
def test_boards_match_an_independent_implementation(number):
    board = generate_board(SEED, number)
    expected = _independent_board(SEED, number)
    for seat in (N, E, S, W):
        assert sorted(str(card) for card in board.hand(seat)) == sorted(expected[seat])


def test_the_stream_is_hmac_sha256_of_the_version_the_board_and_the_block():
    label = f"{GENERATOR_VERSION}:board:1:block:0".encode()
    assert DealStream(SEED, 1).next_byte() == hmac.digest(SEED, label, "sha256")[0]


def _docs_snippet() -> str:
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.DOTALL)
    (snippet,) = [block for block in blocks if "def regenerate_board" in block]
    return snippet


def test_the_documented_standalone_snippet_regenerates_the_boards():
    namespace: dict = {"__name__": "deals_docs_snippet"}
    exec(compile(_docs_snippet(), str(DOCS), "exec"), namespace)  # noqa: S102
    for board in generate_boards(SEED, 8):
        dealer, deal = namespace["regenerate_board"](seed_to_hex(SEED), board.number)
        assert (dealer, deal) == (board.dealer.value, board.pbn_deal())


def test_the_documented_snippet_imports_only_the_standard_library():
    tree = ast.parse(_docs_snippet())
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert imported == {"hashlib", "hmac", "sys"}


# ----------------------------------------------------------------------------------------------
# Commitment and verification, end to end


def _swap(board: Board, first: Card, second: Card) -> Board:
    """The board with two cards exchanged between their holders, as a fouled board would be."""
    hands = {seat: set(board.hand(seat)) for seat in (N, E, S, W)}
    a, b = board.seat_of(first), board.seat_of(second)
    hands[a].remove(first)
    hands[b].remove(second)
    hands[a].add(second)
    hands[b].add(first)
    return Board(board.number, board.dealer, {seat: Hand(cards) for seat, cards in hands.items()})


def test_commitment_then_reveal_then_verification():
    # Before play: the organizer generates the deals; the page shows the commitment.
    seed = new_seed()
    commitment = seed_commitment(seed)
    played = generate_boards(seed, 24)
    # The boards travel through a PBN file (dealing machine) and come back unchanged.
    stored = import_pbn(export_pbn(played, "Club", "Salle des fêtes"))
    # After release: the seed is shown as hex, anyone types it back and checks.
    revealed = seed_from_hex(seed_to_hex(seed).upper())
    verification = verify_boards(revealed, stored, commitment=commitment)
    assert verification.ok
    assert verification.commitment_matches is True
    assert verification.mismatched_boards == ()
    assert verification.generator_version == GENERATOR_VERSION
    assert len(verification.boards) == 24
    assert verification.problems() == []


def test_a_board_that_is_not_the_seeds_is_caught():
    boards = generate_boards(SEED, 6)
    board = boards[3]
    north_card = next(iter(board.hand(N)))
    east_card = next(iter(board.hand(E)))
    boards[3] = _swap(board, north_card, east_card)
    verification = verify_boards(SEED, boards, commitment=seed_commitment(SEED))
    assert not verification.ok
    assert verification.mismatched_boards == (4,)
    (check,) = [check for check in verification.boards if not check.matches]
    assert check.differing_seats == (N, E)
    assert [problem.render() for problem in verification.problems()] == [
        "Board 4: The hands played differ from the seed's for North, East."
    ]


def test_a_wrong_dealer_is_caught():
    boards = generate_boards(SEED, 2)
    boards[1] = Board(2, S, boards[1].hands)
    verification = verify_boards(SEED, boards)
    assert verification.mismatched_boards == (2,)
    assert verification.boards[1].hands_match
    assert verification.commitment_matches is None


def test_a_seed_other_than_the_committed_one_is_caught():
    boards = generate_boards(SEED, 4)
    verification = verify_boards(OTHER_SEED, boards, commitment=seed_commitment(SEED))
    assert verification.commitment_matches is False
    assert verification.mismatched_boards == (1, 2, 3, 4)
    assert verification.problems()[0].code == "commitment_mismatch"


def test_boards_of_an_unknown_generator_version_are_not_judged():
    with pytest.raises(ValueError, match="cannot be verified"):
        verify_boards(SEED, generate_boards(SEED, 1), version="coinche-hmac-sha256-v0")


def test_deal_hands_gives_eight_cards_per_seat_in_pbn_order():
    deal = deal_hands(DECK)
    assert deal[N] == Hand(DECK[:8])
    assert deal[W] == Hand(DECK[24:])
