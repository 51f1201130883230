"""The sizes of a fanned table (fan_layout.py places it, fan_table.py draws
it): one ``FanGeometry`` a kind of table, as plain data, made once when the
module is loaded.

- ``FRUIT_JAM``: the Fruit Jam's (640x400 and up): the fan sheet
  ``assets/sheet-fruitjam.bmp`` (tiles of 10 x 16), cards of 5 x 5 tiles
  (50 x 80) with a big suit in the middle, the handheld's text screens three
  times larger;
- ``SMALL``: a 320x240 screen's (the Pico Display Pack 2.0, the PyPortal...;
  larger ones but WIDE's lay it out with more room): the small fan sheet
  ``assets/sheet-fan.bmp`` (tiles of 6 x 8), cards of 5 x 5 tiles (30 x 40)
  with a big suit, the PicoSystem's text screens (the large sheet's 240 x
  192 page) centred, the status line in the large sheet's letters;
- ``WIDE``: a 480x320 screen's (the PyPortal Titano's): the small fan sheet
  too, cards of 6 x 6 tiles (36 x 48), larger to the eye and to a finger
  than SMALL's would be there, the same text screens;
- ``SHORT``: a wide, short screen's (240x135: the Pico Display Pack 1.14",
  the Cardputer): the same sheet, cards of 2 x 3 tiles (12 x 24), no big
  suit (a card is its rank over its suit, as a fanned one shows it, and its
  right edge), the handheld's text screens centred. Four piles of eight
  across 240 pixels leave a card no wider: a pile's 60 pixels hold seven
  fanned columns of 6, the top card's 12 and 4 between piles (a top card of
  18 would need 64).

In every one a fanned card shows one tile's column, its rank over its suit,
and a foundation's label (the card it takes next) is three tiles under it.
"""

from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython

# The Fruit Jam's: tiles of 10 x 16, a card 5 x 5 tiles.
FAN_TILE_WIDTH = const(10)
FAN_TILE_HEIGHT = const(16)
CARD_COLUMNS = const(5)
CARD_ROWS = const(5)
CARD_WIDTH = const(50)
CARD_HEIGHT = const(80)
STATUS_HEIGHT = const(16)  # the status line: the handheld's letters twice as large
LABEL_HEIGHT = const(16)  # under a foundation: the card it takes next
FAN_LIFT = const(6)  # pixels a lifted card rises

_TEXT_WIDTH = const(160)  # the handheld's text page (BigScreen scales it)
_TEXT_HEIGHT = const(128)
_LARGE_TEXT_WIDTH = const(240)  # the large sheet's (the PicoSystem's)
_LARGE_TEXT_HEIGHT = const(192)


class FanGeometry:
    """A fanned table's sizes, in pixels unless named otherwise:

    ``tile_width``, ``tile_height``: the fan sheet's tiles (a fanned card
    shows one tile's width); ``columns``, ``rows``: a card in tiles
    (``card_width``, ``card_height`` in pixels); ``pip``: a big suit in the
    card's middle (3 x 2 tiles, from row 2 and column 1); ``mark_column``:
    the tile of the card's bottom row that shows a mark; ``never_at``: the
    card grid's tile that shows "never filled" in an empty pile's outline;
    ``lift``: how far a lifted card rises; ``slot_gap``: between one row's
    slots (half of it at the screen's edges); ``foundation_pitch``: from one
    foundation to the next; ``status_height`` and ``status_scale``: the
    status line (the text sheet's letters that many times larger);
    ``label_height``: a foundation's label under it; ``text_width``,
    ``text_height``: the text screens' page (``BigScreen`` centres it, as
    many times larger as fits)."""

    def __init__(self, tile_width, tile_height, columns, rows, pip, mark_column, never_at, lift,
                 slot_gap, foundation_pitch, status_height, status_scale, text_width,
                 text_height):
        self.tile_width = tile_width
        self.tile_height = tile_height
        self.columns = columns
        self.rows = rows
        self.card_width = columns * tile_width
        self.card_height = rows * tile_height
        self.pip = pip
        self.mark_column = mark_column
        self.never_at = never_at
        self.lift = lift
        self.slot_gap = slot_gap
        self.foundation_pitch = foundation_pitch
        self.status_height = status_height
        self.status_scale = status_scale
        self.label_height = tile_height
        self.text_width = text_width
        self.text_height = text_height


FRUIT_JAM = FanGeometry(tile_width=FAN_TILE_WIDTH, tile_height=FAN_TILE_HEIGHT,
                        columns=CARD_COLUMNS, rows=CARD_ROWS, pip=True, mark_column=3,
                        never_at=12, lift=FAN_LIFT, slot_gap=4, foundation_pitch=60,
                        status_height=STATUS_HEIGHT, status_scale=2, text_width=_TEXT_WIDTH,
                        text_height=_TEXT_HEIGHT)
SMALL = FanGeometry(tile_width=6, tile_height=8, columns=5, rows=5, pip=True, mark_column=4,
                    never_at=5, lift=3, slot_gap=4, foundation_pitch=36, status_height=12,
                    status_scale=1, text_width=_LARGE_TEXT_WIDTH, text_height=_LARGE_TEXT_HEIGHT)
SHORT = FanGeometry(tile_width=6, tile_height=8, columns=2, rows=3, pip=False, mark_column=1,
                    never_at=2, lift=2, slot_gap=4, foundation_pitch=24, status_height=8,
                    status_scale=1, text_width=_TEXT_WIDTH, text_height=_TEXT_HEIGHT)
WIDE = FanGeometry(tile_width=6, tile_height=8, columns=6, rows=6, pip=True, mark_column=5,
                   never_at=6, lift=3, slot_gap=4, foundation_pitch=46, status_height=12,
                   status_scale=1, text_width=_LARGE_TEXT_WIDTH, text_height=_LARGE_TEXT_HEIGHT)
