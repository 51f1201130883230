"""A fanned table's cards as tiles (fan_table.py's view draws with it): a
card's face or an empty place's outline in a card's TileGrid, the columns of
a pile's fan, a foundation's label, at the sizes of a fan_geometry.py
geometry and the tile numbers of fan_layout.py.

A card's grid is ``columns`` x ``rows`` tiles: its rank over its suit in the
top-left column (all a fanned card shows), the big suit in the middle where
the geometry has one (3 x 2 tiles from row 2, column 1), its outline round,
a mark on a tile of its bottom row. Nothing here allocates: tiles are
written by int index.
"""

from .fan_layout import (BLANK, PAPER_TILE, EDGE_LEFT, EDGE_LEFT_BOTTOM, EDGE_LEFT_TOP, EDGE_TOP,
                         EDGE_BOTTOM, EDGE_RIGHT_TOP, EDGE_RIGHT, EDGE_RIGHT_BOTTOM, TARGET_SIGN,
                         BLOCKED_SIGN, NEXT_UP, NEXT_DOWN, NEVER_FILLED, MORE_CARDS, SUIT_INDEX,
                         RANK_INDEX, PIP)
from ..table.view import TARGET_MARK, BLOCKED_MARK


class CardTiles:
    """Writes cards into TileGrids of a fan sheet at ``geometry``'s sizes."""

    def __init__(self, geometry):
        self.columns = columns = geometry.columns
        self.rows = rows = geometry.rows
        self._bottom = (rows - 1) * columns  # the first tile of the card's bottom row
        self._mark_at = self._bottom + geometry.mark_column
        # (a mark in the bottom-right corner is drawn with that corner's edges)
        self._unmarked = (EDGE_RIGHT_BOTTOM if geometry.mark_column == columns - 1
                          else EDGE_BOTTOM)
        self._pip = geometry.pip
        self._never_at = geometry.never_at

    def face(self, grid, card, mark):
        """A card's face: its rank over its suit at the top left, the big
        suit in the middle (if the geometry has one), the outline, ``mark``
        on its bottom edge."""
        suit = card >> 4
        self.outline(grid, mark)
        columns = self.columns
        grid[0] = RANK_INDEX + 13 * suit + (card & 15) - 1
        grid[columns] = SUIT_INDEX + suit
        if self._pip:
            pip = PIP + 6 * suit
            for at in range(3):
                grid[2 * columns + 1 + at] = pip + at
                grid[3 * columns + 1 + at] = pip + 3 + at

    def outline(self, grid, mark, never=False):
        """An empty card: its outline, paper inside, ``mark`` on its bottom
        edge, and (``never``) the sign of a pile never filled."""
        columns = self.columns
        bottom = self._bottom
        last = columns - 1
        grid[0] = EDGE_LEFT_TOP
        for column in range(1, last):
            grid[column] = EDGE_TOP
            grid[bottom + column] = EDGE_BOTTOM
            for row in range(1, self.rows - 1):
                grid[row * columns + column] = PAPER_TILE
        grid[last] = EDGE_RIGHT_TOP
        for row in range(1, self.rows - 1):
            grid[row * columns] = EDGE_LEFT
            grid[row * columns + last] = EDGE_RIGHT
        grid[bottom] = EDGE_LEFT_BOTTOM
        grid[bottom + last] = EDGE_RIGHT_BOTTOM
        self.mark(grid, mark)
        if never:
            grid[self._never_at] = NEVER_FILLED

    def mark(self, grid, mark):
        """``mark`` on a card's bottom edge (the edge itself for none)."""
        grid[self._mark_at] = (TARGET_SIGN if mark == TARGET_MARK else
                               BLOCKED_SIGN if mark == BLOCKED_MARK else self._unmarked)

    def fan(self, fan, width, pile, first, fanned):
        """A pile's fan, ``width`` columns: ``fanned`` cards of ``pile``
        from ``first`` (a card's column: its rank over its suit, its left
        edge), the first of them the edges of the deeper ones if ``first``,
        the rest blank."""
        rows = self.rows
        for column in range(width):
            at = column
            if column >= fanned:
                for row in range(rows):
                    fan[at] = BLANK
                    at += width
                continue
            if first and column == 0:
                for row in range(rows):
                    fan[at] = MORE_CARDS
                    at += width
                continue
            card = pile[first + column]
            suit = card >> 4
            fan[at] = RANK_INDEX + 13 * suit + (card & 15) - 1
            fan[at + width] = SUIT_INDEX + suit
            for row in range(2, rows - 1):
                fan[at + row * width] = EDGE_LEFT
            fan[at + (rows - 1) * width] = EDGE_LEFT_BOTTOM

    def label(self, label, ace, suit, count):
        """A foundation's label, 3 tiles: the card it takes next (an arrow,
        up for an ``ace`` one, its rank and ``suit``) after ``count`` cards,
        or nothing once it is full."""
        if count >= 13:
            for at in range(3):
                label[at] = BLANK
            return
        rank = count + 1 if ace else 13 - count
        label[0] = NEXT_UP if ace else NEXT_DOWN
        label[1] = RANK_INDEX + 13 * suit + rank - 1
        label[2] = SUIT_INDEX + suit
