"""Table entry (saisie à la table): the players of a table enter and confirm their results from
a phone, through the table's secret URL printed as a QR code on its table card, or through
their team's own link printed on its route card (fiche de route).

No login. The table's link only says which table; a team says who it is with its four-digit
code (or by opening its own link, ``views_team_link``), and the phone remembers it for that meeting
(that table in that round) only (``results.proofs``).
One team enters a board; the *other* team confirms or disputes it by giving its own code on the
same phone (or from its own phone): the same proof never enters and confirms. Once confirmed,
only an arbiter can change it. Who may do what is the access policy's (``setup.policy``),
enforced again by the services. Plain forms (POST, then redirect), no script needed; with
its script (``results/phone_entry.js``) the form becomes big buttons and a number pad, and
shows the deal's score as it is filled in (``table_score``). With the offline script
(``results/offline.js``, docs/offline.md) the forms go through an outbox on the phone and are
sent to ``table_send``, which answers in JSON: what could not be sent waits on the phone.

By concept: ``page`` (the page and its plain forms), ``actions`` (what its forms do: a team
proves itself, enters, confirms, disputes), ``send`` (the outbox's JSON answer), ``score``
(the live score), ``state`` (what the page polls), ``phone`` (what they share: the round
chosen, the team this phone is, the record taken through the entry adapter).
"""
