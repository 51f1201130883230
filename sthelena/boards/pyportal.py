"""Adafruit PyPortal (and the PyPortal Pynt, the same board smaller):
SAMD51J20, a 320x240 screen at ``board.DISPLAY`` with a resistive touch
panel, read by Adafruit's ``adafruit_touchscreen``; a speaker on the DAC, a
NeoPixel, a light sensor. No buttons: the table is tapped and dragged as the
Fruit Jam's mouse clicks and drags it, and a row of controls across the top
gives the menu, undo, redo, the overview and the hint (app/big_screen/touch.py).
Every card at once, on the Pico Display Pack 2.0's 320x240 table."""

from .profile import (BLOCK_STORE, BOARD_DISPLAY, DacSpeaker, Pixels, Profile, Sensors,
                      Touch)

# The panel's raw readings at the screen's edges, as Adafruit's PyPortal
# examples and its PortalBase library calibrate every PyPortal.
CALIBRATION = ((5200, 59000), (5800, 57000))

PROFILE = Profile(
    name="pyportal", title="PyPortal", game="sthelena_touch", screen=BOARD_DISPLAY,
    size=(320, 240), keys=None, board_ids=("pyportal", "pyportal_pynt"), store=BLOCK_STORE,
    touch=Touch("TOUCH_XL", "TOUCH_XR", "TOUCH_YD", "TOUCH_YU", CALIBRATION, 320, 240),
    lights=Pixels("NEOPIXEL", 1), speaker=DacSpeaker("SPEAKER", "SPEAKER_ENABLE"),
    sensors=Sensors(light="LIGHT"), help="touch", hint_label="Hint (or tap Hint)",
    libraries=("adafruit_touchscreen",),
    install="double-click the reset button on the back: the PORTALBOOT drive appears")
