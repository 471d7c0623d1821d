"""Reads on a tournament's deals, for pages, printing, result checks and the API.

Secrecy lives here: ``can_see_board`` and ``visible_boards`` decide who may see which hands, on
top of ``tournaments.setup.policy``. Other apps import these names; they are part of the
documented interface (docs/deals-site.md) and stay stable.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max, QuerySet
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from scoring.deals.board import Board as CoreBoard
from scoring.deals.deal_number import rank_deal
from scoring.deals.pbn import export_pbn
from scoring.engine.cards import PBN_RANK_ORDER, SEATS_PBN_ORDER, SUITS, Hand, Seat, Side
from tournaments import checklist, vocabulary
from tournaments.checklist import Step
from tournaments.setup import policy
from tournaments.setup.models import Round, Tournament
from tournaments.setup.selectors import missing_results_count
from tournaments.setup.stored_plan import stored_plan

from .models import Board, BoardAnalysis, DealSet

# ---------------------------------------------------------------------------------------------
# The table plan as seen from the boards


def board_rounds(tournament: Tournament) -> dict[int, set[int]]:
    """For each board number in the table plan, the rounds in which it is played."""
    return stored_plan(tournament).board_rounds


def board_count(tournament: Tournament) -> int:
    """How many boards the tournament needs: the highest board number in the table plan, or,
    with no plan yet, rounds × boards per round (0 when neither is known)."""
    rounds = board_rounds(tournament)
    if rounds:
        return max(rounds)
    if tournament.rounds:
        return tournament.rounds * tournament.boards_per_round
    return 0


# ---------------------------------------------------------------------------------------------
# Boards and the seed


def deal_set_for(tournament: Tournament) -> DealSet | None:
    """The seed and commitment of generated deals, or None (imported or unrecorded deals)."""
    return DealSet.objects.filter(tournament=tournament).first()


def boards_of(tournament: Tournament) -> QuerySet[Board]:
    """The stored boards (étuis) in number order. No secrecy check: callers showing hands keep
    to ``visible_board_numbers``."""
    return Board.objects.filter(tournament=tournament).order_by("number")


def board_for(tournament: Tournament, number: int) -> Board | None:
    """The stored board (étui) ``number`` of the tournament, or None. No secrecy check: callers
    showing hands ask ``can_see_board`` first."""
    return Board.objects.filter(tournament=tournament, number=number).first()


def core_board(board: Board) -> CoreBoard | None:
    """The stored board as the core's value (``scoring.deals.board.Board``), for hand checks and
    exports; None when its hands are not recorded. Raises ``InvalidDealError`` when the stored
    hands are not a deal."""
    if not board.has_hands:
        return None
    hands = {Seat(seat): Hand.from_pbn(text) for seat, text in board.hands.items()}
    return CoreBoard(board.number, Seat(board.dealer), hands)


def hands_released(tournament: Tournament) -> bool:
    """Have the hand records of every round been released (the end-of-session release)?"""
    rounds = Round.objects.filter(tournament=tournament)
    return rounds.exists() and not rounds.filter(hands_released=False).exists()


def deals_locked_reason(tournament: Tournament) -> str | None:
    """Why the boards can no longer be replaced (a result exists, hands were released), as a
    sentence in the active language; None while they can."""
    fixed = _fixed_by_event(tournament)
    if fixed is not None:
        return fixed
    if tournament.results.exists():
        return gettext(
            "Des résultats ont déjà été saisis : les donnes ne peuvent plus être remplacées."
        )
    if Round.objects.filter(tournament=tournament, hands_released=True).exists():
        return gettext(
            "Le relevé des donnes a déjà été publié : les donnes ne peuvent plus être remplacées."
        )
    return None


def _fixed_by_event(tournament: Tournament) -> str | None:
    """The deals of an event's session are the event's (``policy.Embargo.deals_fixed``)."""
    embargo = policy.embargo_of(tournament)
    if embargo is not None and embargo.deals_fixed:
        return gettext(
            "Les donnes de cette séance sont celles du simultané : elles ne peuvent être ni "
            "remplacées ni modifiées."
        )
    return None


def hands_release_refusal(tournament: Tournament) -> str | None:
    """Why the hand records may not be released yet (an event's session before the last
    session of the event is over), or None."""
    embargo = policy.embargo_of(tournament)
    if embargo is not None and not embargo.hands_public:
        return gettext(
            "Les donnes du simultané restent secrètes jusqu'à la fin de la dernière séance de "
            "l'événement : le relevé ne peut pas encore être publié."
        )
    return None


def board_locked_reason(tournament: Tournament, number: int) -> str | None:
    """Why the recorded hands of board ``number`` can no longer be changed (it was played, or
    a round where it is played was released); None while they can."""
    fixed = _fixed_by_event(tournament)
    if fixed is not None:
        return fixed
    if tournament.results.filter(board_number=number).exists():
        return gettext(
            "L'étui %(number)s a déjà été joué : ses mains ne peuvent plus être modifiées."
        ) % {"number": number}
    rounds = board_rounds(tournament).get(number, set())
    released = Round.objects.filter(tournament=tournament, hands_released=True)
    if released.filter(number__in=rounds).exists() or hands_released(tournament):
        return gettext(
            "Les mains de l'étui %(number)s ont déjà été publiées : elles ne peuvent plus être "
            "modifiées."
        ) % {"number": number}
    return None


# ---------------------------------------------------------------------------------------------
# Secrecy


def sees_all_hands(user, tournament: Tournament) -> bool:
    """Organizers always; arbiters when the organizer allows them to check hands
    (``policy.can_see_all_hands``)."""
    return policy.can_see_all_hands(user, tournament)


def can_see_board(user, tournament: Tournament, board_number: int) -> bool:
    """May ``user`` see the hands of board ``board_number``? (``policy.can_see_board_hands``)

    Organizers always; arbiters when ``tournament.arbiters_see_hands``; everyone else only once
    every round in which the plan plays that board is released. A board the plan does not play
    becomes visible only when every round is released.
    """
    return policy.can_see_board_hands(user, tournament, board_number)


def visible_board_numbers(user, tournament: Tournament) -> set[int]:
    """The numbers of the stored boards whose hands ``user`` may see (same rule as
    ``can_see_board``, in three queries for the whole tournament)."""
    numbers = Board.objects.filter(tournament=tournament).values_list("number", flat=True)
    return policy.boards_with_visible_hands(user, tournament, numbers)


def visible_boards(user, tournament: Tournament) -> list[Board]:
    """The stored boards whose hands ``user`` may see, in number order (those without
    recorded hands included: they have nothing to hide)."""
    numbers = visible_board_numbers(user, tournament)
    return [board for board in tournament.boards.order_by("number") if board.number in numbers]


def can_download_pbn(user, tournament: Tournament) -> bool:
    """The PBN export: organizers, and everyone once every round is released."""
    return policy.can_download_deals(user, tournament, all_released=hands_released(tournament))


# ---------------------------------------------------------------------------------------------
# Hand diagrams


@dataclass(frozen=True)
class SuitHolding:
    """The cards of one suit in one hand, strongest first (A R D V 10 9 8 7)."""

    suit: str  # S H D C
    symbol: str  # ♠ ♥ ♦ ♣
    is_red: bool
    ranks: tuple[str, ...]  # the core's values: A K Q J 10 9 8 7

    @property
    def text(self) -> str:
        """``A R 10 7`` in French (``A K 10 7`` in English), or an em dash for a void."""
        if not self.ranks:
            return "—"
        return " ".join(vocabulary.rank_letter(rank) for rank in self.ranks)


@dataclass(frozen=True)
class SeatHand:
    """One seat's hand, suit by suit (♠ ♥ ♦ ♣)."""

    seat: str  # N E S W
    name: str  # Nord, Est, ... in the active language
    is_dealer: bool
    suits: tuple[SuitHolding, ...]


@dataclass(frozen=True)
class HandDiagram:
    """A board's four hands for a hand record (relevé), a page or a PDF.

    ``north``, ``east``, ``south``, ``west`` for the compass layout; ``hands`` in PBN order.
    """

    board_number: int
    dealer: str
    dealer_name: str
    deal_number: int | None
    hands: tuple[SeatHand, ...]

    def seat(self, letter: str) -> SeatHand:
        return next(hand for hand in self.hands if hand.seat == letter)

    @property
    def north(self) -> SeatHand:
        return self.seat("N")

    @property
    def east(self) -> SeatHand:
        return self.seat("E")

    @property
    def south(self) -> SeatHand:
        return self.seat("S")

    @property
    def west(self) -> SeatHand:
        return self.seat("W")

    @property
    def deal_number_display(self) -> str:
        """The deal number in groups of three digits (narrow no-break spaces), as French
        hand records print long numbers."""
        if self.deal_number is None:
            return ""
        return f"{self.deal_number:,}".replace(",", "\u202f")


def hand_diagram(board: Board | CoreBoard) -> HandDiagram | None:
    """The hands of a stored board (or of a core ``Board`` value) laid out per seat and suit,
    with suit symbols; None when the board's hands are not recorded."""
    if isinstance(board, CoreBoard):
        core = board
        deal_number = None
    else:
        core = core_board(board)
        deal_number = board.deal_number
    if core is None:
        return None
    dealer = core.dealer.value
    hands = tuple(
        SeatHand(
            seat=seat.value,
            name=vocabulary.seat_name(seat.value),
            is_dealer=seat.value == dealer,
            suits=tuple(
                SuitHolding(
                    suit=suit.value,
                    symbol=suit.symbol,
                    is_red=suit.is_red,
                    ranks=tuple(
                        rank.value for rank in PBN_RANK_ORDER if core.hand(seat).has(rank, suit)
                    ),
                )
                for suit in SUITS
            ),
        )
        for seat in SEATS_PBN_ORDER
    )
    if deal_number is None:
        deal_number = rank_deal(core.deal)
    return HandDiagram(
        board_number=core.number,
        dealer=dealer,
        dealer_name=vocabulary.seat_name(dealer),
        deal_number=deal_number,
        hands=hands,
    )


# ---------------------------------------------------------------------------------------------
# Double-dummy analysis (docs/analysis.md)


def _bid_rank(bid) -> int:
    """Bids in overbidding order, a capot between 250 and 260 (``scoring.analysis.par``)."""
    return 255 if bid == "capot" else int(bid or 0)


def _bid_text(bid) -> str:
    if bid is None:
        return "—"
    return gettext("Capot") if bid == "capot" else str(bid)


@dataclass(frozen=True)
class AnalysisRow:
    """One strain of a board's analysis: each side's points and highest bid made."""

    strain: str  # S H D C SA TA
    symbol: str  # ♠ ♥ ♦ ♣ SA TA
    is_red: bool
    ns: int
    ew: int
    ns_bid: str
    ew_bid: str
    # The highest bids as stored: a number, "capot" or None.
    ns_made: int | str | None = None
    ew_made: int | str | None = None

    def of(self, side: str) -> tuple[int, int | str | None]:
        """(points, highest bid made) of ``side`` (NS or EW) in this strain."""
        return (self.ns, self.ns_made) if side == Side.NS.value else (self.ew, self.ew_made)


@dataclass(frozen=True)
class AnalysisTable:
    """A board's double-dummy analysis for a page or a PDF (``BoardAnalysis`` made readable)."""

    board_number: int
    rows: tuple[AnalysisRow, ...]
    par: dict | None
    computed_at: str = ""

    def row(self, strain: str) -> AnalysisRow | None:
        return next((row for row in self.rows if row.strain == strain), None)

    @property
    def summary(self) -> str:
        """« Avec les quatre jeux visibles, NS pouvaient faire 120 ♥ et EO 90 ♠ » (the highest
        contract each side makes), or « … personne ne pouvait faire 80 »."""
        return gettext("Avec les quatre jeux visibles, %(what)s") % {"what": self._makeable()}

    def _makeable(self) -> str:
        parts = []
        for side in vocabulary.SIDE_VALUES:
            best = self.best_for(side)
            if best is not None:
                parts.append(
                    gettext("%(side)s pouvaient faire %(bid)s %(strain)s")
                    % {"side": vocabulary.side_letters(side), "bid": best[0], "strain": best[1]}
                )
        if not parts:
            return gettext("personne ne pouvait faire 80")
        return gettext(" et ").join(parts)

    def compare(self, record: dict | None) -> str:
        """What a result's contract was worth with the four hands visible, for a traveller line:
        what the taking side could make, never a verdict on the table's play (a contract made at
        the table after a defence's slip is not « infaisable »)."""
        contract = (record or {}).get("contract")
        if not contract:
            return gettext("Passe ; %(what)s") % {"what": self._makeable()}
        side = vocabulary.side_of_seat(contract["taker"])
        row = self.row(contract.get("strain"))
        if row is None:
            return ""
        points, highest = row.of(side)
        letters = vocabulary.side_letters(side)
        if highest is None:
            return gettext("%(side)s faisaient %(points)s points, pas assez pour 80") % {
                "side": letters,
                "points": points,
            }
        if _bid_rank(highest) >= _bid_rank(contract.get("bid")):
            return gettext("%(side)s pouvaient le faire : %(points)s points, jusqu'à %(bid)s") % {
                "side": letters,
                "points": points,
                "bid": _bid_text(highest),
            }
        return gettext("%(side)s faisaient %(points)s points, de quoi faire %(bid)s") % {
            "side": letters,
            "points": points,
            "bid": _bid_text(highest),
        }

    @property
    def par_text(self) -> str:
        """« NS 120 ♥ » or « Passe »: the par is always a contract made
        (``scoring.analysis.par``)."""
        if self.par is None:
            return gettext("Passe")
        side = vocabulary.side_letters(self.par["side"])
        strain = vocabulary.STRAIN_SYMBOLS[self.par["strain"]]
        return f"{side} {_bid_text(self.par['bid'])} {strain}"

    @property
    def par_score(self) -> str:
        if self.par is None:
            return ""
        return f"{self.par['ns']} – {self.par['ew']}"

    def best_for(self, side: str) -> tuple[str, str] | None:
        """The highest contract ``side`` (NS or EW) makes, over the strains: (bid, strain
        symbol), or None. A capot ranks between 250 and 260, as for overbidding."""
        best = None
        for row in self.rows:
            _points, made = row.of(side)
            if made is None:
                continue
            if best is None or _bid_rank(made) > best[0]:
                best = (_bid_rank(made), _bid_text(made), row.symbol)
        return (best[1], best[2]) if best else None


def analysis_table(analysis: BoardAnalysis) -> AnalysisTable:
    """The stored analysis laid out per strain. No secrecy check: see ``visible_analyses``."""
    rows = []
    for strain in vocabulary.STRAIN_VALUES:
        points = analysis.points.get(strain)
        if points is None:
            continue
        bids = analysis.bids.get(strain, {})
        rows.append(
            AnalysisRow(
                strain=strain,
                symbol=str(vocabulary.STRAIN_SYMBOLS[strain]),
                is_red=strain in ("H", "D"),
                ns=points["ns"],
                ew=points["ew"],
                ns_bid=_bid_text(bids.get("ns")),
                ew_bid=_bid_text(bids.get("ew")),
                ns_made=bids.get("ns"),
                ew_made=bids.get("ew"),
            )
        )
    return AnalysisTable(
        board_number=analysis.board.number,
        rows=tuple(rows),
        par=analysis.par,
        computed_at=analysis.computed_at.isoformat() if analysis.computed_at else "",
    )


def current_analyses(tournament: Tournament, numbers) -> dict[int, BoardAnalysis]:
    """The stored analyses of these boards made from their present hands under the present
    rules (a stale one is left out). No secrecy check."""
    rules = tournament.rule_settings().to_dict()
    found = BoardAnalysis.objects.filter(
        board__tournament=tournament, board__number__in=list(numbers)
    ).select_related("board")
    return {item.board.number: item for item in found if item.matches(item.board, rules)}


def analyses_version(tournament: Tournament) -> list:
    """How many analyses are stored and when the last was computed: printed hand records
    holding them go stale when it changes."""
    stats = BoardAnalysis.objects.filter(board__tournament=tournament).aggregate(
        count=Count("pk"), last=Max("computed_at")
    )
    return [stats["count"], stats["last"].isoformat() if stats["last"] else None]


def visible_analyses(user, tournament: Tournament, numbers=None) -> dict[int, AnalysisTable]:
    """The analyses ``user`` may see: exactly the boards whose hands they may see
    (``visible_board_numbers``), current ones only; ``numbers`` narrows the boards."""
    visible = visible_board_numbers(user, tournament)
    if numbers is not None:
        visible &= set(numbers)
    return {
        number: analysis_table(item)
        for number, item in current_analyses(tournament, visible).items()
    }


# ---------------------------------------------------------------------------------------------
# PBN export


def pbn_export(tournament: Tournament) -> str:
    """The tournament's recorded boards as a PBN file (Event, Site, Date, Board, Dealer, Deal).

    Boards without recorded hands are left out (a PBN Deal needs the four hands). No secrecy
    check: callers ask ``can_download_pbn`` first.
    """
    boards = [
        core
        for core in (core_board(board) for board in tournament.boards.order_by("number"))
        if core is not None
    ]
    site = ", ".join(part for part in (tournament.club, tournament.venue) if part)
    return export_pbn(boards, event=tournament.name, site=site, date=tournament.date)


# ---------------------------------------------------------------------------------------------
# The organizer's checklist: the deals, and the release of the hand records


def deals_step(tournament: Tournament) -> Step:
    """« Donnes »: are the boards the plan needs all stored (generated with their commitment,
    imported, or unrecorded)?"""
    name = gettext("Donnes")
    url = reverse("deals:manage", args=[tournament.slug])
    needed = board_count(tournament)
    boards = list(Board.objects.filter(tournament=tournament).only("number", "hands", "source"))
    if not needed and not boards:
        return Step(
            "deals", name, checklist.BLOCKED, gettext("Générez d'abord le plan de table"), url
        )
    if not boards:
        reason = ngettext(
            "%(count)s étui à générer ou importer", "%(count)s étuis à générer ou importer", needed
        ) % {"count": needed}
        return Step("deals", name, checklist.TODO, reason, url)
    stored = {board.number for board in boards}
    expected = set(board_rounds(tournament)) or set(range(1, needed + 1))
    missing = expected - stored
    if missing:
        reason = ngettext(
            "%(count)s étui manquant sur %(total)s",
            "%(count)s étuis manquants sur %(total)s",
            len(missing),
        ) % {"count": len(missing), "total": len(expected)}
        return Step("deals", name, checklist.IN_PROGRESS, reason, url)
    if not tournament.hands_recorded:
        reason = gettext("Donnes non enregistrées (distribuées à la première table)")
        return Step("deals", name, checklist.DONE, reason, url)
    without_hands = sum(1 for board in boards if board.number in expected and not board.has_hands)
    if without_hands:
        reason = ngettext(
            "%(count)s étui sans ses mains", "%(count)s étuis sans leurs mains", without_hands
        ) % {"count": without_hands}
        return Step("deals", name, checklist.IN_PROGRESS, reason, url)
    deal_set = deal_set_for(tournament)
    if deal_set is not None:
        reason = ngettext(
            "%(count)s étui généré, empreinte publiée",
            "%(count)s étuis générés, empreinte publiée",
            len(expected),
        ) % {"count": len(expected)}
    else:
        reason = ngettext(
            "%(count)s étui enregistré", "%(count)s étuis enregistrés", len(expected)
        ) % {"count": len(expected)}
    return Step("deals", name, checklist.DONE, reason, url)


def release_step(tournament: Tournament) -> Step:
    """« Donnes publiées »: the hand records released round by round, or all at the end."""
    name = gettext("Donnes publiées")
    url = reverse("deals:manage", args=[tournament.slug])
    rounds = list(
        Round.objects.filter(tournament=tournament).values_list("hands_released", flat=True)
    )
    if not rounds:
        return Step("release", name, checklist.BLOCKED, gettext("Pas encore de tours"), url)
    released = sum(rounds)
    if released == len(rounds):
        return Step("release", name, checklist.DONE, gettext("Relevé des donnes publié"), url)
    if released:
        reason = ngettext(
            "Relevé publié pour %(count)s tour sur %(total)s",
            "Relevé publié pour %(count)s tours sur %(total)s",
            released,
        ) % {"count": released, "total": len(rounds)}
        return Step("release", name, checklist.IN_PROGRESS, reason, url)
    played = tournament.status == Tournament.Status.FINISHED or (
        tournament.status == Tournament.Status.RUNNING and not missing_results_count(tournament)
    )
    if played:
        return Step(
            "release",
            name,
            checklist.TODO,
            gettext("Les tours sont joués : publiez le relevé"),
            url,
        )
    return Step(
        "release", name, checklist.BLOCKED, gettext("À publier une fois les tours joués"), url
    )
