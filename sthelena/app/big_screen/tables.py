"""Which table a screen gets, and the sheets it is drawn from (interim: the
handheld's and the PicoSystem's tables only)."""

from ...core.cards import const

HANDHELD_TABLE = const(0)
LARGE_TABLE = const(1)
BIG_FAN_TABLE = const(4)
TABLE_KINDS = (HANDHELD_TABLE, LARGE_TABLE, BIG_FAN_TABLE)


def fit_table(width, height):
    if width >= 640 and height >= 400:
        return BIG_FAN_TABLE
    return LARGE_TABLE if width >= 240 and height >= 192 else HANDHELD_TABLE


def table_screen(display, kind, assets):
    from ..table.sheet import load_sheet

    if kind == HANDHELD_TABLE:
        return display, load_sheet(assets + "sheet.bmp")
    if kind == BIG_FAN_TABLE:
        from .fan_table import FanScreen

        return (FanScreen(display, load_sheet(assets + "sheet-fruitjam.bmp")),
                load_sheet(assets + "sheet.bmp"))
    from .scaled import BigScreen

    return BigScreen(display, 240, 192), load_sheet(assets + "sheet-large.bmp")
