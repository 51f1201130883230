"""The table on screen: one TileGrid per place, a cursor frame, a status
line, all cut from the one shared sprite sheet, and over them the text screens.

The places are laid out by an ``adafruit_displayio_layout`` GridLayout (6 x
4 cells, the corners empty: layout.py's ``place_layout``), then kept where it
put them in a plain group, the layout let go (``placed``). Over the table, at most one of two
screens shows (``page``): the peek or the text page. Both are the one 26 x 16
TileGrid of the sheet's characters (``overlay``: the peek draws cards in their
suits' colours, a text screen black on the panel colour, by its palette); a
text page adds a title at twice the size (a TileGrid of one row in a group of
scale 2) and the menu's marker (a tile). They are switched by their
``hidden`` flags.

Text as tiles, not ``adafruit_display_text`` labels: a label keeps
its library (17 KB of the board's heap), a bitmap of its pixels and a font
copied out of the sheet; a TileGrid keeps a byte a character, and writing a
line is setting tile indices (docs/board.md has the figures).

Drawn from the sheet it is given: the handheld's (tiles of 6 x 8, the
table 160 x 128) or the large one (9 x 12: every size and place half as large
again, 240 x 192, for the PicoSystem's 240 x 240 screen); the layout's
positions are in the small sheet's pixels and scaled here.

Built once; afterwards only tile indices, palette entries and positions
change, and places only when their picture changed (each place's last
picture is kept as four bytes), so a move redraws just the cells it
touches, and a text screen only the lines that differ from what it shows.
"""

import displayio

from .layout import GRID_TOP, placed, place_x, place_y
from .text_grid import TEXT_COLUMNS, TEXT_ROWS, write
from .tiles import (TILE_WIDTH, TILE_HEIGHT, COLOURS, TABLE, PAPER, INK, DIM, TEXT, MARK, NOPE,
                    SUIT_INK, FIRST_CHAR, TABLE_TILE, ARROW_UP, ARROW_DOWN, TARGET, BLOCKED,
                    BIG_RANK, BIG_SUIT, SHEET_COLUMNS, SHEET_ROWS)

from ...core.cards import const  # micropython's, or a stand-in on CPython

LIFT = const(3)  # pixels a picked-up card rises
_UNKNOWN = "\n"  # (no line of text is this: what the overlay shows is not known)

# Marks a place can carry (bottom-right of its card).
NO_MARK = const(0)
TARGET_MARK = const(1)
BLOCKED_MARK = const(2)

BAIZE = const(0x1C6B34)
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


def _text_palette():
    """Black on the panel colour: every picture in it drawn in ink, as text;
    the baize's colour transparent (``TABLE_TILE`` shows what lies under it)."""
    palette = displayio.Palette(COLOURS)
    for index in range(COLOURS):
        palette[index] = _BLACK
    palette[PAPER] = _PANEL
    palette.make_transparent(TABLE)
    return palette


class TableView:
    """What the screen shows. ``group`` goes on the display once."""

    def __init__(self, sheet, places=True):
        self.group = displayio.Group()
        self.sheet = sheet  # (the drive's note draws its own font from it)
        # The sheet's tile size: 6 x 8, or 9 x 12 (the large sheet).
        self.tile_width = across = sheet.width // SHEET_COLUMNS
        self.tile_height = down = sheet.height // SHEET_ROWS
        margin = 2 * across // TILE_WIDTH  # the text's left margin
        self.suit_colours = TWO_COLOURS
        self._status_palette = _palette(BAIZE, _WHITE, BAIZE)
        # The baize: one rectangle (vectorio draws a pixel of it in about half
        # a TileGrid's time, which a screen closed over the table pays). A
        # firmware built without vectorio (whose library's GridLayout imports
        # it too) gets the same pixels from shapeless.py. (Asked here, not at
        # import: the desktop plays such a board without it too.)
        baize_palette = displayio.Palette(1)
        baize_palette[0] = BAIZE
        width = 160 * across // TILE_WIDTH
        height = 128 * down // TILE_HEIGHT
        try:
            from vectorio import Rectangle
            self.group.append(Rectangle(pixel_shader=baize_palette, width=width,
                                        height=height, x=0, y=0))
            placing = placed
        except ImportError:
            from .shapeless import placed_by_hand, shapeless_rectangle
            self.group.append(shapeless_rectangle(baize_palette, width, height))
            placing = placed_by_hand
        self.status = displayio.TileGrid(sheet, pixel_shader=self._status_palette,
                                         width=TEXT_COLUMNS, height=1,
                                         tile_width=across, tile_height=down, x=margin, y=0)
        self.group.append(self.status)
        # The palettes shared by the 20 places: one per suit colour (its rank
        # ink in that colour; suits of one colour share it, so two in two
        # colours: set_suit_colours) and one greyed; a place switches between them.
        self._palettes = [_palette(BAIZE, _BLACK, _WHITE)] * 4  # one, till set_suit_colours
        self._dim_palette = _palette(BAIZE, _GREY_INK, _GREY_PAPER)
        for suit in range(4):  # a loop: a comprehension would be one more code object
            self._dim_palette[SUIT_INK + suit] = _GREY_INK
        self._grids = []
        if places:  # (a fanned table's view draws its own: fan_table.py)
            for place in range(20):
                self._grids.append(displayio.TileGrid(
                    sheet, pixel_shader=self._palettes[0], width=4, height=3,
                    tile_width=across, tile_height=down))
            self.places = placing(self._grids, across, down)
            self.group.append(self.places)
        # Each place's card: its left and top edges on screen, then its top in
        # the places' group, worked out once (a bytearray: looked up, not made).
        top = GRID_TOP * down // TILE_HEIGHT
        self._edges = edges = bytearray(60)
        for place in range(20):
            edges[place] = place_x(place) * across // TILE_WIDTH
            edges[20 + place] = place_y(place) * down // TILE_HEIGHT
            edges[40 + place] = edges[20 + place] - top
        self._lift = LIFT * down // TILE_HEIGHT
        # The cursor: a 2-pixel frame just outside a card, as four bars in a
        # group, so that moving it redraws the bars, not the card they frame.
        size = 4 * across + 4  # (a card is 4 tiles wide, 3 high: square)
        self._cursor_palette = displayio.Palette(2)
        self._cursor_palette.make_transparent(0)
        self._cursor_palette[1] = _CURSOR
        self._cursor = displayio.Group()
        across_bar = displayio.Bitmap(size, 2, 2)  # (the top and bottom bars share one)
        across_bar.fill(1)
        down_bar = displayio.Bitmap(2, size - 4, 2)
        down_bar.fill(1)
        for bar, x, y in ((across_bar, 0, 0), (across_bar, 0, size - 2), (down_bar, 0, 2),
                          (down_bar, size - 2, 2)):
            self._cursor.append(displayio.TileGrid(bar, pixel_shader=self._cursor_palette,
                                                   x=x, y=y))
        self.group.append(self._cursor)
        self._overlay_palette = _palette(_PANEL, _BLACK, _PANEL)
        self.overlay = displayio.TileGrid(sheet, pixel_shader=self._overlay_palette,
                                          width=TEXT_COLUMNS, height=TEXT_ROWS,
                                          tile_width=across, tile_height=down, x=margin, y=0)
        self.overlay.hidden = True
        self.page = "table"  # what shows over the table: "table" (nothing), "peek" or "text"
        self._text_palette = _text_palette()
        text = displayio.Group()
        self.rows = [""] * TEXT_ROWS  # the text page's lines, filled by screens/common.py
        self._drawn_rows = [_UNKNOWN] * TEXT_ROWS  # the lines the overlay shows
        # The title: one row of characters, twice the size, over rows 0-1,
        # centred by its group's x (show_text).
        self._title_group = displayio.Group(scale=2)
        self._title = displayio.TileGrid(sheet, pixel_shader=self._text_palette,
                                         width=TEXT_COLUMNS, height=1,
                                         tile_width=across, tile_height=down)
        self._title_group.append(self._title)
        self._title_text = ""
        self._centre = margin + TEXT_COLUMNS * across // 2
        # The menu's marker: the sheet's '>' as a one-tile TileGrid, moved by its y.
        self.marker = displayio.TileGrid(sheet, pixel_shader=self._text_palette,
                                         tile_width=across, tile_height=down,
                                         default_tile=ord(">") - FIRST_CHAR, x=margin)
        text.append(self._title_group)
        text.append(self.marker)
        text.hidden = True
        self.text_page = text
        # Each screen's layer joins the group when it is first shown, not
        # before: displayio counts a layer that is hidden, and never drawn,
        # as drawn after the next refresh, and draws its whole area again at
        # the one after (on the PicoSystem's firmware a quarter of a second).
        # Per place: card shown, count or picture code, mark, palette state.
        self._drawn = bytearray(b"\xff" * 80)
        self.set_suit_colours(TWO_COLOURS)

    # -- colours -------------------------------------------------------

    def set_suit_colours(self, colours):
        """Two or four colours for the suits (a tuple of four RGB values).
        Suits of one colour share a place palette: one is made when a colour
        first needs it, and one no suit uses is let go; every place is then
        drawn again, with the palette of its card's suit."""
        self.suit_colours = colours
        palettes = self._palettes
        for suit in range(4):
            shared = None
            for other in range(suit):
                if colours[other] == colours[suit]:
                    shared = palettes[other]
            if shared is None:
                shared = palettes[suit]
                for other in range(suit):
                    if shared is palettes[other]:  # that suit's colour now differs
                        shared = None
                if shared is None:
                    shared = _palette(BAIZE, _BLACK, _WHITE)
            palettes[suit] = shared
        for palette in palettes + [self._status_palette, self._overlay_palette]:
            for suit in range(4):
                palette[SUIT_INK + suit] = colours[suit]
        for suit in range(4):
            palettes[suit][INK] = colours[suit]
        drawn = self._drawn
        for at in range(0, 80, 4):
            drawn[at] = 255  # no card shows 255: each place is drawn again

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
        grid.y = self._edges[40 + place] - self._lift * lifted  # in the places' group
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
        self._cursor.x = self._edges[place] - 2
        self._cursor.y = self._edges[20 + place] - 2 - self._lift * lifted
        # if/else, not a tuple indexed: that tuple would be built on every call
        self._cursor_palette[1] = (_CURSOR if colour == 0 else
                                   _CURSOR_LIFTED if colour == 1 else _CURSOR_ERROR)

    # -- the screens over the table -------------------------------------

    def _show_page(self, page):
        """Show ``page`` ("table", "peek" or "text") over the table."""
        if self.page != page:
            self.page = page
            if page != "table" and self.overlay not in self.group:
                self.group.append(self.overlay)
            if page == "text" and self.text_page not in self.group:
                self.group.append(self.text_page)  # (over the overlay, whichever came first)
            self.overlay.hidden = page == "table"
            self.overlay.pixel_shader = (self._text_palette if page == "text"
                                         else self._overlay_palette)
            self.text_page.hidden = page != "text"
            # the cursor hides under a screen (its frame would show in the
            # 2-pixel margin at the left)
            self._cursor.hidden = page != "table"

    def show_overlay(self, shown):
        """The peek's tiles over the table, or (False) the table alone."""
        self._show_page("peek" if shown else "table")

    def clear_overlay(self):
        """Blank the overlay for the peek (whose tiles the text page's lines
        then no longer show)."""
        overlay = self.overlay
        for at in range(TEXT_COLUMNS * TEXT_ROWS):
            overlay[at] = 0
        drawn = self._drawn_rows
        for row in range(TEXT_ROWS):
            drawn[row] = _UNKNOWN

    def clear_text(self):
        """Empty the text page's lines (``rows``) for a new text screen."""
        rows = self.rows
        for row in range(TEXT_ROWS):
            rows[row] = ""

    def show_text(self, title="", marker_row=-1):
        """Show the text page: ``rows`` in the overlay, ``title`` twice the size
        (if it fits, else as the body) at the top, centred (over rows 0-1),
        the marker '>' (a tile) at the start of row ``marker_row`` (-1: none)."""
        self._draw_body()
        if title:
            # twice the size if it fits the screen ("RESET STATISTICS?" does not)
            scale = 2 if len(title) * 2 <= TEXT_COLUMNS else 1
            if title != self._title_text or self._title_group.scale != scale:
                self._title_text = title
                write(self._title, 0, 0, title)
                grid = self._title
                for at in range(len(title), TEXT_COLUMNS):  # the rest shows through
                    grid[at] = TABLE_TILE
                self._title_group.scale = scale
                self._title_group.x = self._centre - len(title) * self.tile_width * scale // 2
        self._title_group.hidden = not title  # kept when hidden: the same title costs nothing again
        self.move_marker(marker_row)
        self._show_page("text")

    def draw_rows(self):
        """Show what ``put`` wrote on the text page shown."""
        self._draw_body()

    def _draw_body(self):
        # Write only the lines that differ from what the overlay shows: a menu
        # opened again as it was writes no tile.
        rows = self.rows
        drawn = self._drawn_rows
        overlay = self.overlay
        for row in range(TEXT_ROWS):
            if rows[row] != drawn[row]:
                drawn[row] = rows[row]
                write(overlay, 0, row, rows[row], TEXT_COLUMNS)

    def move_marker(self, row):
        """The marker to row ``row`` (-1: hidden); allocates nothing."""
        marker = self.marker
        if row < 0:
            marker.hidden = True
            return
        marker.hidden = False
        marker.y = row * self.tile_height
