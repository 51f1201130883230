"""Where the 20 places sit on the 160x128 screen, and how the cursor moves.

The texts' diagram on a 6 x 4 grid: piles 1-4 along the top, the king
foundations above the ace foundations in the middle, piles 5-6 down the right,
7-10 along the bottom from the right, 11-12 up the left. Places are numbered as
in the core: piles 0..11, foundations 12..19 (KS KH KD KC AS AH AD AC).
"""

from ..cards import const  # the core's: micropython's, or a stand-in on CPython

CARD_SIZE = const(24)
_LEFT = const(2)
_TOP = const(12)
_COLUMN_PITCH = const(26)
_ROW_PITCH = const(29)
_COLUMNS = const(6)
_ROWS = const(4)
# The table's GridLayout (table.py): 6 x 4 cells of 26 x 29 pixels from (2, 12),
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
