"""The tournament site: Django apps around the plain-Python core in ``scoring``.

One app per concept: ``setup`` (tournaments, teams, rounds, the table plan), ``accounts``,
``deals``, ``results``, ``standings``, ``printing``, ``api``. Beside them, the few modules every
app shares: the access policy (``policy``) and its view guards (``guards``), the game's words
on screen (``vocabulary``), publishing jobs (``jobs``) and the tournament menu (``navigation``).
"""
