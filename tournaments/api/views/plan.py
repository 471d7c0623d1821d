"""Rounds (tours), the table plan (plan de table) and the boards (étuis)."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from tournaments.deals import selectors as deals_selectors
from tournaments.deals import services as deals_services
from tournaments.deals.models import Board
from tournaments.results import services as results_services
from tournaments.setup import selectors as setup_selectors
from tournaments.setup import services as organizer
from tournaments.setup.models import Round, TableAssignment, Tournament

from .. import filters, serializers
from ..errors import FieldErrors
from ..permissions import ArbiterWrites
from .base import TournamentScoped


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
        return setup_selectors.visible_rounds(self.actor, self.tournament)

    @extend_schema(request=None, responses={200: serializers.RoundSerializer})
    @action(detail=True, methods=["post"])
    def start(self, request, *args, **kwargs):
        """Start the round's clock: tables are late after boards × minutes per board."""
        round_ = results_services.start_round(round_=self.get_object())
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
        return setup_selectors.visible_plan_rows(self.actor, self.tournament)

    @extend_schema(request=None, responses={200: serializers.PlanGeneratedSerializer})
    @action(detail=False, methods=["post"])
    def generate(self, request, *args, **kwargs):
        """Compute the movement for the checked-in teams and store it (rounds unpublished).
        Refused once a result exists or hands were released."""
        outcome = organizer.generate_plan(tournament=self.tournament, by=request.user)
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
        data = self.validated(serializers.PlanPublishSerializer).validated_data
        rounds = _known_rounds(self.tournament, data.get("rounds"))
        changed = organizer.publish_rounds(
            tournament=self.tournament, round_numbers=rounds, published=data["published"]
        )
        return Response(_rounds_changed(self, changed))


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
            self.actor, self.tournament
        )
        return context

    @extend_schema(responses={200: serializers.BoardAnalysisSerializer})
    @action(detail=True, methods=["get"])
    def analysis(self, request, *args, **kwargs):
        """The board's double-dummy analysis (docs/analysis.md): each side's points per strain
        with perfect play, the highest bid each side makes, the « contrat optimal ». As secret
        as the hands: ``status`` is ``hidden`` with nothing else for whoever may not see them,
        exactly the same whether an analysis exists or not."""
        board = self.get_object()
        empty = {"number": board.number, "points": None, "bids": None, "par": None}
        visible = deals_selectors.visible_board_numbers(self.actor, self.tournament)
        if board.number not in visible:
            return Response({**empty, "status": "hidden"})
        if not board.has_hands:
            return Response({**empty, "status": "unrecorded"})
        current = deals_selectors.current_analyses(self.tournament, [board.number])
        analysis = current.get(board.number)
        if analysis is None:
            return Response({**empty, "status": "pending"})
        return Response(
            {
                "number": board.number,
                "status": "ready",
                "points": analysis.points,
                "bids": analysis.bids,
                "par": analysis.par,
            }
        )

    @extend_schema(
        request=serializers.RoundsChoiceSerializer,
        responses={200: serializers.RoundsChangedSerializer},
    )
    @action(detail=False, methods=["post"])
    def release(self, request, *args, **kwargs):
        """Release the hand records (relevé des donnes) of some rounds, or of all of them
        (which also reveals the seed of generated deals). Cannot be undone."""
        data = self.validated(serializers.RoundsChoiceSerializer).validated_data
        released = deals_services.release_hands(
            tournament=self.tournament, rounds=data.get("rounds"), by=request.user
        )
        return Response(_rounds_changed(self, released))


def _known_rounds(tournament: Tournament, numbers) -> list[int] | None:
    """The round numbers asked for, each once, in order (None: every round); a 400 naming the
    unknown ones."""
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
    """The answer to a publication or a release: how many rounds changed, and every round."""
    rounds = setup_selectors.rounds_of(view.tournament)
    context = view.get_serializer_context()
    return {
        "changed": changed,
        "rounds": serializers.RoundSerializer(rounds, many=True, context=context).data,
    }
