"""St. Helena's boot.py: who may write to the CIRCUITPY drive.

CircuitPython runs boot.py once at reset, before USB starts. By default it
leaves the drive as it is: writable from the computer, read-only to the game
(which keeps its save in the board's non-volatile memory, ``microcontroller.nvm``).

Hold SELECT (on a PicoSystem Y, on a Sprig J, on a board with four buttons Y:
the key that shows every pile) while the board resets and the drive is
handed to the game (``storage.remount("/", readonly=False)``): the game then
also writes ``sthelena-stats.txt`` on it, and says on screen that the
computer cannot write to the drive until the next reset without that key.
To get the drive back, reset (or unplug and plug in) without holding it.
The key is the board's profile's (``lib/sthelena_profiles.mpy``).
"""

import os
import time

import board
import keypad
import storage

SELECT = 7  # the game's SELECT (sthelena/app/buttons.py)
DOWN_OR_PILES = 17  # a four-button board's Y, SELECT when held


def setting(name):
    """settings.toml's ``name``, or None (none set, or a Python without it)."""
    try:
        return os.getenv(name)
    except (AttributeError, ValueError):
        return None


def select_keys():
    """The keys to read the board's SELECT from, as the game reads them, and
    that key's number; None where the game knows no such key."""
    try:
        from sthelena_profiles import board_profile, find, profiles

        profile = find(profiles(), board.board_id, lambda name: hasattr(board, name),
                       setting("STHELENA_BOARD"))
        profile = profile and board_profile(profile)
    except (ImportError, ValueError, AttributeError):
        return None, 0
    keys = profile and profile.keys
    if keys == "settings":  # settings.toml's buttons: SELECT=PIN, or Y=PIN
        for part in (setting("STHELENA_BUTTONS") or "").split():
            name, _, pin = part.partition("=")
            if name.upper() in ("SELECT", "Y") and hasattr(board, pin):
                return keypad.Keys((getattr(board, pin),), value_when_pressed=(
                    setting("STHELENA_PRESSED") == "high"), pull=True), 0
        return None, 0
    if not keys:
        return None, 0
    for _, pin, event in keys.keys:
        if event == SELECT or event == DOWN_OR_PILES:
            if not hasattr(keys, "pressed_low"):  # the PyGamer's and PyBadge's shift register
                return keypad.ShiftRegisterKeys(
                    clock=getattr(board, keys.clock), data=getattr(board, keys.data),
                    latch=getattr(board, keys.latch), key_count=keys.count,
                    value_when_pressed=True), pin
            return keypad.Keys((getattr(board, pin),), value_when_pressed=not keys.pressed_low,
                               pull=True), 0
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
