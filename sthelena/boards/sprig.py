"""Hack Club Sprig: RP2040, the PyBadge's 160x128 screen at ``board.DISPLAY``,
W A S D the d-pad and I J K L the actions (laid out as a gamepad's: L, on
the right, picks up; K, below, puts back; I, on top, the menu; J, on the
left, every pile). Its LEDs and its I2S speaker are left alone."""

from ..app.buttons import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP
from .profile import BOARD_DISPLAY, Keys, Profile

PROFILE = Profile(
    name="sprig", title="Sprig", game="sthelena_full", screen=BOARD_DISPLAY, size=(160, 128),
    board_ids=("hack_club_sprig",),
    keys=Keys((("W", "BUTTON_W", UP), ("A", "BUTTON_A", LEFT), ("S", "BUTTON_S", DOWN),
               ("D", "BUTTON_D", RIGHT), ("I", "BUTTON_I", START), ("J", "BUTTON_J", SELECT),
               ("K", "BUTTON_K", B), ("L", "BUTTON_L", A))),
    help="buttons-sprig", hint_label="Hint (or hold J)",
    install="hold the Pico's BOOTSEL button while plugging the USB cable in: the RPI-RP2 "
            "drive appears")
