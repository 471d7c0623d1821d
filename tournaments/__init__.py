"""The tournament site: Django apps around the plain-Python core in ``scoring``.

``tournaments`` itself holds tournaments, players, teams, rounds and the table plan; the
sub-packages are one app per concept: accounts, deals, results, standings, printing, api.
"""
