"""A touch screen's table (the PyPortal's, the Titano's): the fanned table
tapped and dragged as the Fruit Jam's mouse clicks and drags it, and a row of
controls across the top for what a board's buttons would give.

A touch screen has no button but the finger, so the table's top band (above
the first row of cards, where the status line was) holds five labelled
controls, as wide as the screen allows: on the table Menu, Undo, Redo, Piles
(every pile at once, or a foundation's peek: SELECT at the card last
tapped) and Hint; over the text screens (menu, help, overview...) Back, the
left and right arrows and up and down (a tap on the page itself is A, as a
click is: the menu's item under it, the next page). The status line moves
to the foot of the screen, under the last row of cards.

``TouchControls`` draws the row and says which control a point is on;
``TouchPointer`` is the mouse's ``DragPointer`` with the row in front of it:
a press on the row is that control's event, and nothing follows it (no
drag, no hold). The board's edge (handheld/touch.py) and the desktop's
(``code.py --board pyportal``) hand their touches and clicks to the same
two, so their frames are the same. Points are screen pixels.
"""

import displayio

from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..buttons import B, DOWN, HOLD, LEFT, NO_EVENT, RIGHT, SELECT, START, UP
from ..screens.common import NOWHERE, PLAY
from ..table.tiles import ARROW_DOWN, ARROW_UP, COLOURS, FIRST_CHAR, PAPER, TABLE, TABLE_TILE
from .drag import DragPointer

CONTROLS = const(5)  # controls in the row
_FACE = const(0xF4EFD8)  # a control's face (the foundations' labels' cream)
_INK = const(0x000000)
_GAP = const(4)  # pixels between two controls' faces, and at the row's ends
_HINT = SELECT | HOLD  # the game's hint: SELECT held on the table

# Each control's label on the table and over a text screen (5 and 6: the
# sheet's up and down arrows), and its event there.
_TABLE_LABELS = ("Menu", "Undo", "Redo", "Piles", "Hint")
_PAGE_LABELS = ("Back", "<", ">", "\x05", "\x06")
_TABLE_EVENTS = bytes((START, B, B | HOLD, SELECT, _HINT))
_PAGE_EVENTS = bytes((B, LEFT, RIGHT, UP, DOWN))


class TouchControls:
    """The row of controls on ``screen`` (a FanScreen) for ``app`` (whose
    view is its FanTableView), drawn from the letters of the app's text
    sheet over everything, in the band above the table's first row
    (``band`` pixels high: down to the cursor's frame round a card of that
    row lifted); the view's status line moved under the last.
    Made once; the labels change (tile indices) as the table is covered
    or shown again (``FanTableView.on_page``)."""

    def __init__(self, screen, app):
        view = app.view
        layout = screen.layout
        geometry = layout.geometry
        width = screen.width
        self.band = band = layout.top[0] - geometry.lift - 2
        self.left = _GAP // 2
        self.cell = (width - _GAP) // CONTROLS  # each control's width, its gap included
        across = view.tile_width  # the text sheet's letters
        down = view.tile_height
        self._columns = columns = (self.cell - _GAP) // across  # a control's text columns
        self.group = displayio.Group()
        face_palette = displayio.Palette(1)
        face_palette[0] = _FACE
        face = displayio.Bitmap(self.cell - _GAP, band - 2, 1)  # a pixel above and below
        for control in range(CONTROLS):
            self.group.append(displayio.TileGrid(face, pixel_shader=face_palette,
                                                 x=self.left + control * self.cell, y=1))
        palette = displayio.Palette(COLOURS)
        for index in range(COLOURS):
            palette[index] = _INK
        palette[PAPER] = _FACE
        palette.make_transparent(TABLE)
        # Each control's label: a grid of the sheet's letters, centred on its
        # face (TABLE_TILE, transparent, round the label).
        self._labels = []
        for control in range(CONTROLS):
            label = displayio.TileGrid(
                view.status.bitmap, pixel_shader=palette, width=columns, height=1,
                tile_width=across, tile_height=down, default_tile=TABLE_TILE,
                x=self.left + control * self.cell + (self.cell - _GAP - columns * across) // 2,
                y=(band - down) // 2)
            self._labels.append(label)
            self.group.append(label)
        status = view.status  # under the last row (its group's scale: the geometry's)
        status.y = (screen.height - geometry.status_height) // geometry.status_scale
        self.on_table = None
        self.show(app.screen == PLAY)
        view.on_page = self.show
        screen.add_layer(self.group)

    def show(self, on_table):
        """The table's labels (``on_table``) or the text screens'."""
        if on_table == self.on_table:
            return
        self.on_table = on_table
        labels = _TABLE_LABELS if on_table else _PAGE_LABELS
        columns = self._columns
        for control in range(CONTROLS):
            label = labels[control]
            grid = self._labels[control]
            for column in range(columns):
                grid[column] = TABLE_TILE
            at = (columns - len(label)) // 2
            for char in label:
                code = ord(char)
                grid[at] = (ARROW_UP if code == 5 else ARROW_DOWN if code == 6
                            else code - FIRST_CHAR)
                at += 1

    def control_at(self, x, y):
        """The control under screen pixel (x, y), 0 to CONTROLS - 1, or -1
        below the row (the gaps round a control count as its own)."""
        if y >= self.band or y < 0:
            return -1
        return max(0, min(CONTROLS - 1, (x - self.left) // self.cell))

    def event(self, app, control):
        """The app's event for ``control`` on the screen shown. Redo and
        Hint are holds of their own: B held undoes nothing first (not the
        hold of an Undo tapped before), SELECT held on the table is the
        hint (without the overview that SELECT's press would show first)."""
        if app.screen != PLAY:
            return _PAGE_EVENTS[control]
        event = _TABLE_EVENTS[control]
        if event == B | HOLD:
            app.last_event = NO_EVENT  # (a hold alone acts: App.handle)
        elif event == _HINT:
            app.last_event = SELECT
            app.last_screen = PLAY
        return event


class TouchPointer(DragPointer):
    """The mouse's DragPointer with ``controls`` (a TouchControls) in front:
    a press on their row is a control's event, and its move and release
    are nobody's."""

    def __init__(self, controls):
        super().__init__()
        self.controls = controls

    def press_on(self, app, screen, button, x, y, now_ms):
        control = self.controls.control_at(x, y)
        if control < 0:
            return DragPointer.press_on(self, app, screen, button, x, y, now_ms)
        self._pressed = NOWHERE  # nothing to drag
        return self.controls.event(app, control)
