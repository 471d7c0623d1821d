"""The arbiter's pages, by concept: ``dashboard`` (the live grid, the rounds started, the
tables' links), ``sheets`` (fast entry of a round's score sheets), ``corrections`` (a result's
history and the actions on it), ``penalties`` (the tournament's procedural penalties).

Every view goes through ``arbiter_required`` (arbiters and organizers of the tournament).
"""
