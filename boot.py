"""St. Helena's boot.py: who may write to the CIRCUITPY drive.

CircuitPython runs boot.py once at reset, before USB starts. By default it
leaves the drive as it is: writable from the computer, read-only to the game
(which keeps its save in the board's non-volatile memory, ``microcontroller.nvm``).

Hold SELECT while the board resets and the drive is handed to the game
(``storage.remount("/", readonly=False)``): the game then also writes
``sthelena-stats.txt`` on it, and says on screen that the computer cannot
write to the drive until the next reset without SELECT. To get the drive
back, reset (or unplug and plug in) without holding SELECT.
"""

import time

import board
import keypad
import storage

_SELECT = 3  # SELECT's number on the shift register, on a PyBadge and a PyGamer


def select_held():
    """Whether SELECT is down now, read through the buttons' shift register
    as the game reads it (``keypad.ShiftRegisterKeys``); the keys are let go
    again for the game."""
    keys = keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
        key_count=4 if hasattr(board, "JOYSTICK_X") else 8, value_when_pressed=True)
    time.sleep(0.1)  # a few scans: a key held from the start is reported as pressed
    held = False
    event = keypad.Event()
    while keys.events.get_into(event):
        if event.key_number == _SELECT:
            held = event.pressed
    keys.deinit()
    return held


if select_held():
    storage.remount("/", readonly=False)
    print("SELECT held: CIRCUITPY is the game's (it writes sthelena-stats.txt);"
          " the computer cannot write to it until a reset without SELECT.")
else:
    print("CIRCUITPY stays writable from the computer."
          " Hold SELECT while resetting to let the game write its statistics.")
