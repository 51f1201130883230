"""What every screen shares: the screen numbers, and the overlay's text
helpers.

A screen is a module with two functions of the same shape (named after it,
as the one-file build puts every module in one namespace):

- ``show_<screen>(app)`` draws it (the table, or text on the overlay) when
  it comes on screen;
- ``<screen>_button(app, button, held)`` handles one button and returns the
  number of the screen that comes next (its own to stay).

``dispatch.SCREENS`` holds them by screen number, and the App routes events
to the screen shown. Text screens fill the view's text page (``rows``, drawn
as the sheet's characters in a TileGrid, see table/view.py); the peek fills
the tile overlay.

What a screen keeps while it is shown is its module's alone: made when it
opens, in ``app.states[<its number>]`` (a number, such as help's page, or an
object of a small class of the module's, such as ``menu.MenuState``), read
and written only there; another module that needs it calls the owner's
function (``peek.look_at``, ``menu.point_at_row``). The App lets them all go
when the table comes back. A screen brought up by its number alone (a
script's ``app.go(HELP)``) opens as its usual way in opens it.
"""

from ...core.rules import value_text
from ..table.text_grid import TEXT_COLUMNS, TEXT_ROWS

from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython

# Screen numbers: rows of dispatch.SCREENS, in this order.
PLAY = const(0)
MENU = const(1)
PEEK = const(2)
HELP = const(3)
WON_SCREEN = const(4)
STUCK = const(5)
NUMBER = const(6)
STATS = const(7)  # the statistics (stats.py)
STATS_RESET = const(8)  # ...and the question before a reset
OVERVIEW = const(9)  # every pile at once (overview.py)

NOWHERE = const(-1)  # no card lifted
def throws_away(app):
    """Whether starting another game loses moves played in this one (a won
    game loses nothing): then the player is asked once."""
    return len(app.game.history) > 0 and not app.game.is_won()


def write_section(app, name, row):
    """Write section ``name`` of the texts file (``app.texts``, see
    assets/help.txt) into the text page's rows from ``row``, the lines for
    other rules left out, a line wider than the screen wrapped (``wrap``);
    the row after the last. Read line by line from
    flash: the texts take no RAM while they are not shown, and a line outside
    the section is garbage only as read (tested, stripped, sliced only inside)."""
    rows = app.view.rows
    rules = app.game.rules
    try:
        with open(app.texts) as file:
            inside = False
            for line in file:
                if line.startswith("@"):
                    if inside:
                        break
                    inside = line.startswith(name, 1) and not line[1 + len(name):].strip()
                elif inside and row < TEXT_ROWS:
                    line = line.rstrip()
                    if line[:1] == "?":
                        space = line.find(" ")
                        equals = line.find("=")
                        if value_text(getattr(rules, line[1:equals])) != line[equals + 1:space]:
                            continue
                        line = line[space + 1:]
                    if len(line) <= TEXT_COLUMNS:
                        rows[row] = line
                        row += 1
                        continue
                    for part in wrap(line, TEXT_COLUMNS):  # too wide: wrapped at spaces
                        if row < TEXT_ROWS:
                            rows[row] = part
                            row += 1
    except OSError:
        rows[row] = "(no texts file)"
        row += 1
    return row


def wrap(line, columns):
    """``line`` broken at spaces into lines shorter than ``columns``
    characters (as ``adafruit_display_text``'s ``wrap_text_to_pixels`` breaks
    it in a fixed-width font: a line is filled while it stays under the
    width); a word too long for a line is cut."""
    lines = []
    partial = None
    for word in line.split(" "):
        while len(word) >= columns:
            if partial is not None:
                lines.append(partial)
                partial = None
            lines.append(word[:columns - 1])
            word = word[columns - 1:]
        if partial is None:
            partial = word
        elif len(partial) + 1 + len(word) < columns:
            partial += " " + word
        else:
            lines.append(partial)
            partial = word
    lines.append(partial or "")
    return lines


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
