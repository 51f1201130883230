"""Where the 20 places sit on the 160x128 screen, how the cursor moves, and
the library's GridLayout that puts the places' TileGrids there (``placed``).

The texts' diagram on a 6 x 4 grid: piles 1-4 along the top, the king
foundations above the ace foundations in the middle, piles 5-6 down the right,
7-10 along the bottom from the right, 11-12 up the left. Places are numbered as
in the core: piles 0..11, foundations 12..19 (KS KH KD KC AS AH AD AC).
"""

import sys

import displayio

from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython
from .tiles import TILE_HEIGHT, TILE_WIDTH  # the positions here are in the 6 x 8 sheet's pixels

CARD_SIZE = const(24)
_LEFT = const(2)
_TOP = const(12)
_COLUMN_PITCH = const(26)
_ROW_PITCH = const(29)
_COLUMNS = const(6)
_ROWS = const(4)
# The table's GridLayout (view.py): 6 x 4 cells of 26 x 29 pixels from (2, 12),
# each card at its cell's top-left corner.
GRID_LEFT = _LEFT
GRID_TOP = _TOP
GRID_COLUMNS = _COLUMNS
GRID_ROWS = _ROWS
GRID_WIDTH = const(156)  # _COLUMNS * _COLUMN_PITCH
GRID_HEIGHT = const(116)  # _ROWS * _ROW_PITCH
_NONE = const(255)

# The grid row by row; 255 is a gap.
_GRID = bytes((
    255, 0, 1, 2, 3, 255,
    11, 12, 13, 14, 15, 4,
    10, 16, 17, 18, 19, 5,
    255, 9, 8, 7, 6, 255,
))


# Each place's cell in _GRID, worked out once: looking it up then allocates nothing.
_CELLS = bytearray(20)
for _cell_at in range(len(_GRID)):
    if _GRID[_cell_at] != _NONE:
        _CELLS[_GRID[_cell_at]] = _cell_at


def _cell(place):
    return _CELLS[place]


def place_column(place):
    """The place's column in the 6 x 4 grid."""
    return _cell(place) % _COLUMNS


def place_row(place):
    """The place's row in the 6 x 4 grid."""
    return _cell(place) // _COLUMNS


def place_x(place):
    """Left edge of the place's card."""
    return _LEFT + (_cell(place) % _COLUMNS) * _COLUMN_PITCH


def place_y(place):
    """Top edge of the place's card."""
    return _TOP + (_cell(place) // _COLUMNS) * _ROW_PITCH


def step(place, direction):
    """The place the cursor reaches from ``place`` moving one step in
    ``direction`` (0 up, 1 down, 2 left, 3 right), skipping gaps and wrapping
    round at the edges of the grid."""
    cell = _cell(place)
    column = cell % _COLUMNS
    row = cell // _COLUMNS
    while True:
        if direction == 0:
            row = (row - 1) % _ROWS
        elif direction == 1:
            row = (row + 1) % _ROWS
        elif direction == 2:
            column = (column - 1) % _COLUMNS
        else:
            column = (column + 1) % _COLUMNS
        found = _GRID[row * _COLUMNS + column]
        if found != _NONE:
            return found


def place_layout(grids, across=TILE_WIDTH, down=TILE_HEIGHT):
    """The library's ``GridLayout`` of the 20 places' TileGrids (``grids``,
    by place): 6 x 4 cells, the corners empty (``_GRID``), laid out once;
    ``across`` x ``down``: the sheet's tile size (the large sheet's 9 x 12
    lays it all out half as large again)."""
    from adafruit_displayio_layout.layouts.grid_layout import GridLayout

    layout = GridLayout(x=GRID_LEFT * across // TILE_WIDTH, y=GRID_TOP * down // TILE_HEIGHT,
                        width=GRID_WIDTH * across // TILE_WIDTH,
                        height=GRID_HEIGHT * down // TILE_HEIGHT,
                        grid_size=(GRID_COLUMNS, GRID_ROWS))
    for place in range(20):
        layout.add_content(grids[place], grid_position=(place_column(place), place_row(place)),
                           cell_size=(1, 1), layout_cells=False)
    layout.layout_cells()  # once, for all 20
    return layout


def placed(grids, across=TILE_WIDTH, down=TILE_HEIGHT):
    """The places, where ``place_layout`` puts them, in a plain Group at the
    layout's corner. The places never move again (a lifted card shifts its
    own TileGrid), so on the board the layout and its modules are let go
    once it is done: they would keep heap for nothing (5.4 KB with circup's
    ``.mpy`` libraries, docs/board.md's figures)."""
    layout = place_layout(grids, across, down)
    group = displayio.Group(x=layout.x, y=layout.y)
    for grid in grids:  # (a Group's pop keeps the x and y the layout gave it)
        group.append(layout.pop(layout.index(grid)))
    if sys.implementation.name != "cpython":  # (the desktop keeps its modules)
        for name in ("adafruit_displayio_layout.layouts.grid_layout",
                     "adafruit_displayio_layout.layouts", "adafruit_displayio_layout"):
            sys.modules.pop(name, None)
    return group
