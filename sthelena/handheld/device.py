"""The PyGamer's and PyBadge's edge: their screen, buttons, flash and speaker,
handed to the app (what the handhelds share, the buttons' events, the flash
store and the main loop, is ``shared``'s).

Imported only on CircuitPython (``code.py`` calls ``main()``). The board is
recognised by its pins: a PyGamer has an analog joystick (``board.JOYSTICK_X``)
and four shift-register buttons, a PyBadge eight buttons including a D-pad.
"""

import board
import keypad

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython

from ..app.sounds import CLICK, ERROR, TUNES, SampleSpeaker, sample_count, square_waves
from .shared import (TEXTS_PATH, WINNABLE_PATH, BoardSensors, ButtonSource,  # noqa: F401
                     NvmStore, SHIFT_REGISTER_KEYMAP, SoundLights, drive_copy, drive_is_games, play,
                     run)  # (some: as tests use them)

SHEET_PATH = "/assets/sheet.bmp"


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

# Square waves, 8-bit unsigned, of the notes in sounds.TUNES. Each sound's
# sample rate: for the click and the error the lowest at which every note's
# half period is a whole number of samples (1760 Hz: 1 at 3520 Hz; 196 and
# 147 Hz: 3 and 4 at 1176 Hz). The DAC holds each sample, so these square
# waves come out exact, and their buffers, kept, take 56 and 188 bytes
# instead of 128 and 1280 at 8 kHz. The fanfare's notes have no small such
# rate: 8 kHz, made when a game is won (and the hint's, when one is found).
_RATES = (3520, 1176, 8000, 8000)
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

# What the five NeoPixels show for each sound (three bytes a pixel: green, red,
# blue), dim: they shine in the player's eyes, and lit they draw current. The
# click shows nothing (SoundLights.lit_ms): a light at every move would distract.
_PIXELS_DARK = bytes(15)
_PIXELS_LIT = (_PIXELS_DARK, b"\x00\x0c\x00" * 5, b"\x0c\x00\x00" * 5, b"\x00\x00\x0c" * 5)


class NeoPixels(SoundLights):
    """The five NeoPixels under the screen as ``SoundLights``, written with the
    firmware's ``neopixel_write`` (no library) from bytes made once. Without
    them (no pin, no module) they stay dark."""

    def __init__(self):
        super().__init__()
        self._pin = None
        try:
            import digitalio
            import neopixel_write

            self._write = neopixel_write.neopixel_write
            pin = digitalio.DigitalInOut(board.NEOPIXEL)
            pin.switch_to_output(value=False)
            self._pin = pin
            self._dark()  # they may hold the colours of a program run before
        except (ImportError, AttributeError, ValueError, RuntimeError, MemoryError):
            self._pin = None

    def _show(self, sound):
        if self._pin is None:
            return False
        self._write(self._pin, _PIXELS_LIT[sound])
        return True

    def _dark(self):
        if self._pin is not None:
            self._write(self._pin, _PIXELS_DARK)


def setup():
    """Build the board's pieces and the app: ``(app, buttons)`` (the
    NeoPixels are ``app.lights``)."""
    from ..app.game_app import App
    from ..app.table.sheet import load_sheet

    buttons = button_source()
    display = board.DISPLAY
    display.auto_refresh = False  # the table drawn once it is built, not piece by piece
    lights = NeoPixels()
    sensors = BoardSensors(board.LIGHT, board.A6)  # (A6: the battery, halved by a divider)
    store = NvmStore(copy=drive_copy())  # (an 8 KB block erased by every write)
    app = App(display, store, Speaker(), load_sheet(SHEET_PATH), texts=TEXTS_PATH,
              winnable=WINNABLE_PATH, sensors=sensors, lights=lights)
    display.auto_refresh = True
    return app, buttons

def main(iterations=None):
    """Play St. Helena on this board (``code.py`` calls this)."""
    app, buttons = setup()
    play(app, buttons, board.DISPLAY, iterations, app.lights)
