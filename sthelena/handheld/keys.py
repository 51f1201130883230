"""The board's keys (and a joystick) as one stream of the app's events
(``ButtonSource``; the set-up builds it from the board's profile:
``setup.key_source``).

Nothing here allocates while the game is idle: ``ButtonSource.poll`` fills
one preallocated event and returns small ints.
"""

import keypad

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..app.buttons import DOWN, LEFT, NO_EVENT, RIGHT, UP, ButtonTimer

# Joystick (AnalogIn 0..65535, about 32768 at rest; x grows to the right, y
# downwards). A direction goes down past PRESS and up again only once back
# inside RELEASE, so a stick resting near a threshold does not chatter.
_PRESS_LOW = const(15000)
_PRESS_HIGH = const(50000)
_RELEASE_LOW = const(21000)
_RELEASE_HIGH = const(44000)
_NONE = const(255)  # no direction held


def _axis(value, held, low, high):
    """The direction an axis reading holds: ``low``, ``high`` or ``_NONE``."""
    if held == low and value < _RELEASE_LOW or value < _PRESS_LOW:
        return low
    if held == high and value > _RELEASE_HIGH or value > _PRESS_HIGH:
        return high
    return _NONE


class ButtonSource:
    """The board's buttons and joystick as one stream of app events.

    ``poll(now_ms)`` gives the next event or ``NO_EVENT``: key presses from the
    keypad's queue first, then joystick moves, then a repeat or hold due from
    the ``ButtonTimer``. One ``keypad.Event`` is reused (``get_into``), so a
    poll with nothing to report allocates nothing. ``keymap``: each key
    number's event; ``timer``: the keys' ``ButtonTimer`` (a ``TapHoldTimer``
    where a key has a tap and a hold).
    """

    def __init__(self, keys, joystick_x=None, joystick_y=None, keymap=b"", timer=None):
        self.keys = keys  # kept: deinit would stop the scanning
        self._keymap = keymap
        self._queue = keys.events
        self._event = keypad.Event()
        self._timer = timer or ButtonTimer()
        self._x = joystick_x
        self._y = joystick_y
        self._held = bytearray(b"\xff\xff")  # the direction each axis holds, x then y

    def poll(self, now_ms):
        """The next event for the app, or ``NO_EVENT``."""
        timer = self._timer
        event = self._event
        while self._queue.get_into(event):
            # (timed from when the key moved: a press read late, the loop busy
            # drawing, is held as long as it was)
            button = self._keymap[event.key_number]
            moved = event.timestamp
            given = timer.down(button, moved) if event.pressed else timer.up(button, moved)
            if given != NO_EVENT:  # (a tap, or a hold that fell due while the loop was busy)
                return given
        if self._x is not None:
            event = self._stick(0, self._x.value, LEFT, RIGHT, now_ms)
            if event == NO_EVENT:
                event = self._stick(1, self._y.value, UP, DOWN, now_ms)
            if event != NO_EVENT:
                return event
        return timer.due(now_ms)

    def _stick(self, axis, value, low, high, now_ms):
        """A joystick axis (0 x, 1 y) as a direction button going down or up:
        the press event when one starts, else ``NO_EVENT``."""
        held = self._held[axis]
        now_held = _axis(value, held, low, high)
        if now_held == held:
            return NO_EVENT
        self._held[axis] = now_held
        if held != _NONE:
            self._timer.up(held, now_ms)
        if now_held != _NONE:
            return self._timer.down(now_held, now_ms)
        return NO_EVENT
