"""The Pimoroni PicoSystem edge: its 240x240 screen, d-pad and A/B/X/Y, flash
and RGB LED, handed to the app; the rest is what the handhelds share (``shared``).

Imported only on CircuitPython (``code.py`` starts ``start()`` when
``board.board_id`` is the PicoSystem's), from the drive's
``lib/sthelena_picosystem.mpy``. The screen shows the table drawn from the
large sheet (``assets/sheet-large.bmp``, tiles of 9x12: cards of 36x36, the
table 240x192), centred. X is START (the menu) and Y is SELECT (the peek;
held, a hint). The game is saved in ``microcontroller.nvm`` (4 KB on the
RP2040) as on the PyGamer. The PicoSystem's piezo stays silent: its LED
says what the handhelds' speaker says.
"""

import board
import keypad

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from ..app.big_screen import BigScreen
from .shared import (TEXTS_PATH, WINNABLE_PATH, BoardSensors, ButtonSource, NvmStore,
                     SoundLights, play)

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


def picosystem_setup():
    """Build the PicoSystem's pieces and the app: ``(app, buttons, lights, screen)``."""
    from ..app.game_app import App
    from ..app.sheet import load_sheet

    buttons = picosystem_buttons()
    lights = Lights()
    display = board.DISPLAY
    display.auto_refresh = False  # the table drawn once it is built, not piece by piece
    screen = BigScreen(display, LARGE_TABLE_WIDTH, LARGE_TABLE_HEIGHT)
    # Its screen's brightness, the idle dimming and its battery (a third of it on
    # BAT_SENSE, as Pimoroni's SDK reads it); it has no light sensor.
    sensors = BoardSensors(battery_pin=board.BAT_SENSE, battery_ratio=3)
    app = App(screen, NvmStore(), lights, load_sheet(LARGE_SHEET_PATH), texts=TEXTS_PATH,
              winnable=WINNABLE_PATH, sensors=sensors)
    display.auto_refresh = True
    return app, buttons, lights, screen


def start(iterations=None):
    """Play St. Helena on a PicoSystem (``code.py`` calls this)."""
    app, buttons, lights, screen = picosystem_setup()
    play(app, buttons, screen, iterations, lights, screen.display)

