"""Which table a screen takes, and the display and sheet the app is handed for it.

Five tables, by kind:

- ``HANDHELD_TABLE``: the PyGamer's and PyBadge's 160x128, drawn from
  ``sheet.bmp`` on the display itself (any screen too small for the others);
- ``LARGE_TABLE``: the PicoSystem's, the same drawn from ``sheet-large.bmp``
  (240x192) and centred by ``BigScreen``: 240x240, and any screen 240x192 or
  larger that none of the fanned tables below takes;
- ``SHORT_FAN_TABLE``: a wide, short screen's fanned table (240x135: the Pico
  Display Pack 1.14", the Cardputer), cards of 12 x 24 from ``sheet-fan.bmp``,
  the text screens the handheld's page centred (SHORT);
- ``SMALL_FAN_TABLE``: a 320x240 screen's fanned table (the Pico Display Pack
  2.0, the PyPortal, the Wio Terminal), cards of 30 x 40 from ``sheet-fan.bmp``,
  the text screens the PicoSystem's page centred (SMALL); on a screen of
  480x320 (the PyPortal Titano's) to 640x400 its cards are 36 x 48 (WIDE);
- ``FAN_TABLE``: the Fruit Jam's fanned table (640x400 and up), cards of 50 x
  80 from ``sheet-fruitjam.bmp``, the handheld's page three times larger.

``fit_table(width, height)`` picks the kind; ``table_screen(display, kind,
assets)`` loads the sheets from the folder ``assets`` and returns what the
app takes: ``(screen, sheet)``, the display it is handed (the display itself,
a ``BigScreen`` or a ``FanScreen``) and the text sheet. The big screen's
modules are imported there, for the kind asked only: a board's build that
leaves them out still loads this one, as long as it asks for no table that
needs them.
"""

from ...core.cards import const  # the core's: micropython's, or a stand-in on CPython

HANDHELD_TABLE = const(0)
LARGE_TABLE = const(1)
SHORT_FAN_TABLE = const(2)
SMALL_FAN_TABLE = const(3)
FAN_TABLE = const(4)

_LARGE_WIDTH = const(240)  # the large sheet's table (the PicoSystem's)
_LARGE_HEIGHT = const(192)
_SHORT_HEIGHT = const(135)  # what the wide, short table needs at least
_WIDE_WIDTH = const(480)  # what the 320x240 table's larger cards (WIDE) need at least
_WIDE_HEIGHT = const(320)


def fit_table(width, height):
    """The kind of table a ``width`` x ``height`` screen takes: the Fruit
    Jam's fanned table from 640x400, the 320x240 one from 320x240, the
    PicoSystem's from 240x192 (240x240 too), the wide, short one on a screen
    at least 240 wide and 135 to 191 high, else the handheld's (160x128, and
    any smaller screen, which shows part of it)."""
    if width >= 640 and height >= 400:
        return FAN_TABLE
    if width >= 320 and height >= 240:
        return SMALL_FAN_TABLE
    if width >= _LARGE_WIDTH and height >= _LARGE_HEIGHT:
        return LARGE_TABLE
    if width >= _LARGE_WIDTH and height >= _SHORT_HEIGHT:
        return SHORT_FAN_TABLE
    return HANDHELD_TABLE


def table_screen(display, kind, assets="/assets/"):
    """``(screen, sheet)`` for a table of ``kind`` (``fit_table``'s) on the
    board's ``display``: the display the app is handed and the text sheet
    it is given, the sheets read from the folder ``assets`` (``/assets/`` on
    a handheld's drive, ``assets/`` in the Fruit Jam's app folder, an
    absolute path on the desktop; the ``/`` at its end may be left off).
    OSError if a sheet is missing, ValueError if one is not a sheet or the
    kind is none of the five."""
    from ..table.sheet import load_sheet

    if not HANDHELD_TABLE <= kind <= FAN_TABLE:
        raise ValueError("no table of kind %r" % (kind,))
    if not assets.endswith("/"):
        assets += "/"
    if kind == HANDHELD_TABLE:
        return display, load_sheet(assets + "sheet.bmp")
    if kind == LARGE_TABLE:
        from .scaled import BigScreen

        return (BigScreen(display, _LARGE_WIDTH, _LARGE_HEIGHT),
                load_sheet(assets + "sheet-large.bmp"))
    from .fan_table import FanScreen
    from .fan_geometry import FRUIT_JAM, SMALL, SHORT, WIDE

    if kind == FAN_TABLE:
        return (FanScreen(display, load_sheet(assets + "sheet-fruitjam.bmp"),
                          FRUIT_JAM), load_sheet(assets + "sheet.bmp"))
    if kind == SMALL_FAN_TABLE:
        wide = display.width >= _WIDE_WIDTH and display.height >= _WIDE_HEIGHT
        return (FanScreen(display, load_sheet(assets + "sheet-fan.bmp"), WIDE if wide else SMALL),
                load_sheet(assets + "sheet-large.bmp"))
    return (FanScreen(display, load_sheet(assets + "sheet-fan.bmp"), SHORT),
            load_sheet(assets + "sheet.bmp"))
