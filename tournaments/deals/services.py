"""Writes on a tournament's deals: generation with a public commitment, PBN import, hands typed
from the boards (étuis), unrecorded deals, release of the hand records, and verification.

The deals themselves come from ``scoring.deals``; these functions load, call it and store, each
in one transaction with the tournament row locked, so two organizers clicking at once cannot
interleave. Every refusal raises ``DealsError`` with sentences for the user in the active
language; nothing is written then.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import partial

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from scoring.deals.board import Board as CoreBoard
from scoring.deals.board import InvalidDealError, dealer_for_board
from scoring.deals.deal_number import rank_deal
from scoring.deals.generator import (
    GENERATOR_VERSION,
    SeedError,
    generate_boards,
    new_seed,
    seed_commitment,
    seed_from_hex,
    verify_boards,
)
from scoring.deals.pbn import PbnImportError, parse_typed_board
from scoring.deals.pbn import import_pbn as read_pbn
from scoring.deals.problems import Problem, ProblemError
from scoring.engine.cards import SEATS_PBN_ORDER
from tournaments import public_pages, vocabulary
from tournaments.accounts.roles import Account
from tournaments.service_errors import ServiceError
from tournaments.setup.models import Round, Tournament

from . import selectors
from .analysis import enqueue_analysis_on_commit
from .models import Board, DealSet

logger = logging.getLogger(__name__)


class DealsError(ServiceError):
    """A deals action refused or bad input; ``messages`` say why, in the active language
    (``message``: them all, one a line).

    ``code`` is stable for programs and tests; ``problems`` holds the core's problem records
    (``scoring.deals.problems.Problem``) when the input was read by the core.
    """

    def __init__(self, code: str, messages: Iterable[str], problems: Iterable = ()) -> None:
        self.code = code
        self.messages = [str(message) for message in messages]
        self.problems = tuple(problems)
        super().__init__("\n".join(self.messages))


# The core's problems that name cards by their labels (« J♠ »): shown in the active language's
# notation (« V♠ »). An unknown card's param is the text as typed, and stays so.
_CARD_PROBLEMS = {"repeated_card", "duplicate_card", "missing_cards"}


def _in_notation(problem: Problem) -> Problem:
    if problem.code not in _CARD_PROBLEMS:
        return problem
    params = {
        name: vocabulary.card_list_label(value) if name in ("card", "cards") else value
        for name, value in problem.params.items()
    }
    return dataclasses.replace(problem, params=params)


def problem_messages(*, error: ProblemError) -> list[str]:
    """The core's problems as sentences in the active language (the ``fr`` catalog by default),
    cards in its notation."""
    return [_in_notation(problem).render(gettext) for problem in error.problems]


def _from_core(code: str, error: ProblemError) -> DealsError:
    return DealsError(code, problem_messages(error=error), error.problems)


# ---------------------------------------------------------------------------------------------
# Guards


def _lock(tournament: Tournament) -> Tournament:
    """Lock the tournament row for the rest of the transaction (serializes deals changes)."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _check_deals_replaceable(tournament: Tournament) -> None:
    """Refuse to replace the boards once they were played (a result exists) or shown."""
    reason = selectors.deals_locked_reason(tournament)
    if reason is not None:
        raise DealsError("deals_locked", [reason])


def _stored_hands(board: CoreBoard) -> dict[str, str]:
    return {seat.value: board.hand(seat).pbn() for seat in board.hands}


def _replace_boards(
    tournament: Tournament, boards: Iterable[CoreBoard], source: str, by
) -> list[Board]:
    tournament.boards.all().delete()
    return Board.objects.bulk_create(
        [
            Board(
                tournament=tournament,
                number=board.number,
                dealer=board.dealer.value,
                hands=_stored_hands(board),
                deal_number=rank_deal(board.deal),
                source=source,
                updated_by=by,
            )
            for board in sorted(boards, key=lambda board: board.number)
        ]
    )


def _set_mode(locked: Tournament, mode: str, caller: Tournament) -> None:
    """Store the deals mode on the locked row, and keep the caller's instance up to date."""
    if locked.deals_mode != mode:
        locked.deals_mode = mode
        locked.save(update_fields=["deals_mode", "updated_at"])
    caller.deals_mode = mode


# ---------------------------------------------------------------------------------------------
# Generation, import, typed hands, unrecorded deals


def _board_count_or_refuse(tournament: Tournament) -> int:
    """How many boards to prepare (``selectors.board_count``), or ``DealsError`` when nothing
    says it yet."""
    count = selectors.board_count(tournament)
    if not count:
        raise DealsError(
            "no_board_count",
            [
                gettext(
                    "Impossible de savoir combien d'étuis préparer : générez d'abord le plan "
                    "de table, ou indiquez le nombre de tours du tournoi."
                )
            ],
        )
    return count


def generate_deals(*, tournament: Tournament, by: Account | None = None) -> DealSet:
    """Deal the tournament's boards from a new secret seed and publish its commitment.

    The board count comes from the table plan (``selectors.board_count``). A new 256-bit seed
    is drawn from the operating system; the boards follow the dealer rotation and carry their
    deal numbers; the ``DealSet`` keeps the seed (secret until every round is released), its
    SHA-256 commitment and the generator version. Generating again before play replaces every
    board at once; once a result exists or hands were released, raises ``DealsError``.
    """
    with transaction.atomic():
        locked = _lock(tournament)
        _check_deals_replaceable(tournament)
        count = _board_count_or_refuse(tournament)
        seed = new_seed()
        _replace_boards(tournament, generate_boards(seed, count), Board.Source.GENERATED, by)
        DealSet.objects.filter(tournament=tournament).delete()
        deal_set = DealSet.objects.create(
            tournament=tournament,
            seed_hex=seed.hex(),
            commitment=seed_commitment(seed),
            generator_version=GENERATOR_VERSION,
            created_by=by,
        )
        _set_mode(locked, Tournament.DealsMode.GENERATED, tournament)
        enqueue_analysis_on_commit(tournament)
    logger.info(
        "deals generated: tournament=%s boards=%s commitment=%s by=%s",
        tournament.slug,
        count,
        deal_set.commitment,
        by,
    )
    return deal_set


def install_event_deals(
    *,
    tournament: Tournament,
    seed_hex: str,
    count: int,
    commitment: str,
    by: Account | None = None,
) -> DealSet:
    """Deal an event's session the event's boards: the ``count`` boards of the event's seed
    (``seed_hex``, secret), with the event's ``commitment`` and the generator's version, so that
    the session verifies against the commitment published for the whole event. The event's own
    act (its sessions never generate deals of their own, ``selectors.deals_locked_reason``):
    refused once the session has a result; the seed must be the commitment's."""
    seed = seed_from_hex(seed_hex)
    if seed_commitment(seed) != commitment:
        raise DealsError("not_committed", [gettext("Cette graine n'est pas celle de l'empreinte.")])
    with transaction.atomic():
        locked = _lock(tournament)
        if tournament.results.exists():
            raise DealsError("deals_locked", [gettext("Des résultats ont déjà été saisis.")])
        _replace_boards(tournament, generate_boards(seed, count), Board.Source.GENERATED, by)
        DealSet.objects.filter(tournament=tournament).delete()
        deal_set = DealSet.objects.create(
            tournament=tournament,
            seed_hex=seed.hex(),
            commitment=commitment,
            generator_version=GENERATOR_VERSION,
            created_by=by,
        )
        _set_mode(locked, Tournament.DealsMode.GENERATED, tournament)
    logger.info("event deals installed: tournament=%s boards=%s", tournament.slug, count)
    return deal_set


def import_event_pbn(
    *,
    tournament: Tournament,
    text: str,
    commitment: str,
    generator_version: str,
    by: Account | None = None,
) -> list[Board]:
    """On a club's laptop, the boards of an event's package (its PBN), kept with the event's
    published ``commitment`` (the seed stays with the site until the event closes: then
    « Vérifier » checks these boards against it). Refused like ``import_pbn``."""
    boards = import_pbn(tournament=tournament, text=text, by=by)
    DealSet.objects.create(
        tournament=tournament,
        seed_hex="",
        commitment=commitment,
        generator_version=generator_version,
        created_by=by,
    )
    return boards


def import_pbn(
    *, tournament: Tournament, text: str, by: Account | None = None, dealer_from_tag: bool = True
) -> list[Board]:
    """Replace the tournament's boards with those of a PBN file (dealing machine, software).

    Every problem of the file is reported at once (``DealsError.messages``, translated) and
    nothing is saved then. The generated seed, if any, is dropped: the boards no longer come
    from it. Refused, like generation, once a result exists or hands were released.
    Returns the stored boards.
    """
    try:
        boards = read_pbn(text, dealer_from_tag=dealer_from_tag)
    except PbnImportError as error:
        raise _from_core("invalid_pbn", error) from error
    with transaction.atomic():
        locked = _lock(tournament)
        _check_deals_replaceable(tournament)
        stored = _replace_boards(tournament, boards, Board.Source.IMPORTED, by)
        DealSet.objects.filter(tournament=tournament).delete()
        _set_mode(locked, Tournament.DealsMode.IMPORTED, tournament)
        enqueue_analysis_on_commit(tournament)
    logger.info("deals imported: tournament=%s boards=%s by=%s", tournament.slug, len(stored), by)
    return stored


def save_typed_board(
    *,
    tournament: Tournament,
    number: int,
    hands: Mapping[str, str | None],
    dealer: str | None = None,
    by: Account | None = None,
) -> Board:
    """Store the hands of one board as typed from its étui: ``{"N": "AKT.J9..Q87", ...}``.

    ``dealer`` None follows the rotation; one hand may be left blank and gets the remaining
    cards. Problems come back translated, nothing saved. Typing the hands of a board that has
    none is always allowed (hand records of unrecorded deals, typed after play); replacing
    recorded hands is refused once the board was played or its hands were released.
    A tournament with no deals yet switches to imported deals; a generated tournament keeps its
    seed, and verification will show the board as differing from it.
    """
    try:
        core = parse_typed_board(number, dealer, hands)
    except PbnImportError as error:
        raise _from_core("invalid_board", error) from error
    with transaction.atomic():
        locked = _lock(tournament)
        board = Board.objects.select_for_update().filter(tournament=tournament, number=number)
        board = board.first()
        if board is not None and board.has_hands:
            reason = selectors.board_locked_reason(tournament, number)
            if reason is not None:
                raise DealsError("board_locked", [reason])
        fresh = not tournament.boards.exclude(hands={}).exists()
        if board is None:
            board = Board(tournament=tournament, number=number)
        board.dealer = core.dealer.value
        board.hands = _stored_hands(core)
        board.deal_number = rank_deal(core.deal)
        board.source = Board.Source.TYPED
        board.updated_by = by
        board.save()
        if (
            fresh
            and locked.deals_mode == Tournament.DealsMode.GENERATED
            and not DealSet.objects.filter(tournament=tournament).exists()
        ):
            _set_mode(locked, Tournament.DealsMode.IMPORTED, tournament)
        enqueue_analysis_on_commit(tournament, [number])
    logger.info("board typed: tournament=%s board=%s by=%s", tournament.slug, number, by)
    return board


def set_unrecorded(*, tournament: Tournament, by: Account | None = None) -> list[Board]:
    """Play with unrecorded deals, dealt at the first table: boards without hands.

    Scoring works as usual; hand-based checks are off (``Tournament.hands_recorded`` is False).
    Any recorded hands and the generated seed are dropped, so this is refused, like
    generation, once a result exists or hands were released. Returns the boards.
    """
    with transaction.atomic():
        locked = _lock(tournament)
        _check_deals_replaceable(tournament)
        count = _board_count_or_refuse(tournament)
        tournament.boards.all().delete()
        boards = Board.objects.bulk_create(
            [
                Board(
                    tournament=tournament,
                    number=number,
                    dealer=dealer_for_board(number).value,
                    hands={},
                    deal_number=None,
                    source=Board.Source.UNRECORDED,
                    updated_by=by,
                )
                for number in range(1, count + 1)
            ]
        )
        DealSet.objects.filter(tournament=tournament).delete()
        _set_mode(locked, Tournament.DealsMode.UNRECORDED, tournament)
    logger.info("deals unrecorded: tournament=%s boards=%s by=%s", tournament.slug, count, by)
    return boards


# ---------------------------------------------------------------------------------------------
# Release of the hand records


def release_hands(
    *, tournament: Tournament, rounds: Iterable[int] | None = None, by: Account | None = None
) -> int:
    """Publish the hand records (relevé des donnes) of these rounds, or of all rounds (None).

    Sets ``Round.hands_released``; once every round is released, the seed of generated deals
    is revealed (``DealSet.revealed_at``) so that anyone can verify the boards. Release cannot
    be undone. Returns how many rounds were newly released.
    """
    with transaction.atomic():
        _lock(tournament)
        embargoed = selectors.hands_release_refusal(tournament)
        if embargoed is not None:
            raise DealsError("event_embargo", [embargoed])
        queryset = Round.objects.select_for_update().filter(tournament=tournament)
        if not queryset.exists():
            raise DealsError(
                "no_rounds",
                [gettext("Le tournoi n'a encore aucun tour : rien à publier.")],
            )
        if rounds is not None:
            wanted = sorted({int(number) for number in rounds})
            if not wanted:
                raise DealsError("no_round_chosen", [gettext("Choisissez au moins un tour.")])
            known = set(queryset.values_list("number", flat=True))
            unknown = [number for number in wanted if number not in known]
            if unknown:
                raise DealsError(
                    "unknown_round",
                    [
                        ngettext(
                            "Le tour %(rounds)s n'existe pas.",
                            "Les tours %(rounds)s n'existent pas.",
                            len(unknown),
                        )
                        % {"rounds": ", ".join(str(number) for number in unknown)}
                    ],
                )
            queryset = queryset.filter(number__in=wanted)
        released = queryset.filter(hands_released=False).update(hands_released=True)
        public_pages.bump(tournament.slug)
        transaction.on_commit(partial(public_pages.bump, tournament.slug))
        everything = not Round.objects.filter(tournament=tournament, hands_released=False).exists()
        if everything:
            DealSet.objects.filter(tournament=tournament, revealed_at__isnull=True).update(
                revealed_at=timezone.now()
            )
    logger.info(
        "hand records released: tournament=%s rounds=%s newly=%s everything=%s by=%s",
        tournament.slug,
        "all" if rounds is None else wanted,
        released,
        everything,
        by,
    )
    return released


# ---------------------------------------------------------------------------------------------
# Verification


@dataclass(frozen=True)
class BoardVerification:
    """One board compared with the board the seed gives for its number."""

    number: int
    matches: bool
    recorded: bool  # False: the board has no hands to compare
    dealer_matches: bool
    differing_seats: tuple[str, ...]  # seat letters, PBN order
    source: str  # Board.Source value

    @property
    def source_label(self) -> str:
        return str(Board.Source(self.source).label)

    @property
    def differing_seat_names(self) -> list[str]:
        return [vocabulary.seat_name(seat) for seat in self.differing_seats]


@dataclass(frozen=True)
class VerificationReport:
    """The outcome of regenerating a tournament's boards from a seed.

    ``seed_is_committed``: the seed's SHA-256 is the commitment published before play.
    ``ok``: it is, and every board matches.
    """

    generator_version: str
    commitment: str
    seed_hex: str
    seed_is_committed: bool
    boards: tuple[BoardVerification, ...]

    @property
    def mismatched(self) -> list[int]:
        return [board.number for board in self.boards if not board.matches]

    @property
    def ok(self) -> bool:
        return self.seed_is_committed and bool(self.boards) and not self.mismatched


_ALL_SEATS = tuple(seat.value for seat in SEATS_PBN_ORDER)


def verify(*, tournament: Tournament, seed_hex: str) -> VerificationReport:
    """Regenerate every board of the tournament from ``seed_hex`` and compare it with the stored
    one (and the seed with the published commitment).

    Raises ``DealsError`` on a seed that cannot be read, or when the tournament's deals were
    not generated by the software (no commitment to verify against).
    """
    deal_set = selectors.deal_set_for(tournament)
    if deal_set is None:
        raise DealsError(
            "not_generated",
            [
                gettext(
                    "Les donnes de ce tournoi n'ont pas été générées par le logiciel : il n'y a "
                    "pas de graine à vérifier."
                )
            ],
        )
    try:
        seed = seed_from_hex(seed_hex)
    except SeedError as error:
        raise _from_core("invalid_seed", error) from error
    stored = list(tournament.boards.order_by("number"))
    played, unreadable = _readable_boards(stored)
    try:
        outcome = verify_boards(
            seed,
            played.values(),
            commitment=deal_set.commitment,
            version=deal_set.generator_version,
        )
    except ValueError as error:
        raise DealsError(
            "unknown_generator",
            [
                gettext(
                    "Ces donnes ont été générées par la version « %(version)s » du générateur, "
                    "que ce logiciel ne sait pas reproduire."
                )
                % {"version": deal_set.generator_version}
            ],
        ) from error
    checks = {check.number: check for check in outcome.boards}
    boards = [_board_verification(board, checks.get(board.number), unreadable) for board in stored]
    return VerificationReport(
        generator_version=deal_set.generator_version,
        commitment=deal_set.commitment,
        seed_hex=seed.hex(),
        seed_is_committed=bool(outcome.commitment_matches),
        boards=tuple(boards),
    )


def _readable_boards(stored: list[Board]) -> tuple[dict[int, CoreBoard], set[int]]:
    """The stored boards as the core's, by number, and the numbers of those whose hands are not
    even a deal (they cannot be what the seed gave)."""
    played: dict[int, CoreBoard] = {}
    unreadable: set[int] = set()
    for board in stored:
        try:
            core = selectors.core_board(board)
        except InvalidDealError:
            unreadable.add(board.number)
            continue
        if core is not None:
            played[board.number] = core
    return played, unreadable


def _board_verification(board: Board, check, unreadable: set[int]) -> BoardVerification:
    """A stored board against the seed's (``check``: None when its hands are not recorded or
    not readable)."""
    if check is not None:
        return BoardVerification(
            number=board.number,
            matches=check.matches,
            recorded=True,
            dealer_matches=check.dealer_matches,
            differing_seats=tuple(seat.value for seat in check.differing_seats),
            source=board.source,
        )
    return BoardVerification(
        number=board.number,
        matches=False,
        recorded=board.number in unreadable,
        dealer_matches=False,
        differing_seats=_ALL_SEATS if board.number in unreadable else (),
        source=board.source,
    )
