"""What the results app says to the others: ``results_changed`` is sent inside the transaction
that writes results (arguments ``tournament`` and ``board_numbers``). The standings app listens
and marks the scores stale; results imports nothing of standings."""

from django.dispatch import Signal

results_changed = Signal()
