"""The REST API's resources under /api/v1/, one module per kind of resource.

Each view parses its input (a serializer), calls one selector or service, and serializes the
answer. Reads come from the selectors (``tournaments.api.selectors`` and the apps' own), which
ask ``tournaments.setup.policy`` what the caller (``permissions.Access.actor``) may see; writes go
through the services (organizer set-up, deals release, results), so the audit trail,
idempotency and standings hooks apply exactly as on the site.
"""

from .clubs import ClubPlayerViewSet, ClubViewSet, SeasonRankingView, SeasonViewSet
from .penalties import PenaltyViewSet
from .plan import BoardViewSet, PlanViewSet, RoundViewSet
from .registrations import RegistrationViewSet
from .results import ResultViewSet
from .standings import BoardScoreViewSet, RankingView
from .teams import PlayerViewSet, TeamViewSet
from .tournaments import TournamentViewSet

__all__ = [
    "ClubPlayerViewSet",
    "ClubViewSet",
    "SeasonRankingView",
    "SeasonViewSet",
    "BoardScoreViewSet",
    "BoardViewSet",
    "PenaltyViewSet",
    "PlanViewSet",
    "PlayerViewSet",
    "RankingView",
    "RegistrationViewSet",
    "ResultViewSet",
    "RoundViewSet",
    "TeamViewSet",
    "TournamentViewSet",
]
