"""Fixed duplicate deals (donnes): boards, seeded generation with a public commitment, deal
numbers and PBN import/export. Plain Python; the Django layer stores and shows what it returns.

The modules, one concept each:

- ``board``: ``Board`` (étui), ``Deal`` (the four hands), ``dealer_for_board``, ``validate_deal``;
- ``generator``: seeds, the seed commitment, the HMAC-SHA256 stream, the shuffle, verification;
- ``deal_number``: a deal's rank among all 32!/(8!)^4 deals, and back;
- ``pbn``: PBN export and import, and hands typed from the boards;
- ``pbn_tables``: PBN 2.1's tables (``ScoreTable``...), read and written;
- ``problems``: the translatable error records all of the above report.
"""

from scoring.deals.board import (
    HAND_SIZE,
    Board,
    Deal,
    InvalidDealError,
    deal_problems,
    dealer_for_board,
    validate_deal,
)
from scoring.deals.deal_number import DEAL_COUNT, rank_deal, unrank_deal
from scoring.deals.generator import (
    GENERATOR_VERSION,
    BoardCheck,
    DealVerification,
    SeedError,
    generate_board,
    generate_boards,
    new_seed,
    seed_commitment,
    seed_from_hex,
    seed_matches_commitment,
    seed_to_hex,
    verify_boards,
)
from scoring.deals.pbn import PbnImportError, export_pbn, import_pbn, parse_typed_board
from scoring.deals.problems import Problem, ProblemError

__all__ = [
    "DEAL_COUNT",
    "GENERATOR_VERSION",
    "HAND_SIZE",
    "Board",
    "BoardCheck",
    "Deal",
    "DealVerification",
    "InvalidDealError",
    "PbnImportError",
    "Problem",
    "ProblemError",
    "SeedError",
    "deal_problems",
    "dealer_for_board",
    "export_pbn",
    "generate_board",
    "generate_boards",
    "import_pbn",
    "new_seed",
    "parse_typed_board",
    "rank_deal",
    "seed_commitment",
    "seed_from_hex",
    "seed_matches_commitment",
    "seed_to_hex",
    "unrank_deal",
    "validate_deal",
    "verify_boards",
]
