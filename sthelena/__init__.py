"""sthelena: the St. Helena patience for CircuitPython handhelds and the desktop.

The folders are the parts, and the imports follow them (tests/test_layers.py
reads every import and checks it):

- ``core/``: the rules, the game, save bytes, statistics. Imports only core.
- ``app/``: the handheld game (table view, cursor, menu, screens). Imports
  core; is handed a display, buttons, a store and a speaker.
- ``handheld/``: the PyGamer/PyBadge edge that makes those. Imports app, core.
- ``desktop/``: the window, keyboard and file store edge, and the command
  line. Imports app, core, solver.
- ``solver/``: the desktop solver and win rates. Imports core.

The board gets ``core/``, ``app/`` and ``handheld/`` (merged and compiled by
tools/board/bundle.py into ``lib/sthelena_board.mpy``, but ``core/notation.py``,
which the board never reads or writes); ``desktop/`` and ``solver/`` never go
on it. No other import between parts is allowed, and no modules import
each other, directly or round a circle. This file stays empty of code so
that a board imports only what it needs.
"""
