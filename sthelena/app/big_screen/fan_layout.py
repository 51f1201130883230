"""A fanned table's places (the Fruit Jam's 720x400 and 640x480, a 320x240
screen's, a 240x135 one's: fan_geometry.py has their sizes): where each of
the 20 places sits, how far a pile fans, and the fan sheets' tiles.

The texts' diagram kept (the first-deal limit follows it), on four rows of
cards: piles 1-4 across the top, the king foundations above the ace
foundations in the middle with piles 12 and 11 on their left and 5 and 6 on
their right, piles 10 to 7 across the bottom. Every pile fans to the right,
one tile's width a card under the top one (its rank over its suit shows),
the top card whole at the right end; a foundation shows its top card and,
under it, the card it takes next. A pile longer than its slot holds shows
its deepest cards as one edge (``MORE_CARDS``): the overview lists them.

Positions are screen pixels, worked out here from the screen's size and
the geometry with small ints only; nothing here allocates after the module
is loaded but ``FanLayout()`` itself. ``tools/build/assets/make_assets.py``
draws both fan sheets (``assets/sheet-fruitjam.bmp``, tiles of 10 x 16, and
``assets/sheet-fan.bmp``, 6 x 8, for the smaller tables) at the tile numbers
named here, the same in both.
"""

from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..screens.common import NOWHERE
from .fan_geometry import (FRUIT_JAM, FAN_TILE_WIDTH, FAN_TILE_HEIGHT, CARD_COLUMNS,  # noqa: F401
                           CARD_ROWS, CARD_WIDTH, CARD_HEIGHT, STATUS_HEIGHT, LABEL_HEIGHT,
                           FAN_LIFT)  # (the Fruit Jam's sizes, named for its tools and tests)

# A fan sheet: 16 x 7 tiles, 4 bits a pixel.
FAN_SHEET_COLUMNS = const(16)
FAN_SHEET_ROWS = const(7)

# Palette indices (those of table/tiles.py, and EDGE: a card's outline).
EDGE = const(2)

# Tiles.
BLANK = const(0)  # all TABLE
PAPER_TILE = const(1)  # a card's inside
EDGE_LEFT = const(2)  # a card's left edge
EDGE_LEFT_BOTTOM = const(3)
EDGE_TOP = const(4)
EDGE_BOTTOM = const(5)
EDGE_RIGHT_TOP = const(6)
EDGE_RIGHT = const(7)
EDGE_RIGHT_BOTTOM = const(8)
TARGET_SIGN = const(9)  # on a card's bottom edge (small sheet: its corner): the card may go here
BLOCKED_SIGN = const(10)  # ...this foundation is closed to this pile now
NEXT_UP = const(11)  # a foundation's next card: an ace one builds up
NEXT_DOWN = const(12)  # ...a king one down
NEVER_FILLED = const(13)  # in an empty pile's outline: it is never filled
MORE_CARDS = const(14)  # cards too deep in a long pile to fan: their edges
EDGE_LEFT_TOP = const(15)  # an empty place's top-left corner
SUIT_INDEX = const(16)  # + suit: the suit under the rank, on the card's left edge
RANK_INDEX = const(32)  # + 13 * suit + rank - 1: the rank in its suit's colour, top-left corner
PIP = const(84)  # + 6 * suit: the big suit in the card's middle, 3 x 2 tiles
FAN_TILE_COUNT = const(108)

STATUS_LINE = const(-2)  # FanLayout.place_at: over the status line

# The four rows, place by place from the left (255: none).
_ROWS = bytes((
    0, 1, 2, 3, 255, 255,
    11, 12, 13, 14, 15, 4,
    10, 16, 17, 18, 19, 5,
    9, 8, 7, 6, 255, 255,
))


def fits(width, height):
    """Whether a ``width`` x ``height`` screen takes the Fruit Jam's table
    (640x400 and up; big_screen/tables.py picks a table for any screen)."""
    return width >= 640 and height >= 400


class FanLayout:
    """The places of a ``width`` x ``height`` screen drawn at ``geometry``'s
    sizes (fan_geometry.py; the Fruit Jam's by default), see the module
    docstring: each place's slot (left, top, the most cards it fans) and the
    point a pointer finds it by."""

    def __init__(self, width, height, geometry=FRUIT_JAM):
        self.width = width
        self.height = height
        self.geometry = geometry
        card_width = geometry.card_width
        card_height = geometry.card_height
        status = self.status_height = geometry.status_height
        label = geometry.label_height
        pitch = self.pitch = geometry.foundation_pitch
        slot_gap = geometry.slot_gap
        # The rows' tops: the middle two have their labels under them, and
        # what is left over is shared out round the four rows.
        gap = (height - status - 4 * card_height - 2 * label) // 5
        rows = [status + gap] * 4
        for row in range(1, 4):
            rows[row] = rows[row - 1] + card_height + gap + (label if row > 1 else 0)
        # a row's band reaches halfway into the gaps round it (the pointer's)
        self.band_end = [rows[row + 1] - gap // 2 for row in range(3)]
        self.slot = width // 4  # the top and bottom rows' slots
        self.foundations_left = (width - 4 * pitch) // 2  # the middle rows'
        self.left = [0] * 20  # each place's left edge (its deepest card's)
        self.top = [0] * 20  # ...and its cards' top
        self.room = bytearray(20)  # cards a place shows fanned at most (1: a foundation)
        for row in range(4):
            for column in range(6):
                place = _ROWS[row * 6 + column]
                if place == 255:
                    continue
                self.top[place] = rows[row]
                if place >= 12:
                    left = self.foundations_left + column * pitch - pitch
                    self.left[place] = left + (pitch - card_width) // 2
                    self.room[place] = 1
                    continue
                if row == 0 or row == 3:
                    self.left[place] = column * self.slot + slot_gap // 2
                    wide = self.slot - slot_gap
                else:
                    side = self.foundations_left - slot_gap
                    self.left[place] = slot_gap if column == 0 else width - side
                    wide = side - slot_gap
                self.room[place] = max(1, (wide - card_width) // geometry.tile_width + 1)

    def top_left(self, place, count):
        """The left edge of the top card of ``place`` when it holds ``count``
        cards (all but the top one fanned, as far as its room goes)."""
        shown = min(count, self.room[place]) - 1
        return self.left[place] + self.geometry.tile_width * max(shown, 0)

    def place_at(self, x, y):
        """The place whose slot holds screen pixel (x, y): the row's band
        and the slot across it (the gaps between count for the nearer);
        STATUS_LINE over the status line; NOWHERE off the screen."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return NOWHERE
        if y < self.status_height:
            return STATUS_LINE
        row = 0
        while row < 3 and y >= self.band_end[row]:
            row += 1
        if row == 0 or row == 3:
            column = min(3, x // self.slot)
        elif x < self.foundations_left:
            column = 0
        elif x >= self.width - self.foundations_left:
            column = 5
        else:
            column = 1 + min(3, (x - self.foundations_left) // self.pitch)
        return _ROWS[row * 6 + column]

    def centre(self, place, count):
        """A screen pixel on the top card of ``place`` holding ``count``
        cards (where a test or a script points at it)."""
        geometry = self.geometry
        return (self.top_left(place, count) + geometry.card_width // 2,
                self.top[place] + geometry.card_height // 2)

