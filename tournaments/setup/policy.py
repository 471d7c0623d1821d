"""The access policy: who may see or do what in a tournament. Every rule lives here, once.

Pages, the API, the services and the commands ask these predicates; none decides on its own.
Each predicate is named ``can_<verb>_<what>(who, tournament, ...)`` and answers a bool (or,
for ``table_refusal``, the reason it says no); the services that write turn a refusal into
their own error (``ResultForbidden`` for results).

``who`` is a Django user (``None`` or anonymous: the public) or an ``Actor``: a user acting
through an API token capped below their role, the device of one table, or a team that proved
who it is with its code or its own link.

Roles in a tournament: its organizers (``Tournament.organizers``; superusers are organizers
everywhere), its arbiters (``Tournament.arbiters``; organizers may do everything an arbiter may),
the two teams of a table (for their own results, in rounds open for entry), and the public.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeAlias

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments import rows
from tournaments.accounts.roles import ORGANIZER, Account, has_role
from tournaments.clubs import access as club_access
from tournaments.clubs.models import PlayerClaim

from . import sql
from .models import Player, Round, Table, TableAssignment, Team, Tournament
from .stored_plan import stored_plan


@dataclass(frozen=True)
class Actor:
    """Who asks, in one tournament.

    ``organizer`` and ``arbiter`` are the staff roles (an organizer is an arbiter too);
    ``sees_hands`` says whether this actor may see every hand before the release (organizers;
    arbiters where the tournament allows it; an API token may be capped below its user's
    right). ``table`` is the table of a table device or table link; ``team`` a team that proved
    who it is (its code, its own link). ``label`` names the actor in the audit trail when there
    is no account ("table 3", "équipe 4").
    """

    user: Any
    organizer: bool = False
    arbiter: bool = False
    sees_hands: bool = False
    table: Table | None = None
    team: Team | None = None
    label: str = ""


PUBLIC = Actor(user=AnonymousUser())
"""Nobody in particular: what anyone may see."""

Who: TypeAlias = Actor | Account
"""Who acts, as the services of the apps above the policy take it (their ``by``): an account
or an ``Actor`` already resolved (a token's user, a table, a team); ``by=None`` is the system."""


def actor_for(who, tournament: Tournament) -> Actor:
    """The ``Actor`` for a user (or an actor already) in this tournament."""
    if isinstance(who, Actor):
        return who
    user = who if who is not None else AnonymousUser()
    organizer = _member_organizer(user, tournament)
    arbiter = organizer or _member_arbiter(user, tournament)
    return Actor(
        user=user,
        organizer=organizer,
        arbiter=arbiter,
        sees_hands=organizer or (arbiter and tournament.arbiters_see_hands),
    )


def team_actor(team: Team, *, table: Table | None = None) -> Actor:
    """A team that proved who it is (its code or its own link): no staff right."""
    return Actor(
        user=AnonymousUser(),
        table=table,
        team=team,
        label=str(_("équipe %(number)s") % {"number": team.number}),
    )


def _member_organizer(user, tournament: Tournament) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return tournament.organizers.filter(pk=user.pk).exists()


def _member_arbiter(user, tournament: Tournament) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return tournament.arbiters.filter(pk=user.pk).exists()


# --- Embargoes ------------------------------------------------------------------------------
# A tournament may be one club's session of a wider event (a simultané, the events app, above
# set-up): the event holds the deals back from the session's staff until the session opens
# them, and from everyone until the event allows. The apps above register the source of these
# rules here (``register_embargo``, in their ``AppConfig.ready``), as the menu and the checklist
# are filled from above.


@dataclass(frozen=True)
class Embargo:
    """What an event holds back in one of its sessions, now.

    ``deals_fixed``: the deals are the event's (never replaced nor typed in the session);
    ``staff_see_hands``: the deals reached the session's staff (its opening, or the hours
    before it that the event allows); ``hands_public``: the last session of the event is over,
    hand records may be released to the players; ``travellers_public``: the session's players
    may see its own travellers (its own session over, if the event allows; or the event over).
    """

    deals_fixed: bool = True
    staff_see_hands: bool = False
    hands_public: bool = False
    travellers_public: bool = False


_EMBARGO_SOURCES: list[Callable[[Tournament], Embargo | None]] = []


def register_embargo(source: Callable[[Tournament], Embargo | None]) -> None:
    """Add a source of embargoes (an app above set-up, at ``ready``); registered once."""
    if source not in _EMBARGO_SOURCES:
        _EMBARGO_SOURCES.append(source)


def embargo_of(tournament: Tournament) -> Embargo | None:
    """The embargo an event puts on this tournament now, or None (a tournament of its own)."""
    for source in _EMBARGO_SOURCES:
        embargo = source(tournament)
        if embargo is not None:
            return embargo
    return None


# --- Roles --------------------------------------------------------------------------------


def can_create_tournament(user) -> bool:
    """Users with the organizer role create tournaments (and organize them)."""
    return user is not None and has_role(user, ORGANIZER)


def is_organizer(who, tournament: Tournament) -> bool:
    return actor_for(who, tournament).organizer


def is_arbiter(who, tournament: Tournament) -> bool:
    """Arbiter of this tournament, or one of its organizers."""
    return actor_for(who, tournament).arbiter


def can_manage_tournament(who, tournament: Tournament) -> bool:
    """Settings, teams, check-in, the plan, the deals, documents: its organizers."""
    return is_organizer(who, tournament)


# --- Clubs --------------------------------------------------------------------------------
# The club predicates live with the clubs app (below set-up, it may not import this module);
# they are named here so that every rule can be found in one place.

can_create_club = club_access.can_create_club
can_manage_club = club_access.can_manage_club
can_see_player_details = club_access.can_see_player_details
can_see_player_page = club_access.can_see_player_page


# --- Seeing -------------------------------------------------------------------------------


def can_see_tournament(who, tournament: Tournament) -> bool:
    """A draft exists only for its organizers (it is being prepared): a 404 for everyone else,
    its arbiters included, on every page, document and API resource."""
    return tournament.status != Tournament.Status.DRAFT or is_organizer(who, tournament)


def can_see_plan_round(who, tournament: Tournament, round_: Round) -> bool:
    """Players see a round's table plan once it is published; staff see it at once."""
    return round_.published or is_arbiter(who, tournament)


def can_see_all_hands(who, tournament: Tournament) -> bool:
    """Every hand before any release: organizers, and arbiters where the organizer allows it
    for checking (``Tournament.arbiters_see_hands``). In an event's session, only once the
    deals reached its staff (``embargo_of``)."""
    if not actor_for(who, tournament).sees_hands:
        return False
    embargo = embargo_of(tournament)
    return embargo is None or embargo.staff_see_hands


def boards_with_visible_hands(who, tournament: Tournament, board_numbers: Iterable[int]) -> set:
    """Of these boards, those whose four hands ``who`` may see: every one for staff who see
    hands; for everyone else a board once every round the plan plays it in is released
    (``Round.hands_released``), and a board the plan does not play once every round is.

    Nothing derived from hands (a missing card, who holds the belote, whether an annonce is
    held) may reach anyone this leaves a board out for."""
    numbers = set(board_numbers)
    if can_see_all_hands(who, tournament):
        return numbers
    released: set[int] = set()
    every_round: set[int] = set()
    for number, is_released in _rounds_released(tournament):
        every_round.add(number)
        if is_released:
            released.add(number)
    if not released:
        return set()
    embargo = embargo_of(tournament)
    if embargo is not None and not embargo.hands_public:
        return set()
    everything = released == every_round
    plan = stored_plan(tournament).board_rounds
    return {
        number for number in numbers if everything or (number in plan and plan[number] <= released)
    }


def _rounds_released(tournament: Tournament) -> list[tuple[int, bool]]:
    """Every round's number and whether its hand records are released: fixed SQL
    (``sql.ROUNDS_RELEASED_SQL``), since every
    result entry asks it (building it with the ORM cost 5 % of an entry's CPU)."""
    with rows.cursor() as cursor:
        cursor.execute(sql.ROUNDS_RELEASED_SQL, [tournament.pk])
        return cursor.fetchall()


def can_see_board_hands(who, tournament: Tournament, board_number: int) -> bool:
    """The four hands of one board (``boards_with_visible_hands``)."""
    return board_number in boards_with_visible_hands(who, tournament, [board_number])


def can_see_board_results(who, tournament: Tournament, *, finished_everywhere: bool) -> bool:
    """A board's results at other tables (traveller, scorecard lines, API results): staff
    always, players once the board is finished at every table (in an event's session, once
    the event allows: ``Embargo.travellers_public``)."""
    if is_arbiter(who, tournament):
        return True
    if not finished_everywhere:
        return False
    embargo = embargo_of(tournament)
    return embargo is None or embargo.travellers_public


def can_see_result_flags(who, tournament: Tournament) -> bool:
    """What a record disagrees with in the hands (« annonce non détenue »): whoever sees the
    hands before the release."""
    return can_see_all_hands(who, tournament)


def can_download_deals(who, tournament: Tournament, *, all_released: bool) -> bool:
    """The PBN export of every board: whoever sees every hand (organizers, or in an event's
    session once the deals reached its staff), and everyone once every round is released."""
    return all_released or (is_organizer(who, tournament) and can_see_all_hands(who, tournament))


def can_see_staff_pages(who, tournament: Tournament) -> bool:
    """The arbiter's desk: dashboard, sheets, histories, the staff documents page."""
    return is_arbiter(who, tournament)


def can_order_documents(who, tournament: Tournament) -> bool:
    """Asking for documents to be made (the packet, a rebuild): organizers."""
    return is_organizer(who, tournament)


def can_see_team_secrets(who, tournament: Tournament) -> bool:
    """Every team's code and own link (the route cards, fiches de route, handed out at
    check-in): organizers and arbiters. Never the public, nor a team: a team that proved who it
    is acts with its own secrets and must not learn another's."""
    return is_arbiter(who, tournament)


# --- Results ----------------------------------------------------------------------------------


def can_enter_any_result(who, tournament: Tournament) -> bool:
    """Arbiters enter, change, confirm, adjust and delete any result of a published round."""
    return is_arbiter(who, tournament)


def can_start_round(who, tournament: Tournament) -> bool:
    return is_arbiter(who, tournament)


def can_open_all_rounds(who, tournament: Tournament) -> bool:
    return is_organizer(who, tournament)


def round_open_to_tables(round_: Round) -> bool:
    """Players enter results in a round once it has started: by the arbiter's « Démarrer le
    tour », by itself when the previous round's results are all in, or because the organizer
    opened every round. Only while the tournament runs and table entry is on."""
    tournament = round_.tournament
    return (
        tournament.status == Tournament.Status.RUNNING
        and tournament.table_entry
        and round_.published
        and (round_.started_at is not None or tournament.all_rounds_open)
    )


def table_closed_reason(who, assignment: TableAssignment):
    """Why nobody but the staff may enter results at this table in this round now (a lazy
    French message), or None: table entry off, tournament not running, round not published or
    not started, a table device of another table."""
    round_ = assignment.round
    tournament = round_.tournament
    actor = actor_for(who, tournament)
    if not tournament.table_entry:
        return _("La saisie des résultats par les joueurs est fermée dans ce tournoi.")
    if tournament.status != Tournament.Status.RUNNING:
        return _("La saisie est fermée : le tournoi n'est pas en cours.")
    if not round_.published:
        return _("Ce tour n'est pas encore publié.")
    if not round_open_to_tables(round_):
        return _("Ce tour n'a pas encore commencé : la saisie s'ouvre au début du tour.")
    if actor.table is not None and actor.table.pk != assignment.table_id:
        return _("Cet appareil saisit les résultats de sa table seulement.")
    return None


def table_refusal(who, assignment: TableAssignment):
    """Why a team may not enter or confirm results at this table in this round (a lazy French
    message), or None. The team must have proved who it is and sit at this table."""
    closed = table_closed_reason(who, assignment)
    if closed is not None:
        return closed
    actor = actor_for(who, assignment.round.tournament)
    if actor.team is None:
        return _("Donnez le code de votre équipe (il figure sur votre fiche de route).")
    if assignment.side_of(actor.team) is None:
        return _("Votre équipe ne joue pas à cette table dans ce tour.")
    return None


# --- Playing online (docs/play.md) ------------------------------------------------------------


def is_tournament_player(who, tournament: Tournament) -> bool:
    """The account played this tournament: one of its players is the account itself
    (``Player.user``) or the account's record in the club's registry (a ``PlayerClaim`` the
    club's organizer confirmed)."""
    user = getattr(who, "user", who)
    if user is None or not user.is_authenticated:
        return False
    linked = Q(
        club_player__claims__user=user,
        club_player__claims__status=PlayerClaim.Status.CONFIRMED,
    )
    return Player.objects.filter(Q(user=user) | linked, tournament=tournament).exists()


def can_replay_board(who, tournament: Tournament, board_number: int) -> bool:
    """Replay a board of the room against the robots (« Rejouer cette donne »): once its hands
    are released to everyone (``boards_with_visible_hands`` of the public), the tournament's
    players (``is_tournament_player``), its staff, and every signed-in account when the
    organizer opened it to all (``Tournament.replay_open_to_all``). Never anonymously, never a
    draft."""
    user = getattr(who, "user", who)
    if user is None or not user.is_authenticated or not can_see_tournament(who, tournament):
        return False
    if not boards_with_visible_hands(PUBLIC, tournament, [board_number]):
        return False
    return (
        tournament.replay_open_to_all
        or is_arbiter(who, tournament)
        or is_tournament_player(who, tournament)
    )


StartGrant = Callable[[Any, Any], bool]
"""``grant(user, board)``: an app's own reason to let a signed-in account start a board."""

_start_grants: dict[str, StartGrant] = {}


def register_start_grant(key: str, grant: StartGrant) -> None:
    """Add (or replace) a reason, owned by an app above set-up, to let an account start a game
    of a board (online tournaments: the board of a deal the account entered, within the
    window). Called from the app's ``AppConfig.ready()``, like the menu's entries; the rule is
    then asked here, by ``can_start_game``, with the others."""
    _start_grants[key] = grant


def can_start_game(who, board) -> bool:
    """May this account start a game of ``board`` (a ``deals.Board``) against the robots?
    Staff who see every hand before the release may (they know the deal already: nothing is
    given away); anyone where the board may be replayed (``can_replay_board``); or where an
    app above grants it (``register_start_grant``). Never anonymously."""
    user = getattr(who, "user", who)
    if user is None or not user.is_authenticated:
        return False
    tournament = board.tournament
    if can_see_all_hands(who, tournament) or can_replay_board(who, tournament, board.number):
        return True
    return any(grant(user, board) for grant in _start_grants.values())
