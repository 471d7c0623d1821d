"""What each document shows: the pieces of its data version (``data_version``), and whether
there is anything to print yet (``unavailable_reason``)."""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db.models import Count, Max
from django.utils.translation import gettext

from tournaments.deals import selectors as deals
from tournaments.results.table_links import table_entry_url, team_link_url
from tournaments.setup.models import Round, Table, TableAssignment, Team, Tournament
from tournaments.standings import selectors as standings

from .catalogue import LAYOUT_VERSION, PACKET, Kind, Scope


class Facts:
    """The cheap facts versions and availability are made of, each read once (a few queries)."""

    def __init__(self, tournament: Tournament):
        self.tournament = tournament
        self._cache: dict[str, object] = {}

    def _get(self, name: str, compute):
        if name not in self._cache:
            self._cache[name] = compute()
        return self._cache[name]

    @property
    def header(self) -> list:
        t = self.tournament
        return [
            t.name,
            t.date.isoformat(),
            t.venue,
            t.club,
            t.scoring_method,
            t.movement_type,
            t.table_entry,
            t.rules_preset,
            t.rules,
            settings.LANGUAGE_CODE,
            LAYOUT_VERSION,
        ]

    @property
    def plan(self) -> list:
        return self._get(
            "plan",
            lambda: list(
                TableAssignment.objects.filter(round__tournament=self.tournament)
                .order_by("round__number", "table__number")
                .values_list(
                    "round__number",
                    "table__number",
                    "ns_team_id",
                    "ew_team_id",
                    "boards",
                    "arrow_switch",
                )
            ),
        )

    @property
    def has_plan(self) -> bool:
        return bool(self.plan)

    @property
    def tables(self) -> list:
        """Each table's entry URL (its QR code on the table card), when players enter results."""

        def compute():
            tables = Table.objects.filter(tournament=self.tournament).order_by("number")
            if not self.tournament.table_entry:
                return [table.number for table in tables]
            return [(table.number, table_entry_url(table)) for table in tables]

        return self._get("tables", compute)

    @property
    def teams(self) -> list:
        return self._get(
            "teams",
            lambda: list(
                Team.objects.filter(tournament=self.tournament)
                .order_by("number")
                .values_list(
                    "pk",
                    "number",
                    "name",
                    "withdrawn",
                    "player_one__first_name",
                    "player_one__last_name",
                    "player_two__first_name",
                    "player_two__last_name",
                )
            ),
        )

    @property
    def team_secrets(self) -> list:
        """Each team's code and own link (its route card), when players enter results."""

        def compute():
            if not self.tournament.table_entry:
                return []
            teams = Team.objects.filter(tournament=self.tournament).order_by("number")
            return [(team.number, team.code, team_link_url(team)) for team in teams]

        return self._get("team_secrets", compute)

    @property
    def released_rounds(self) -> list:
        return self._get(
            "released",
            lambda: list(
                Round.objects.filter(tournament=self.tournament)
                .order_by("number")
                .values_list("number", "hands_released")
            ),
        )

    @property
    def boards(self) -> list:
        def compute():
            stats = self.tournament.boards.aggregate(count=Count("pk"), last=Max("updated_at"))
            last = stats["last"].isoformat() if stats["last"] else None
            return [stats["count"], last]

        return self._get("boards", compute)

    @property
    def analyses(self) -> list:
        """The boards' double-dummy analyses printed on the hand records (deals)."""
        return self._get("analyses", lambda: deals.analyses_version(self.tournament))

    @property
    def scores_version(self) -> int:
        return self._get("scores", lambda: standings.freshness(self.tournament).version)

    @property
    def recorded_hands(self) -> list[int]:
        """Stored boards whose four hands are recorded (what the staff hand records print)."""
        return self._get(
            "recorded",
            lambda: [
                board.number
                for board in self.tournament.boards.order_by("number")
                if board.has_hands
            ],
        )

    @property
    def public_hands(self) -> list[int]:
        """Recorded boards whose hands everybody may see (deals' secrecy rule)."""

        def compute():
            visible = deals.visible_board_numbers(AnonymousUser(), self.tournament)
            return [number for number in self.recorded_hands if number in visible]

        return self._get("public_hands", compute)

    @property
    def finished_boards(self) -> list[int]:
        """Boards with a counted result at every table that plays them (standings' rule)."""
        return self._get(
            "finished",
            lambda: [
                status.board
                for status in standings.board_statuses(self.tournament)
                if status.finished
            ],
        )

    @property
    def has_ranking(self) -> bool:
        return self._get("ranking", lambda: standings.current_ranking(self.tournament) is not None)


_PIECES = {
    Kind.SEATING_POSTER: ("header", "plan", "teams"),
    Kind.TABLE_CARDS: ("header", "plan", "teams", "tables"),
    Kind.ROUTE_CARDS: ("header", "plan", "teams", "team_secrets"),
    Kind.SCORE_SHEETS: ("header", "plan", "teams"),
    Kind.TRAVELLERS: ("header", "plan", "teams", "scores_version"),
    Kind.HAND_RECORDS: (
        "header",
        "plan",
        "boards",
        "released_rounds",
        "scores_version",
        "analyses",
    ),
    Kind.RANKINGS: ("header", "teams", "scores_version"),
    Kind.SCORECARDS: ("header", "plan", "teams", "scores_version"),
    # The header holds the preset and the stored rules: all the rules sheet shows.
    Kind.RULES_SHEET: ("header",),
}


def facts_digest(facts: Facts, kind: str, scope: str) -> str:
    if kind == Kind.COMBINED_PACKET:
        # The combined PDF shows what its parts show, and which of them can be made.
        values = [kind, scope, LAYOUT_VERSION]
        for part_kind, part_scope in PACKET:
            available = unavailable_for(facts, part_kind, part_scope) is None
            values.append(
                [part_kind, part_scope, available, facts_digest(facts, part_kind, part_scope)]
            )
    else:
        values = [kind, scope, *(getattr(facts, piece) for piece in _PIECES[kind])]
    text = json.dumps(values, default=str, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def data_version(tournament: Tournament, kind: str, scope: str) -> str:
    """A digest of the data the document shows: it changes when the printed pages would."""
    return facts_digest(Facts(tournament), kind, scope)


def unavailable_for(facts: Facts, kind: str, scope: str) -> str | None:
    plan_kinds = (
        Kind.COMBINED_PACKET,
        Kind.SEATING_POSTER,
        Kind.TABLE_CARDS,
        Kind.ROUTE_CARDS,
        Kind.SCORE_SHEETS,
        Kind.TRAVELLERS,
        Kind.SCORECARDS,
    )
    if kind in plan_kinds and not facts.has_plan:
        return gettext("Le plan de table n'est pas encore généré.")
    # Staff travellers print blank lines for the tables still to play: the plan is enough.
    needs_scores = kind in (Kind.SCORECARDS, Kind.RANKINGS) or (
        kind == Kind.TRAVELLERS and scope == Scope.PUBLIC
    )
    if needs_scores and not facts.scores_version:
        return gettext("Aucun résultat n'est encore classé.")
    if kind == Kind.RANKINGS and not facts.has_ranking:
        return gettext("Le classement n'est pas encore calculé.")
    public_results = kind in (Kind.TRAVELLERS, Kind.SCORECARDS) and scope == Scope.PUBLIC
    if public_results and not facts.finished_boards:
        return gettext("Aucun étui n'est encore terminé à toutes les tables.")
    if kind == Kind.HAND_RECORDS:
        if not facts.recorded_hands:
            return gettext("Aucune donne n'est enregistrée (donnes non enregistrées).")
        if scope == Scope.PUBLIC and not facts.public_hands:
            return gettext("Le relevé des donnes n'est pas encore publié.")
    return None


def unavailable_reason(tournament: Tournament, kind: str, scope: str) -> str | None:
    """Why there is nothing to print yet (no plan, no result...), in the active language;
    None when the document can be made."""
    return unavailable_for(Facts(tournament), kind, scope)
