"""Keys typed on the serial input as the app's events: the Cardputer's
keyboard, which its firmware types there (a key's character, or a
terminal's escape sequence for the arrows and Del), and a computer's
terminal on the USB serial console, the same characters.

``SerialKeySource`` is polled as the buttons are (``poll(now_ms)``: the
next event or ``NO_EVENT``). While nothing is typed a poll asks how many
characters wait and allocates nothing; a key read allocates its few
characters. A key the profile does not list is passed over.
"""

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from .buttons import NO_EVENT

_READ_AT_MOST = const(32)  # characters read at a time (the firmware's keyboard buffer's size)
_ESCAPE = "\x1b"
_SEQUENCE_LONGEST = const(4)  # the longest sequence a key types (Del with Fn: ESC [ 3 ~)


class SerialKeySource:
    """The keys of a profile's ``SerialKeys`` read through ``read(count)``
    (``sys.stdin.read`` on the board) once ``available()`` (the firmware's
    ``supervisor.runtime.serial_bytes_available``) says characters wait.
    A letter's key is its capital too (typed with Shift)."""

    def __init__(self, keys, read, available):
        texts = []
        events = []
        for _, text, event in keys.sequences:
            texts.append(text)
            events.append(event)
            if len(text) == 1 and text.isalpha():
                texts.append(text.upper())
                events.append(event)
        self._texts = tuple(texts)
        self._events = bytes(events)
        self._after_press = tuple(keys.holds_after_press)
        self._read = read
        self._available = available
        self._pending = ""  # characters read, from _at on not yet taken
        self._at = 0
        self._next = NO_EVENT  # a hold due after the press just given
        self._partial = False  # _pending is an escape sequence's start: more is read first

    def poll(self, now_ms):
        """The next key's event, or ``NO_EVENT`` (nothing typed, or only
        keys that mean nothing)."""
        if self._next != NO_EVENT:
            event = self._next
            self._next = NO_EVENT
            return event
        while True:
            if self._at >= len(self._pending) or self._partial:
                waiting = self._available()
                if not waiting:
                    return NO_EVENT
                typed = self._read(min(waiting, _READ_AT_MOST))
                if self._partial:  # the rest of a sequence begun
                    self._pending += typed
                    self._partial = False
                else:
                    self._pending = typed
                    self._at = 0
                if not self._pending:
                    return NO_EVENT
            event = self._key()
            if event != NO_EVENT:
                return event

    def _key(self):
        """The event of the key at ``_at``, taken off; ``NO_EVENT`` for one
        that means nothing (taken off too), or for the start of an escape
        sequence not yet read whole (kept, ``_partial``)."""
        pending = self._pending
        at = self._at
        texts = self._texts
        for index in range(len(texts)):
            if pending.startswith(texts[index], at):
                self._at = at + len(texts[index])
                event = self._events[index]
                if event in self._after_press:  # its button's press first, then the hold
                    self._next = event
                    return event & 7
                return event
        if pending[at] != _ESCAPE:
            self._at = at + 1
            return NO_EVENT
        tail = len(pending) - at
        if tail < _SEQUENCE_LONGEST and (tail == 1 or pending[at + 1] == "["):
            for text in texts:  # the read ended inside a key's sequence: keep it
                if len(text) > tail and text.startswith(pending[at:]):
                    self._pending = pending[at:]
                    self._at = 0
                    self._partial = True
                    return NO_EVENT
        end = at + 1  # a sequence no key types: passed over whole (ESC [ ... final)
        if end < len(pending) and pending[end] == "[":
            end += 1
            while end < len(pending) and not "@" <= pending[end] <= "~":
                end += 1
            end += 1
        self._at = min(end, len(pending))
        return NO_EVENT
