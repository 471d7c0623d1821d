"""Which team a phone has proved to be, meeting by meeting (a meeting: one table in one round).

A team proves itself at its table with its code (« Code de votre équipe ») or by opening its
own link (the route card's QR code), and the phone's session keeps that proof for that meeting
only: the table page of another table, or of the same table in another round, knows nothing of
it. So a phone on which a team once typed its code cannot later act in that team's name
elsewhere, and a table link shows a round's results only to a phone proved to sit at it
(docs/security.md, "Proof per act").

The phone of the team that enters is also passed across the table: the *other* team gives its
code once on it (« L'autre équipe confirme »), and the phone keeps that second proof, the
confirming team, for the meeting, to accept or contest each board with one tap. It lasts until
the phone's own team enters or corrects a board again (``forget_confirmer``): the proof given
to accept what was shown never accepts what is entered after it.
"""

from __future__ import annotations

from tournaments.setup.models import TableAssignment, Team

SESSION_KEY = "results-meeting-proofs"
CONFIRMERS_KEY = "results-meeting-confirmers"


def _proofs(request, key: str = SESSION_KEY) -> dict[str, int]:
    proofs = request.session.get(key)
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
    forget_confirmer(request, assignment)


def prove_confirmer(request, assignment_id: int, team: Team) -> None:
    """The other team of this meeting gave its code on this phone, to confirm or contest what
    the phone's team entered."""
    confirmers = _proofs(request, CONFIRMERS_KEY)
    confirmers[str(assignment_id)] = team.pk
    request.session[CONFIRMERS_KEY] = confirmers


def forget_confirmer(request, assignment: TableAssignment) -> None:
    """The phone is back with the team that enters: the other team's proof ends."""
    confirmers = _proofs(request, CONFIRMERS_KEY)
    if confirmers.pop(str(assignment.pk), None) is not None:
        request.session[CONFIRMERS_KEY] = confirmers


def confirming_team(request, assignment: TableAssignment) -> Team | None:
    """The other team that proved itself on this phone to confirm, for this meeting, if any."""
    return _team_of(assignment, _proofs(request, CONFIRMERS_KEY).get(str(assignment.pk)))


def proven_team(request, assignment: TableAssignment) -> Team | None:
    """The team of this meeting that this phone proved to be, if any."""
    return _team_of(assignment, _proofs(request).get(str(assignment.pk)))


def _team_of(assignment: TableAssignment, team_pk) -> Team | None:
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
