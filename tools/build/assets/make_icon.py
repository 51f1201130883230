"""Draw the Fruit Jam OS launcher's icon for the game: four cards on the baize.

    python -m tools.build.assets.make_icon OUT.bmp [--png PATH]

Fruit Jam OS shows each app's ``icon.bmp`` (64 x 64, as its own apps have
them; 4 bits a pixel here, colours in the file) above its title. The cards
are the game's own, cut from the sprite sheet's pictures
(tools/build/assets/make_assets.py draws them), at their size on the table: two
kings over two aces, the first cards of the game's two kinds of foundation.
The output depends on nothing but the sheet's sources. Desktop only.
"""

import argparse
import os
import sys
from pathlib import Path

from . import make_assets

# The view (its BAIZE) imports displayio: where Blinka is not installed (make fruitjam
# copies files without the development environment), the board's stand-in gives it.
sys.path.append(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "harness", "standins"))
from sthelena.app.table import tiles  # noqa: E402
from sthelena.app.table.view import BAIZE  # noqa: E402

SIZE = 64
SCALE = 1  # (twice the size, two cards would cover each other)
# The icon's own colours: baize, card paper, black, red, and the baize's edge.
_BAIZE, _PAPER, _BLACK, _RED, _EDGE = range(5)
PALETTE = [((BAIZE >> 16) & 255, (BAIZE >> 8) & 255, BAIZE & 255), (255, 255, 255),
           (0, 0, 0), (208, 16, 16), (0, 60, 30)] + [(255, 0, 255)] * 11
CARDS = ((13, 0, 6, 6), (13, 1, 34, 6), (1, 2, 6, 34), (1, 3, 34, 34))  # rank, suit, left, top


def _card(icon, sheet, rank, suit, left, top):
    """A card: its rank and suit pictures on paper, edged."""
    ink = _RED if suit in (1, 2) else _BLACK
    width = height = 24 * SCALE
    for y in range(-1, height + 1):
        for x in range(-1, width + 1):
            if 0 <= top + y < SIZE and 0 <= left + x < SIZE:
                inside = 0 <= x < width and 0 <= y < height
                icon[top + y][left + x] = _PAPER if inside else _EDGE
    for first, across in ((tiles.BIG_RANK + 4 * (rank - 1), 0), (tiles.BIG_SUIT + 4 * suit, 12)):
        for corner in range(4):
            tile = first + corner
            sheet_x = tile % tiles.SHEET_COLUMNS * tiles.TILE_WIDTH
            sheet_y = tile // tiles.SHEET_COLUMNS * tiles.TILE_HEIGHT
            for y in range(tiles.TILE_HEIGHT):
                for x in range(tiles.TILE_WIDTH):
                    value = sheet[sheet_y + y][sheet_x + x]
                    if value in (tiles.PAPER, tiles.TABLE):
                        continue
                    at_x = left + SCALE * (across + (corner & 1) * tiles.TILE_WIDTH + x)
                    at_y = top + SCALE * (4 + (corner >> 1) * tiles.TILE_HEIGHT + y)
                    for dy in range(SCALE):
                        for dx in range(SCALE):
                            if at_x + dx < SIZE and at_y + dy < SIZE:
                                icon[at_y + dy][at_x + dx] = ink


def draw():
    """The icon as SIZE rows of SIZE palette indices."""
    sheet = make_assets.draw()
    icon = [bytearray([_BAIZE]) * SIZE for _ in range(SIZE)]
    for rank, suit, left, top in CARDS:
        _card(icon, sheet, rank, suit, left, top)
    return icon


def icon_bytes():
    """The icon as a 4-bit BMP file's bytes."""
    return make_assets.bmp_bytes(draw(), PALETTE)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", help="the BMP to write")
    args = parser.parse_args(argv)
    Path(args.out).write_bytes(icon_bytes())


if __name__ == "__main__":
    main()
