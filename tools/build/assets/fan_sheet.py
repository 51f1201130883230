"""Draw the fan sheets, at the tiles ``sthelena/app/big_screen/fan_layout.py``
names (the same in both): the Fruit Jam's (``assets/sheet-fruitjam.bmp``,
``draw``), its cards in tiles of 10 x 16, and the smaller tables'
(``assets/sheet-fan.bmp``, ``draw_small``), tiles of 6 x 8 for the 320x240
and 240x135 screens.

The art is fan_glyphs.py's (outline, marks, signs, the big suits' shapes)
and, for a card's corner index, glyphs.py's rank and suit pictures at their
own size: on the Fruit Jam's sheet the 12 x 16 rank cut to the 9 columns
right of the card's edge (the ten loses the serif of its one), the suit's
likewise, raised to sit under the rank; on the small sheet the font's 5 x 7
letter of the rank (fan_glyphs.py's ten) and the small suit, each right of
the card's edge a row down. ``make_assets.py`` writes them; desktop only.
"""

from sthelena.app.big_screen import fan_layout as fan
from sthelena.app.table import tiles

from . import fan_glyphs, glyphs, pixel_art
from .pixel_art import PALETTE, paint, strip

SMALL_TILE_WIDTH = 6  # the small sheet's tiles (fan_geometry.SMALL's and SHORT's)
SMALL_TILE_HEIGHT = 8

LEGEND = {",": tiles.TABLE, ".": tiles.PAPER, "e": fan.EDGE}  # and INK ("#")
FAN_PALETTE = list(PALETTE)  # the BMP's colour table: the handheld sheet's, and the outline
FAN_PALETTE[fan.EDGE] = (64, 64, 64)


def _index_rank(rows, rank):
    """The rank's 12 x 16 picture as the 10 x 16 top-left tile of a card:
    the outline's corner and left edge, then 9 columns of the picture."""
    first = 3 if rank == 10 else 2  # (the ten is 10 columns wide: its serif goes)
    return [",eeeeeeeee"] + ["e" + row[first:first + 9] for row in rows[1:]]


def _index_suit(rows):
    """The suit's 12 x 16 picture as the tile under the rank: the card's left
    edge, then its 9 columns of the suit, raised 2 rows to sit under the rank."""
    return ["e" + row[1:10] for row in rows[2:]] + ["e" + "." * 9] * 2


def pictures():
    """Every picture of the fan sheet: (name, first tile, tiles across, down,
    ink, rows), as make_assets.pictures."""
    out = []
    frame = fan_glyphs.FRAME
    for name, tile in (("left", fan.EDGE_LEFT), ("left_bottom", fan.EDGE_LEFT_BOTTOM),
                       ("left_top", fan.EDGE_LEFT_TOP), ("top", fan.EDGE_TOP),
                       ("bottom", fan.EDGE_BOTTOM),
                       ("right_top", fan.EDGE_RIGHT_TOP), ("right", fan.EDGE_RIGHT),
                       ("right_bottom", fan.EDGE_RIGHT_BOTTOM)):
        out.append(("edge " + name, tile, 1, 1, None, frame[name]))
    out.append(("paper", fan.PAPER_TILE, 1, 1, None, ["." * 10] * 16))
    target, blocked = strip(fan_glyphs.MARKS)
    out.append(("target", fan.TARGET_SIGN, 1, 1, tiles.MARK, target))
    out.append(("blocked", fan.BLOCKED_SIGN, 1, 1, tiles.NOPE, blocked))
    up, down, never, more = strip(fan_glyphs.SIGNS)
    out.append(("arrow up", fan.NEXT_UP, 1, 1, tiles.TEXT, up))
    out.append(("arrow down", fan.NEXT_DOWN, 1, 1, tiles.TEXT, down))
    out.append(("never", fan.NEVER_FILLED, 1, 1, None, never))
    out.append(("more", fan.MORE_CARDS, 1, 1, None, more))
    suits = "spades hearts diamonds clubs".split()
    ranks = [rows for text in glyphs.BIG_RANKS for rows in strip(text)]
    for suit, rows in enumerate(strip(glyphs.BIG_SUITS)):
        ink = tiles.SUIT_INK + suit
        out.append(("index " + suits[suit], fan.SUIT_INDEX + suit, 1, 1, ink, _index_suit(rows)))
        for rank, picture in enumerate(ranks, 1):
            out.append(("index %d of %s" % (rank, suits[suit]),
                        fan.RANK_INDEX + 13 * suit + rank - 1, 1, 1, ink,
                        _index_rank(picture, rank)))
        out.append(("pip " + suits[suit], fan.PIP + 6 * suit, 3, 2, ink, fan_glyphs.pip(suit)))
    return out


def check(name, across, down, ink, rows):
    """Raise ValueError unless ``rows`` fit ``across`` x ``down`` tiles in the legend."""
    pixel_art.check(name, across, down, ink, rows, LEGEND, fan.FAN_TILE_WIDTH,
                    fan.FAN_TILE_HEIGHT)


def draw():
    """The fan sheet (160 x 112) as rows of palette indices, top row first."""
    return paint(pictures(), LEGEND, fan.FAN_TILE_WIDTH, fan.FAN_TILE_HEIGHT,
                 fan.FAN_SHEET_COLUMNS, fan.FAN_SHEET_ROWS, fan.FAN_TILE_COUNT)


# -- the small sheet ------------------------------------------------------------

def _font_letter(char):
    """The handheld font's 6 x 8 picture of ``char`` (glyphs.FONT)."""
    for chars, text in glyphs.FONT:
        if char in chars:
            return strip(text)[chars.index(char)]
    raise ValueError("no letter %r in the font" % char)


def _small_rank(rank):
    """The rank's 5 x 7 letter as the 6 x 8 top-left tile of a card: the
    outline's corner, then the letter right of the left edge."""
    if rank == 10:
        letter = strip(fan_glyphs.SMALL_TEN)[0]
    else:
        letter = [row[:5] for row in _font_letter("A23456789TJQK"[rank - 1])[:7]]
    return [",eeeee"] + ["e" + row for row in letter]


def _small_suit(rows):
    """The small suit's 6 x 8 picture as the tile under the rank: the card's
    left edge, a row of paper, then the suit's 5 x 7."""
    return ["e....."] + ["e" + row[:5] for row in rows[:7]]


def small_pictures():
    """Every picture of the small fan sheet, as ``pictures``."""
    out = []
    frame = fan_glyphs.SMALL_FRAME
    for name, tile in (("left", fan.EDGE_LEFT), ("left_bottom", fan.EDGE_LEFT_BOTTOM),
                       ("left_top", fan.EDGE_LEFT_TOP), ("top", fan.EDGE_TOP),
                       ("bottom", fan.EDGE_BOTTOM),
                       ("right_top", fan.EDGE_RIGHT_TOP), ("right", fan.EDGE_RIGHT),
                       ("right_bottom", fan.EDGE_RIGHT_BOTTOM)):
        out.append(("edge " + name, tile, 1, 1, None, frame[name]))
    out.append(("paper", fan.PAPER_TILE, 1, 1, None, ["." * 6] * 8))
    target, blocked = strip(fan_glyphs.SMALL_MARKS)
    out.append(("target", fan.TARGET_SIGN, 1, 1, tiles.MARK, target))
    out.append(("blocked", fan.BLOCKED_SIGN, 1, 1, tiles.NOPE, blocked))
    up, down = strip(glyphs.ARROWS)  # the font's, a row down to sit beside a rank
    out.append(("arrow up", fan.NEXT_UP, 1, 1, tiles.TEXT, ["......"] + up[:7]))
    out.append(("arrow down", fan.NEXT_DOWN, 1, 1, tiles.TEXT, ["......"] + down[:7]))
    never, more = strip(fan_glyphs.SMALL_SIGNS)
    out.append(("never", fan.NEVER_FILLED, 1, 1, None, never))
    out.append(("more", fan.MORE_CARDS, 1, 1, None, more))
    suits = "spades hearts diamonds clubs".split()
    for suit, rows in enumerate(strip(glyphs.SMALL_SUITS)):
        ink = tiles.SUIT_INK + suit
        out.append(("index " + suits[suit], fan.SUIT_INDEX + suit, 1, 1, ink, _small_suit(rows)))
        for rank in range(1, 14):
            out.append(("index %d of %s" % (rank, suits[suit]),
                        fan.RANK_INDEX + 13 * suit + rank - 1, 1, 1, ink, _small_rank(rank)))
        out.append(("pip " + suits[suit], fan.PIP + 6 * suit, 3, 2, ink,
                    fan_glyphs.pip(suit, 18, 16, 2, 1)))
    return out


def check_small(name, across, down, ink, rows):
    """Raise ValueError unless ``rows`` fit ``across`` x ``down`` small tiles in the legend."""
    pixel_art.check(name, across, down, ink, rows, LEGEND, SMALL_TILE_WIDTH, SMALL_TILE_HEIGHT)


def draw_small():
    """The small fan sheet (96 x 56) as rows of palette indices, top row first."""
    return paint(small_pictures(), LEGEND, SMALL_TILE_WIDTH, SMALL_TILE_HEIGHT,
                 fan.FAN_SHEET_COLUMNS, fan.FAN_SHEET_ROWS, fan.FAN_TILE_COUNT)
