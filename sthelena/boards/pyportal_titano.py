"""Adafruit PyPortal Titano: the PyPortal (boards/pyportal.py) with a
480x320 screen, the same touch panel's pins and calibration. The 320x240
table with larger cards, 36 x 48 (app/big_screen/fan_geometry.py's WIDE)."""

from .profile import (BLOCK_STORE, BOARD_DISPLAY, DacSpeaker, Pixels, Profile, Sensors,
                      Touch)
from .pyportal import CALIBRATION

PROFILE = Profile(
    name="pyportal-titano", title="PyPortal Titano", game="sthelena_touch",
    screen=BOARD_DISPLAY, size=(480, 320), keys=None, board_ids=("pyportal_titano",),
    store=BLOCK_STORE,
    touch=Touch("TOUCH_XL", "TOUCH_XR", "TOUCH_YD", "TOUCH_YU", CALIBRATION, 480, 320),
    lights=Pixels("NEOPIXEL", 1), speaker=DacSpeaker("SPEAKER", "SPEAKER_ENABLE"),
    sensors=Sensors(light="LIGHT"), help="touch", hint_label="Hint (or tap Hint)",
    libraries=("adafruit_touchscreen",),
    install="double-click the reset button on the back: the board's BOOT drive appears")
