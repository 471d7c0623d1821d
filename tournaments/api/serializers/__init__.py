"""What the API reads and writes, field by field: the shapes of its JSON bodies.

Serializers only shape data and ask no query: the views give them rows from the selectors
(annotated, prefetched) and, in the context, what depends on the caller (``context.py``).
Writes go through the services (``tournaments.setup.services``, ``tournaments.results.services``,
``tournaments.deals.services``), and the result record is validated by the rules engine, not
here (its schema documents it for clients).

One module per resource; every name is also here, for ``serializers.X`` and for the settings'
``ENUM_NAME_OVERRIDES`` (``tournaments.api.serializers.SEATS``...).
"""

from .choices import (
    ANALYSIS_STATUSES,
    ANNONCE_KINDS,
    CAPOTS,
    COINCHES,
    RANKS,
    ROLES,
    RULE_CHOICES,
    RULES_PRESETS,
    SEATS,
    SIDES,
    STRAINS,
    SUITS,
)
from .clubs import (
    SEASON_METHODS,
    ClubPlayerSerializer,
    ClubSerializer,
    SeasonLineSerializer,
    SeasonRankingSerializer,
    SeasonSerializer,
)
from .errors import ErrorSerializer, FieldErrorSerializer, ResultRefSerializer
from .penalties import PenaltyCreateSerializer, PenaltyRemoveSerializer, PenaltySerializer
from .plan import (
    BoardAnalysisSerializer,
    BoardSerializer,
    HandsSerializer,
    PlanGeneratedSerializer,
    PlanPublishSerializer,
    PlanRowSerializer,
    RoundsChangedSerializer,
    RoundsChoiceSerializer,
    RoundSerializer,
)
from .registrations import RegistrationPlayerSerializer, RegistrationSerializer
from .results import (
    AdjustmentSerializer,
    AnnonceSerializer,
    AssignedScoreSerializer,
    BidField,
    ContractSerializer,
    DisputeSerializer,
    RecordField,
    ResultCreateSerializer,
    ResultRecordSerializer,
    ResultSerializer,
    ResultUpdateSerializer,
    ScoreSerializer,
    SideSerializer,
)
from .standings import (
    BoardScoreSerializer,
    RankingEntrySerializer,
    RankingQuerySerializer,
    RankingSerializer,
)
from .teams import (
    PlayerBriefSerializer,
    PlayerInputSerializer,
    PlayerSerializer,
    TeamSerializer,
    TeamWriteSerializer,
)
from .tournaments import (
    RulesSerializer,
    StatusChangeSerializer,
    TournamentSerializer,
    TournamentWriteSerializer,
)

__all__ = [
    "SEASON_METHODS",
    "ClubPlayerSerializer",
    "ClubSerializer",
    "SeasonLineSerializer",
    "SeasonRankingSerializer",
    "SeasonSerializer",
    "ANALYSIS_STATUSES",
    "BoardAnalysisSerializer",
    "ANNONCE_KINDS",
    "CAPOTS",
    "COINCHES",
    "RANKS",
    "ROLES",
    "RULE_CHOICES",
    "RULES_PRESETS",
    "SEATS",
    "SIDES",
    "STRAINS",
    "SUITS",
    "AdjustmentSerializer",
    "AssignedScoreSerializer",
    "PenaltyCreateSerializer",
    "PenaltyRemoveSerializer",
    "PenaltySerializer",
    "AnnonceSerializer",
    "BidField",
    "BoardScoreSerializer",
    "BoardSerializer",
    "ContractSerializer",
    "DisputeSerializer",
    "ErrorSerializer",
    "FieldErrorSerializer",
    "HandsSerializer",
    "PlanGeneratedSerializer",
    "PlanPublishSerializer",
    "PlanRowSerializer",
    "PlayerBriefSerializer",
    "PlayerInputSerializer",
    "PlayerSerializer",
    "RankingEntrySerializer",
    "RankingQuerySerializer",
    "RankingSerializer",
    "RecordField",
    "RegistrationPlayerSerializer",
    "RegistrationSerializer",
    "ResultCreateSerializer",
    "ResultRecordSerializer",
    "ResultRefSerializer",
    "ResultSerializer",
    "ResultUpdateSerializer",
    "RoundSerializer",
    "RoundsChangedSerializer",
    "RoundsChoiceSerializer",
    "RulesSerializer",
    "ScoreSerializer",
    "SideSerializer",
    "StatusChangeSerializer",
    "TeamSerializer",
    "TeamWriteSerializer",
    "TournamentSerializer",
    "TournamentWriteSerializer",
]
