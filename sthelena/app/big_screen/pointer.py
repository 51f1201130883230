"""The mouse, as the app sees it: a press at a point of the table's picture
becomes the button a player would press there.

Shared by the edges that have a mouse (the Fruit Jam's USB mouse, the
desktop window playing the Fruit Jam). Points are table pixels (0..159,
0..127: ``big_screen.BigScreen.to_table`` turns screen pixels into them).

- Left button on a place of the table: the cursor goes there, and it is A:
  a card is lifted, put down, or, clicked again, sent where the quick move
  sends it (home first: a double click plays a card home). Held, it is A
  held: the quick move at once. On the status line: START (the menu).
  Anywhere else with a card lifted: B (the card goes back).
- Left button on the menu: the item under the pointer is chosen (A; an
  option steps to its next value); on its top line: B. On the other screens
  over the table: A.
- Right button: B (put back, undo, back); held: B held (redo).
- Middle button: SELECT at the place under the pointer (the overview, or a
  foundation's peek).
- The wheel: UP and DOWN on the screens over the table (menu, help...).
"""

from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..buttons import UP, DOWN, A, B, START, SELECT, NO_EVENT, ButtonTimer
from ..table.layout import GRID_LEFT, GRID_TOP, GRID_COLUMNS, GRID_ROWS, GRID_WIDTH, GRID_HEIGHT
from ..table.layout import place_column, place_row
from ..screens.menu import point_at_row
from ..screens.common import PLAY, MENU, NOWHERE
from ..table.tiles import TILE_HEIGHT

# Mouse buttons, as the edges name them.
LEFT_BUTTON = const(0)
RIGHT_BUTTON = const(1)
MIDDLE_BUTTON = const(2)
WHEEL_UP = const(3)
WHEEL_DOWN = const(4)

_PAGE_WIDTH = const(160)  # the handheld's page, which table pixels are points of
_PAGE_HEIGHT = const(128)
_CELL_WIDTH = GRID_WIDTH // GRID_COLUMNS
_CELL_HEIGHT = GRID_HEIGHT // GRID_ROWS


def place_at(x, y):
    """The place whose cell of the table's grid holds table pixel (x, y)
    (a card and the gap round it), or NOWHERE (a corner, the margins)."""
    if x < GRID_LEFT or y < GRID_TOP:
        return NOWHERE
    column = (x - GRID_LEFT) // _CELL_WIDTH
    row = (y - GRID_TOP) // _CELL_HEIGHT
    for place in range(20):
        if place_column(place) == column and place_row(place) == row:
            return place
    return NOWHERE


def on_place(app, button, place):
    """The event of the left or middle button pressed on ``place`` of the
    table (NOWHERE: off the places): the cursor goes there first."""
    if place == NOWHERE:
        return B if button == LEFT_BUTTON and app.lifted != NOWHERE else NO_EVENT
    if app.cursor != place:
        app.cursor = place
        app.changed()  # the cursor is saved too (by the write policy)
    return A if button == LEFT_BUTTON else SELECT


def pointed(app, button, x, y):
    """The button event of mouse ``button`` pressed at table pixel (x, y)
    (-1, -1: off the table), or NO_EVENT; points the table's cursor or the menu's marker
    there first, so that the event acts on what is under the pointer."""
    if button == RIGHT_BUTTON:
        return B
    screen = app.screen
    if button == WHEEL_UP or button == WHEEL_DOWN:
        if screen == PLAY:
            return NO_EVENT
        return UP if button == WHEEL_UP else DOWN
    if screen == PLAY:
        if button == LEFT_BUTTON and 0 <= y < GRID_TOP and x >= 0:
            return START
        return on_place(app, button, place_at(x, y))
    if button != LEFT_BUTTON:
        return NO_EVENT
    if screen == MENU:
        row = y // TILE_HEIGHT
        if row == 0:
            return B
        if not point_at_row(app, row):
            return NO_EVENT
    return A


class Pointer:
    """Mouse presses and releases as the app's events: a left or right
    button held is timed as A or B held (``ButtonTimer``), so holding the
    mouse button does what holding the handheld's does."""

    def __init__(self):
        self._timer = ButtonTimer()

    def press(self, app, button, x, y, now_ms):
        """Mouse ``button`` went down at table pixel (x, y): the app's event."""
        return self.timed(pointed(app, button, x, y), button, now_ms)

    def timed(self, event, button, now_ms):
        """``event``, the press of mouse ``button``, timed for its hold if it has one."""
        if (event == A and button == LEFT_BUTTON) or (event == B and button == RIGHT_BUTTON):
            return self._timer.down(event, now_ms)
        return event

    def press_on(self, app, screen, button, x, y, now_ms):
        """The same at pixel (x, y) of ``screen`` (a BigScreen): off the table,
        only B means something. A page larger than the handheld's (the
        PicoSystem's 240x192, which a 320x240 screen shows) is read as the
        handheld's, whose rows and columns it has at a larger size."""
        where = screen.to_table(x, y)
        if where is None:
            return self.press(app, button, -1, -1, now_ms)
        return self.press(app, button,
                          where[0] * _PAGE_WIDTH // getattr(screen, "table_width", _PAGE_WIDTH),
                          where[1] * _PAGE_HEIGHT // getattr(screen, "table_height", _PAGE_HEIGHT),
                          now_ms)

    def release(self, button, now_ms):
        """Mouse ``button`` went up: its hold, if pending, is cancelled."""
        if button == LEFT_BUTTON:
            self._timer.up(A, now_ms)
        elif button == RIGHT_BUTTON:
            self._timer.up(B, now_ms)

    def due(self, now_ms):
        """A held button's event due by ``now_ms``, else NO_EVENT."""
        return self._timer.due(now_ms)
