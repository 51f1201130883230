"""Draw the fan sheet (``assets/sheet-fruitjam.bmp``): the big screen's cards
in tiles of 10 x 16, at the tiles ``sthelena/app/big_screen/fan_layout.py`` names.

The art is fan_glyphs.py's (outline, marks, signs, the big suits' shapes)
and, for a card's corner index, glyphs.py's rank and suit pictures at their
own size: the 12 x 16 rank cut to the 9 columns right of the card's edge
(the ten loses the serif of its one), the suit's likewise, raised to sit
under the rank. ``make_assets.py`` writes it; desktop only.
"""

from sthelena.app.big_screen import fan_layout as fan
from sthelena.app.table import tiles

from . import fan_glyphs, glyphs, pixel_art
from .pixel_art import PALETTE, paint, strip

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
