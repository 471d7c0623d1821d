"""Results (résultats): list and read the versions, enter, replace, confirm, dispute, adjust,
assign a score."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from config.proxies import client_ip
from tournaments.results import selectors as results_selectors
from tournaments.results import services as results_services
from tournaments.results.exceptions import EntryInvalid
from tournaments.results.models import Result
from tournaments.setup import policy
from tournaments.setup.models import TableAssignment

from .. import filters, selectors, serializers, services
from ..errors import FieldErrors
from ..permissions import ArbiterWrites, ResultWrites, request_token
from ..schema import IDEMPOTENCY_KEY, replayed_header
from .base import TournamentScoped

MAX_IDEMPOTENCY_KEY_LENGTH = 200
REPLAYED_HEADER = "Idempotent-Replayed"


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
        if self.action in ("adjust", "assign"):
            return [ArbiterWrites()]
        return super().get_permissions()

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Result.objects.none()
        # Staff may read (and act on) any version by its id, the history included.
        return selectors.visible_results(
            self.actor, self.tournament, every_version=self.action != "list"
        )

    @extend_schema(
        request=serializers.ResultCreateSerializer,
        responses={201: serializers.ResultSerializer},
        parameters=[IDEMPOTENCY_KEY, replayed_header(201)],
        description="Enter the result of a board at a table. Validated by the rules engine "
        "(with the hands when recorded): every problem is listed field by field. If the board "
        "already has a result: 409 (replace it with PUT on its id).",
    )
    def create(self, request, *args, **kwargs):
        data = self.validated(serializers.ResultCreateSerializer).validated_data
        key = self._idempotency_key()
        assignment = self._assignment(data["round"], data["table"], board=data["board"])
        by = self._by(assignment, data)
        result = self._record(
            assignment, data["board"], data["record"], by, key, hands=assignment.board_hands
        )
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
        data = self.validated(serializers.ResultUpdateSerializer).validated_data
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

    @extend_schema(
        request=serializers.SideSerializer,
        responses={200: serializers.ResultSerializer},
        description="Confirm the version this id is (the other side of the table, or an "
        "arbiter). Returns the confirmed version; repeating it returns the same.",
    )
    @action(detail=True, methods=["post"])
    def confirm(self, request, *args, **kwargs):
        result = self._writable()
        data = self.validated(serializers.SideSerializer).validated_data
        by = self._by(result.assignment, data)
        confirmed = results_services.confirm_result(result=result, by=by, ip=client_ip(request))
        return self._answer(confirmed, created=False)

    @extend_schema(
        request=serializers.DisputeSerializer,
        responses={200: serializers.ResultSerializer},
        description="Dispute an entered result, saying why (contestation); an arbiter resolves it.",
    )
    @action(detail=True, methods=["post"])
    def dispute(self, request, *args, **kwargs):
        result = self._writable()
        data = self.validated(serializers.DisputeSerializer).validated_data
        by = self._by(result.assignment, data)
        disputed = results_services.dispute_result(
            result=result, reason=data["reason"], by=by, ip=client_ip(request)
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
        data = self.validated(serializers.AdjustmentSerializer).validated_data
        assignment = self._assignment(data["round"], data["table"])
        result = results_services.adjust_result(
            assignment=assignment,
            board_number=data["board"],
            ns_adjustment=data["ns_adjustment"],
            ew_adjustment=data["ew_adjustment"],
            by=self.actor,
            ip=client_ip(request),
            replace_version=data.get("version"),
        )
        return self._answer(result, created=True)

    @extend_schema(
        request=serializers.AssignedScoreSerializer,
        responses={201: serializers.ResultSerializer},
        description="An assigned score in points (score assigné): the marks of each side "
        "(“NS 160, EO 0”), compared with the other tables like a played deal; rounded to the "
        "ten when the rules round. Replacing a result needs its version. Arbiters only.",
    )
    @action(detail=False, methods=["post"])
    def assign(self, request, *args, **kwargs):
        data = self.validated(serializers.AssignedScoreSerializer).validated_data
        assignment = self._assignment(data["round"], data["table"])
        result = results_services.assign_score(
            assignment=assignment,
            board_number=data["board"],
            ns_marks=data["ns_marks"],
            ew_marks=data["ew_marks"],
            by=self.actor,
            ip=client_ip(request),
            replace_version=data.get("version"),
        )
        return self._answer(result, created=True)

    # --- Parsing the request: which result, which table, who acts, which submission ----------

    def _writable(self) -> Result:
        return selectors.writable_result(self.actor, self.tournament, self.kwargs["pk"])

    def _assignment(
        self, round_number: int, table_number: int, *, board: int | None = None
    ) -> TableAssignment:
        """The table plan row the request names: a 400 when that table does not play that
        round, a 403 for the device of another table. With ``board``, its hands come with it
        (``board_hands``: one query for the entry's table, teams and hands)."""
        if board is not None:
            assignment = results_selectors.entry_assignment(
                self.tournament, round_number, table_number, board
            )
        else:
            assignment = results_selectors.assignment_at(
                self.tournament, round_number, table_number
            )
        if assignment is None:
            raise FieldErrors.single(
                "table",
                "not_in_plan",
                gettext("La table %(table)s ne joue pas au tour %(round)s.")
                % {"table": table_number, "round": round_number},
            )
        actor = self.actor
        if not policy.can_enter_any_result(actor, self.tournament) and (
            assignment.table_id != actor.table.pk
        ):
            raise PermissionDenied(
                gettext("Cet appareil saisit les résultats de sa table seulement.")
            )
        return assignment

    def _by(self, assignment: TableAssignment, data: dict) -> policy.Actor:
        """Who acts: staff as themselves; a table device as the team whose code it gives (the
        access policy and the services decide what that team may do)."""
        actor = self.actor
        if policy.can_enter_any_result(actor, self.tournament):
            return actor
        closed = policy.table_closed_reason(actor, assignment)
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
        team = results_services.team_by_code(assignment=assignment, code=code)
        side = data.get("side")
        if side and assignment.side_of(team) != side:
            raise FieldErrors.single(
                "side",
                "invalid",
                gettext("Ce code est celui de l'autre camp de la table."),
            )
        return policy.team_actor(team, table=actor.table)

    def _idempotency_key(self) -> str | None:
        """The submission's stored key, from the ``Idempotency-Key`` header (None without)."""
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
            tournament=self.tournament,
            key=key,
            by=self.request.user,
            token=request_token(self.request),
        )

    # --- Writing and answering ----------------------------------------------------------------

    def _record(
        self, assignment, board, record, by, key, replace_version=None, **options
    ) -> Result:
        try:
            return results_services.take_result(
                assignment=assignment,
                board_number=board,
                record=record,
                by=by,
                source=Result.Source.API,
                ip=client_ip(self.request),
                submission_key=key,
                replace_version=replace_version,
                **options,
            )
        except EntryInvalid as error:
            raise FieldErrors.from_problems(error, prefix="record") from None

    def _answer(self, result: Result, created: bool) -> Response:
        """The version written, as stored; a replayed one is read again (with its table)."""
        replay = getattr(result, "is_replay", False)
        if replay or not _answer_loaded(result):
            result = selectors.stored_result(self.tournament, result.pk)
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        response = Response(self.get_serializer(result).data, status=code)
        if replay:
            response[REPLAYED_HEADER] = "true"
        return response


def _answer_loaded(result: Result) -> bool:
    """Has the version just written everything its answer shows (round, table, teams)? Then it
    is answered as is, not read again."""
    if not (
        Result.round.is_cached(result)
        and Result.table.is_cached(result)
        and Result.assignment.is_cached(result)
    ):
        return False
    assignment = result.assignment
    return all(
        field.is_cached(assignment) or getattr(assignment, field.field.attname) is None
        for field in (TableAssignment.ns_team, TableAssignment.ew_team)
    )
