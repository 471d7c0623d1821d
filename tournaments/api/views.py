"""The REST API's resources under /api/v1/: thin viewsets over the selectors and services.

Reads come from the apps' selectors and querysets filtered by what the request's role may see
(``permissions.access_for``); writes go through the services (organizer set-up, deals release,
results), so the audit trail, idempotency and standings hooks apply exactly as on the site.
"""

from __future__ import annotations

from functools import cached_property

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.authentication import SessionAuthentication
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from config.proxies import client_ip
from scoring.engine.result_record import ResultValidationError
from scoring.engine.rules import DEFAULT_PRESET
from tournaments import policy, vocabulary
from tournaments.deals import selectors as deals_selectors
from tournaments.deals import services as deals_services
from tournaments.deals.models import Board
from tournaments.results import selectors as results_selectors
from tournaments.results import services as results_services
from tournaments.results.models import Result
from tournaments.setup import selectors as setup_selectors
from tournaments.setup import services as organizer
from tournaments.setup.models import Player, Round, TableAssignment, Team, Tournament
from tournaments.setup.services.tournament import SETTINGS_FIELDS
from tournaments.standings import selectors as standings_selectors
from tournaments.standings.models import BoardScore

from . import filters, selectors, serializers, services
from .authentication import ApiTokenAuthentication
from .errors import FieldErrors, api_exception_handler
from .pagination import ApiPagination
from .parsers import SafeJSONParser
from .permissions import (
    Access,
    ArbiterWrites,
    OrganizerWrites,
    ResultWrites,
    TournamentPermission,
    access_for,
    request_token,
)
from .schema import IDEMPOTENCY_KEY, ApiAutoSchema, replayed_header

MAX_IDEMPOTENCY_KEY_LENGTH = 200
REPLAYED_HEADER = "Idempotent-Replayed"


class ApiView:
    """What every API view shares: authentication, JSON only, the error format, the schema."""

    # The token first: its scheme is the one a 401 answer names (WWW-Authenticate: Bearer).
    authentication_classes = [ApiTokenAuthentication, SessionAuthentication]
    parser_classes = [SafeJSONParser]
    renderer_classes = [JSONRenderer]
    pagination_class = ApiPagination
    filter_backends = [DjangoFilterBackend]
    schema = ApiAutoSchema()

    def get_exception_handler(self):
        return api_exception_handler

    def access_in(self, tournament: Tournament) -> Access:
        """The caller's role in ``tournament`` (``permissions.access_for``)."""
        return access_for(self.request, tournament)

    def actor_in(self, tournament: Tournament) -> policy.Actor:
        """The caller for the access policy in ``tournament``."""
        return self.access_in(tournament).actor


class TournamentScoped(ApiView):
    """A resource of one tournament: ``/tournaments/{slug}/...``.

    The tournament is loaded with the visibility rule of the public pages: a draft exists only
    for its organizers (404 for everyone else).
    """

    permission_classes = [OrganizerWrites]

    @cached_property
    def tournament(self) -> Tournament:
        return selectors.visible_tournament(self.kwargs.get("slug", ""), self.actor_in)

    @property
    def access(self) -> Access:
        return self.access_in(self.tournament)

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if getattr(self, "swagger_fake_view", False):
            return context
        context["tournament"] = self.tournament
        context["access"] = self.access
        return context


def _ip(request) -> str | None:
    return client_ip(request)


# --- Tournaments -----------------------------------------------------------------------------


@extend_schema(tags=["tournaments"])
class TournamentViewSet(
    ApiView,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Tournaments: everyone lists and reads those past the draft stage (organizers also their
    drafts); users with the organizer role create them; their organizers change them."""

    serializer_class = serializers.TournamentSerializer
    filterset_class = filters.TournamentFilter
    permission_classes = [TournamentPermission]
    lookup_field = "slug"
    lookup_value_converter = "slug"
    http_method_names = ["get", "post", "patch", "head"]

    def get_queryset(self):
        return selectors.tournaments_visible_to(
            self.actor_in, user=self.request.user, token=request_token(self.request)
        )

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(self._data(page, many=True))

    def retrieve(self, request, *args, **kwargs):
        return Response(self._data(self.get_object()))

    @extend_schema(
        request=serializers.TournamentWriteSerializer,
        responses={201: serializers.TournamentSerializer},
    )
    def create(self, request, *args, **kwargs):
        data = self._validated(serializers.TournamentWriteSerializer(data=request.data))
        preset = data.get("rules_preset", DEFAULT_PRESET)
        rules = _chosen_rules(preset, data.get("rules"))
        fields = {key: data[key] for key in SETTINGS_FIELDS if key in data}
        fields["rules_preset"] = preset
        with _model_errors():
            tournament = organizer.create_tournament(
                by=request.user,
                fields=fields,
                rules=rules,
                co_organizers=data.get("co_organizers", ()),
                arbiters=data.get("arbiters", ()),
            )
        return Response(self._read(tournament), status=status.HTTP_201_CREATED)

    @extend_schema(
        request=serializers.TournamentWriteSerializer,
        responses={200: serializers.TournamentSerializer},
        description="Change some settings (only the fields given). Rules and movement settings "
        "are frozen once results exist.",
    )
    def partial_update(self, request, *args, **kwargs):
        tournament = self.get_object()
        data = self._validated(
            serializers.TournamentWriteSerializer(data=request.data, partial=True)
        )
        preset = data.get("rules_preset", tournament.rules_preset)
        rules = _chosen_rules(preset, data.get("rules"), tournament)
        fields = {key: getattr(tournament, key) for key in SETTINGS_FIELDS}
        fields.update({key: data[key] for key in SETTINGS_FIELDS if key in data})
        fields["rules_preset"] = preset
        with _model_errors():
            organizer.update_tournament(
                tournament,
                by=request.user,
                fields=fields,
                rules=rules,
                co_organizers=data.get("co_organizers", list(tournament.organizers.all())),
                arbiters=data.get("arbiters", list(tournament.arbiters.all())),
            )
        return Response(self._read(tournament))

    @extend_schema(
        request=serializers.StatusChangeSerializer,
        responses={200: serializers.TournamentSerializer},
        description="Move the tournament to another status (draft → registration → running → "
        "finished, with the steps back a real day needs).",
    )
    @action(detail=True, methods=["post"])
    def status(self, request, *args, **kwargs):
        tournament = self.get_object()
        data = self._validated(serializers.StatusChangeSerializer(data=request.data))
        organizer.change_status(tournament, data["status"], by=request.user)
        return Response(self._read(tournament))

    def _validated(self, serializer) -> dict:
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def _read(self, tournament: Tournament) -> dict:
        return self._data(self.get_queryset().get(pk=tournament.pk))

    def _data(self, tournaments, *, many: bool = False) -> dict | list:
        """The tournaments as the caller sees them, with its role in each (``your_role``, the
        staff lists)."""
        context = self.get_serializer_context()
        context["access_by_tournament"] = {
            tournament.pk: self.access_in(tournament)
            for tournament in (tournaments if many else [tournaments])
        }
        return serializers.TournamentSerializer(tournaments, many=many, context=context).data


def _chosen_rules(preset: str, changes: dict | None, tournament: Tournament | None = None) -> dict:
    try:
        return organizer.chosen_rules(preset, changes, tournament=tournament)
    except ValueError as error:
        raise FieldErrors.single("rules", "invalid_rules", error) from None


class _model_errors:
    """Model validation (``full_clean`` in the services) as a 400 field by field."""

    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        if isinstance(error, DjangoValidationError):
            items = []
            for field, messages in error.message_dict.items():
                name = "__all__" if field == "__all__" else field
                items.extend(
                    {"field": name, "code": "invalid", "message": str(message)}
                    for message in messages
                )
            raise FieldErrors(items) from error
        return False


# --- Teams and players -----------------------------------------------------------------------


@extend_schema(tags=["teams"])
class TeamViewSet(
    TournamentScoped,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """A tournament's teams (équipes) with their two players; organizers register and change
    them. Licence numbers are shown to the tournament's staff only."""

    serializer_class = serializers.TeamSerializer
    filterset_class = filters.TeamFilter
    lookup_field = "number"
    lookup_value_converter = "int"
    http_method_names = ["get", "post", "patch", "delete", "head"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Team.objects.none()
        return setup_selectors.teams_of(self.tournament)

    @extend_schema(
        request=serializers.TeamWriteSerializer, responses={201: serializers.TeamSerializer}
    )
    def create(self, request, *args, **kwargs):
        serializer = serializers.TeamWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        team = services.register_team(self.tournament, serializer.team_data(), **serializer.flags())
        return Response(self._read(team), status=status.HTTP_201_CREATED)

    @extend_schema(
        request=serializers.TeamWriteSerializer, responses={200: serializers.TeamSerializer}
    )
    def partial_update(self, request, *args, **kwargs):
        team = self.get_object()
        serializer = serializers.TeamWriteSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        team = services.change_team(team, serializer.team_data(team), **serializer.flags())
        return Response(self._read(team))

    @extend_schema(responses={204: None})
    def destroy(self, request, *args, **kwargs):
        organizer.delete_team(self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _read(self, team: Team) -> dict:
        team = self.get_queryset().get(pk=team.pk)
        return serializers.TeamSerializer(team, context=self.get_serializer_context()).data


@extend_schema(tags=["teams"])
class PlayerViewSet(TournamentScoped, viewsets.ReadOnlyModelViewSet):
    """The players (joueurs) registered in a tournament, with their team's number."""

    serializer_class = serializers.PlayerSerializer
    filterset_class = filters.PlayerFilter
    lookup_value_converter = "int"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Player.objects.none()
        return setup_selectors.players_of(self.tournament)

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if getattr(self, "swagger_fake_view", False):
            return context
        context["team_of_player"] = setup_selectors.team_number_by_player(self.tournament)
        return context


# --- Rounds and the table plan ---------------------------------------------------------------


@extend_schema(tags=["plan"])
class RoundViewSet(TournamentScoped, viewsets.ReadOnlyModelViewSet):
    """The rounds (tours): players see the published ones, staff all of them."""

    serializer_class = serializers.RoundSerializer
    filterset_class = filters.RoundFilter
    lookup_field = "number"
    lookup_value_converter = "int"

    def get_permissions(self):
        if self.action == "start":
            return [ArbiterWrites()]
        return super().get_permissions()

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Round.objects.none()
        return setup_selectors.visible_rounds(self.access.actor, self.tournament)

    @extend_schema(request=None, responses={200: serializers.RoundSerializer})
    @action(detail=True, methods=["post"])
    def start(self, request, *args, **kwargs):
        """Start the round's clock: tables are late after boards × minutes per board."""
        round_ = results_services.start_round(self.get_object())
        return Response(self.get_serializer(round_).data)


@extend_schema(tags=["plan"])
class PlanViewSet(TournamentScoped, mixins.ListModelMixin, viewsets.GenericViewSet):
    """The table plan (plan de table): one row per table and round. Players see the published
    rounds; organizers generate the plan and publish rounds."""

    serializer_class = serializers.PlanRowSerializer
    filterset_class = filters.PlanFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return TableAssignment.objects.none()
        return setup_selectors.visible_plan_rows(self.access.actor, self.tournament)

    @extend_schema(request=None, responses={200: serializers.PlanGeneratedSerializer})
    @action(detail=False, methods=["post"])
    def generate(self, request, *args, **kwargs):
        """Compute the movement for the checked-in teams and store it (rounds unpublished).
        Refused once a result exists or hands were released."""
        outcome = organizer.generate_plan(self.tournament, by=request.user)
        movement = outcome.movement
        data = {
            "rounds": movement.rounds,
            "tables": movement.tables,
            "boards": movement.board_count,
            "warnings": [str(warning) for warning in outcome.warnings],
        }
        return Response(serializers.PlanGeneratedSerializer(data).data)

    @extend_schema(
        request=serializers.PlanPublishSerializer,
        responses={200: serializers.RoundsChangedSerializer},
    )
    @action(detail=False, methods=["post"])
    def publish(self, request, *args, **kwargs):
        """Publish (or withdraw with ``"published": false``) some rounds, or all of them."""
        serializer = serializers.PlanPublishSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        rounds = _known_rounds(self.tournament, serializer.validated_data.get("rounds"))
        changed = organizer.publish_rounds(
            self.tournament, rounds, published=serializer.validated_data["published"]
        )
        return Response(_rounds_changed(self, changed))


def _known_rounds(tournament: Tournament, numbers) -> list[int] | None:
    if numbers is None:
        return None
    unknown = sorted(set(numbers) - setup_selectors.round_numbers(tournament))
    if unknown:
        raise FieldErrors.single(
            "rounds",
            "unknown_round",
            gettext("Tours inconnus : %(rounds)s.")
            % {"rounds": ", ".join(str(n) for n in unknown)},
        )
    return sorted(set(numbers))


def _rounds_changed(view: TournamentScoped, changed: int) -> dict:
    rounds = setup_selectors.rounds_of(view.tournament)
    context = view.get_serializer_context()
    return {
        "changed": changed,
        "rounds": serializers.RoundSerializer(rounds, many=True, context=context).data,
    }


# --- Boards ----------------------------------------------------------------------------------


@extend_schema(tags=["boards"])
class BoardViewSet(TournamentScoped, viewsets.ReadOnlyModelViewSet):
    """The boards (étuis): number and dealer for everyone; the hands (and the deal number) only
    where the secrecy rules allow — organizers always, arbiters when the organizer lets them
    check hands, everyone once the rounds where the board is played are released."""

    serializer_class = serializers.BoardSerializer
    filterset_class = filters.BoardFilter
    lookup_field = "number"
    lookup_value_converter = "int"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Board.objects.none()
        return deals_selectors.boards_of(self.tournament)

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if getattr(self, "swagger_fake_view", False):
            return context
        context["visible_boards"] = deals_selectors.visible_board_numbers(
            self.access.actor, self.tournament
        )
        return context

    @extend_schema(
        request=serializers.RoundsChoiceSerializer,
        responses={200: serializers.RoundsChangedSerializer},
    )
    @action(detail=False, methods=["post"])
    def release(self, request, *args, **kwargs):
        """Release the hand records (relevé des donnes) of some rounds, or of all of them
        (which also reveals the seed of generated deals). Cannot be undone."""
        serializer = serializers.RoundsChoiceSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        released = deals_services.release_hands(
            self.tournament, serializer.validated_data.get("rounds"), by=request.user
        )
        return Response(_rounds_changed(self, released))


# --- Results ---------------------------------------------------------------------------------


@extend_schema(tags=["results"])
class ResultViewSet(
    TournamentScoped,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Results (résultats): the canonical record of a board at a table, versioned.

    Staff see every current result; a table device also its table's; everyone else the
    confirmed (or adjusted) results of boards finished at every table. Writes go through the
    results services: each write adds a version (a new ``id``), with its audit event.
    """

    serializer_class = serializers.ResultSerializer
    filterset_class = filters.ResultFilter
    permission_classes = [ResultWrites]
    lookup_value_converter = "int"
    http_method_names = ["get", "post", "put", "head"]
    extra_error_codes = {"POST": ("409",), "PUT": ("409",)}

    def get_permissions(self):
        if self.action == "adjust":
            return [ArbiterWrites()]
        return super().get_permissions()

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Result.objects.none()
        # Staff may read (and act on) any version by its id, the history included.
        return selectors.visible_results(
            self.access.actor, self.tournament, every_version=self.action != "list"
        )

    def _writable(self) -> Result:
        return selectors.writable_result(self.access.actor, self.tournament, self.kwargs["pk"])

    def _by(self, assignment: TableAssignment, data: dict):
        """Who acts: staff as themselves; a table device as the team whose code it gives (the
        access policy and the services decide what that team may do)."""
        access = self.access
        if policy.can_enter_any_result(access.actor, self.tournament):
            return access.actor
        closed = policy.table_closed_reason(access.actor, assignment)
        if closed is not None:
            raise PermissionDenied(str(closed))
        code = data.get("code")
        if not code:
            raise FieldErrors.single(
                "code",
                "required",
                gettext(
                    "Un appareil de table donne le code de l'équipe qui agit (sur sa fiche de "
                    "route)."
                ),
            )
        team = results_services.team_by_code(assignment, code)
        side = data.get("side")
        if side and assignment.side_of(team) != side:
            raise FieldErrors.single(
                "side",
                "invalid",
                gettext("Ce code est celui de l'autre camp de la table."),
            )
        return policy.team_actor(team, table=access.table)

    def _idempotency_key(self) -> str | None:
        key = self.request.headers.get("Idempotency-Key")
        if key is None:
            return None
        key = key.strip()
        if not key or len(key) > MAX_IDEMPOTENCY_KEY_LENGTH:
            raise FieldErrors.single(
                "Idempotency-Key",
                "invalid",
                gettext("L'en-tête Idempotency-Key doit compter de 1 à 200 caractères."),
            )
        return services.submission_key(
            self.tournament, key, user=self.request.user, token=request_token(self.request)
        )

    def _assignment(self, round_number: int, table_number: int) -> TableAssignment:
        assignment = results_selectors.assignment_at(self.tournament, round_number, table_number)
        if assignment is None:
            raise FieldErrors.single(
                "table",
                "not_in_plan",
                gettext("La table %(table)s ne joue pas au tour %(round)s.")
                % {"table": table_number, "round": round_number},
            )
        actor = self.access.actor
        if not policy.can_enter_any_result(actor, self.tournament) and (
            assignment.table_id != actor.table.pk
        ):
            raise PermissionDenied(
                gettext("Cet appareil saisit les résultats de sa table seulement.")
            )
        return assignment

    def _answer(self, result: Result, created: bool) -> Response:
        replay = getattr(result, "is_replay", False)
        result = selectors.stored_result(self.tournament, result.pk)
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        response = Response(self.get_serializer(result).data, status=code)
        if replay:
            response[REPLAYED_HEADER] = "true"
        return response

    @extend_schema(
        request=serializers.ResultCreateSerializer,
        responses={201: serializers.ResultSerializer},
        parameters=[IDEMPOTENCY_KEY, replayed_header(201)],
        description="Enter the result of a board at a table. Validated by the rules engine "
        "(with the hands when recorded): every problem is listed field by field. If the board "
        "already has a result: 409 (replace it with PUT on its id).",
    )
    def create(self, request, *args, **kwargs):
        serializer = serializers.ResultCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        key = self._idempotency_key()
        assignment = self._assignment(data["round"], data["table"])
        by = self._by(assignment, data)
        result = self._record(assignment, data["board"], data["record"], by, key)
        return self._answer(result, created=True)

    @extend_schema(
        request=serializers.ResultUpdateSerializer,
        responses={200: serializers.ResultSerializer},
        parameters=[IDEMPOTENCY_KEY, replayed_header(200)],
        description="Replace the result whose version this id is: a new version is stored. "
        "409 if it is no longer the current version (someone changed it since).",
    )
    def update(self, request, *args, **kwargs):
        current = self._writable()
        serializer = serializers.ResultUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        key = self._idempotency_key()
        by = self._by(current.assignment, data)
        result = self._record(
            current.assignment,
            current.board_number,
            data["record"],
            by,
            key,
            replace_version=current.version,
        )
        return self._answer(result, created=False)

    def _record(self, assignment, board, record, by, key, replace_version=None) -> Result:
        try:
            return results_services.record_result(
                assignment,
                board,
                record,
                by=by,
                source=Result.Source.API,
                ip=_ip(self.request),
                submission_key=key,
                replace_version=replace_version,
            )
        except ResultValidationError as error:
            raise FieldErrors.from_engine(error, prefix="record") from None

    @extend_schema(
        request=serializers.SideSerializer,
        responses={200: serializers.ResultSerializer},
        description="Confirm the version this id is (the other side of the table, or an "
        "arbiter). Returns the confirmed version; repeating it returns the same.",
    )
    @action(detail=True, methods=["post"])
    def confirm(self, request, *args, **kwargs):
        result = self._writable()
        serializer = serializers.SideSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        by = self._by(result.assignment, serializer.validated_data)
        confirmed = results_services.confirm_result(result, by=by, ip=_ip(request))
        return self._answer(confirmed, created=False)

    @extend_schema(
        request=serializers.DisputeSerializer,
        responses={200: serializers.ResultSerializer},
        description="Dispute an entered result, saying why (contestation); an arbiter resolves it.",
    )
    @action(detail=True, methods=["post"])
    def dispute(self, request, *args, **kwargs):
        result = self._writable()
        serializer = serializers.DisputeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        by = self._by(result.assignment, serializer.validated_data)
        disputed = results_services.dispute_result(
            result, serializer.validated_data["reason"], by=by, ip=_ip(request)
        )
        return self._answer(disputed, created=False)

    @extend_schema(
        request=serializers.AdjustmentSerializer,
        responses={201: serializers.ResultSerializer},
        description="An adjusted score per side (A- 40 %, A 50 %, A+ 60 %) for a board not "
        "played or fouled at a table. Arbiters only.",
    )
    @action(detail=False, methods=["post"])
    def adjust(self, request, *args, **kwargs):
        serializer = serializers.AdjustmentSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        assignment = self._assignment(data["round"], data["table"])
        result = results_services.adjust_result(
            assignment,
            data["board"],
            data["ns_adjustment"],
            data["ew_adjustment"],
            by=self.access.actor,
            ip=_ip(request),
            replace_version=data.get("version"),
        )
        return self._answer(result, created=True)


# --- Scores and rankings ---------------------------------------------------------------------


@extend_schema(tags=["standings"])
class BoardScoreViewSet(TournamentScoped, mixins.ListModelMixin, viewsets.GenericViewSet):
    """Per-board scores (the travellers' lines): matchpoints, differences or points of each
    table on each board, from the latest computation. Players see a board's lines once it is
    finished at every table; staff always."""

    serializer_class = serializers.BoardScoreSerializer
    filterset_class = filters.BoardScoreFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return BoardScore.objects.none()
        return selectors.visible_board_scores(self.access.actor, self.tournament)

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if getattr(self, "swagger_fake_view", False):
            return context
        context["team_numbers"] = setup_selectors.team_numbers(self.tournament)
        return context


@extend_schema(tags=["standings"])
class RankingView(TournamentScoped, APIView):
    """The live ranking (classement), as the ranking page shows it."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "up_to_round",
                int,
                description="The ranking after this round (omitted: overall).",
                required=False,
            ),
            OpenApiParameter(
                "direction",
                str,
                enum=list(vocabulary.SIDE_VALUES),
                description="One line of a two-ranking Mitchell.",
                required=False,
            ),
        ],
        responses={
            200: serializers.RankingSerializer,
            400: OpenApiResponse(serializers.ErrorSerializer, "Invalid parameters."),
        },
    )
    def get(self, request, *args, **kwargs):
        params = serializers.RankingQuerySerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        up_to_round = params.validated_data.get("up_to_round")
        direction = params.validated_data.get("direction")
        tournament = self.tournament
        fresh = standings_selectors.freshness(tournament)
        try:
            ranking = standings_selectors.current_ranking(
                tournament, up_to_round, direction, version=fresh.version
            )
        except ValueError:
            raise FieldErrors.single(
                "direction",
                "single_ranking",
                gettext("Ce tournoi a un classement unique : ne précisez pas de direction."),
            ) from None
        data = {
            "version": fresh.version,
            "method": tournament.scoring_method,
            "up_to_round": up_to_round,
            "direction": direction,
            "single": True,
            "pending": fresh.pending,
            "computed_at": fresh.computed_at,
            "results_counted": 0,
            "ranked_rounds": standings_selectors.ranked_rounds(tournament, fresh.version),
            "entries": [],
        }
        if ranking is not None:
            data.update(
                method=ranking.method,
                single=ranking.single,
                results_counted=ranking.results_counted,
                entries=ranking.entries,
            )
        return Response(serializers.RankingSerializer(data).data)
