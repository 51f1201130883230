"""Adafruit Metro RP2350: the Fruit Jam's chip, its DVI output (HSTX, the
connector's CKP/CKN and D0-D2 pairs) and a USB host port, but no Fruit Jam
OS: ``code.py`` on CIRCUITPY starts the game, loaded from ``lib/`` (the
Fruit Jam's, ``sthelena_fruitjam.mpy``: its fanned table, its USB mouse and
keyboard, sthelena/fruitjam/). The firmware starts the USB host port itself
(board.c: ``DEFAULT_USB_HOST_DATA_PLUS``/``MINUS``, its 5 V switched on) and,
with a monitor plugged in, a 640x480 (or 720x400) picodvi screen at
``supervisor.runtime.display`` (``picodvi_autoconstruct``); where it has not,
the game sets picodvi up on the same pins and mode (``screen``). Without
PSRAM (most Metro RP2350s) that 640x480 framebuffer, never in PSRAM (the
HSTX cannot stream from it), would leave the game too little heap: the
Fruit Jam's edge then sets picodvi up at half the size, 320x240, which it
doubles to the same mode (sthelena/fruitjam/device.py, ``open_display``).
It has no ``/saves`` (CircuitPython gives the Fruit Jam's alone): the game
saves in its ``microcontroller.nvm``, a 4 KB flash sector as an RP2040's
(``SECTOR_STORE``). It has no DAC to play the sounds, and its one button is
BOOT's: left alone."""

from .profile import SECTOR_STORE, DviScreen, Profile

PROFILE = Profile(
    name="metro-rp2350", title="Metro RP2350", game="sthelena_fruitjam",
    screen=DviScreen(640, 480, ("CKP", "CKN", "D0P", "D0N", "D1P", "D1N", "D2P", "D2N")),
    size=(640, 480), keys=None, store=SECTOR_STORE, board_ids=("adafruit_metro_rp2350",),
    install="hold BOOT while plugging the USB cable in (or while pressing reset): the RP2350 "
            "drive appears")
