"""Adafruit PyBadge (and its kin with the same pins): SAMD51, 160x128 at
``board.DISPLAY``, eight buttons on the shift register (the order of
Adafruit's PyBadger library), five NeoPixels, a speaker on the DAC, a light
sensor."""

from ..app.buttons import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP
from .profile import (BLOCK_STORE, BOARD_DISPLAY, DacSpeaker, Pixels, Profile, Sensors,
                      ShiftRegisterKeys)

PROFILE = Profile(
    name="pybadge", title="PyBadge", game="sthelena_board", screen=BOARD_DISPLAY,
    size=(160, 128), pins=("BUTTON_CLOCK",),
    keys=ShiftRegisterKeys(8, (("B", 0, B), ("A", 1, A), ("START", 2, START),
                               ("SELECT", 3, SELECT), ("RIGHT", 4, RIGHT), ("DOWN", 5, DOWN),
                               ("UP", 6, UP), ("LEFT", 7, LEFT)),
                           clock="BUTTON_CLOCK", data="BUTTON_OUT", latch="BUTTON_LATCH"),
    store=BLOCK_STORE, lights=Pixels("NEOPIXEL", 5),
    speaker=DacSpeaker("SPEAKER", "SPEAKER_ENABLE"),
    sensors=Sensors(light="LIGHT", battery="A6", battery_ratio=2),  # (the battery, halved)
    install="double-click the reset button: the PYBADGEBOOT drive appears")
