"""Adafruit Fruit Jam: RP2350, the DVI screen Fruit Jam OS's launcher hands
over (720x400, or 640x480), a USB mouse, keyboard and gamepad, three buttons
and the DAC. Its edge is its own (``sthelena/fruitjam/``), loaded from its
app folder (``sthelena_fruitjam.mpy``), not from the drive's ``lib/``."""

from .profile import Profile

DVI = "DVI"  # its screen: picodvi's, set up by the launcher (fruitjam/device.py)

PROFILE = Profile(
    name="fruit-jam", title="Fruit Jam", game="sthelena_fruitjam", screen=DVI, size=(720, 400),
    keys=None, board_ids=("adafruit_fruit_jam",),
    install="Fruit Jam OS comes with CircuitPython")
