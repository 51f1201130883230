"""The board's parts a profile picks, built from its pins: the lights that
say what the speaker says (NeoPixels here; an RGB LED, ``rgb_lights``), and
the sensors (light, battery, USB) the app's power settings read; the DAC's
speaker is ``speaker``'s. A board's game holds only the parts its profiles
name (tools/build/board_files.py).

Each is made from the profile's description (``boards/profile.py``) and
the firmware's ``board``; a part the firmware cannot give (no pin, no
module) stays dark or silent rather than stopping the game.
"""

import supervisor

from ..app.buttons import TICKS_MASK


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


class NeoPixels(SoundLights):
    """``count`` NeoPixels on ``pin`` (the PyGamer's and PyBadge's five under
    the screen) as ``SoundLights``, written with the firmware's
    ``neopixel_write`` (no library) from bytes made once. Without them (no
    pin, no module) they stay dark."""

    def __init__(self, pin, count):
        super().__init__()
        self._pin = None
        # Each sound's colour on every pixel (three bytes a pixel: green, red, blue),
        # made once; dim: they shine in the player's eyes, and lit they draw current.
        # The click shows nothing (SoundLights.lit_ms): a light at every move would distract.
        self._lit = (bytes(3 * count), b"\x00\x0c\x00" * count, b"\x0c\x00\x00" * count,
                     b"\x00\x00\x0c" * count)
        try:
            import digitalio
            import neopixel_write

            self._write = neopixel_write.neopixel_write
            pin = digitalio.DigitalInOut(pin)
            pin.switch_to_output(value=False)
            self._pin = pin
            self._dark()  # they may hold the colours of a program run before
        except (ImportError, AttributeError, ValueError, RuntimeError, MemoryError):
            self._pin = None

    def _show(self, sound):
        if self._pin is None:
            return False
        self._write(self._pin, self._lit[sound])
        return True

    def _dark(self):
        if self._pin is not None:
            self._write(self._pin, self._lit[0])
