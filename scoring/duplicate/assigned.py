"""Assigned scores in points (scores assignés): marks the arbiter gives each side instead of a
deal's result. They are compared like a played result (``BoardResult(..., assigned=True)``);
this module says which marks are acceptable. The rule is described in docs/scoring.md.
"""

from __future__ import annotations

from enum import Enum

MAX_ASSIGNED_MARKS = 4000
"""An assigned score gives a side at most 4000 marks (a surcoinched capot with annonces is
below that)."""


class AssignedMarksProblem(Enum):
    """Why an assigned score's marks are refused (the site words each one)."""

    NOT_WHOLE = "not_whole"  # not a whole number >= 0
    TOO_HIGH = "too_high"  # above MAX_ASSIGNED_MARKS
    NOT_ROUNDED = "not_rounded"  # not a multiple of 10 while the rules round to the ten


def assigned_marks_problem(
    ns_marks: object, ew_marks: object, *, multiple_of: int = 10
) -> AssignedMarksProblem | None:
    """What is wrong with an assigned score of ``ns_marks`` / ``ew_marks``, or None.

    Marks are whole numbers from 0 to ``MAX_ASSIGNED_MARKS``, multiples of ``multiple_of`` (10
    when the rules round deal scores to the ten, 1 when they do not).
    """
    for marks in (ns_marks, ew_marks):
        if not isinstance(marks, int) or isinstance(marks, bool) or marks < 0:
            return AssignedMarksProblem.NOT_WHOLE
    assert isinstance(ns_marks, int) and isinstance(ew_marks, int)
    if max(ns_marks, ew_marks) > MAX_ASSIGNED_MARKS:
        return AssignedMarksProblem.TOO_HIGH
    if ns_marks % multiple_of or ew_marks % multiple_of:
        return AssignedMarksProblem.NOT_ROUNDED
    return None
