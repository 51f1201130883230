"""A Raspberry Pi Pico (or Pico W) with Waveshare's Pico-LCD-1.3: a 240x240
ST7789 on SPI1 (the panel 80 rows into the controller's memory), set up by
Adafruit's ``adafruit_st7789``, a 5-way joystick and A, B, X, Y, played
as the PicoSystem is (its table and controls: X the menu, Y every pile;
the joystick's press is A too). Chosen in settings.toml (``STHELENA_BOARD
= "pico-lcd-1.3"``)."""

from ..app.buttons import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP
from .profile import Keys, Profile, SpiScreen

PROFILE = Profile(
    name="pico-lcd-1.3", title="Pico with a Waveshare Pico-LCD-1.3", game="sthelena_full",
    chosen_in_settings=True, size=(240, 240),
    board_ids=("raspberry_pi_pico", "raspberry_pi_pico_w"),
    # Upright as Waveshare's demo draws it (LCD_1in3.c: LCD_1IN3_Init(HORIZONTAL), MADCTL
    # 0x70, window 0..239 by 0..239: the joystick on the left, A B X Y down the right),
    # through adafruit_st7789's MADCTL (MY|MX): rotation 270, the panel 80 rows into the
    # memory (rotation 0 shows it turned a quarter; tools/harness/emulator/boards.mjs checks
    # it, tests/board/test_firmware_boards.py on the firmware).
    screen=SpiScreen("st7789", 240, 240, clock="GP10", data="GP11", select="GP9",
                     command="GP8", reset="GP12", backlight="GP13", rotation=270, rowstart=80),
    keys=Keys((("Y", "GP21", SELECT), ("X", "GP19", START), ("A", "GP15", A), ("B", "GP17", B),
               ("DOWN", "GP18", DOWN), ("RIGHT", "GP20", RIGHT), ("LEFT", "GP16", LEFT),
               ("UP", "GP2", UP), ("PRESS", "GP3", A))),
    libraries=("adafruit_st7789",),
    install="hold the Pico's BOOTSEL button while plugging the USB cable in: the RPI-RP2 "
            "drive appears")
