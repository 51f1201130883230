"""The board's keys (and a joystick) as one stream of the app's events,
built from the board's profile (``Profile.keys``, ``Profile.joystick``):
``key_source(profile, board)``.

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
    number's event (``keymap(profile.keys)``).
    """

    def __init__(self, keys, joystick_x=None, joystick_y=None, keymap=b""):
        self.keys = keys  # kept: deinit would stop the scanning
        self._keymap = keymap
        self._queue = keys.events
        self._event = keypad.Event()
        self._timer = ButtonTimer()
        self._x = joystick_x
        self._y = joystick_y
        self._held = bytearray(b"\xff\xff")  # the direction each axis holds, x then y

    def poll(self, now_ms):
        """The next event for the app, or ``NO_EVENT``."""
        timer = self._timer
        event = self._event
        while self._queue.get_into(event):
            button = self._keymap[event.key_number]
            given = timer.down(button, now_ms) if event.pressed else timer.up(button, now_ms)
            if given != NO_EVENT:  # (a key with a tap and a hold gives its tap going up)
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


def keymap(keys):
    """Each key number's event, for keys given as ``(word, pin or key number,
    event)`` (a profile's): key ``n`` is the ``n``-th."""
    events = bytearray(len(keys))
    for number in range(len(keys)):
        events[number] = keys[number][2]
    return bytes(events)


def key_source(profile, board, keys=None):
    """The buttons (and joystick) of ``profile`` on ``board`` (the firmware's
    module) as a ``ButtonSource``; ``keys``: the profile's keys, or the ones
    settings.toml describes for a profile that takes them from there."""
    given = keys or profile.keys
    if hasattr(given, "pressed_low"):  # a pin a key
        pins = [getattr(board, key[1]) for key in given.keys]
        return _with_stick(profile, board, keypad.Keys(
            pins, value_when_pressed=not given.pressed_low, pull=True,
            interval=0.01), given.keys)  # scanned every 10 ms (20 by default): sooner
    return _with_stick(profile, board, keypad.ShiftRegisterKeys(  # the PyGamer's and PyBadge's
        clock=getattr(board, "BUTTON_CLOCK"), data=getattr(board, "BUTTON_OUT"),
        latch=getattr(board, "BUTTON_LATCH"), key_count=given.count,
        value_when_pressed=True), given.keys)


def _with_stick(profile, board, scanner, keys):
    """The ``ButtonSource`` of ``scanner``'s ``keys`` and the profile's joystick, if any."""
    stick = profile.joystick
    if stick is None:
        return ButtonSource(scanner, keymap=keymap(keys))
    import analogio

    return ButtonSource(scanner, analogio.AnalogIn(getattr(board, stick.x)),
                        analogio.AnalogIn(getattr(board, stick.y)), keymap(keys))
