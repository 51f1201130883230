"""A Raspberry Pi Pico (or Pico W) with Pimoroni's Pico Display Pack (1.14
inch): a 240x135 ST7789 on SPI0 (the panel 40 rows and 53 columns into the
controller's memory), set up by Adafruit's ``adafruit_st7789``, and A, B,
X and Y, played as the Display Pack 2.0's four buttons are: a table made
for a wide, short screen. Chosen in settings.toml (``STHELENA_BOARD =
"pico-display"``). Its RGB LED (common anode) says what a speaker would."""

from ..app.buttons import A, B, DOWN_OR_PILES, RIGHT_OR_MENU
from .profile import Keys, Profile, RgbLed, SpiScreen

PROFILE = Profile(
    name="pico-display", title="Pico with a Pico Display Pack (1.14 inch)",
    game="sthelena_full", chosen_in_settings=True, size=(240, 135),
    board_ids=("raspberry_pi_pico", "raspberry_pi_pico_w"),
    # Upright as Pimoroni's own driver draws it (pimoroni-pico drivers/st7789/st7789.cpp,
    # configure_display: MADCTL COL_ORDER|SWAP_XY|SCAN_ORDER, CASET 40..279, RASET 53..187),
    # through adafruit_st7789's MADCTL (MY|MX): rotation 270, colstart 53, rowstart 40
    # (tools/harness/emulator/boards.mjs checks it, tests/board/test_firmware_boards.py on
    # the firmware).
    screen=SpiScreen("st7789", 240, 135, clock="GP18", data="GP19", select="GP17",
                     command="GP16", backlight="GP20", rotation=270, colstart=53,
                     rowstart=40),
    keys=Keys((("A", "GP12", A), ("B", "GP13", B), ("X", "GP14", RIGHT_OR_MENU),
               ("Y", "GP15", DOWN_OR_PILES))),
    lights=RgbLed(("GP6", "GP7", "GP8"), lit_low=True),
    help="buttons-abxy", hint_label="Hint (or hold Y long)", libraries=("adafruit_st7789",),
    install="hold the Pico's BOOTSEL button while plugging the USB cable in: the RPI-RP2 "
            "drive appears")
