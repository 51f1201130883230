"""The board edge: the PyGamer's or PyBadge's screen, buttons, flash and speaker,
handed to the app, and the main loop.

Imported only on CircuitPython (``code.py`` calls ``main()``). The board is
recognised by its pins: a PyGamer has an analog joystick (``board.JOYSTICK_X``)
and four shift-register buttons, a PyBadge eight buttons including a D-pad.
Nothing here allocates while the game is idle: the loop polls preallocated
objects with small ints, so the garbage collector never pauses the game.
"""

import board
import keypad
import microcontroller
import supervisor

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython

from ..app.buttons import A, DOWN, LEFT, NO_EVENT, RIGHT, UP, ButtonTimer
from ..app.sounds import CLICK, ERROR, TUNES, SampleSpeaker, sample_count, square_waves
from ..core.statistics import KINDS

SHEET_PATH = "/assets/sheet.bmp"
TEXTS_PATH = "/assets/help.txt"  # help and the stuck screen's words, read when shown
WINNABLE_PATH = "/assets/winnable.bin"  # what the solver proved of each deal, read when needed

# Shift-register key number -> button: B A START SELECT, then the PyBadge's
# RIGHT DOWN UP LEFT (the order of Adafruit's PyBadger library).
_KEYMAP = b"\x05\x04\x06\x07\x03\x01\x00\x02"

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
    poll with nothing to report allocates nothing.
    """

    def __init__(self, keys, joystick_x=None, joystick_y=None):
        self.keys = keys  # kept: deinit would stop the scanning
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
            button = _KEYMAP[event.key_number]
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


def button_source():
    """The buttons of whichever board this is, without configuration."""
    joystick_x = getattr(board, "JOYSTICK_X", None)  # a PyGamer's; a PyBadge has a D-pad
    keys = keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
        key_count=8 if joystick_x is None else 4, value_when_pressed=True)
    if joystick_x is None:
        return ButtonSource(keys)
    import analogio

    return ButtonSource(keys, analogio.AnalogIn(joystick_x),
                        analogio.AnalogIn(getattr(board, "JOYSTICK_Y")))  # (the PyGamer's pin)


# Record: magic, length (2 bytes, big-endian), the app's record. The record
# checks itself, section by section (``app.record``), so a record torn by a
# power cut still gives what of it is intact. Older magics ("StH", "St2")
# are handed to the app as they are, which reports them unreadable.
_MAGIC = b"St3"
_HEADER = const(5)
_BLANK = b"\xff\xff\xff\xff\xff"


class NvmStore:
    """The saved record, kept in the board's non-volatile memory (8 KB of
    flash: every write, of any size, erases and rewrites the whole block).

    ``load`` gives None for blank flash (never written, or erased by a power
    cut before the first byte was written back: the two look the same), the
    bytes of the record (as far as its length says; a torn one ends in
    0xFF), or, for anything else, its first bytes, for the app to refuse.
    Saving the bytes already there writes nothing, sparing the flash; a
    record over ``capacity`` raises ValueError, and a failed flash write the
    firmware's error (the app keeps playing).
    """

    def __init__(self, nvm=None):
        if nvm is None:
            nvm = microcontroller.nvm
            if nvm is None:  # a firmware built without it
                raise OSError("this board's firmware has no microcontroller.nvm")
        self.nvm = nvm
        self.capacity = len(self.nvm) - _HEADER

    def load(self):
        """The bytes last saved, or ``None``."""
        nvm = self.nvm
        head = bytes(nvm[0:_HEADER])
        if head == _BLANK:
            return None
        if head[0:3] != _MAGIC:
            return head
        size = min(head[3] << 8 | head[4], self.capacity)
        return bytes(nvm[_HEADER:_HEADER + size])

    def save(self, data):
        """Keep ``data``; True if the flash was written. ValueError if too big."""
        size = len(data)
        if size > self.capacity:
            raise ValueError("save too big for nvm")
        record = bytearray(_HEADER + size)
        record[0:3] = _MAGIC
        record[3] = size >> 8
        record[4] = size & 0xFF
        record[_HEADER:] = data
        if self.nvm[0:_HEADER + size] == record:
            return False
        self.nvm[0:_HEADER + size] = record
        return True


# Square waves, 8-bit unsigned, of the notes in sounds.TUNES. Each sound's
# sample rate: for the click and the error the lowest at which every note's
# half period is a whole number of samples (1760 Hz: 1 at 3520 Hz; 196 and
# 147 Hz: 3 and 4 at 1176 Hz). The DAC holds each sample, so these square
# waves come out exact, and their buffers, kept, take 56 and 188 bytes
# instead of 128 and 1280 at 8 kHz. The fanfare's notes have no small such
# rate: 8 kHz, made when a game is won.
_RATES = (3520, 1176, 8000)
_AMPLITUDE = const(40)  # of 127: the speaker is loud


class Speaker(SampleSpeaker):
    """``play(sound)`` for the sounds of ``sthelena.app.sounds``, in the background.

    The click and error tones are built once (about 250 bytes); the fanfare
    (3.8 KB) only when a game is won, and let go with the next sound. Without
    audio (no speaker pin, audioio missing, the DAC busy) it stays silent.
    """

    def __init__(self):
        super().__init__()
        try:
            import audiocore
            import audioio
            import digitalio

            self._enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
            self._enable.switch_to_output(value=True)
            self._out = audioio.AudioOut(board.SPEAKER)
            self._raw = audiocore.RawSample
            self._samples = [self._sample(CLICK), self._sample(ERROR)]
        except (ImportError, AttributeError, ValueError, RuntimeError, MemoryError,
                OSError):
            self._out = None  # silence

    def _sample(self, sound):
        rate = _RATES[sound]
        notes = TUNES[sound]
        samples = bytearray(sample_count(notes, rate))  # 8-bit unsigned, as the DAC takes
        return self._raw(square_waves(samples, notes, rate, 128 + _AMPLITUDE, 128 - _AMPLITUDE),
                         sample_rate=rate)


# -- the CIRCUITPY drive, when boot.py hands it to the game -----------------


def drive_is_games():
    """Whether the game may write to CIRCUITPY: boot.py remounted it writable
    because SELECT was held at reset. False when the computer has it."""
    try:
        import storage

        return not storage.getmount("/").readonly
    except (ImportError, AttributeError, OSError):
        return False


def setup():
    """Build the board's pieces and the app: ``(app, buttons)``."""
    from ..app.game_app import App
    from ..app.sheet import load_sheet

    buttons = button_source()
    app = App(board.DISPLAY, NvmStore(), Speaker(), load_sheet(SHEET_PATH), texts=TEXTS_PATH,
              winnable=WINNABLE_PATH)
    return app, buttons


def run(app, buttons, iterations=None):
    """The main loop: poll the buttons, hand an event to the app, else let it tick.

    ``iterations`` bounds it for tests and benchmarks; the board runs forever.
    """
    ticks_ms = supervisor.ticks_ms
    poll = buttons.poll
    handle = app.handle
    tick = app.tick
    left = 1 if iterations is None else iterations
    step = 0 if iterations is None else 1
    while left > 0:
        left -= step
        now = ticks_ms()
        event = poll(now)
        if event != NO_EVENT:
            handle(event)
        else:
            tick(now)


def main(iterations=None):
    """Play St. Helena on this board (``code.py`` calls this)."""
    import gc

    app, buttons = setup()
    if drive_is_games():
        # Only now: the drive's code (sthelena/handheld/drive.py) stays off the heap otherwise.
        try:
            from sthelena_drive import DriveStats, hand_over_note, show_drive_note
        except ImportError:  # the package copied as it is
            from .drive import DriveStats, hand_over_note, show_drive_note
        stats = DriveStats(KINDS)
        stats.counted(app.statistics)  # once at start, then when a deal is counted
        app.on_record = stats.counted
        show_drive_note(board.DISPLAY, app.view.font)
        hand_over_note(board.DISPLAY, app.view.group, buttons.poll, supervisor.ticks_ms, A)
    gc.collect()
    run(app, buttons, iterations)

