"""Adafruit PyGamer: SAMD51, 160x128 at ``board.DISPLAY``, an analog joystick
and four buttons on the shift register, five NeoPixels, a speaker on the
DAC, a light sensor. Told from the PyBadge by its joystick's pin."""

from ..app.buttons import A, B, SELECT, START
from .profile import (BLOCK_STORE, BOARD_DISPLAY, DacSpeaker, Joystick, Pixels, Profile,
                      Sensors, ShiftRegisterKeys)

PROFILE = Profile(
    name="pygamer", title="PyGamer", game="sthelena_board", screen=BOARD_DISPLAY,
    size=(160, 128), pins=("BUTTON_CLOCK", "JOYSTICK_X"),
    keys=ShiftRegisterKeys(4, (("B", 0, B), ("A", 1, A), ("START", 2, START),
                               ("SELECT", 3, SELECT)),
                           clock="BUTTON_CLOCK", data="BUTTON_OUT", latch="BUTTON_LATCH"),
    joystick=Joystick("JOYSTICK_X", "JOYSTICK_Y"), store=BLOCK_STORE,
    lights=Pixels("NEOPIXEL", 5), speaker=DacSpeaker("SPEAKER", "SPEAKER_ENABLE"),
    sensors=Sensors(light="LIGHT", battery="A6", battery_ratio=2),  # (the battery, halved)
    install="double-click the reset button: the PYGAMERBOOT drive appears")
