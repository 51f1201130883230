"""What every screen shares: the screen numbers, and the overlay's text
helpers.

A screen is a module with two functions of the same shape (named after it,
as the one-file build puts every module in one namespace):

- ``show_<screen>(app)`` draws it (the table, or text on the overlay) when
  it comes on screen;
- ``<screen>_button(app, button, held)`` handles one button and returns the
  number of the screen that comes next (its own to stay).

``game_app`` keeps them in two tuples by screen number and routes events to
the screen shown. Text screens fill the view's text page (``rows``, drawn by
an ``adafruit_display_text`` label, see table.py); the peek fills the tile
overlay. What a screen keeps while it is shown lives on the app
(functions, not objects: a class costs the board about 200 bytes more).
"""

from .table import TEXT_ROWS

from ..cards import const  # the core's: micropython's, or a stand-in on CPython

# Screen numbers: indices into app.screens.
PLAY = const(0)
MENU = const(1)
PEEK = const(2)
HELP = const(3)
WON_SCREEN = const(4)
STUCK = const(5)
NUMBER = const(6)
STATS = const(7)  # the statistics (stats_screen.py)
STATS_RESET = const(8)  # ...and the question before a reset

NOWHERE = const(-1)  # no card lifted


def show_lines(view, lines):
    """The text page holding ``lines`` from its top row."""
    view.clear_text()
    rows = view.rows
    for row in range(min(len(lines), TEXT_ROWS)):
        rows[row] = lines[row]
    view.show_text()


def show_message(view, title, lines, keys):
    """A screen with a title (twice the size, centred), a few lines and the
    keys that act on it."""
    view.clear_text()
    rows = view.rows
    for index in range(len(lines)):
        rows[3 + index] = lines[index]
    for index in range(len(keys)):
        rows[TEXT_ROWS - len(keys) + index] = keys[index]
    view.show_text(title)
