"""sthelena: the St. Helena patience for CircuitPython handhelds and the desktop.

The folders are the parts, and the imports follow them (tests/tools/test_layers.py
reads every import and checks it):

- ``core/``: the rules, the game, save bytes and their flash stores, statistics.
  Imports only core.
- ``app/``: the game a player holds, in packages by what they show:
  ``table/`` (the table, its layout, sheet and play), ``hint/`` (the hint and
  its search), ``screens/`` (the menu and the screens over the table) and
  ``big_screen/`` (for a mouse and a large screen: the pointer, the scaled
  and the fanned tables, which no other part of app/ imports), with the App
  and what every screen uses at its top. Imports core; is handed a display,
  buttons, a store and a speaker.
- ``boards/``: each board's profile, plain data: its screen, keys, store,
  lights, speaker and sensors (the board's pins live there and nowhere
  else). Imports app (its button events).
- ``handheld/``: the edge of every board with buttons and a screen (the
  PyGamer, PyBadge, PicoSystem, Sprig, a Pico's display add-ons): it makes
  those from the board's profile. Imports app, core, boards.
- ``fruitjam/``: the Fruit Jam edge (DVI screen, USB mouse, keyboard and
  gamepad, ``/saves``). Imports app, core.
- ``web/``: the web page's edge (a <canvas>, the keyboard, on-screen
  buttons and the mouse, ``localStorage``, Web Audio), the game on
  MicroPython's WebAssembly port; and the page itself. Imports app, core.
- ``desktop/``: the window, keyboard and file store edge, and the command
  line; it plays any board's profile. Imports app, core, boards, solver.
- ``solver/``: the desktop solver and win rates. Imports core.

A handheld gets ``core/``, ``app/`` and ``handheld/``, merged and compiled by
tools/build/bundle.py into the game its profile names (``lib/sthelena_board.mpy``,
the PyGamer's and PyBadge's, lean; ``lib/sthelena_full.mpy``, every other's),
but ``core/notation.py``, which no board reads or writes, the mouse's modules,
and the tables and parts none of that game's boards uses; the profiles go as
``lib/sthelena_profiles.mpy``; the
Fruit Jam ``core/``, ``app/`` and ``fruitjam/`` (merged and compiled the same way
into ``lib/sthelena_fruitjam.mpy``, which tools/build/fruitjam_app.py puts in its
app folder); ``web/``, ``desktop/``
and ``solver/`` never go on a board. No other import between parts is
allowed, and no modules import each other, directly or round a circle. This
file holds only the version (``core/version.py``'s), so that a board imports
only what it needs.
"""

from .core.version import RELEASE_VERSION as __version__  # noqa: F401
