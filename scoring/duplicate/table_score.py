"""The computed score of one table on one board, whatever the comparison method.

Scores are exact ``Fraction`` values (Neuberg factors are thirds, sevenths...); round them only
to display them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from scoring.duplicate.board_result import BoardResult, ResultKey
from scoring.engine.cards import Side


class Method(Enum):
    """How results on the same cards are compared (méthode de classement)."""

    MATCHPOINTS = "matchpoints"  # points de match, Law 78A, with Neuberg
    DATUM = "datum"  # différence avec la moyenne de la donne
    TOTAL = "total"  # total des points marqués (concours classique, non duplicaté)


@dataclass(frozen=True, slots=True)
class TableScore:
    """What one table's teams score on one board: a line of the traveller, once compared.

    ``ns_score``/``ew_score`` belong to the NS-line and EW-line teams of ``result`` (None for
    the phantom): matchpoints, a difference with the datum, or points, depending on the method.
    ``top`` is the board's matchpoint top (matchpoints only), ``datum`` the board's datum
    (datum method, None when nobody played the board).
    """

    result: BoardResult
    ns_score: Fraction | None
    ew_score: Fraction | None
    top: int | None = None
    datum: int | None = None

    @property
    def key(self) -> ResultKey:
        return self.result.key

    @property
    def ns_percentage(self) -> Fraction | None:
        """The NS team's share of the top, 0..100 (matchpoints only)."""
        return self._percentage(self.ns_score)

    @property
    def ew_percentage(self) -> Fraction | None:
        """The EW team's share of the top, 0..100 (matchpoints only)."""
        return self._percentage(self.ew_score)

    def score_of(self, team: int) -> Fraction:
        """The score of ``team``, which must have played at this table."""
        score = self.ns_score if self.result.line_of(team) is Side.NS else self.ew_score
        assert score is not None  # only the phantom has no score, and it has no team number
        return score

    def percentage_of(self, team: int) -> Fraction | None:
        return self._percentage(self.score_of(team))

    def _percentage(self, score: Fraction | None) -> Fraction | None:
        if score is None or not self.top:
            return None
        return 100 * score / self.top
