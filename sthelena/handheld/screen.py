"""The board's screen, as its profile describes it: the one the firmware
set up (``board.DISPLAY``), or one the game sets up on SPI with Adafruit's
driver library (``spi_screen``: the Pico's display add-ons, or the wiring a
player writes in settings.toml); then the table that fits it
(``app/big_screen/tables.py``) and the sprite sheets it is drawn from.
Set-up only: on the board in the game's set-up module, let go once the
board is built (``setup``).
"""

from .loop import ASSETS


def open_display(profile, board, spec=None):
    """The display of ``profile`` on ``board`` (the firmware's module):
    ``spec``, the ``SpiScreen`` to set up (the profile's own, or the one
    settings.toml describes). Its auto-refresh is off: the caller turns it
    on once the table is built, so that it shows whole."""
    spec = spec or profile.screen
    if spec == "DISPLAY":  # (profile.BOARD_DISPLAY)
        display = board.DISPLAY
    else:
        from .spi_screen import spi_display

        display = spi_display(spec, board)
    display.auto_refresh = False
    return display


def table_for(display):
    """What the app is handed as its display, and the sheet it draws its
    table and text screens from: the table that fits ``display``."""
    from ..app.big_screen.tables import fit_table, table_screen

    return table_screen(display, fit_table(display.width, display.height), ASSETS)
