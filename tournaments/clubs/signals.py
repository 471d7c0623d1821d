"""What the clubs app says to the apps above it (it imports none of them).

Sent inside the writing transaction:

- ``players_merged`` (``kept``, ``removed``): before ``removed`` is deleted; set-up points the
  tournaments' players at ``kept``, the seasons recompute.
- ``player_anonymised`` (``player``, and ``former``: the first name, last name and licence it
  had, for the receivers that must find what the registry never linked): set-up blanks the
  names typed in the tournaments, the online registration the pairs' entries, the seasons
  recompute.
"""

from django.dispatch import Signal

players_merged = Signal()
player_anonymised = Signal()
