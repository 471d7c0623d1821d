"""What tournament set-up says to the apps above it (it imports none of them).

``scoring_changed`` is sent, inside the writing transaction, when a setting that changes every
score is changed once results exist (the scoring method): argument ``tournament``. The standings
app listens and marks the scores stale.

``rules_changed`` is sent, inside the writing transaction, when the tournament's rule settings
change: argument ``tournament``. The deals app listens and has the boards' analysis computed
again (it depends on the rules: docs/analysis.md)."""

from django.dispatch import Signal

scoring_changed = Signal()

team_withdrawn = Signal()
"""Sent inside the writing transaction when a team is declared withdrawn (forfait) or deleted
(before the row goes), argument ``team``: the online registrations move their waiting list
up."""

rules_changed = Signal()
