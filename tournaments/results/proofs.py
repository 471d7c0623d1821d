"""Which team a phone has proved to be, meeting by meeting (a meeting: one table in one round).

A team proves itself at its table with its code (« Code de votre équipe ») or by opening its
own link (the route card's QR code), and the phone's session keeps that proof for that meeting
only: the table page of another table, or of the same table in another round, knows nothing of
it. So a phone on which a team once typed its code cannot later act in that team's name
elsewhere, and a table link shows a round's results only to a phone proved to sit at it
(docs/security.md, "Proof per act").
"""

from __future__ import annotations

from tournaments.setup.models import TableAssignment, Team

SESSION_KEY = "results-meeting-proofs"


def _proofs(request) -> dict[str, int]:
    proofs = request.session.get(SESSION_KEY)
    return dict(proofs) if isinstance(proofs, dict) else {}


def prove(request, assignment_id: int, team: Team) -> None:
    """This phone proved, for this meeting (the plan row ``assignment_id``), that it is
    ``team`` (one of its two teams)."""
    proofs = _proofs(request)
    proofs[str(assignment_id)] = team.pk
    request.session[SESSION_KEY] = proofs


def forget(request, assignment: TableAssignment) -> None:
    """« Ce n'est pas nous »: the phone is no team of this meeting any more."""
    proofs = _proofs(request)
    if proofs.pop(str(assignment.pk), None) is not None:
        request.session[SESSION_KEY] = proofs


def proven_team(request, assignment: TableAssignment) -> Team | None:
    """The team of this meeting that this phone proved to be, if any."""
    team_pk = _proofs(request).get(str(assignment.pk))
    if team_pk is None:
        return None
    if team_pk == assignment.ns_team_id:
        return assignment.ns_team
    if team_pk == assignment.ew_team_id:
        return assignment.ew_team
    return None


def proven_meetings(request) -> set[int]:
    """The plan rows this phone holds a proof for."""
    return {int(pk) for pk in _proofs(request) if pk.isascii() and pk.isdigit()}
