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
    screen=SpiScreen("st7789", 240, 240, clock="GP10", data="GP11", select="GP9",
                     command="GP8", reset="GP12", backlight="GP13", rotation=0, rowstart=80),
    keys=Keys((("Y", "GP21", SELECT), ("X", "GP19", START), ("A", "GP15", A), ("B", "GP17", B),
               ("DOWN", "GP18", DOWN), ("RIGHT", "GP20", RIGHT), ("LEFT", "GP16", LEFT),
               ("UP", "GP2", UP), ("PRESS", "GP3", A))),
    libraries=("adafruit_st7789",))
