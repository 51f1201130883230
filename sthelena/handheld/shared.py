"""What the handhelds share: their buttons (and the PyGamer's joystick) as the
app's events, the game saved in the board's flash (``microcontroller.nvm``),
the main loop, and the note when boot.py hands the drive to the game.

Imported only on CircuitPython, by each handheld's edge: ``device`` (the
PyGamer and the PyBadge) and ``picosystem``. Nothing here allocates while
the game is idle: the loop polls preallocated objects with small ints, so the
garbage collector never pauses the game.
"""

import time

import keypad
import microcontroller
import supervisor

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython

from ..app.buttons import A, DOWN, LEFT, NO_EVENT, RIGHT, UP, TICKS_MASK, ButtonTimer
from ..core.save import crc16
from ..core.statistics import KINDS

TEXTS_PATH = "/assets/help.txt"  # help and the stuck screen's words, read when shown
WINNABLE_PATH = "/assets/winnable.bin"  # what the solver proved of each deal, read when needed

# Shift-register key number -> button: B A START SELECT, then the PyBadge's
# RIGHT DOWN UP LEFT (the order of Adafruit's PyBadger library).
SHIFT_REGISTER_KEYMAP = b"\x05\x04\x06\x07\x03\x01\x00\x02"

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
    number's button (the shift register's, or another board's keys).
    """

    def __init__(self, keys, joystick_x=None, joystick_y=None, keymap=SHIFT_REGISTER_KEYMAP):
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
            if event.pressed:
                return timer.down(button, now_ms)
            timer.up(button, now_ms)
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

class BoardSensors:
    """A board's light sensor, battery voltage and USB, as the app's
    ``sensors`` (``app.power``): each reading a small int or a bool, so none
    allocates. ``light_pin``, ``battery_pin``: analog pins or None (then
    ``light()`` or ``battery_mv()`` is -1); ``battery_ratio``: the battery's
    divider (the PyGamer's and PyBadge's halve it into A6)."""

    def __init__(self, light_pin=None, battery_pin=None, battery_ratio=2):
        import analogio

        self._light = None if light_pin is None else analogio.AnalogIn(light_pin)
        self._battery = None if battery_pin is None else analogio.AnalogIn(battery_pin)
        self._full_scale_mv = 3300 * battery_ratio  # the ADC's 3.3 V reference, times the divider

    def light(self):
        """The light on the sensor, 0 (dark) to 65535, or -1."""
        return -1 if self._light is None else self._light.value

    def battery_mv(self):
        """The battery's millivolts, or -1."""
        if self._battery is None:
            return -1
        return self._battery.value * self._full_scale_mv // 65535

    def on_usb(self):
        """Whether a computer's USB is connected (the battery charges)."""
        return supervisor.runtime.usb_connected


class SoundLights:
    """A board's lights saying what its speaker says: ``play(sound)`` shows
    the sound's colour (``_show``, a subclass's) for ``lit_ms[sound]``,
    ``tick(now_ms)`` (the main loop's, allocating nothing) puts them out
    (``_dark``) when the time is up. A sound with no time shows nothing."""

    lit_ms = (0, 250, 1500, 400)  # CLICK, ERROR, FANFARE, HINT_FOUND

    def __init__(self):
        self._since = 0
        self._for = 0  # ms the lights stay lit; 0: they are out

    def play(self, sound):
        """Light up for ``sound`` (app.sounds: CLICK, ERROR, FANFARE or HINT_FOUND)."""
        lit = self.lit_ms[sound]
        if lit and self._show(sound):
            self._since = supervisor.ticks_ms()
            self._for = lit

    def tick(self, now_ms):
        if self._for and (now_ms - self._since) & TICKS_MASK >= self._for:
            self._for = 0
            self._dark()

    @property
    def lit(self):
        """Whether the lights show a colour now."""
        return self._for != 0

    def _show(self, sound):
        """Show ``sound``'s colour; False if there are no lights to show it."""
        raise NotImplementedError

    def _dark(self):
        raise NotImplementedError


# The store's frames (docs/board.md, "Saves"): a magic, the save's number
# (3 bytes, one more each save), the body's length (2), the body (the app's
# record; the PicoSystem's deltas: picosystem.SectorStore), a CRC-16 of all
# before it. The newest whole frame is the save. The layout before frames
# ("St3", length, record at the start) still loads.
_FRAME = b"St4"
_HEAD = const(8)  # magic, number, length
_FRAMING = const(10)  # the head and the CRC
_OLD = b"St3"


def _whole(flash, at, magic=_FRAME):
    """``(number, body)`` of the frame ``magic`` at ``at`` of ``flash`` (the
    nvm, or a copy's bytes), or None if no whole one starts there (torn by a
    power cut, or no frame)."""
    if at + _HEAD > len(flash) or flash[at:at + 3] != magic:
        return None
    stop = at + _HEAD + (flash[at + 6] << 8 | flash[at + 7])
    if stop + 2 > len(flash):
        return None
    frame = flash[at:stop + 2]
    if crc16(memoryview(frame)[0:stop - at]) != frame[-2] << 8 | frame[-1]:
        return None
    return frame[3] << 16 | frame[4] << 8 | frame[5], bytes(frame[_HEAD:-2])


def erased_from(flash, end):
    """Where the erased bytes (0xFF) that end ``flash[0:end]`` begin."""
    while end and flash[end - 1] == 0xFF:  # (by byte: nothing allocated)
        end -= 1
    return end


def frame_bytes(magic, number, body, size=0):
    """The frame ``magic`` of save ``number`` holding ``body``, and erased
    bytes after it up to ``size`` (one allocation)."""
    stop = _HEAD + len(body)
    frame = bytearray(max(stop + 2, size))
    frame[0:3] = magic
    frame[3:8] = bytes((number >> 16 & 0xFF, number >> 8 & 0xFF, number & 0xFF, len(body) >> 8,
                        len(body) & 0xFF))
    frame[_HEAD:stop] = body
    check = crc16(memoryview(frame)[0:stop])
    frame[stop] = check >> 8
    frame[stop + 1] = check & 0xFF
    for at in range(stop + 2, size):
        frame[at] = 0xFF
    return frame


class NvmStore:
    """The saved record in the board's non-volatile memory: the SAMD51's 8 KB
    block, erased by every write, so each save is one frame at its start
    (the RP2040's appends its saves: picosystem.SectorStore).

    ``load`` gives the newest whole record or None; ``lost`` then says the
    flash was neither blank nor a whole save at its start (a power cut in an
    erase, or a first save torn: the record, if any, is then the newest whole
    frame left or the drive's copy), and the next save erases. ``copy``
    (``drive.DriveCopy``, when boot.py gave the game the drive): a second copy
    of the save, written before each write that erases, read only when the
    flash holds no whole save at its start. Saving the record already newest
    writes nothing; one over ``capacity`` raises ValueError, and a failed
    flash write the firmware's error.
    """

    _clean = True  # (picosystem.SectorStore: False where its frames show an erase cut)

    def __init__(self, nvm=None, copy=None):
        if nvm is None:
            nvm = microcontroller.nvm
            if nvm is None:  # a firmware built without it
                raise OSError("this board's firmware has no microcontroller.nvm")
        self.nvm = nvm
        self.copy = copy
        self.size = len(nvm)
        self.capacity = self.size - _FRAMING
        self.lost = False
        self._seq = 0  # the newest save's number
        self._at = -1  # where its frame starts in nvm (-1: not there)
        self._end = 0  # past the last byte not erased (and the newest frame)

    def load(self):
        """The bytes last saved, or ``None``."""
        nvm = self.nvm
        found = self._newest()
        if found is not None:
            self._seq, record, self._at = found
            intact = self._clean and (self._at == 0 or nvm[0:3] == _OLD
                                      or _whole(nvm, 0) is not None)
        elif nvm[0:3] == _OLD:  # the layout before frames: migrated by the next save
            record = bytes(nvm[5:5 + min(nvm[3] << 8 | nvm[4], self._end - 5)])
            intact = True
        else:
            record = None
            intact = self._end == 0
        self.lost = not intact
        copied = None if intact or self.copy is None else self.copy.newest(_whole)
        if copied is not None:
            self._seq, record = copied
            self._at = -1
        return record

    def _newest(self):
        """``(number, record, offset)`` of the newest whole frame, or None;
        ``_end`` set. Here the one at the start, all after it erased."""
        found = _whole(self.nvm, 0)
        if found is None:
            self._end = erased_from(self.nvm, self.size)
            return None
        self._end = _FRAMING + len(found[1])
        return found[0], found[1], 0

    def save(self, data):
        """Keep ``data``; True if the flash was written. ValueError if too big.
        It goes in a frame at the start, all after it erased (and to the
        drive's copy first)."""
        if len(data) > self.capacity:
            raise ValueError("save too big for nvm")
        nvm = self.nvm
        stop = _FRAMING + len(data)
        if self._at == 0 and nvm[6] << 8 | nvm[7] == len(data) and nvm[_HEAD:stop - 2] == data:
            return False  # (the newest record, as the flash holds it)
        frame = frame_bytes(_FRAME, self._seq + 1, data, self._end)
        if self.copy is not None:
            self.copy.write(memoryview(frame)[0:stop])
        nvm[0:len(frame)] = frame
        self._seq += 1
        self._at = 0
        self._end = stop
        self.lost = False
        return True

# -- the CIRCUITPY drive, when boot.py hands it to the game -----------------


def drive_is_games():
    """Whether the game may write to CIRCUITPY: boot.py remounted it writable
    because SELECT was held at reset. False when the computer has it."""
    try:
        import storage

        return not storage.getmount("/").readonly
    except (ImportError, AttributeError, OSError):
        return False

def drive_copy():
    """The drive's copy of the save (``drive.DriveCopy``) when boot.py gave
    the game the drive, else None (and the drive's code stays off the heap)."""
    if not drive_is_games():
        return None
    try:
        from sthelena_drive import DriveCopy
    except ImportError:  # the package copied as it is
        from .drive import DriveCopy
    return DriveCopy()


_IDLE_S = 0.005  # the main loop's sleep when a pass found nothing to do


def run(app, buttons, iterations=None, lights=None, display=None):
    """The main loop: poll the buttons, hand an event to the app, else let it
    tick (and ``lights``, a board's light that says what the speaker says).

    ``display``, the board's: while the app handles a press its auto-refresh
    is off, and it is refreshed at once after, so that a press shows whole
    in one refresh, without waiting for the next 60 Hz one or being drawn
    half done (a move in two: ``App.show_now``). What the app's ticks change
    shows at the next 60 Hz refresh.
    ``iterations`` bounds it for tests and benchmarks; the board runs forever,
    and when a pass found nothing to do (no press, no hint searching) it
    sleeps 5 ms, so the chip idles rather than spins: less power, and a
    press waits at most that much more (keypad scans every 20 ms anyway).
    """
    ticks_ms = supervisor.ticks_ms
    sleep = time.sleep
    poll = buttons.poll
    handle = app.handle
    tick = app.tick
    if display is not None:
        app.show_now = display.refresh  # a move shown before the look for the game's end
    left = 1 if iterations is None else iterations
    step = 0 if iterations is None else 1
    while left > 0:
        left -= step
        now = ticks_ms()
        event = poll(now)
        if event != NO_EVENT:
            if display is None:
                handle(event)
            else:
                display.auto_refresh = False
                handle(event)
                display.refresh()
                display.auto_refresh = True
        elif not tick(now) and step == 0:
            sleep(_IDLE_S)
        if lights is not None:
            lights.tick(now)

def play(app, buttons, display, iterations=None, lights=None, board_display=None):
    """Run the game set up on ``display``: first, if boot.py gave the game
    the drive, the note saying so (and the statistics file it keeps).
    ``board_display``: the board's own, refreshed after each press (``run``),
    if ``display`` is another in front of it."""
    import gc

    if drive_is_games():
        # Only now: the drive's code (sthelena/handheld/drive.py) stays off the heap otherwise.
        try:
            from sthelena_drive import DriveStats, hand_over_note, show_drive_note
        except ImportError:  # the package copied as it is
            from .drive import DriveStats, hand_over_note, show_drive_note
        stats = DriveStats(KINDS)
        stats.counted(app.statistics)  # once at start, then when a deal is counted
        app.on_record = stats.counted
        show_drive_note(display, app.view.sheet)
        hand_over_note(display, app.view.group, buttons.poll, supervisor.ticks_ms, A)
    gc.collect()
    run(app, buttons, iterations, lights, board_display or display)
