"""St. Helena's boot.py: who may write to the CIRCUITPY drive.

CircuitPython runs boot.py once at reset, before USB starts. By default it
leaves the drive as it is: writable from the computer, read-only to the game
(which keeps its save in the board's non-volatile memory, ``microcontroller.nvm``).

Hold SELECT (Y on a PicoSystem) while the board resets and the drive is handed to the game
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


def select_keys():
    """The keys to read SELECT from, as the game reads them, and SELECT's
    key number; None on a board without a SELECT the game knows."""
    clock = getattr(board, "BUTTON_CLOCK", None)  # a PyGamer's or PyBadge's shift register
    if clock is not None:
        return keypad.ShiftRegisterKeys(
            clock=clock, data=getattr(board, "BUTTON_OUT"), latch=getattr(board, "BUTTON_LATCH"),
            key_count=4 if hasattr(board, "JOYSTICK_X") else 8,
            value_when_pressed=True), _SELECT
    select = getattr(board, "SW_Y", None)  # the PicoSystem's Y, its SELECT
    if select is not None:
        return keypad.Keys((select,), value_when_pressed=False, pull=True), 0
    return None, 0


def select_held(keys, select):
    """Whether key ``select`` of ``keys`` is down now; the keys are let go
    again for the game."""
    # The firmware's keys report no key down when they are made (their first
    # scan sets where each key stands); after reset() a key down is pressed.
    keys.reset()
    time.sleep(0.1)  # a few scans
    held = False
    event = keypad.Event()
    while keys.events.get_into(event):
        if event.key_number == select:
            held = event.pressed
    keys.deinit()
    return held


_keys, _select = select_keys()
if _keys is None:
    print("CIRCUITPY stays writable from the computer (St. Helena does not know this board).")
elif select_held(_keys, _select):
    storage.remount("/", readonly=False)
    print("SELECT held: CIRCUITPY is the game's (it writes sthelena-stats.txt);"
          " the computer cannot write to it until a reset without SELECT.")
else:
    print("CIRCUITPY stays writable from the computer."
          " Hold SELECT (a PicoSystem's Y) while resetting to let the game write its statistics.")
