"""The sprite sheet's 6 x 8 characters (9 x 12 in the large sheet) as a font
for ``adafruit_display_text``: the drive's note (sthelena/handheld/drive.py),
the one label the game still draws, and only when boot.py gave it the drive.
The text screens are tiles of the sheet itself (view.py).

The library asks a font for ``get_bounding_box()`` and ``get_glyph(code)``
(what ``fontio`` fonts give), and copies each glyph out of ``glyph.bitmap`` at
``tile_index * width``. So the font copies the sheet's characters once into a
one-row strip of 1-bit glyphs (ink 1, paper 0: the label's palette colours
them): printable ASCII, and as codes 1-4 the small suits (spades, hearts,
diamonds, clubs), 5 (or ↑) an up arrow, 6 (or ↓) a down arrow. The board's
``terminalio.FONT`` has no suit symbols.

``get_glyph`` hands out one glyph, changed in place: the font itself, which
has the attributes of a ``fontio.Glyph`` (a class less on the board's heap).
The library uses each glyph before asking for the next, so text is measured
and drawn without allocating.
"""

import displayio

from .tiles import (ARROW_DOWN, ARROW_UP, FIRST_CHAR, PAPER, SHEET_COLUMNS, SHEET_ROWS,
                    SMALL_SUIT, TILE_HEIGHT, TILE_WIDTH)
from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython

_CHARS = const(95)  # printable ASCII, 32..126
_PICTURES = const(6)  # codes 1..6: four small suits and two arrows


class SheetFont:
    """A fixed-width font cut from the sprite sheet (a 16-colour Bitmap), and
    its one glyph (``bitmap``, ``tile_index`` and the fixed metrics: the
    sheet's tile size, 6 x 8, which the class gives, or the large sheet's)."""

    ascent = TILE_HEIGHT  # read by the labels instead of measuring glyphs
    descent = 0
    width = TILE_WIDTH
    height = TILE_HEIGHT
    dx = 0
    dy = 0
    shift_x = TILE_WIDTH
    shift_y = 0
    tile_index = 0

    def __init__(self, sheet):
        across = sheet.width // SHEET_COLUMNS
        down = sheet.height // SHEET_ROWS
        if across != TILE_WIDTH or down != TILE_HEIGHT:  # the large sheet
            self.width = self.shift_x = across
            self.height = self.ascent = down
        strip = displayio.Bitmap((_CHARS + _PICTURES) * across, down, 2)
        for index in range(_CHARS + _PICTURES):
            if index < _CHARS:
                tile = index
            elif index < _CHARS + 4:
                tile = SMALL_SUIT + index - _CHARS
            else:
                tile = ARROW_UP if index == _CHARS + 4 else ARROW_DOWN
            left = (tile % SHEET_COLUMNS) * across
            top = (tile // SHEET_COLUMNS) * down
            for y in range(down):
                at = (top + y) * sheet.width + left  # int indices: no tuple a pixel
                to = y * strip.width + index * across
                for x in range(across):
                    if sheet[at + x] != PAPER:
                        strip[to + x] = 1
        self.bitmap = strip
        self._box = (across, down)

    def get_bounding_box(self):
        """(width, height) of every glyph."""
        return self._box

    def get_glyph(self, code):
        """The glyph of character ``code`` (see the module's docstring), or None."""
        if FIRST_CHAR <= code < FIRST_CHAR + _CHARS:
            self.tile_index = code - FIRST_CHAR
        elif 1 <= code <= _PICTURES:
            self.tile_index = _CHARS + code - 1
        elif code == 0x2191 or code == 0x2193:  # ↑ ↓, as the texts file writes them
            self.tile_index = _CHARS + (4 if code == 0x2191 else 5)
        else:
            return None
        return self
