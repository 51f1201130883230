"""The table without ``vectorio``, for a firmware built without it (the Wio
Terminal's: its profile's ``lacks``): the same pixels drawn another way.

The view draws the baize as a ``vectorio.Rectangle`` and lays the places out
with ``adafruit_displayio_layout``'s GridLayout, which imports vectorio too.
Here the baize is a bitmap of one pixel a block in a group scaled by the
block's side, and each place goes where GridLayout puts it. Only the games of
boards that lack vectorio hold this module (tools/build/board_files.py).
"""

import displayio

from .layout import (GRID_COLUMNS, GRID_HEIGHT, GRID_LEFT, GRID_ROWS, GRID_TOP, GRID_WIDTH,
                     place_column, place_row)
from .tiles import TILE_HEIGHT, TILE_WIDTH


def shapeless_rectangle(pixel_shader, width, height):
    """``width`` x ``height`` pixels of the palette's first colour from the
    top left, as ``vectorio.Rectangle`` draws them: a bitmap of one pixel a
    block, the block the largest square that tiles both sides (5 x 4 blocks
    for 160 x 128 and 240 x 192), in a group that scale."""
    side, rest = width, height
    while rest:  # Euclid's: the largest side that divides both
        side, rest = rest, side % rest
    group = displayio.Group(scale=side)
    group.append(displayio.TileGrid(displayio.Bitmap(width // side, height // side, 1),
                                    pixel_shader=pixel_shader))
    return group


def placed_by_hand(grids, across=TILE_WIDTH, down=TILE_HEIGHT):
    """The group of the 20 places (``grids``, by place) that layout.py's
    ``placed`` makes, without the library: each place where GridLayout puts
    it (a cell's left edge at ``int(column * width / columns)``, its top
    likewise, a card at its cell's corner), so the table's pixels are the same."""
    width = GRID_WIDTH * across // TILE_WIDTH
    height = GRID_HEIGHT * down // TILE_HEIGHT
    group = displayio.Group(x=GRID_LEFT * across // TILE_WIDTH, y=GRID_TOP * down // TILE_HEIGHT)
    for place in range(20):
        grid = grids[place]
        grid.x = place_column(place) * width // GRID_COLUMNS
        grid.y = place_row(place) * height // GRID_ROWS
        group.append(grid)
    return group
