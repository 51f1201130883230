"""A screen larger than the handheld's: the table's 160x128 picture shown a
whole number of times larger, centred, on baize that fills the rest.

The Fruit Jam's DVI screen (and the desktop window playing it) gets the very
picture the handheld shows, every screen of it, scaled by displayio (one
Group's ``scale``): nothing is drawn twice and no screen is copied. The app
is handed a ``BigScreen`` as its display; it sets ``root_group`` once, as on
the board, and the table goes inside the scaled group. The PicoSystem's
240x240 screen gets the table drawn from the large sheet (240x192: the table's
size is given) centred, unscaled.
"""

import displayio

from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..table.view import BAIZE

TABLE_WIDTH = const(160)
TABLE_HEIGHT = const(128)
_BACKGROUND_SCALE = const(16)  # the baize behind: one bit a 16x16 block


def table_scale(width, height):
    """How many times larger the table fits on a ``width`` x ``height``
    screen (0: it does not fit)."""
    return min(width // TABLE_WIDTH, height // TABLE_HEIGHT)


class BigScreen:
    """The display the app is handed on a large screen; see the module docstring."""

    def __init__(self, display, table_width=TABLE_WIDTH, table_height=TABLE_HEIGHT):
        self.display = display
        width = display.width
        height = display.height
        scale = max(1, min(width // table_width, height // table_height))
        self.scale = scale
        self.table_width = table_width
        self.table_height = table_height
        self.x = (width - table_width * scale) // 2
        self.y = (height - table_height * scale) // 2
        self.root = displayio.Group()
        palette = displayio.Palette(1)
        palette[0] = BAIZE
        background = displayio.Group(scale=_BACKGROUND_SCALE)
        background.append(displayio.TileGrid(
            displayio.Bitmap(width // _BACKGROUND_SCALE + 1, height // _BACKGROUND_SCALE + 1, 1),
            pixel_shader=palette))
        self.root.append(background)
        self.table = displayio.Group(scale=scale, x=self.x, y=self.y)
        self.root.append(self.table)
        display.root_group = self.root

    @property
    def width(self):
        return self.display.width

    @property
    def height(self):
        return self.display.height

    @property
    def root_group(self):
        """The app's group (inside the scaled one), or None."""
        return self.table[0] if len(self.table) else None

    @root_group.setter
    def root_group(self, group):
        while len(self.table):
            self.table.pop()
        if group is not None:
            self.table.append(group)

    @property
    def brightness(self):
        """The screen's backlight, 0.0 to 1.0 (the app's power.py sets it)."""
        return self.display.brightness

    @brightness.setter
    def brightness(self, level):
        self.display.brightness = level

    def to_table(self, x, y):
        """Screen pixel (x, y) as a table pixel ``(x, y)``, or None outside the table."""
        x = (x - self.x) // self.scale
        y = (y - self.y) // self.scale
        if 0 <= x < self.table_width and 0 <= y < self.table_height:
            return x, y
        return None

    def from_table(self, x, y):
        """The screen pixel at the centre of table pixel (x, y)."""
        return self.x + x * self.scale + self.scale // 2, self.y + y * self.scale + self.scale // 2

    def add_layer(self, layer):
        """Put ``layer`` over everything, unscaled (the mouse's pointer)."""
        self.root.append(layer)

    def remove_layer(self, layer):
        """Take off a layer ``add_layer`` put on."""
        if layer in self.root:
            self.root.remove(layer)
