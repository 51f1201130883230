"""A Raspberry Pi Pico (or Pico W) with Pimoroni's Pico Display Pack 2.0 or
2.8: a 320x240 ST7789 on SPI0, set up by Adafruit's ``adafruit_st7789``, and
four buttons, A, B, X and Y: every card at once, as the Fruit Jam shows
them. Chosen in settings.toml (``STHELENA_BOARD = "pico-display-2"``).

Four buttons reach everything: X tapped steps the cursor right, Y tapped
down (rows and columns wrap round, so every place is reached); X held is
the menu, Y held every pile, and held on, a hint; A and B as on every
board. The 2.8's RGB LED (common anode) says what a speaker would."""

from ..app.buttons import A, B, DOWN_OR_PILES, RIGHT_OR_MENU
from .profile import Keys, Profile, RgbLed, SpiScreen

PROFILE = Profile(
    name="pico-display-2", title="Pico with a Pico Display Pack 2.0 or 2.8",
    game="sthelena_full", chosen_in_settings=True, size=(320, 240),
    board_ids=("raspberry_pi_pico", "raspberry_pi_pico_w"),
    # Upright as Pimoroni's own driver draws it (pimoroni-pico drivers/st7789/st7789.cpp,
    # configure_display: MADCTL COL_ORDER|SWAP_XY|SCAN_ORDER, CASET 0..319, RASET 0..239),
    # through adafruit_st7789's MADCTL (MY|MX): rotation 270 (90 shows it upside down;
    # tools/harness/emulator/boards.mjs checks it, tests/board/test_firmware_boards.py on
    # the firmware).
    screen=SpiScreen("st7789", 320, 240, clock="GP18", data="GP19", select="GP17",
                     command="GP16", backlight="GP20", rotation=270),
    keys=Keys((("A", "GP12", A), ("B", "GP13", B), ("X", "GP14", RIGHT_OR_MENU),
               ("Y", "GP15", DOWN_OR_PILES))),
    lights=RgbLed(("GP26", "GP27", "GP28"), lit_low=True),
    help="buttons-abxy", hint_label="Hint (or hold Y long)", libraries=("adafruit_st7789",),
    install="hold the Pico's BOOTSEL button while plugging the USB cable in: the RPI-RP2 "
            "drive appears")
