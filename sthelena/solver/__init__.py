"""The desktop solver, never on a board: a best-first search that proves a
position won (with the moves) or lost (``search``, with ``position``,
``foundations`` and ``result``), and win rates over ranges of deals
(``winrate``). Imports only the core."""
