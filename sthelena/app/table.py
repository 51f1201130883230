"""The table on screen: one TileGrid per place, a cursor frame, a status
line and a text overlay, all cut from the one shared sprite sheet.

Built once; afterwards only tile indices, palette entries and positions
change, and only for places whose picture changed (each place's last
picture is kept as four bytes), so a move redraws just the cells it touches.
"""

import displayio

from .font import SheetFont
from .layout import CARD_SIZE, place_x, place_y
from .tiles import (TILE_WIDTH, TILE_HEIGHT, COLOURS, TABLE, PAPER, INK, DIM, TEXT, MARK, NOPE,
                    SUIT_INK, FIRST_CHAR, TABLE_TILE, SMALL_SUIT, ARROW_UP, ARROW_DOWN, TARGET,
                    BLOCKED, BIG_RANK, BIG_SUIT, EMPTY_ANY, EMPTY_NONE)

from ..cards import RANKS, const  # const: micropython's, or a stand-in on CPython

TEXT_COLUMNS = const(26)
TEXT_ROWS = const(16)
LIFT = const(3)  # pixels a picked-up card rises

# Marks a place can carry (bottom-right of its card).
NO_MARK = const(0)
TARGET_MARK = const(1)
BLOCKED_MARK = const(2)

_BAIZE = const(0x1C6B34)
_BAIZE_LINE = const(0x5FA872)
_WHITE = const(0xFFFFFF)
_GREY_PAPER = const(0x9AA39C)
_GREY_INK = const(0x5E665F)
_BLACK = const(0x000000)
_ORANGE = const(0xFF8C00)
_RED = const(0xD01010)
_PANEL = const(0xF4EFD8)
_CURSOR = const(0xFFE000)
_CURSOR_LIFTED = const(0x00E5FF)
_CURSOR_ERROR = const(0xFF2020)

# Suit colours: spades, hearts, diamonds, clubs.
TWO_COLOURS = (0x000000, 0xD01010, 0xD01010, 0x000000)
FOUR_COLOURS = (0x000000, 0xD01010, 0x1048E0, 0x0C8A20)

def write(grid, column, row, text, width=0):
    """Put ``text`` into a text TileGrid (TEXT_COLUMNS wide), padding with
    spaces to ``width``. Characters below 32 are pictures: 1-4 the small
    suits, 5 up, 6 down. Allocates nothing."""
    at = row * TEXT_COLUMNS + column  # an int index: grid[x, y] builds a tuple
    for char in text:
        if column >= TEXT_COLUMNS:
            return
        code = ord(char)
        if code < 5:
            code = SMALL_SUIT + code - 1
        elif code == 5:
            code = ARROW_UP
        elif code == 6:
            code = ARROW_DOWN
        elif FIRST_CHAR <= code < 127:
            code -= FIRST_CHAR
        else:
            code = ord("?") - FIRST_CHAR
        grid[at] = code
        at += 1
        column += 1
        width -= 1
    while width > 0 and column < TEXT_COLUMNS:
        grid[at] = 0
        at += 1
        column += 1
        width -= 1


def card_text(card):
    """A card as text for ``write``: rank (10 as "10") and its small suit."""
    rank = card & 15
    return ("10" if rank == 10 else RANKS[rank - 1]) + chr(1 + (card >> 4))


def _palette(background, ink, paper):
    palette = displayio.Palette(COLOURS)
    for index in range(COLOURS):
        palette[index] = background
    palette[PAPER] = paper
    palette[TEXT] = ink
    palette[INK] = ink
    palette[DIM] = _BAIZE_LINE
    palette[MARK] = _ORANGE
    palette[NOPE] = _RED
    return palette


class TableView:
    """What the screen shows. ``group`` goes on the display once."""

    def __init__(self, sheet):
        self.group = displayio.Group()
        self.font = SheetFont(sheet)  # the sheet's characters, for the text screens' labels
        self.suit_colours = TWO_COLOURS
        self._status_palette = _palette(_BAIZE, _WHITE, _BAIZE)
        # The baize: a 20x16 one-colour bitmap shown 8 times bigger (64 bytes).
        baize = displayio.Group(scale=8)
        baize_palette = displayio.Palette(1)
        baize_palette[0] = _BAIZE
        baize.append(displayio.TileGrid(displayio.Bitmap(20, 16, 1), pixel_shader=baize_palette))
        self.group.append(baize)
        self.status = displayio.TileGrid(sheet, pixel_shader=self._status_palette,
                                         width=TEXT_COLUMNS, height=1,
                                         tile_width=TILE_WIDTH, tile_height=TILE_HEIGHT,
                                         x=2, y=0)
        self.group.append(self.status)
        # Five palettes shared by the 20 places: one per suit (its rank ink in
        # the suit's colour) and one greyed; a place switches between them.
        self._palettes = [_palette(_BAIZE, _BLACK, _WHITE) for _ in range(4)]
        self._dim_palette = _palette(_BAIZE, _GREY_INK, _GREY_PAPER)
        for suit in range(4):
            self._dim_palette[SUIT_INK + suit] = _GREY_INK
        self._grids = []
        for place in range(20):
            grid = displayio.TileGrid(sheet, pixel_shader=self._palettes[0], width=4, height=3,
                                      tile_width=TILE_WIDTH, tile_height=TILE_HEIGHT,
                                      x=place_x(place), y=place_y(place))
            self._grids.append(grid)
            self.group.append(grid)
        # The cursor: a 2-pixel frame just outside a card, its own tiny bitmap.
        size = CARD_SIZE + 4
        frame = displayio.Bitmap(size, size, 2)
        for along in range(size):
            for edge in (0, 1, size - 2, size - 1):
                frame[along, edge] = 1
                frame[edge, along] = 1
        self._cursor_palette = displayio.Palette(2)
        self._cursor_palette.make_transparent(0)
        self._cursor_palette[1] = _CURSOR
        self._cursor = displayio.TileGrid(frame, pixel_shader=self._cursor_palette)
        self.group.append(self._cursor)
        self._overlay_palette = _palette(_PANEL, _BLACK, _PANEL)
        self.overlay = displayio.TileGrid(sheet, pixel_shader=self._overlay_palette,
                                          width=TEXT_COLUMNS, height=TEXT_ROWS,
                                          tile_width=TILE_WIDTH, tile_height=TILE_HEIGHT, x=2, y=0)
        self.overlay.hidden = True
        self.group.append(self.overlay)
        # Per place: card shown, count or picture code, mark, palette state.
        self._drawn = bytearray(b"\xff" * 80)
        self.set_suit_colours(TWO_COLOURS)

    # -- colours -------------------------------------------------------

    def set_suit_colours(self, colours):
        """Two or four colours for the suits (a tuple of four RGB values)."""
        self.suit_colours = colours
        for palette in self._palettes + [self._status_palette, self._overlay_palette]:
            for suit in range(4):
                palette[SUIT_INK + suit] = colours[suit]
        for suit in range(4):
            self._palettes[suit][INK] = colours[suit]

    # -- places --------------------------------------------------------

    def draw_place(self, place, card, count, empty_picture, mark, dim, lifted):
        """Show one place; does nothing if it already shows this.

        ``card`` is the top card (0: none); ``count`` the number under it
        (a pile) or, for a foundation, 0 for a king base and 1 for an ace
        base; ``empty_picture`` is EMPTY_ANY or EMPTY_NONE for an empty pile;
        ``dim`` greys the card out (a foundation's base when it is empty or
        closed to the pile under the cursor)."""
        drawn = self._drawn
        at = place * 4
        code = count if card or place >= 12 else empty_picture
        state = dim | lifted << 1
        if (drawn[at] == card and drawn[at + 1] == code and drawn[at + 2] == mark
                and drawn[at + 3] == state):
            return
        grid = self._grids[place]
        if drawn[at] != card or drawn[at + 3] & 1 != dim:
            grid.pixel_shader = self._dim_palette if dim else self._palettes[card >> 4]
        drawn[at] = card
        drawn[at + 1] = code
        drawn[at + 2] = mark
        drawn[at + 3] = state
        grid.y = place_y(place) - LIFT * lifted
        # Tiles by int index (row * 4 + column): an (x, y) tuple would be
        # allocated for every tile written, and this runs on every move.
        if card:
            rank_tile = BIG_RANK + 4 * ((card & 15) - 1)
            suit_tile = BIG_SUIT + 4 * (card >> 4)
            for corner in range(4):
                at = (corner >> 1) * 4 + (corner & 1)
                grid[at] = rank_tile + corner
                grid[at + 2] = suit_tile + corner
            if place < 12:
                grid[8] = (ord("0") - FIRST_CHAR + count // 10) if count >= 10 else 0
                grid[9] = ord("0") - FIRST_CHAR + count % 10
            else:
                grid[8] = ord("A" if count else "K") - FIRST_CHAR
                grid[9] = ARROW_UP if count else ARROW_DOWN
        else:
            for tile in range(8):  # the picture is 4 wide, as the grid is
                grid[tile] = empty_picture + tile
            grid[8] = TABLE_TILE
            grid[9] = TABLE_TILE
        if mark == TARGET_MARK:
            grid[10] = TARGET
            grid[11] = TARGET + 1
        elif mark == BLOCKED_MARK:
            grid[10] = BLOCKED
            grid[11] = BLOCKED + 1
        elif card:
            grid[10] = 0
            grid[11] = 0
        else:
            grid[10] = TABLE_TILE
            grid[11] = TABLE_TILE

    def place_cursor(self, place, lifted, colour=0):
        """Frame ``place``; ``colour`` 0 normal, 1 holding a card, 2 error."""
        self._cursor.x = place_x(place) - 2
        self._cursor.y = place_y(place) - 2 - LIFT * lifted
        # if/else, not a tuple indexed: that tuple would be built on every call
        self._cursor_palette[1] = (_CURSOR if colour == 0 else
                                   _CURSOR_LIFTED if colour == 1 else _CURSOR_ERROR)

    # -- text ----------------------------------------------------------

    def show_overlay(self, shown):
        if self.overlay.hidden == shown:
            self.overlay.hidden = not shown

    def clear_overlay(self):
        overlay = self.overlay
        for at in range(TEXT_COLUMNS * TEXT_ROWS):
            overlay[at] = 0
