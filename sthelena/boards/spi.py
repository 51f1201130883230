"""Any board with an SPI screen and buttons the player wires up and
describes in CIRCUITPY's settings.toml: ``STHELENA_BOARD = "spi"`` and the
``STHELENA_*`` keys that say the driver, the size, the rotation and offsets,
the pins and the buttons (docs/board.md gives an example;
``sthelena/handheld/settings.py`` reads them and names a key that is wrong
or missing)."""

from .profile import FROM_SETTINGS, Profile

PROFILE = Profile(
    name="spi", title="any board with an SPI screen described in settings.toml",
    game="sthelena_full", chosen_in_settings=True, size=None, screen=FROM_SETTINGS,
    keys=FROM_SETTINGS,  # (with A, B, X and Y alone, the four-button boards' help and hint)
    libraries=("adafruit_st7789", "adafruit_st7735r", "adafruit_ili9341"),
    install="hold the board's boot button while plugging it in, or double-click its reset "
            "button, as circuitpython.org says for it")
