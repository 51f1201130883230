"""The fan sheets' pixel art (``assets/sheet-fruitjam.bmp``, the Fruit Jam's
cards, and ``assets/sheet-fan.bmp``, the smaller tables'): a card's outline
in pieces, the marks, the foundations' arrows, and the shapes of the big
suits in a card's middle.

Legend as glyphs.py's, and ``e`` for EDGE (a card's outline). Every tile of
the Fruit Jam's sheet is 10 x 16 (``sthelena/app/big_screen/fan_layout.py``
numbers them, the same in both sheets). The corner index of
a card (its rank over its suit) is the handheld's 12 x 16 rank and suit art
at its own size, cut to 9 columns beside the card's left edge
(``fan_sheet.py``); the big suits are drawn from the shapes below at 30 x 32,
the size of the big screen's cards. The small sheet's tiles are 6 x 8 (its
art is at the end of this file), its big suits drawn from the same shapes
at 18 x 16. Desktop only.
"""

# One tile each: LEFT, LEFT_BOTTOM, TOP, BOTTOM, RIGHT_TOP, RIGHT, RIGHT_BOTTOM,
# TARGET, BLOCKED, LEFT_TOP (a card's outline in pieces; the corners are
# cut round by a pixel of baize), each 10 x 16.
_EDGE_ROW = "e........."
FRAME = {
    "left": [_EDGE_ROW] * 16,
    "left_bottom": [_EDGE_ROW] * 15 + [",eeeeeeeee"],
    "left_top": [",eeeeeeeee"] + [_EDGE_ROW] * 15,
    "top": ["eeeeeeeeee"] + [".........."] * 15,
    "bottom": [".........."] * 15 + ["eeeeeeeeee"],
    "right_top": ["eeeeeeeee,"] + [".........e"] * 15,
    "right": [".........e"] * 16,
    "right_bottom": [".........e"] * 15 + ["eeeeeeeee,"],
}

# TARGET (an orange disc) and BLOCKED (a red cross), on a card's bottom edge.
MARKS = """
.......... ..........
.......... ..........
.......... ..........
...####... .##....##.
..######.. .###..###.
.########. ..######..
.########. ...####...
.########. ...####...
.########. ..######..
..######.. .###..###.
...####... .##....##.
.......... ..........
.......... ..........
.......... ..........
.......... ..........
eeeeeeeeee eeeeeeeeee
"""

# ARROW_UP and ARROW_DOWN (a foundation's label: it builds up, or down),
# NEVER (an empty pile that is never filled, in its outline's colour) and
# MORE (a long pile's deepest cards, edge by edge).
SIGNS = """
.......... .......... .......... e...e...e.
....#..... ....#..... .......... e...e...e.
...###.... ....#..... .......... e...e...e.
..#####... ....#..... .......... e...e...e.
.#######.. ....#..... .ee....ee. e...e...e.
....#..... ....#..... ..ee..ee.. e...e...e.
....#..... ....#..... ...eeee... e...e...e.
....#..... ....#..... ....ee.... e...e...e.
....#..... ....#..... ...eeee... e...e...e.
....#..... ....#..... ..ee..ee.. e...e...e.
....#..... .#######.. .ee....ee. e...e...e.
....#..... ..#####... .......... e...e...e.
....#..... ...###.... .......... e...e...e.
....#..... ....#..... .......... e...e...e.
.......... .......... .......... e...e...e.
.......... .......... .......... e...e...e.
"""


def pip_shape(suit, x, y):
    """Whether point (x, y), in units where the big suit spans -1..1 across
    and down (y down), is inside suit ``suit``'s shape (0 spades, 1 hearts,
    2 diamonds, 3 clubs)."""
    def disc(cx, cy, r):
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r

    if suit == 2:
        return abs(x) / 0.78 + abs(y) <= 1.0
    if suit == 1:
        return (disc(-0.45, -0.42, 0.5) or disc(0.45, -0.42, 0.5)
                or (y >= -0.45 and abs(x) <= 0.94 * (1.0 - y) / 1.45 + 0.02 and y <= 1.0))
    stem = 0.35 <= y <= 1.0 and abs(x) <= 0.12 + 0.5 * max(0.0, y - 0.55)
    if suit == 0:
        return (stem or disc(-0.45, 0.2, 0.45) or disc(0.45, 0.2, 0.45)
                or (y <= 0.25 and y >= -1.0 and abs(x) <= 0.93 * (y + 1.0) / 1.25))
    return (stem or disc(0.0, -0.55, 0.4) or disc(-0.52, 0.12, 0.4)
            or disc(0.52, 0.12, 0.4) or disc(0.0, 0.0, 0.18))


def pip(suit, width=30, height=32, margin=2, margin_y=None):
    """The big suit ``suit`` as ``height`` rows of ``width`` legend characters
    (``#`` inside, ``.`` paper round it), ``margin`` pixels clear each side
    (``margin_y`` above and below, if given), each pixel taken at its centre."""
    rows = []
    if margin_y is None:
        margin_y = margin
    inner_w = width - 2 * margin
    inner_h = height - 2 * margin_y
    for row in range(height):
        line = ""
        for column in range(width):
            x = ((column - margin) + 0.5) / inner_w * 2 - 1
            y = ((row - margin_y) + 0.5) / inner_h * 2 - 1
            inside = -1 <= x <= 1 and -1 <= y <= 1 and pip_shape(suit, x, y)
            line += "#" if inside else "."
        rows.append(line)
    return rows


# -- the small fan sheet (assets/sheet-fan.bmp): tiles of 6 x 8 ----------------
# The 320x240 and 240x135 tables' cards (fan_geometry.py's SMALL and SHORT).
# A card's corner index is the handheld's font at its size (glyphs.py): the
# rank's 5 x 7 letter right of the card's left edge, under its top edge, and
# the small suit under it (fan_sheet.py cuts them); the ten is drawn here,
# the font having none of one column's width.

_SMALL_EDGE = "e....."
SMALL_FRAME = {
    "left": [_SMALL_EDGE] * 8,
    "left_bottom": [_SMALL_EDGE] * 7 + [",eeeee"],
    "left_top": [",eeeee"] + [_SMALL_EDGE] * 7,
    "top": ["eeeeee"] + ["......"] * 7,
    "bottom": ["......"] * 7 + ["eeeeee"],
    "right_top": ["eeeee,"] + [".....e"] * 7,
    "right": [".....e"] * 8,
    "right_bottom": [".....e"] * 7 + ["eeeee,"],
}

# The ten, 5 x 7 as the font's letters: a one and a narrow nought.
SMALL_TEN = """
#..#.
#.#.#
#.#.#
#.#.#
#.#.#
#.#.#
#..#.
"""

# TARGET (an orange disc) and BLOCKED (a red cross), in a card's bottom-right
# corner (its right and bottom edges round them: both small tables' cards
# put their mark there).
SMALL_MARKS = """
.....e .....e
.###.e #...#e
#####e .#.#.e
#####e ..#..e
#####e .#.#.e
.###.e #...#e
.....e .....e
eeeee, eeeee,
"""

# NEVER (an empty pile that is never filled, on the left edge under the
# corner, where a card's suit would be) and MORE (a long pile's deepest
# cards, edge by edge).
SMALL_SIGNS = """
e..... e.e.e.
e..... e.e.e.
e.e..e e.e.e.
e..ee. e.e.e.
e..ee. e.e.e.
e.e..e e.e.e.
e..... e.e.e.
e..... e.e.e.
"""
