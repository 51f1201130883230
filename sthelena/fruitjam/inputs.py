"""The Fruit Jam's keys and buttons as the app's events: a USB keyboard, a
USB gamepad, and the board's three buttons.

Each source has ``poll(now_ms)``, giving the next app event, ``NO_EVENT``,
or ``LEAVE`` (back to Fruit Jam OS's launcher). Devices come and go: a
source whose device is unplugged gives nothing until one is plugged in
again, and never raises for it.
"""

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..app.buttons import (UP, DOWN, LEFT, RIGHT, A, B, START, SELECT, HOLD, NO_EVENT,
                           ButtonTimer, TICKS_MASK)

LEAVE = const(0x40)  # not the app's: the edge saves and goes back to the launcher

# The keyboard, as the console hands it on (arrows as escape sequences).
# The desktop's keys; a terminal tells no key going up, so holds have keys
# of their own: C the quick move (A held), R redo (B held), H a hint
# (SELECT held). Q or Esc leaves, as in Fruit Jam OS's other games.
_KEYS = {"x": A, "z": B, "\r": START, "\n": START, " ": SELECT,
         "c": A | HOLD, "r": B | HOLD, "q": LEAVE, "\x1b": LEAVE}
_ARROWS = {"A": UP, "B": DOWN, "C": RIGHT, "D": LEFT}
_KEY_BUFFER = const(32)  # characters read at a time


class KeyboardSource:
    """A USB keyboard (or the serial console): ``read(n)`` reads n
    characters of what ``available()`` says is waiting."""

    def __init__(self, read, available):
        self._read = read
        self._available = available
        self._pending = ""
        self._next = NO_EVENT  # the second event of a key that gives two

    def poll(self, now_ms):
        """The next key's event, or NO_EVENT (keys that mean nothing are passed over)."""
        if self._next != NO_EVENT:
            event = self._next
            self._next = NO_EVENT
            return event
        event = NO_EVENT
        while event == NO_EVENT:
            if not self._pending:
                waiting = self._available()
                if not waiting:
                    return NO_EVENT
                self._pending = self._read(min(waiting, _KEY_BUFFER))
                if not self._pending:
                    return NO_EVENT
            event = self._key()
        return event

    def _key(self):
        """The event of the first key waiting, taken off."""
        pending = self._pending
        if pending[0] == "\x1b" and len(pending) >= 3 and pending[1] in "[O":
            self._pending = pending[3:]
            return _ARROWS.get(pending[2], NO_EVENT)
        self._pending = pending[1:]
        key = pending[0].lower()
        if key == "h":  # a hint: SELECT held, after its press
            self._next = SELECT | HOLD
            return SELECT
        return _KEYS.get(key, NO_EVENT)


# A USB gamepad, through relic_usb_host_gamepad's button numbers: the
# handheld's buttons, the d-pad or the left stick for the directions, and
# HOME to leave.
_PAD = {0: A, 1: B, 4: UP, 5: DOWN, 6: LEFT, 7: RIGHT, 8: START, 9: SELECT, 10: LEAVE,
        17: UP, 18: DOWN, 19: LEFT, 20: RIGHT}


class GamepadSource:
    """A USB gamepad (``relic_usb_host_gamepad.Gamepad``, which finds one
    plugged in, and lets it go when unplugged, by itself): its presses and
    releases, timed for repeats and holds as the handheld's."""

    def __init__(self, gamepad, errors=(OSError,)):
        self.gamepad = gamepad
        self._errors = errors  # what a device torn out mid-read may raise
        self._timer = ButtonTimer()
        self._presses = bytearray()  # presses of one report not yet given

    def poll(self, now_ms):
        presses = self._presses
        if not presses:
            try:
                changed = self.gamepad.update()
                events = self.gamepad.events if changed else ()
            except self._errors:  # unplugged mid-read: the library looks for it again
                return self._timer.due(now_ms)
            for event in events:
                button = _PAD.get(event.key_number)
                if button is None:
                    continue
                if event.pressed:
                    presses.append(button)
                elif button != LEAVE:
                    self._timer.up(button, now_ms)
        if presses:
            button = presses[0]
            presses[0:1] = b""
            return button if button == LEAVE else self._timer.down(button, now_ms)
        return self._timer.due(now_ms)


_BOARD_BUTTONS = (A, B, START)  # buttons 1, 2 and 3
_SETTLE_MS = const(20)  # a reading must hold this long to count (contacts bounce)


class BoardButtons:
    """The Fruit Jam's three buttons as A, B and START: ``read()`` gives
    the buttons down as bits (1, 2, 4); a change counts once it has held
    ``_SETTLE_MS``."""

    def __init__(self, read):
        self._read = read
        self._held = 0  # the buttons down, as last counted
        self._seen = 0  # the last reading, and since when
        self._since = 0
        self._timer = ButtonTimer()

    def poll(self, now_ms):
        bits = self._read()
        if bits != self._seen:
            self._seen = bits
            self._since = now_ms
        elif bits != self._held and (now_ms - self._since) & TICKS_MASK >= _SETTLE_MS:
            changed = bits ^ self._held
            for index in range(3):
                if changed >> index & 1:
                    self._held ^= 1 << index
                    if bits >> index & 1:
                        return self._timer.down(_BOARD_BUTTONS[index], now_ms)
                    self._timer.up(_BOARD_BUTTONS[index], now_ms)
        return self._timer.due(now_ms)
