"""Reading a fanned table back off the screen (tests/app/test_fan_table.py,
test_fan_drag.py for the Fruit Jam's; test_small_fan_tables.py for the
320x240 and 240x135 ones): at a geometry's sizes (fan_geometry.py), the
Fruit Jam's unless told.

Two readers that know nothing of the game: ``read_tiles`` reads the tile
indices the view put in each place's TileGrids; ``PixelReader`` reads the
pixels of a frame, matching each card's corner (its rank tile and, under it,
its suit tile) against the fan sheet's pictures drawn by the generator. A
pile is read from its left edge a column of one tile's width at a time
until a column is no card's corner: the last card read is the top card.
"""

from tools.build.assets import fan_sheet
from sthelena.app.big_screen import fan_layout as fan
from sthelena.app.big_screen.fan_geometry import FRUIT_JAM
from sthelena.app.table.tiles import SUIT_INK

MORE = "more"  # a long pile's deepest cards, shown as edges


def card_of_rank_tile(tile):
    """The card whose corner tile is ``tile``, or None."""
    at = tile - fan.RANK_INDEX
    if 0 <= at < 52:
        return (at // 13) << 4 | (at % 13 + 1)
    return None


def read_tiles(view, place):
    """The cards ``view`` shows at ``place`` by its tile indices, bottom
    first (MORE for the edges of cards too deep to fan), checking that each
    card's suit tile sits under its rank and that no card covers another's
    corner; and a foundation's next card (its label), or None."""
    geometry = view.geometry
    cards = []
    fan_grid = view._fans[place]
    top = view._tops[place]
    if fan_grid is not None:
        width = fan_grid.width
        for column in range(width):
            tile = fan_grid[column]
            if tile == fan.MORE_CARDS:
                assert all(fan_grid[column + row * width] == fan.MORE_CARDS
                           for row in range(geometry.rows))
                cards.append(MORE)
                continue
            card = card_of_rank_tile(tile)
            if card is None:
                assert all(fan_grid[column + row * width] == fan.BLANK
                           for row in range(geometry.rows))
                break
            assert fan_grid[column + width] == fan.SUIT_INDEX + (card >> 4)
            assert fan_grid.x + column * geometry.tile_width < top.x  # not under the top card
            cards.append(card)
        assert top.x == fan_grid.x + geometry.tile_width * len(cards)
    card = card_of_rank_tile(top[0])
    if card is not None:
        assert top[geometry.columns] == fan.SUIT_INDEX + (card >> 4)
        cards.append(card)
    label = view._labels[place]
    following = None
    if label is not None and label[0] in (fan.NEXT_UP, fan.NEXT_DOWN):
        following = card_of_rank_tile(label[1])
        assert label[2] == fan.SUIT_INDEX + (following >> 4)
    return cards, following


def quantised(rgb):
    """An (r, g, b) as a 16-bit screen shows it, widened back to 8 bits a channel."""
    r, g, b = rgb[0] >> 3, rgb[1] >> 2, rgb[2] >> 3
    return (r << 3 | r >> 2, g << 2 | g >> 4, b << 3 | b >> 2)


def drawn_sheet(geometry):
    """The generator's pixels of the fan sheet ``geometry`` is drawn from."""
    return fan_sheet.draw() if geometry is FRUIT_JAM else fan_sheet.draw_small()


class PixelReader:
    """Cards read off a frame's pixels (see the module docstring);
    ``colours``: the suits' four colours; ``geometry``: the table's sizes."""

    def __init__(self, frame, width, colours, geometry=FRUIT_JAM):
        self.frame = frame  # RGB bytes, row after row
        self.width = width
        self.across = geometry.tile_width
        self.down = geometry.tile_height
        self.inks = [quantised(((colour >> 16) & 255, (colour >> 8) & 255, colour & 255))
                     for colour in colours]
        drawn = drawn_sheet(geometry)
        self.ranks = {}
        self.suits = {}
        for suit in range(4):
            ink = SUIT_INK + suit
            self.suits[self._tile_mask(drawn, fan.SUIT_INDEX + suit, ink)] = suit
            for rank in range(1, 14):
                mask = self._tile_mask(drawn, fan.RANK_INDEX + 13 * suit + rank - 1, ink)
                self.ranks[mask] = rank

    def _tile_mask(self, drawn, tile, ink):
        x = tile % fan.FAN_SHEET_COLUMNS * self.across
        y = tile // fan.FAN_SHEET_COLUMNS * self.down
        return tuple(tuple(drawn[y + row][x + column] == ink for column in range(self.across))
                     for row in range(self.down))

    def pixel(self, x, y):
        at = 3 * (y * self.width + x)
        return tuple(self.frame[at:at + 3])

    def _mask(self, x, y):
        """The ink of the tile-sized block at (x, y): (mask, its one ink colour or None)."""
        inks = set()
        rows = []
        for row in range(self.down):
            line = []
            for column in range(self.across):
                colour = self.pixel(x + column, y + row)
                inked = colour in self.inks
                if inked:
                    inks.add(colour)
                line.append(inked)
            rows.append(tuple(line))
        return tuple(rows), (inks.pop() if len(inks) == 1 else None)

    def _card(self, rank_at, suit_at):
        rank_mask, rank_ink = self._mask(*rank_at)
        suit_mask, suit_ink = self._mask(*suit_at)
        rank = self.ranks.get(rank_mask)
        suit = self.suits.get(suit_mask)
        if rank is None or suit is None or not rank_ink == suit_ink == self.inks[suit]:
            return None
        return suit << 4 | rank

    def card_at(self, x, y):
        """The card whose corner is at (x, y), or None."""
        return self._card((x, y), (x, y + self.down))

    def label_at(self, x, y):
        """The card a foundation's label at (x, y) names (its rank, then its
        suit beside it, after the arrow), or None."""
        return self._card((x + self.across, y), (x + 2 * self.across, y))

    def pile(self, left, top, room):
        """The cards of the pile whose deepest card's corner is at (left,
        top), bottom first, as far as ``room`` columns."""
        cards = []
        for column in range(room):
            card = self.card_at(left + column * self.across, top)
            if card is None and column == 0 and room > 1 and self.card_at(
                    left + self.across, top) is not None:
                card = MORE  # (the edges of the deepest cards: the next column reads)
            if card is None:
                break
            cards.append(card)
        return cards
