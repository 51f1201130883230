"""A handheld's screen light and battery: the brightness setting (or "auto",
following the light sensor), the screen dimming and going dark when nothing
is pressed, and the battery's level, its warning and the save before it
runs out.

The edge hands the App a ``sensors`` object: ``light()`` (0..65535, -1
without a sensor), ``battery_mv()`` (the battery's millivolts, -1 without
one) and ``on_usb()``. The brightness is the display's own (``brightness``,
0.0 to 1.0). ``Power.tick(now)`` runs on the App's idle ticks; it compares
small ints and gives the display floats from tuples made once, so it
allocates nothing, and reads each sensor only every few seconds.

Idle: a minute after the last press (or move) the screen dims, after five
it goes dark (the game saved first, if anything is unsaved). Any press wakes
it and does nothing else, nor does that button's hold if it is held on (a
direction held on repeats as ever). A hint searching counts as the
player's: the minute starts again when it ends.
"""

from ..core.cards import const  # the core's: micropython's, or a stand-in on CPython
from .buttons import HOLD, TICKS_MASK
from .screens.common import PLAY
from .sounds import ERROR
from .table.play import show_table
from .power_levels import BRIGHTNESS_AUTO, BRIGHTNESS_LEVELS, BRIGHTNESS_STEPS

# "auto": the light sensor's reading, in eighths of its range, picks one of these.
_AUTO_LEVELS = (0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1.0, 1.0)
_DIM_LEVEL = 0.05  # dimmed: still lit enough to see the game is on

DIM_MS = const(60000)
DARK_MS = const(300000)
_LIGHT_EVERY_MS = const(2000)
_BATTERY_EVERY_MS = const(10000)

SCREEN_AWAKE = const(0)
SCREEN_DIM = const(1)
SCREEN_DARK = const(2)

LOW_MV = const(3500)  # the warning, once, until it is charged again
EMPTY_MV = const(3350)  # the game is saved: the board's cut-off is close
_RECOVERED_MV = const(3650)  # above this the warnings may come again

LOW_WARNING = "Battery low: charge soon"
EMPTY_WARNING = "Battery empty: game saved"


class Power:
    """The screen's light and the battery of one App; see the module docstring."""

    def __init__(self, display, sensors):
        self.display = display
        self.sensors = sensors
        self.has_light = sensors.light() >= 0
        self.millivolts = sensors.battery_mv()  # a running mean of the readings (-1: none)
        self.step = 3  # the brightness setting (saved with the settings): full, as boards start
        self.state = SCREEN_AWAKE
        self.warned = 0  # the battery's warning given: 1 low, 2 empty (and saved)
        self._last_press = -1  # when the last press (or a hint's end) was: -1, at the next tick
        self._pressed = False  # a press since the last tick: the minute starts there
        self._light_at = 0  # when the light sensor was last read
        self._battery_at = 0
        self._light = 1.0  # auto's level, last read
        self._woken_by = -1  # the button that woke the screen, until its hold or another event
        self._shown = -1.0  # the brightness last given the display

    def set_step(self, step):
        """Set the brightness setting and show it ("auto": the light now)."""
        self.step = step % BRIGHTNESS_STEPS
        if self.has_light:
            self._light = _AUTO_LEVELS[self.sensors.light() >> 13]
        self._show()

    def _show(self):
        level = self._light if self.step == BRIGHTNESS_AUTO else BRIGHTNESS_LEVELS[self.step]
        if self.state == SCREEN_DIM:
            level = min(_DIM_LEVEL, level)
        elif self.state == SCREEN_DARK:
            level = 0.0
        if level != self._shown:
            self._shown = level
            self.display.brightness = level

    def kept_awake(self):
        """Something happened (a move): the idle minute starts again."""
        self._pressed = True

    def wakes(self, event):
        """Whether ``event`` (an App event) is only for waking the screen:
        any press while it is dim or dark, and that button's hold next."""
        self._pressed = True
        woken_by = self._woken_by
        self._woken_by = -1
        if self.state != SCREEN_AWAKE:
            self.state = SCREEN_AWAKE
            self._woken_by = event
            self._show()
            return True
        return event == woken_by | HOLD

    def tick(self, now, busy, app):
        """Idle work at ``now`` ms: the idle steps (``busy``: a hint runs,
        which counts as a press), auto brightness, the battery (``app``: to
        save and warn)."""
        if self._pressed or busy or self._last_press < 0:
            self._pressed = False
            self._last_press = now
        idle = (now - self._last_press) & TICKS_MASK
        if self.state == SCREEN_AWAKE and idle >= DIM_MS:
            self.state = SCREEN_DIM
            self._show()
        elif self.state == SCREEN_DIM and idle >= DARK_MS:
            app.flush()  # before the screen goes dark: it may not wake again
            self.state = SCREEN_DARK
            self._show()
        if self.has_light and self.step == BRIGHTNESS_AUTO and (
                now - self._light_at) & TICKS_MASK >= _LIGHT_EVERY_MS:
            self._light_at = now
            self._light = _AUTO_LEVELS[self.sensors.light() >> 13]  # an eighth of the range a step
            self._show()
        if self.millivolts >= 0 and (now - self._battery_at) & TICKS_MASK >= _BATTERY_EVERY_MS:
            self._battery_at = now
            self._battery(app)

    def _battery(self, app):
        """Read the battery: warn once when low, save once when nearly empty."""
        millivolts = (3 * self.millivolts + self.sensors.battery_mv()) // 4  # the ADC's noise
        self.millivolts = millivolts  # evened out
        if millivolts > _RECOVERED_MV or self.sensors.on_usb():
            self.warned = 0
            return
        if millivolts < EMPTY_MV and self.warned < 2:
            self.warned = 2
            app.flush()
            text = EMPTY_WARNING
        elif millivolts < LOW_MV and self.warned < 1:
            self.warned = 1
            text = LOW_WARNING
        else:
            return
        app.say(text)
        app.sound(ERROR)
        if app.screen == PLAY:
            show_table(app)
