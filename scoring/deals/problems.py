"""Problems found in deal data (a hand, a deal, a PBN file, a seed), as translatable messages.

Plain Python cannot import Django's translation machinery, so messages are English templates
marked with a no-op ``gettext_noop`` of the same name as Django's: ``makemessages`` collects them,
and the Django layer passes its ``gettext`` to ``Problem.render`` to show them in French.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from scoring.engine.cards import Card, Seat
from scoring.translation import gettext_noop


class Term(str):
    """A word of the domain placed in a message (a seat name) that is translated with it.

    Other parameters (a card, a board number, text copied from a file) are shown as they are;
    a tuple of terms is shown as a comma-separated list.
    """

    __slots__ = ()


SEAT_NAMES: Mapping[Seat, Term] = {
    Seat.NORTH: Term(gettext_noop("North")),
    Seat.EAST: Term(gettext_noop("East")),
    Seat.SOUTH: Term(gettext_noop("South")),
    Seat.WEST: Term(gettext_noop("West")),
}

_AT_BOARD_AND_LINE = gettext_noop("Board %(board)s, line %(line)s: %(problem)s")
_AT_BOARD = gettext_noop("Board %(board)s: %(problem)s")
_AT_LINE = gettext_noop("Line %(line)s: %(problem)s")


def seat_name(seat: Seat) -> Term:
    """The seat's name for a message: ``North`` (translated to ``Nord`` by the Django layer)."""
    return SEAT_NAMES[seat]


def card_list(cards: Iterable[Card]) -> str:
    """Cards for a message, in the order given: ``A♠, 10♥``."""
    return ", ".join(card.label for card in cards)


def _untranslated(message: str) -> str:
    return message


def _shown(value: str | int | tuple[Term, ...], translate: Callable[[str], str]) -> str | int:
    if isinstance(value, tuple):
        return ", ".join(translate(term) for term in value)
    if isinstance(value, Term):
        return translate(value)
    return value


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the input, where it is, and how to say it.

    ``message`` is an English template with ``%(name)s`` placeholders filled from ``params``;
    ``code`` is stable for programs and tests; ``board`` and ``line`` locate the problem when
    known (a PBN file's line numbers start at 1).
    """

    code: str
    message: str
    params: Mapping[str, str | int | tuple[Term, ...]] = field(default_factory=dict, hash=False)
    board: int | None = None
    line: int | None = None

    def render(self, translate: Callable[[str], str] = _untranslated) -> str:
        """The full sentence, located; pass Django's ``gettext`` as ``translate`` to localise."""
        values = {name: _shown(value, translate) for name, value in self.params.items()}
        text = translate(self.message) % values
        if self.board is not None and self.line is not None:
            return translate(_AT_BOARD_AND_LINE) % {
                "board": self.board,
                "line": self.line,
                "problem": text,
            }
        if self.board is not None:
            return translate(_AT_BOARD) % {"board": self.board, "problem": text}
        if self.line is not None:
            return translate(_AT_LINE) % {"line": self.line, "problem": text}
        return text

    def __str__(self) -> str:
        return self.render()


class ProblemError(ValueError):
    """Raised with every problem found at once, so the user can fix them all in one go."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(problem.render() for problem in self.problems))

    @property
    def codes(self) -> list[str]:
        return [problem.code for problem in self.problems]

    def messages(self, translate: Callable[[str], str] = _untranslated) -> list[str]:
        """Every problem as a sentence, translated with ``translate``."""
        return [problem.render(translate) for problem in self.problems]
