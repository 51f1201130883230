"""Reads cards and text back off a screen (a display, or a frame written as a
PNG): it knows nothing of the app's tile choices, and compares the pixels in
a place's rank and suit corners with the pictures in the sprite sheet, so a
test (tests/helpers/app_driver.py) or a benchmark (tools/bench/bench_saves.py)
can say "the screen shows the card the core has there". Desktop only.
"""

from sthelena.app.table.layout import place_x, place_y
from sthelena.app.table.view import LIFT
from sthelena.app.table.tiles import (BIG_RANK, BIG_SUIT, PAPER, INK, TILE_WIDTH, TILE_HEIGHT,
                                      SHEET_COLUMNS, SHEET_ROWS, FIRST_CHAR)


def rgb(display, x, y):
    """The colour at (x, y) of the display's 160x128 frame."""
    if hasattr(display, "pixel"):
        return tuple(display.pixel(x, y))[:3]
    return tuple(display._pygame_screen.get_at((x, y)))[:3]


class PngFrame:
    """A frame written as a PNG (the desktop's --shot, the emulator's), read
    as the screen reader reads a display: ``pixel(x, y)``."""

    def __init__(self, path):
        import pygame

        self.surface = pygame.image.load(str(path))
        self.width, self.height = self.surface.get_size()

    def pixel(self, x, y):
        return tuple(self.surface.get_at((x, y)))[:3]


def _tile_mask(sheet, first_tile, is_ink):
    """The picture of two by two tiles from ``first_tile`` (12x16 in the
    sheet, 18x24 in the large one), as a set of (x, y) whose sheet pixel
    passes ``is_ink``."""
    across = sheet.width // SHEET_COLUMNS
    down = sheet.height // SHEET_ROWS
    mask = set()
    for corner in range(4):
        tile = first_tile + corner
        left = (tile % SHEET_COLUMNS) * across
        top = (tile // SHEET_COLUMNS) * down
        for y in range(down):
            for x in range(across):
                if is_ink(sheet[left + x, top + y]):
                    mask.add((x + across * (corner & 1), y + down * (corner >> 1)))
    return frozenset(mask)


def _screen_mask(display, left, top, width=12, height=16):
    """Pixels of a card's corner picture that differ from the card's paper
    (read off the top-left pixel, which pictures leave blank: grey paper
    counts too)."""
    paper = rgb(display, left, top)
    return frozenset((x, y) for y in range(height) for x in range(width)
                     if rgb(display, left + x, top + y) != paper)


class ScreenReader:
    """Tells which card a place shows by matching its pixels against the
    sheet's rank and suit pictures. With the large sheet, the places are
    half as large again, and ``origin`` is where the table's corner is on the
    screen (the PicoSystem's: (0, 24))."""

    def __init__(self, sheet, origin=(0, 0)):
        self.ranks = {_tile_mask(sheet, BIG_RANK + 4 * (rank - 1), lambda v: v == INK): rank
                      for rank in range(1, 14)}
        self.suits = {_tile_mask(sheet, BIG_SUIT + 4 * suit, lambda v: v != PAPER): suit
                      for suit in range(4)}
        self.sheet = sheet
        self.across = sheet.width // SHEET_COLUMNS
        self.down = sheet.height // SHEET_ROWS
        self.origin = origin

    def card_at(self, display, place, lifted=False):
        """The card shown at ``place`` (0 if its corners match no card)."""
        across, down = self.across, self.down
        left = self.origin[0] + place_x(place) * across // TILE_WIDTH
        top = (self.origin[1] + place_y(place) * down // TILE_HEIGHT
               - (LIFT * down // TILE_HEIGHT if lifted else 0))
        size = (2 * across, 2 * down)
        rank = self.ranks.get(_screen_mask(display, left, top, *size))
        suit = self.suits.get(_screen_mask(display, left + 2 * across, top, *size))
        if rank is None or suit is None:
            return 0
        return suit << 4 | rank

    def text_at(self, display, left, top, length, scale=1):
        """Characters (printable ASCII) shown in a row of 6x8 text cells
        (``scale`` times bigger), read by matching each cell's ink against the font."""
        out = ""
        for index in range(length):
            cell_left = left + index * TILE_WIDTH * scale
            # The glyphs leave the cell's last column blank.
            background = rgb(display, cell_left + (TILE_WIDTH - 1) * scale, top)
            cell = frozenset((x, y) for y in range(TILE_HEIGHT) for x in range(TILE_WIDTH)
                             if rgb(display, cell_left + x * scale, top + y * scale) != background)
            out += self._font().get(cell, "?")
        return out

    def _font(self):
        if not hasattr(self, "_glyphs"):
            glyphs = {}
            for code in range(126, 31, -1):  # space last: an empty cell reads " "
                tile = code - FIRST_CHAR
                left = (tile % SHEET_COLUMNS) * TILE_WIDTH
                top = (tile // SHEET_COLUMNS) * TILE_HEIGHT
                cell = frozenset((x, y) for y in range(TILE_HEIGHT) for x in range(TILE_WIDTH)
                                 if self.sheet[left + x, top + y] != PAPER)
                glyphs.setdefault(cell, chr(code))
            self._glyphs = glyphs
        return self._glyphs
