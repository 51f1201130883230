"""The Pimoroni PicoSystem edge: its 240x240 screen, d-pad and A/B/X/Y, flash
and RGB LED, handed to the app; the rest is what the handhelds share (``shared``).

Imported only on CircuitPython (``code.py`` starts ``start()`` when
``board.board_id`` is the PicoSystem's), from the drive's
``lib/sthelena_picosystem.mpy``. The screen shows the table drawn from the
large sheet (``assets/sheet-large.bmp``, tiles of 9x12: cards of 36x36, the
table 240x192), centred. X is START (the menu) and Y is SELECT (the peek;
held, a hint). The game is saved in ``microcontroller.nvm``, the RP2040's 4
KB sector, by ``SectorStore``: appended, erased only when full. The
PicoSystem's piezo stays silent: its LED says what the handhelds' speaker
says.
"""

import board
import keypad

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..app.big_screen.scaled import BigScreen
from .shared import (TEXTS_PATH, WINNABLE_PATH, BoardSensors, ButtonSource, NvmStore,
                     SoundLights, _FRAME, _whole, drive_copy, erased_from, frame_bytes, play)

LARGE_SHEET_PATH = "/assets/sheet-large.bmp"
LARGE_TABLE_WIDTH = const(240)  # the table drawn from the large sheet
LARGE_TABLE_HEIGHT = const(192)

# Key number -> button, for the keys in the order ``picosystem_buttons`` gives
# them: Y X A B DOWN RIGHT LEFT UP -> SELECT START A B DOWN RIGHT LEFT UP.
KEYMAP = b"\x07\x06\x04\x05\x01\x03\x02\x00"

# The LED's colour (red, green, blue duty cycles of 65535: dim, it is in the
# player's eye) for each of app.sounds' CLICK, ERROR, FANFARE, HINT_FOUND.
_COLOURS = ((3000, 3000, 3000), (20000, 0, 0), (0, 16000, 0), (0, 0, 20000))


def picosystem_buttons():
    """The d-pad and A, B, X, Y: pulled up, low while pressed (``KEYMAP``)."""
    keys = keypad.Keys((board.SW_Y, board.SW_X, board.SW_A, board.SW_B, board.SW_DOWN,
                        board.SW_RIGHT, board.SW_LEFT, board.SW_UP),
                       value_when_pressed=False, pull=True,
                       interval=0.01)  # scanned every 10 ms (20 by default): a press shows sooner
    return ButtonSource(keys, keymap=KEYMAP)


class Lights(SoundLights):
    """The RGB LED as the app's speaker (``SoundLights``): a dim colour for
    each sound, the click's too. Without the LED's PWM, it stays dark."""

    lit_ms = (60, 250, 1500, 400)

    def __init__(self):
        super().__init__()
        self._pins: list | None = None
        try:
            import pwmio

            self._pins = [pwmio.PWMOut(pin, frequency=1000, duty_cycle=0)
                          for pin in (board.LED_R, board.LED_G, board.LED_B)]
        except (ImportError, AttributeError, ValueError, RuntimeError, MemoryError):
            pass  # dark

    def _show(self, sound):
        pins = self._pins
        if pins is None:
            return False
        colour = _COLOURS[sound]
        for index in range(3):
            pins[index].duty_cycle = colour[index]
        return True

    def _dark(self):
        for pin in self._pins or ():  # (lit only where there are pins)
            pin.duty_cycle = 0


_DELTA = b"St5"  # a frame sharing its record's first bytes with the last whole one
_BODY = const(8)  # where a frame's body starts (shared's frames)
_FRAMING = const(10)  # a frame's head and CRC
_SHARED_LEAST = const(64)  # bytes a delta must spare


class SectorStore(NvmStore):
    """The save in the RP2040's ``microcontroller.nvm``: one 4 KB flash
    sector, whose erased bytes the firmware programs in place (any other
    write erases the sector). Each save is a frame appended after the last,
    so a power cut in it leaves the one before whole; the sector is erased
    only when the next frame does not fit (the save then a whole frame at
    its start, as ``NvmStore`` writes every save).

    A record that begins as the last whole frame's does (the statistics,
    first in it, change only when a deal is counted) is saved as a delta:
    that frame's number, how many of its first bytes the record shares, and
    the rest. A delta is whole only with its base.
    """

    def __init__(self, nvm=None, copy=None):
        super().__init__(nvm, copy)
        self._base = -1  # the newest whole frame (a delta's base): its offset

    def _newest(self):
        # Appending, a cut leaves at most one torn frame after the newest
        # whole one, and every delta with its base whole: more is an erase
        # cut's (``_clean`` False: said, as a flash torn at its start is).
        nvm = self.nvm
        end = erased_from(nvm, self.size)
        self._end = end
        data = bytes(nvm[0:end])
        self._clean = True
        at = end
        while at > 0:
            at = max(data.rfind(_FRAME, 0, at), data.rfind(_DELTA, 0, at))  # the newest last
            found = None if at < 0 else _whole(nvm, at, data[at:at + 3])
            if found is None:
                continue
            number, record = found
            stop = at + _FRAMING + len(record)
            self._end = max(end, stop)  # (its last bytes may read as erased)
            base = at
            if data[at + 2] != _FRAME[2]:  # a delta: the nearest whole frame before is its base
                whole = None
                while whole is None and base > 0:
                    base = data.rfind(_FRAME, 0, base)
                    whole = None if base < 0 else _whole(nvm, base)
                shared = record[3] << 8 | record[4]
                if (whole is None or shared > len(whole[1])
                        or whole[0] != record[0] << 16 | record[1] << 8 | record[2]):
                    self._clean = False
                    continue
                record = whole[1][:shared] + record[5:]
            if data.count(_FRAME, stop) + data.count(_DELTA, stop) > 1:
                self._clean = False
            self._base = base
            return number, record, at
        return None

    def save(self, data):
        """Keep ``data`` (appended even if it is the newest record: an erase
        only when the sector is full, and a check would cost the heap more)."""
        if len(data) > self.capacity:
            raise ValueError("save too big for nvm")
        nvm = self.nvm
        base = self._base
        shared = 0
        if base >= 0 and not self.lost:
            most = min(nvm[base + 6] << 8 | nvm[base + 7], len(data))
            while shared < most and nvm[base + _BODY + shared] == data[shared]:
                shared += 1
        if shared < _SHARED_LEAST:
            shared = 0
            frame = frame_bytes(_FRAME, self._seq + 1, data)
        else:
            body = bytearray(nvm[base + 3:base + 6])
            body.append(shared >> 8)
            body.append(shared & 0xFF)
            body.extend(data[shared:])
            frame = frame_bytes(_DELTA, self._seq + 1, body)
        at = self._end
        if self.lost or at + len(frame) > self.size:  # the sector erased, a whole frame first
            self._base = 0
            self._at = -1  # (so that it writes)
            return NvmStore.save(self, data)
        nvm[at:at + len(frame)] = frame
        self._seq += 1
        self._at = at
        self._end = at + len(frame)
        if not shared:
            self._base = at
        return True


def picosystem_setup():
    """Build the PicoSystem's pieces and the app: ``(app, buttons, lights, screen)``."""
    from ..app.game_app import App
    from ..app.table.sheet import load_sheet

    buttons = picosystem_buttons()
    lights = Lights()
    display = board.DISPLAY
    display.auto_refresh = False  # the table drawn once it is built, not piece by piece
    screen = BigScreen(display, LARGE_TABLE_WIDTH, LARGE_TABLE_HEIGHT)
    # Its screen's brightness, the idle dimming and its battery (a third of it on
    # BAT_SENSE, as Pimoroni's SDK reads it); it has no light sensor.
    sensors = BoardSensors(battery_pin=board.BAT_SENSE, battery_ratio=3)
    store = SectorStore(copy=drive_copy())
    app = App(screen, store, lights, load_sheet(LARGE_SHEET_PATH), texts=TEXTS_PATH,
              winnable=WINNABLE_PATH, sensors=sensors)
    display.auto_refresh = True
    return app, buttons, lights, screen


def start(iterations=None):
    """Play St. Helena on a PicoSystem (``code.py`` calls this)."""
    app, buttons, lights, screen = picosystem_setup()
    play(app, buttons, screen, iterations, lights, screen.display)

