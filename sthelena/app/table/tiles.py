"""Where each picture sits in the sprite sheet, and what each palette index means.

The sheet (``assets/sheet.bmp``) is 16 x 13 tiles of 6 x 8 pixels, 4 bits a
pixel (13 rows: just enough for the tiles drawn, as the sheet lives in RAM).
``tools/build/assets/make_assets.py`` draws it from the pixel art in
``tools/build/assets/glyphs.py`` at the positions named here; the app shows pictures by
these tile numbers. A palette entry means the same in every picture, and each
TileGrid's own palette gives it a colour (so one sheet serves cards, text and
overlays alike).
"""

from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython

TILE_WIDTH = const(6)
TILE_HEIGHT = const(8)
SHEET_COLUMNS = const(16)  # tiles across the sheet
SHEET_ROWS = const(13)
COLOURS = const(16)

# Palette indices.
TABLE = const(0)  # the green baize; around empty places
PAPER = const(1)  # card face; background of text
INK = const(3)  # a big rank: each place's palette sets it to the suit's colour
DIM = const(4)  # outlines of empty places, greyed pictures
TEXT = const(5)  # letters and digits
MARK = const(6)  # "a card may go here"
NOPE = const(7)  # "no card may go here now" (the first-deal restriction)
SUIT_INK = const(9)  # suit s (0 spades .. 3 clubs) is drawn in SUIT_INK + s

# Tiles. Text: character c (32..126) is tile ord(c) - 32.
FIRST_CHAR = const(32)
TABLE_TILE = const(95)  # all TABLE
SMALL_SUIT = const(96)  # + suit: a 6x8 suit on PAPER, for text
ARROW_UP = const(100)  # an ace foundation builds up
ARROW_DOWN = const(101)  # a king foundation builds down
TARGET = const(102)  # 2 tiles side by side (12x8): a legal place for the lifted card
BLOCKED = const(104)  # 2 tiles (12x8): this foundation is closed to this pile now
BIG_RANK = const(112)  # + 4 * (rank - 1): 12x16 rank in INK, tiles TL TR BL BR; "10" in one
BIG_SUIT = const(164)  # + 4 * suit: 12x16 suit in SUIT_INK + suit, tiles TL TR BL BR
EMPTY_ANY = const(180)  # 8 tiles, 4 wide x 2 high (24x16): an empty pile that takes any card
EMPTY_NONE = const(188)  # 8 tiles, 4 x 2: an empty pile that is never filled
TILE_COUNT = const(196)  # tiles drawn; the rest of the sheet is TABLE
