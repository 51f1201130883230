"""Text in the sheet's characters, written into a TileGrid of its tiles (the
status line, the peek and the overview): ``write``, ``write_number``,
``card_text``, and the text screens' size. Nothing here allocates a tile at a
time: the status line is written on every move.
"""

from .tiles import ARROW_DOWN, ARROW_UP, FIRST_CHAR, SMALL_SUIT

from ...core.cards import RANKS, const  # const: micropython's, or a stand-in on CPython

TEXT_COLUMNS = const(26)
TEXT_ROWS = const(16)


def write(grid, column, row, text, width=0):
    """Put ``text`` into a text TileGrid (TEXT_COLUMNS wide), padding with
    spaces to ``width``. Characters below 32 are pictures: 1-4 the small
    suits, 5 up, 6 down (also written ↑ and ↓, as the texts file does).
    Allocates nothing."""
    at = row * TEXT_COLUMNS + column  # an int index: grid[x, y] builds a tuple
    for char in text:
        if column >= TEXT_COLUMNS:
            return
        code = ord(char)
        if code < 5:
            code = SMALL_SUIT + code - 1
        elif code == 5:
            code = ARROW_UP
        elif code == 6 or code == 0x2193:
            code = ARROW_DOWN
        elif code == 0x2191:
            code = ARROW_UP
        elif FIRST_CHAR <= code < 127:
            code -= FIRST_CHAR
        else:
            code = ord("?") - FIRST_CHAR
        grid[at] = code
        at += 1
        column += 1
        width -= 1
    while width > 0 and column < TEXT_COLUMNS:
        grid[at] = 0
        at += 1
        column += 1
        width -= 1


def write_number(grid, right, row, number, width):
    """Write ``number``'s digits into a text TileGrid ending at column
    ``right``, at most ``width`` of them (the last ones), without building
    its text: it allocates nothing."""
    at = row * TEXT_COLUMNS + right
    while width > 0:
        grid[at] = ord("0") - FIRST_CHAR + number % 10
        number //= 10
        width -= 1
        at -= 1
        if not number:
            return


def card_text(card):
    """A card as text for ``write``: rank (10 as "10") and its small suit."""
    rank = card & 15
    return ("10" if rank == 10 else RANKS[rank - 1]) + chr(1 + (card >> 4))
