"""Stand-in for CircuitPython's ``keypad``: ShiftRegisterKeys (the PyGamer's
and PyBadge's buttons), Keys (one pin a key: the PicoSystem's), Event, EventQueue.

Tests press keys with ``push(key_number, pressed)``, which queues an event on
the last keys made. The queue is preallocated, and ``get_into``
fills an Event in place, so an empty poll allocates nothing (as on the board).
"""


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = 0

    def __repr__(self):
        return "<Event: key_number %d %s>" % (
            self.key_number, "pressed" if self.pressed else "released")


class EventQueue:
    def __init__(self):  # (the firmware's keys make their queue: no arguments)
        self._keys = bytearray(64)
        self._pressed = bytearray(64)
        self._times = [0] * 64  # each event's timestamp: the stand-in clock's when it came
        self._head = 0
        self._count = 0
        self.overflowed = False

    def _put(self, key_number, pressed):
        size = len(self._keys)
        if self._count == size:
            self.overflowed = True
            return
        at = (self._head + self._count) % size
        self._keys[at] = key_number
        self._pressed[at] = 1 if pressed else 0
        self._times[at % len(self._times)] = _clock()
        self._count += 1

    def get_into(self, event):
        if not self._count:
            return False
        at = self._head
        event.key_number = self._keys[at]
        event.pressed = self._pressed[at] == 1
        event.released = not event.pressed
        event.timestamp = self._times[at % len(self._times)]
        self._head = (at + 1) % len(self._keys)
        self._count -= 1
        return True

    def get(self):
        event = Event()
        return event if self.get_into(event) else None

    def clear(self):
        self._count = 0
        self.overflowed = False

    def __len__(self):
        return self._count

    def __bool__(self):
        return self._count > 0


def _clock():
    """The stand-in supervisor's clock now, read without moving it on."""
    import supervisor

    return supervisor._now


_last = None
_held = set()  # keys down when a ShiftRegisterKeys starts scanning (see hold)


class _Scanner:
    """What both kinds of keys do: a queue, the keys held from the start."""

    def _start(self, key_count, max_events):
        global _last
        self.key_count = key_count
        self.events = EventQueue()
        self.events._keys = bytearray(max_events)
        self.events._pressed = bytearray(max_events)
        self.events._times = [0] * max_events  # (the firmware's: 6 bytes an event, timestamp too)
        for key_number in sorted(_held):
            if key_number < key_count:
                self.events._put(key_number, True)  # the first scan finds it down
        _last = self

    def deinit(self):
        pass

    def reset(self):
        # The firmware's keys take every key as let go, so a key down now is
        # pressed at the next scan. (Its keys just made report no key down:
        # these report a key held at once, so that a test may start the game
        # with a key held.)
        for key_number in sorted(_held):
            if key_number < self.key_count:
                self.events._put(key_number, True)


class ShiftRegisterKeys(_Scanner):
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.02, max_events=64, debounce_threshold=1):
        if clock is None or data is None or latch is None:
            raise ValueError("pins needed")
        self.value_when_pressed = value_when_pressed
        self._start(key_count, max_events)


class Keys(_Scanner):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        if not pins or None in pins:
            raise ValueError("pins needed")
        self.value_when_pressed = value_when_pressed
        self._start(len(pins), max_events)


def push(key_number, pressed=True):
    """Queue a key press (or release) on the last keys made."""
    if key_number >= _last.key_count:
        raise ValueError("no key %d on this board" % key_number)
    _last.events._put(key_number, pressed)


def hold(key_number, held=True):
    """Hold a key down (or let it go) before the keys are made: the next
    keys made report it pressed at once, as a key held through a
    reset is (what boot.py reads)."""
    if held:
        _held.add(key_number)
    else:
        _held.discard(key_number)
