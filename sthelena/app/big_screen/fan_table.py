"""A fanned table (the Fruit Jam's, a 320x240 screen's, a 240x135 one's):
every pile fanned so that each card's rank and suit show, the foundations
with the card each takes next, drawn from a fan sheet at the screen's own
size (fan_layout.py places them, at the sizes of a fan_geometry.py
geometry; fan_cards.py writes a card's tiles); and ``FanScreen``, the
display the app is handed there (big_screen/tables.py makes it for a
screen's size).

The text screens (menu, help, peek, overview...) stay the handheld's page,
centred and as many times larger as fits (``big_screen.BigScreen``: the
Fruit Jam's three times, a 240x135 screen's as it is), or the PicoSystem's
large page on a 320x240 screen: ``FanTableView`` is the handheld's
``TableView`` with the fanned table beside it, shown instead of that page
while no page is over the table. The play screen's code (table/play.py) is
the handheld's: it hands each place's top card, mark and state to
``draw_place``, which reads the pile itself from the game.

Each pile is two TileGrids: its fan (the cards under the top one, a column
of tiles each) and its top card, moved along as the pile grows; a foundation
is its top card and a label. A place is drawn again only when what it shows
changed (its cards, mark and state are kept per place), by changing tile
indices and moving grids, and a pile's fan only when its cards changed (a
written tile is redrawn even if its index is the same, so a lift writes the
top card alone, and a mark alone its one tile); nothing is made while
playing (the grid a drag carries is made once, and hidden till then).
"""

import displayio

from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython
from .scaled import BigScreen
from .fan_geometry import FRUIT_JAM
from .fan_layout import FanLayout, EDGE, BLANK
from .fan_cards import CardTiles
from ..screens.common import NOWHERE
from ..table.view import TableView, BAIZE, _palette
from ..table.text_grid import TEXT_COLUMNS
from ..table.tiles import SUIT_INK, EMPTY_NONE

_WHITE = const(0xFFFFFF)
_OUTLINE = const(0x404040)
_GREY_PAPER = const(0x9AA39C)
_GREY_INK = const(0x5E665F)
_BAIZE_LINE = const(0x5FA872)
_BLACK = const(0x000000)
_LABEL = const(0xF4EFD8)


def _fan_palette(paper, edge, ink):
    """A palette of the fan sheet: the table view's (baize round, ``paper``,
    ``ink`` for text) with the cards' outline ``edge`` and every suit in ``ink``
    (set_suit_colours gives the suits theirs)."""
    palette = _palette(BAIZE, ink, paper)
    palette[EDGE] = edge
    for suit in range(4):
        palette[SUIT_INK + suit] = ink
    return palette


class FanScreen(BigScreen):
    """A fanned table's screen: the text screens' page centred and scaled
    (BigScreen, at ``geometry``'s page size) and, under them, the fanned
    table of ``fan_sheet`` (a loaded fan sheet: ``assets/sheet-fruitjam.bmp``
    for the Fruit Jam's geometry, the default; ``assets/sheet-fan.bmp`` for
    fan_geometry's SMALL and SHORT), which the app's view draws."""

    def __init__(self, display, fan_sheet, geometry=FRUIT_JAM):
        super().__init__(display, geometry.text_width, geometry.text_height)
        self.fan_sheet = fan_sheet
        self.geometry = geometry
        self.layout = FanLayout(display.width, display.height, geometry)
        self.fan_group = displayio.Group()
        self.root.insert(1, self.fan_group)  # over the baize, under the scaled screens
        self.top_x = [0] * 20  # each place's top card's left edge, as the view draws it

    def table_view(self, sheet, app):
        """The app's view (App asks its display for one): a FanTableView."""
        return FanTableView(sheet, self, app)

    def place_point(self, place):
        """A screen pixel on the top card of ``place`` as the table shows it now."""
        geometry = self.geometry
        return (self.top_x[place] + geometry.card_width // 2,
                self.layout.top[place] + geometry.card_height // 2)


class FanTableView(TableView):
    """The handheld's view, and the fanned table in ``screen.fan_group``; see
    the module docstring."""

    def __init__(self, sheet, screen, app):
        # (before the handheld's view: its set-up sets the suits' colours in these)
        self._card_palette = _fan_palette(_WHITE, _OUTLINE, _BLACK)
        self._dim_card_palette = _fan_palette(_GREY_PAPER, _GREY_INK, _GREY_INK)
        self._empty_palette = _fan_palette(BAIZE, _BAIZE_LINE, _BAIZE_LINE)
        self._label_palette = _fan_palette(_LABEL, _LABEL, _BLACK)
        # Each place's drawn state: its count, mark and state, then the cards it
        # shows (a pile's last ``room``: the deeper ones are edges, told by the count).
        size = 3 + max(screen.layout.room)
        self._signatures = [bytearray(size) for _ in range(20)]
        super().__init__(sheet, places=False)  # (its own table, drawn beside the page)
        self.app = app  # draw_place reads the piles from app.game
        self.layout = layout = screen.layout
        self.geometry = geometry = layout.geometry
        self._cards = CardTiles(geometry)  # writes a card's tiles
        across = self._tile_width = geometry.tile_width
        down = geometry.tile_height
        columns = geometry.columns
        rows = geometry.rows
        self._lift = geometry.lift
        fan_sheet = screen.fan_sheet
        group = self.fan_group = screen.fan_group
        # The status line: the text sheet's, ``status_scale`` times as large,
        # centred at the top.
        scale = geometry.status_scale
        status = displayio.Group(scale=scale, x=(layout.width - TEXT_COLUMNS * scale
                                                 * self.tile_width) // 2, y=0)
        self.status = displayio.TileGrid(sheet, pixel_shader=self._status_palette,
                                         width=TEXT_COLUMNS, height=1,
                                         tile_width=self.tile_width, tile_height=self.tile_height)
        status.append(self.status)
        group.append(status)
        self._fans = []
        self._tops = []
        self._labels = []
        self.top_x = screen.top_x  # each place's top card's left edge, as drawn
        for place in range(20):
            left = layout.left[place]
            top = layout.top[place]
            room = layout.room[place]
            fan = None
            if place < 12 and room > 1:
                fan = displayio.TileGrid(fan_sheet, pixel_shader=self._card_palette,
                                         width=room - 1, height=rows, tile_width=across,
                                         tile_height=down, default_tile=BLANK, x=left, y=top)
                group.append(fan)
            self._fans.append(fan)
            card = displayio.TileGrid(fan_sheet, pixel_shader=self._card_palette,
                                      width=columns, height=rows, tile_width=across,
                                      tile_height=down, default_tile=BLANK, x=left, y=top)
            group.append(card)
            self._tops.append(card)
            self.top_x[place] = left
            label = None
            if place >= 12:  # (3 tiles, centred under the card)
                label = displayio.TileGrid(fan_sheet, pixel_shader=self._label_palette,
                                           width=3, height=1, tile_width=across,
                                           tile_height=down, default_tile=BLANK,
                                           x=left + (geometry.card_width - 3 * across) // 2,
                                           y=top + geometry.card_height)
                group.append(label)
            self._labels.append(label)
        # The cursor: a 2-pixel frame just outside a top card, in the handheld's
        # cursor palette; its left side a grid of its own, hidden on a fanned
        # pile, where it would hide the corner of the card under.
        # Four strips, not one framed bitmap: a move redraws only the strips,
        # not every card under the frame's inside.
        wide = geometry.card_width + 4
        high = geometry.card_height + 4
        level = displayio.Bitmap(wide - 2, 2, 2)
        level.fill(1)
        upright = displayio.Bitmap(2, high, 2)
        upright.fill(1)
        self._fan_cursor = displayio.Group()
        for x, y, strip in ((2, 0, level), (2, high - 2, level), (wide - 2, 0, upright)):
            self._fan_cursor.append(displayio.TileGrid(strip, pixel_shader=self._cursor_palette,
                                                       x=x, y=y))
        self._cursor_side = displayio.TileGrid(upright, pixel_shader=self._cursor_palette)
        self._fan_cursor.append(self._cursor_side)
        group.append(self._fan_cursor)
        # The card a drag carries, over everything: made once, hidden till then.
        self._drag = displayio.TileGrid(fan_sheet, pixel_shader=self._card_palette,
                                        width=columns, height=rows, tile_width=across,
                                        tile_height=down, default_tile=BLANK)
        self._drag.hidden = True
        group.append(self._drag)
        self.dragging = NOWHERE  # the place whose top card a drag carries
        self._grab_x = 0
        self._grab_y = 0
        self._forget_all()
        self.group.hidden = True  # the table shows: the scaled screens wait

    # -- the screens over the table ------------------------------------

    on_page = None  # told True when the table shows, False when a page covers it (touch.py)

    def _show_page(self, page):
        """As the handheld's; the fanned table shows only with no page over it."""
        TableView._show_page(self, page)
        table = page == "table"
        if self.fan_group.hidden == table:
            self.fan_group.hidden = not table
            self.group.hidden = table
            if self.on_page is not None:
                self.on_page(table)

    def set_suit_colours(self, colours):
        TableView.set_suit_colours(self, colours)
        for palette in (self._card_palette, self._label_palette):
            for suit in range(4):
                palette[SUIT_INK + suit] = colours[suit]
        self._forget_all()

    def _forget_all(self):
        for place in range(20):
            self._signatures[place][0] = 255  # no place shows 255 cards: each is drawn again

    # -- places --------------------------------------------------------

    def draw_place(self, place, card, count, empty_picture, mark, dim, lifted):
        """Show one place as play.show_table describes it (``card`` its top
        card or, for an empty foundation, its base; ``dim`` greyed); a pile's
        cards are read from the game. Does nothing if it shows this already."""
        if self.dragging == place:
            lifted = 0  # the lifted card is the one the pointer carries
        state = dim | lifted << 1
        if place < 12:
            pile = self.app.game.piles[place]
            shown = len(pile) - (1 if self.dragging == place else 0)
            if empty_picture == EMPTY_NONE:
                state |= 4
        else:
            pile = None
            shown = self.app.game.foundations[place - 12]
        signature = self._signatures[place]
        same_cards = signature[0] == shown and self._same_cards(place, signature, pile, shown,
                                                                 card)
        if same_cards and signature[2] == state:
            if signature[1] != mark:  # the mark alone: its one tile
                signature[1] = mark
                self._cards.mark(self._tops[place], mark)
            return
        signature[0] = shown
        signature[1] = mark
        signature[2] = state
        top = self._tops[place]
        if pile is None:
            signature[3] = card
            self._cards.face(top, card, mark)
            top.pixel_shader = self._dim_card_palette if dim else self._card_palette
            self._cards.label(self._labels[place], place >= 16, card >> 4, shown)
        else:
            if not same_cards:  # a mark or a lift alone leaves the fan as it is
                first = self._first_shown(place, shown)
                for at in range(first, shown):
                    signature[3 + at - first] = pile[at]
                self._draw_fan(place, pile, shown)
            self._draw_top(place, pile, shown, mark, empty_picture)
        top.y = self.layout.top[place] - self._lift * lifted

    def _first_shown(self, place, shown):
        """The first card of a pile of ``shown`` whose corner or face shows."""
        return max(0, shown - self.layout.room[place])

    def _same_cards(self, place, signature, pile, shown, card):
        if pile is None:
            return signature[3] == card
        first = self._first_shown(place, shown)
        for at in range(first, shown):
            if signature[3 + at - first] != pile[at]:
                return False
        return True

    def _draw_fan(self, place, pile, shown):
        """The fan of the cards under the top one of the first ``shown``
        cards of ``pile``, and the top card's grid moved to its end."""
        room = self.layout.room[place]
        under = shown - 1 if shown else 0
        fanned = min(under, room - 1)  # columns of the fan in use
        fan = self._fans[place]
        if fan is not None:  # (the first card fanned: before it, MORE_CARDS)
            self._cards.fan(fan, room - 1, pile, under - fanned, fanned)
        x = self.layout.left[place] + self._tile_width * fanned
        self._tops[place].x = x
        self.top_x[place] = x

    def _draw_top(self, place, pile, shown, mark, empty_picture):
        """The top card of the first ``shown`` cards of ``pile`` with
        ``mark`` on it, or the empty pile's outline."""
        top = self._tops[place]
        if shown:
            top.pixel_shader = self._card_palette
            self._cards.face(top, pile[shown - 1], mark)
            return
        top.pixel_shader = self._empty_palette
        self._cards.outline(top, mark, empty_picture == EMPTY_NONE)

    def place_cursor(self, place, lifted, colour=0):
        """Frame the top card of ``place``; ``colour`` 0 normal, 1 holding a card, 2 error."""
        TableView.place_cursor(self, place, lifted, colour)  # (its colour; its frame hides)
        hide = self.top_x[place] > self.layout.left[place]  # fanned
        if self._cursor_side.hidden != hide:  # (setting it redraws the strip, even unchanged)
            self._cursor_side.hidden = hide
        cursor = self._fan_cursor
        cursor.x = self.top_x[place] - 2
        cursor.y = self.layout.top[place] - 2 - self._lift * lifted

    # -- a drag --------------------------------------------------------

    def begin_drag(self, place, x, y):
        """The top card of ``place`` follows the pointer from screen pixel
        (x, y) (held where it was taken); the pile shows the cards under it
        at the next draw."""
        card = self.app.game.top(place)
        if not card:
            return
        self._grab_x = x - self.top_x[place]
        self._grab_y = y - self.layout.top[place]
        self._cards.face(self._drag, card, 0)
        self.dragging = place
        self._signatures[place][0] = 255
        self._drag.hidden = False
        self._fan_cursor.hidden = True
        self.drag_to(x, y)

    def drag_to(self, x, y):
        """The carried card under the pointer at (x, y); allocates nothing."""
        self._drag.x = x - self._grab_x
        self._drag.y = y - self._grab_y

    def end_drag(self):
        """The card is let go: its pile shows it again at the next draw."""
        if self.dragging == NOWHERE:
            return
        self._signatures[self.dragging][0] = 255
        self.dragging = NOWHERE
        self._drag.hidden = True
        self._fan_cursor.hidden = False

