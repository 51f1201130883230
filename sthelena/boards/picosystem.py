"""Pimoroni PicoSystem: RP2040, 240x240 at ``board.DISPLAY`` (the table drawn
from the large sheet, centred), a d-pad and A, B, X, Y (X the menu, Y every
pile; held, a hint), an RGB LED that says what a speaker would (its piezo
stays silent), its battery read through a third."""

from ..app.buttons import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP
from .profile import BOARD_DISPLAY, Keys, Profile, RgbLed, Sensors

PROFILE = Profile(
    name="picosystem", title="PicoSystem", game="sthelena_full", screen=BOARD_DISPLAY,
    size=(240, 240), board_ids=("pimoroni_picosystem",),
    keys=Keys((("Y", "SW_Y", SELECT), ("X", "SW_X", START), ("A", "SW_A", A), ("B", "SW_B", B),
               ("DOWN", "SW_DOWN", DOWN), ("RIGHT", "SW_RIGHT", RIGHT),
               ("LEFT", "SW_LEFT", LEFT), ("UP", "SW_UP", UP))),
    lights=RgbLed(("LED_R", "LED_G", "LED_B")),
    sensors=Sensors(battery="BAT_SENSE", battery_ratio=3),  # (as Pimoroni's SDK reads it)
    install="hold X while switching it on: the RPI-RP2 drive appears")
