"""Per-board scores (the travellers' lines) and the live ranking (classement)."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, viewsets
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import vocabulary
from tournaments.setup import selectors as setup_selectors
from tournaments.standings.models import BoardScore

from .. import filters, selectors, serializers
from ..errors import FieldErrors
from .base import TournamentScoped


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
        return selectors.visible_board_scores(self.actor, self.tournament)

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
        params = self.validated(serializers.RankingQuerySerializer, request.query_params)
        try:
            ranking = selectors.live_ranking(
                self.tournament,
                up_to_round=params.validated_data.get("up_to_round"),
                direction=params.validated_data.get("direction"),
            )
        except ValueError:
            raise FieldErrors.single(
                "direction",
                "single_ranking",
                gettext("Ce tournoi a un classement unique : ne précisez pas de direction."),
            ) from None
        return Response(serializers.RankingSerializer(ranking).data)
