"""Tournament set-up (mise en place): tournaments, players, teams, rounds and the table plan;
the organizer's pages and the tournament's public pages. Its app label stays ``tournaments``
(the tables and migrations keep their names)."""
